//===- BlockRunner.cpp - Run one thread block, warps up to each barrier ---===//
#include "devicemodel/BlockRunner.h"

#include "devicemodel/WarpState.h"

#include "llvm/ADT/bit.h"

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

std::string blockName(const Dim3 &D) {
  return "(" + std::to_string(D.V[0]) + "," + std::to_string(D.V[1]) + "," +
         std::to_string(D.V[2]) + ")";
}

/// The finding for a block whose running warps all repeat their state.
/// How a hang of a block that runs alone ends its message.
const char *const HangAlone = "no thread of the block can change what it waits on (other "
                              "blocks are not guaranteed to run at the same time)";

Finding hangFinding(const Program &P, ArrayRef<uint8_t> Shared, const std::vector<Warp> &Warps,
                    const Dim3 &Idx, const LaunchShape &Shape, const std::string &Why) {
  const Warp *First = nullptr;
  unsigned Spin = 0, AtBarrier = 0;
  for (const Warp &W : Warps) {
    if (W.Spinning && !First)
      First = &W;
    Spin += W.Spinning;
    AtBarrier += W.AtBarrier;
  }
  Finding F;
  F.Kind = "hang";
  F.Loc = First->SpinLoc;
  uint64_t Lo = uint64_t(First->Index) * Shape.WarpSize;
  uint64_t Hi = Lo + popcount(First->Live) - 1;
  std::string Where =
      F.Loc.valid() ? " at " + F.Loc.File + ":" + std::to_string(F.Loc.Line) : "";
  F.Message = "the kernel does not terminate: warp " + std::to_string(First->Index) +
              " (threads " + std::to_string(Lo) + "-" + std::to_string(Hi) + ") of block " +
              blockName(Idx) + " comes back to the same state (registers, branch stack) every " +
              std::to_string(First->Period) + " pass" + (First->Period == 1 ? "" : "es") +
              " through the loop" + Where;
  if (First->MbarrierWait != Warp::NoMbarrier)
    F.Message += "; it waits on " + mbarrierText(P, Shared, First->MbarrierWait) +
                 " for its phase of parity " + std::to_string(First->MbarrierParity) +
                 " to complete";
  if (Spin > 1)
    F.Message += ", and so do " + std::to_string(Spin - 1) + " other warps";
  if (AtBarrier)
    F.Message += "; " + std::to_string(AtBarrier) + " warp" + (AtBarrier == 1 ? "" : "s") +
                 " wait at a barrier";
  F.Message += "; " + Why;
  return F;
}

void initWarp(const Program &P, const LaunchShape &Shape, ArrayRef<uint64_t> Args,
              unsigned Index, Warp &W) {
  const Function &K = P.Funcs[0];
  uint64_t Threads = Shape.Block.count();
  W.Index = Index;
  W.Live = 0;
  for (unsigned L = 0; L < MaxLanes; ++L) {
    uint64_t T = uint64_t(Index) * Shape.WarpSize + L;
    if (L >= Shape.WarpSize || T >= Threads)
      continue;
    W.Live |= 1u << L;
    W.Tid[0][L] = T % Shape.Block.V[0];
    W.Tid[1][L] = (T / Shape.Block.V[0]) % Shape.Block.V[1];
    W.Tid[2][L] = T / (Shape.Block.V[0] * Shape.Block.V[1]);
  }
  W.Regs.assign(uint64_t(K.NumSlots) * MaxLanes, 0);
  for (uint32_t S = 0; S < K.NumConsts; ++S)
    std::fill_n(W.Regs.data() + uint64_t(S) * MaxLanes, MaxLanes, K.ConstValues[S]);
  for (size_t A = 0; A < K.ArgSlots.size() && A < Args.size(); ++A)
    std::fill_n(W.Regs.data() + uint64_t(K.ArgSlots[A]) * MaxLanes, MaxLanes, Args[A]);
  std::fill_n(W.Regs.data() + uint64_t(K.FrameSlot) * MaxLanes, MaxLanes, tagOf(AS_Local));
  W.Frames.assign(1, Frame{0, 0, 0, NoSlot, 0});
  W.Stack.assign(1, StackEntry{0, uint32_t(K.Blocks.size()), K.Blocks[0].First, W.Live});
  W.LocalStride = P.MaxLocalBytes;
  W.Local.assign(uint64_t(W.LocalStride) * MaxLanes, 0);
}

/// One block's execution, resumable (BlockTurns) or run to its end
/// (BlockRunner::run).
struct BlockExec {
  BlockExec(const Program &P, DeviceMemory &Mem, const LaunchShape &Shape,
            ArrayRef<uint64_t> Args, uint64_t Linear, std::vector<BlockObserver *> Obs)
      : P(P), Shape(Shape), Observers(std::move(Obs)), Idx(blockIndex(Shape, Linear)),
        S{P, Mem, Shape, Observers, Result, Idx, {}} {
    S.MaxInsts = Shape.BlockBudget;
    S.ProbeAfter = Shape.ProbeAfter;
    S.NextCheck = S.MaxInsts ? std::min(S.ProbeAfter, S.MaxInsts) : S.ProbeAfter;
    // The file's budget is asked about every 64K warp instructions.
    if (Shape.OutOfTime)
      S.NextCheck = std::min<uint64_t>(S.NextCheck, uint64_t(1) << 16);
    S.Shared.assign(Shape.ReservedShared
                        ? Shape.reservedSharedBase(P.SharedStaticBytes) + Shape.ReservedShared
                        : P.SharedStaticBytes + Shape.DynamicShared,
                    0);
    uint64_t Threads = Shape.Block.count();
    unsigned NumWarps = (Threads + Shape.WarpSize - 1) / Shape.WarpSize;
    Warps.resize(NumWarps);
    for (unsigned I = 0; I < NumWarps; ++I)
      initWarp(P, Shape, Args, I, Warps[I]);
  }

  static Dim3 blockIndex(const LaunchShape &Shape, uint64_t Linear) {
    Dim3 Idx;
    Idx.V[0] = Linear % Shape.Grid.V[0];
    Idx.V[1] = (Linear / Shape.Grid.V[0]) % Shape.Grid.V[1];
    Idx.V[2] = Linear / (Shape.Grid.V[0] * Shape.Grid.V[1]);
    return Idx;
  }

  /// Runs the block until it ends or stops (true). Cooperative: returns
  /// false instead of reporting a hang when every running warp spins.
  bool advance(bool Cooperative, bool &Progress);
  /// The block is over: observers hear of its end.
  void finish() {
    Finished = true;
    for (BlockObserver *O : Observers)
      O->onBlockEnd(Result.Stats);
  }
  /// Releases the warps waiting at a barrier all the block's warps reached
  /// (or exited before).
  void releaseBarrier();

  const Program &P;
  const LaunchShape &Shape;
  std::vector<BlockObserver *> Observers;
  BlockResult Result;
  Dim3 Idx;
  BlockState S;
  std::vector<Warp> Warps;
  bool Finished = false;
};

bool BlockExec::advance(bool Cooperative, bool &Progress) {
  Progress = false;
  unsigned NumWarps = Warps.size();
  while (true) {
    unsigned Done = 0, Spinning = 0, Ran = 0;
    bool Moved = false, Cycled = false;
    for (Warp &W : Warps) {
      if (!W.Done && !W.AtBarrier) {
        bool WasSpinning = W.Spinning;
        W.Spinning = false;
        WarpStatus St = executeWarp(S, W);
        if (St == WarpStatus::Stopped) {
          finish();
          return true;
        }
        ++Ran;
        if (St == WarpStatus::Spinning) {
          W.Spinning = true;
          Cycled |= !W.Polled;
          Moved |= !WasSpinning || W.CycleId != W.PrevCycleId;
          W.PrevCycleId = W.CycleId;
        } else {
          Moved = true;
        }
      }
      Done += W.Done;
      Spinning += W.Spinning;
    }
    Progress |= Moved;
    if (Done == NumWarps) {
      finish();
      return true;
    }
    if (Spinning) {
      // Warps whose state repeats: a hang when no other warp could change
      // what they read (it was the only one running, or every one of them
      // came back in the same cycle as before; a warp that only yielded
      // after a poll runs on until its state repeats). In a cooperative
      // launch another block may: the runner decides.
      if ((Ran == 1 && Cycled) || !Moved) {
        if (Cooperative)
          return false;
        Result.Stop = hangFinding(P, S.Shared, Warps, Idx, Shape, HangAlone);
        finish();
        return true;
      }
      continue;
    }
    Progress = true;
    releaseBarrier();
  }
}

void BlockExec::releaseBarrier() {
  uint64_t Threads = Shape.Block.count();
  const Warp *First = nullptr;
  for (Warp &W : Warps)
    if (W.AtBarrier && !First)
      First = &W;
  const Function &BF = P.Funcs[First->Frames.back().Func];
  SourceLoc Loc = P.locationOf(BF, First->BarrierInst);
  std::string Where = Loc.valid() ? " at " + Loc.File + ":" + std::to_string(Loc.Line) : "";
  uint64_t Arrived = 0;
  for (Warp &W : Warps)
    if (W.AtBarrier)
      Arrived += popcount(W.BarrierMask);
  if (Arrived != Threads) {
    Finding F;
    F.Kind = "barrier-divergent";
    F.Loc = Loc;
    F.Message = "barrier" + Where + " reached by " + std::to_string(Arrived) + " of " +
                std::to_string(Threads) + " threads of block " + blockName(Idx);
    uint64_t Alive = 0;
    for (const Warp &W : Warps)
      Alive += popcount(W.Live);
    if (Alive < Threads)
      F.Message += "; " + std::to_string(Threads - Alive) + " had exited";
    else
      F.Message += "; the other threads are on a divergent path";
    bool Seen = false;
    for (const Finding &G : Result.Findings)
      Seen |= G.Kind == F.Kind && G.Loc == F.Loc;
    if (!Seen)
      Result.Findings.push_back(std::move(F));
  }
  for (Warp &W : Warps) {
    if (!W.AtBarrier)
      continue;
    const Frame &Fr = W.Frames.back();
    const Inst &I = P.Funcs[Fr.Func].Insts[W.BarrierInst];
    if (I.Aux != BK_Sync) {
      uint64_t V = I.Aux == BK_Popc ? S.BarPopc : I.Aux == BK_And ? S.BarAnd : S.BarOr;
      uint64_t *D = W.Regs.data() + (uint64_t(Fr.RegBase) + I.Dst) * MaxLanes;
      for (uint32_t MM = W.BarrierMask; MM; MM &= MM - 1)
        D[countr_zero(MM)] = V;
    }
    W.AtBarrier = false;
  }
  S.BarPopc = 0;
  S.BarAnd = true;
  S.BarOr = false;
  for (BlockObserver *O : Observers)
    O->onBarrier();
}

} // namespace

BlockObserver::~BlockObserver() = default;
Observer::~Observer() = default;

BlockResult BlockRunner::run(uint64_t Linear, ArrayRef<BlockObserver *> Observers) const {
  BlockExec E(P, Mem, Shape, Args, Linear, {Observers.begin(), Observers.end()});
  bool Progress;
  E.advance(/*Cooperative=*/false, Progress);
  return std::move(E.Result);
}

struct BlockTurns::Impl : BlockExec {
  using BlockExec::BlockExec;
};

BlockTurns::BlockTurns(const BlockRunner &R, uint64_t Linear,
                       std::vector<BlockObserver *> Observers)
    : I(std::make_unique<Impl>(R.P, R.Mem, R.Shape, R.Args, Linear, std::move(Observers))) {}

BlockTurns::~BlockTurns() = default;

bool BlockTurns::turn(bool &Progress) {
  if (I->Finished) {
    Progress = false;
    return true;
  }
  return I->advance(/*Cooperative=*/true, Progress);
}

void BlockTurns::stopHung(const std::string &Why) {
  if (I->Finished)
    return;
  I->Result.Stop = hangFinding(I->P, I->S.Shared, I->Warps, I->Idx, I->Shape, Why);
  I->finish();
}

BlockResult &BlockTurns::result() { return I->Result; }

void appendPrintf(std::string &Out, StringRef Text) {
  if (Out.size() >= MaxPrintfBytes)
    return; // Cut before: the note is there.
  if (Out.size() + Text.size() <= MaxPrintfBytes) {
    Out += Text;
    return;
  }
  Out.append(Text.data(), MaxPrintfBytes - Out.size());
  Out += PrintfTruncatedText;
}

} // namespace dm
} // namespace warplint
