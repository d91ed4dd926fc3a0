//===- Interpreter.cpp - Execute whole warps of decoded instructions ------===//
//
// Every instruction runs for the 32 lanes of a warp under an active mask; a
// full mask takes a straight loop the compiler vectorizes. Divergent branches
// push reconvergence-stack entries that rejoin at the immediate
// post-dominator. Executor::run is the one dispatch: the arithmetic family
// inline, control flow and calls here, every other family in its own file
// (Executor.h lists them).
//
//===----------------------------------------------------------------------===//
#include "devicemodel/InterpretArithmetic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace warplint {
namespace dm {

void Executor::applyEdge(const Function &Fn, uint64_t *R, uint32_t EdgeIdx, uint32_t M) {
  const Edge &E = Fn.Edges[EdgeIdx];
  if (E.MoveBegin == E.MoveEnd)
    return;
  if (!E.Parallel) {
    for (uint32_t K = E.MoveBegin; K < E.MoveEnd; ++K) {
      uint64_t *D = R + uint64_t(Fn.Moves[K].first) * MaxLanes;
      const uint64_t *S = R + uint64_t(Fn.Moves[K].second) * MaxLanes;
      FOR_LANES(D[L] = S[L]);
    }
    return;
  }
  std::vector<uint64_t> Tmp((E.MoveEnd - E.MoveBegin) * MaxLanes);
  for (uint32_t K = E.MoveBegin; K < E.MoveEnd; ++K)
    memcpy(&Tmp[(K - E.MoveBegin) * MaxLanes], R + uint64_t(Fn.Moves[K].second) * MaxLanes,
           MaxLanes * 8);
  for (uint32_t K = E.MoveBegin; K < E.MoveEnd; ++K) {
    uint64_t *D = R + uint64_t(Fn.Moves[K].first) * MaxLanes;
    const uint64_t *S = &Tmp[(K - E.MoveBegin) * MaxLanes];
    FOR_LANES(D[L] = S[L]);
  }
}

void Executor::takeEdge(const Function &Fn, uint64_t *R, StackEntry &E, uint32_t EdgeIdx) {
  applyEdge(Fn, R, EdgeIdx, E.Mask);
  E.Block = Fn.Edges[EdgeIdx].Target;
  E.Inst = Fn.Blocks[E.Block].First;
}

void Executor::enterFunction(const Function &Fn, const Inst &I, uint32_t CalleeIdx,
                             uint32_t Mask) {
  const Frame &Fr = W.Frames.back();
  const Function &Callee = B.P.Funcs[CalleeIdx];
  uint32_t CallerBase = Fr.RegBase;
  uint32_t LocalBase = Fr.LocalBase + Fn.FrameBytes;
  uint32_t NewBase = uint32_t(W.Regs.size() / MaxLanes);
  uint32_t StackBase = W.Stack.size();
  uint32_t RetDst = I.Dst == NoSlot ? NoSlot : CallerBase + I.Dst;
  W.Regs.resize(W.Regs.size() + uint64_t(Callee.NumSlots) * MaxLanes);
  uint64_t *CR = W.Regs.data() + uint64_t(NewBase) * MaxLanes;
  uint64_t *Caller = W.Regs.data() + uint64_t(CallerBase) * MaxLanes;
  for (uint32_t K = 0; K < Callee.NumConsts; ++K)
    std::fill_n(CR + uint64_t(K) * MaxLanes, MaxLanes, Callee.ConstValues[K]);
  uint32_t ArgK = I.B;
  for (size_t AI = 0; AI < Callee.ArgSlots.size(); ++AI)
    for (uint32_t EI = 0; EI < Callee.ArgElems[AI]; ++EI, ++ArgK)
      memcpy(CR + uint64_t(Callee.ArgSlots[AI] + EI) * MaxLanes,
             Caller + uint64_t(Fn.CallArgs[ArgK]) * MaxLanes, MaxLanes * 8);
  std::fill_n(CR + uint64_t(Callee.FrameSlot) * MaxLanes, MaxLanes, tagOf(AS_Local) | LocalBase);
  W.Frames.push_back(Frame{CalleeIdx, NewBase, StackBase, RetDst, LocalBase});
  W.Stack.push_back(StackEntry{0, uint32_t(Callee.Blocks.size()), Callee.Blocks[0].First, Mask});
}

bool Executor::reentered(const Function &Fn, uint32_t Idx, uint32_t Callee, uint32_t M) {
  for (const Frame &Active : W.Frames)
    if (Active.Func == Callee) {
      unsigned L = countr_zero(M);
      stop(Fn, Idx, "unsupported",
           "cannot run: recursion: " + demangle(B.P.Funcs[Callee].Name) + " is called while it runs (lane " +
               std::to_string(L) + ", " + threadName(L) +
               "); the device model does not run recursive device functions");
      return true;
    }
  return false;
}

bool Executor::indirectTargets(const Function &Fn, uint32_t Idx, const Inst &I,
                               const uint64_t *A, uint32_t M, uint32_t *Target) {
  const Program &P = B.P;
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    uint32_t Id = codeIdOf(A[L]);
    if (Id >= P.CodeTargets.size()) {
      stop(Fn, Idx, "invalid-call",
           "call through " +
               (A[L] ? "address 0x" + utohexstr(A[L]) + ", which is no device function's,"
                     : std::string("a null function pointer")) +
               " by lane " + std::to_string(L) + ", " + threadName(L));
      return false;
    }
    uint32_t F = P.CodeTargets[Id];
    size_t Args = 0;
    if (F != NoSlot)
      for (uint32_t N : P.Funcs[F].ArgElems)
        Args += N;
    if (F == NoSlot && !P.CodeRefusals[Id].empty()) {
      stop(Fn, Idx, "unsupported",
           "cannot run: a call through a function pointer to " + P.CodeNames[Id] +
               ", which takes a " + P.CodeRefusals[Id] + " (lane " + std::to_string(L) + ", " +
               threadName(L) + ")");
      return false;
    }
    if (F == NoSlot || Args != I.C || P.Funcs[F].RetElems != I.Elems) {
      stop(Fn, Idx, "unsupported",
           "cannot run: a call through a function pointer to " + P.CodeNames[Id] +
               ", which is not a defined function of the call's type whose address device "
               "code takes (lane " + std::to_string(L) + ", " + threadName(L) + ")");
      return false;
    }
    if (reentered(Fn, Idx, F, 1u << L))
      return false;
    Target[L] = F;
  }
  return true;
}

WarpStatus Executor::run() {
  const Program &P = B.P;
  while (true) {
    if (W.Frames.empty()) {
      W.Done = true;
      return WarpStatus::Done;
    }
    Frame &Fr = W.Frames.back();
    if (W.Stack.size() == Fr.StackBase) {
      // The function returned in every lane.
      W.Regs.resize(uint64_t(Fr.RegBase) * MaxLanes);
      W.Frames.pop_back();
      if (W.Frames.empty()) {
        W.Done = true;
        return WarpStatus::Done;
      }
      continue;
    }
    StackEntry &E = W.Stack.back();
    if (E.Mask == 0 || E.Block == E.Reconv) {
      W.Stack.pop_back();
      continue;
    }
    const Function &Fn = P.Funcs[Fr.Func];
    const Block &Blk = Fn.Blocks[E.Block];
    const uint32_t M = E.Mask;
    // (An entry that only makes a divergent indirect call for its lanes
    // re-enters mid-call: the block was counted.)
    if (E.Inst == Blk.First && E.Reconv != CallJoin) {
      B.Result.Stats.WarpInsts += Blk.Counted;
      B.Result.Stats.ThreadInsts += uint64_t(Blk.Counted) * popcount(M);
      B.Result.Stats.SassWarpInsts += Blk.Sass;
      B.Result.Stats.SassThreadInsts += Blk.Sass * popcount(M);
      if (B.Result.Stats.WarpInsts > B.NextCheck)
        if (std::optional<WarpStatus> St = checkProgress(Fn, E.Block)) {
          if (*St == WarpStatus::Spinning) {
            // It resumes at this block's entry, which counts it again.
            B.Result.Stats.WarpInsts -= Blk.Counted;
            B.Result.Stats.ThreadInsts -= uint64_t(Blk.Counted) * popcount(M);
            B.Result.Stats.SassWarpInsts -= Blk.Sass;
            B.Result.Stats.SassThreadInsts -= Blk.Sass * popcount(M);
          }
          return *St;
        }
    }
    uint64_t *R = regs(Fr);
    const Inst *Insts = Fn.Insts.data();
    for (uint32_t Idx = E.Inst;; ++Idx) {
      const Inst &I = Insts[Idx];
      uint64_t *D = R + uint64_t(I.Dst) * MaxLanes;
      const uint64_t *A = R + uint64_t(I.A) * MaxLanes;
      const uint64_t *Bv = R + uint64_t(I.B) * MaxLanes;
      const uint64_t *C = R + uint64_t(I.C) * MaxLanes;
      const unsigned Aux = I.Aux;
      if (isArithmetic(I.Opc)) {
        executeArithmetic(I, D, A, Bv, C, M);
        continue;
      }
      switch (I.Opc) {
      // ---- intrinsics: thread state, warp operations -----------------------
      case Op::SReg:
        specialRegister(I, D, M);
        break;
      case Op::Shfl:
        shuffle(I, D, A, Bv, C, M);
        break;
      case Op::Vote:
        vote(I, D, A, M);
        break;
      case Op::Redux:
        redux(I, D, A, M);
        break;
      case Op::Match:
        match(I, D, A, M);
        break;
      case Op::ClusterMap:
        if (!clusterMap(Fn, Idx, D, A, Bv, M))
          return WarpStatus::Stopped;
        break;
      case Op::WarpSync:
        warpSync(M);
        break;
      case Op::Mbarrier:
        if (!mbarrier(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      case Op::Wgmma:
        if (!wgmma(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      case Op::Fence:
        for (BlockObserver *O : B.Obs)
          O->onFence(W.Index, M, Aux != 0);
        break;
      // ---- memory ----------------------------------------------------------
      case Op::Load:
      case Op::Store:
      case Op::AtomicRMW:
      case Op::CmpXchg:
        if (!memoryOp(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      case Op::MemCpy:
      case Op::MemSet:
        if (!memTransfer(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      // ---- barriers, printf, heap --------------------------------------------
      case Op::Barrier: {
        if (Aux != BK_Sync) {
          uint32_t Ballot = 0;
          FOR_LANES(Ballot |= uint32_t(A[L] & 1) << L);
          B.BarPopc += popcount(Ballot);
          B.BarAnd &= Ballot == M;
          B.BarOr |= Ballot != 0;
        }
        W.AtBarrier = true;
        W.BarrierMask = M;
        W.BarrierInst = Idx;
        E.Inst = Idx + 1;
        return WarpStatus::AtBarrier;
      }
      case Op::Printf:
        printf(I, R, M);
        break;
      case Op::Malloc:
        heapAlloc(Fn, Idx, I, R, M);
        break;
      case Op::Free:
        if (!heapFree(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      // ---- control -----------------------------------------------------------
      case Op::Call:
        // Recursion through a function pointer and back through direct
        // calls shows here (a cycle of direct calls alone fails decoding).
        if (!P.CodeTargets.empty() && reentered(Fn, Idx, Aux, M))
          return WarpStatus::Stopped;
        E.Inst = Idx + 1;
        enterFunction(Fn, I, Aux, M);
        goto NextEntry;
      case Op::CallIndirect: {
        uint32_t Target[MaxLanes];
        if (!indirectTargets(Fn, Idx, I, A, M, Target))
          return WarpStatus::Stopped;
        // Lanes calling different functions diverge, as at a branch: the
        // lanes of the first target call it now; the lanes of each other
        // target get an entry (CallJoin) that makes the call for them when
        // the one before returns. All rejoin after the call.
        uint32_t Groups[MaxLanes], NumGroups = 0;
        for (uint32_t Left = M; Left;) {
          uint32_t T = Target[countr_zero(Left)], Same = 0;
          for (uint32_t MM = Left; MM; MM &= MM - 1)
            if (Target[countr_zero(MM)] == T)
              Same |= 1u << countr_zero(MM);
          Groups[NumGroups++] = Same;
          Left &= ~Same;
        }
        uint32_t InBlock = E.Block;
        if (E.Reconv == CallJoin)
          E.Mask = 0; // The entry existed for this call only.
        else
          E.Inst = Idx + 1;
        for (uint32_t G = NumGroups; G-- > 1;)
          W.Stack.push_back(StackEntry{InBlock, CallJoin, Idx, Groups[G]});
        enterFunction(Fn, I, Target[countr_zero(Groups[0])], Groups[0]);
        goto NextEntry;
      }
      case Op::Ret: {
        if (W.Frames.size() == 1) {
          W.Live &= ~M;
        } else if (Fr.RetDst != NoSlot) {
          for (unsigned K = 0; K < I.Elems; ++K) {
            uint64_t *Dst = W.Regs.data() + (uint64_t(Fr.RetDst) + K) * MaxLanes;
            const uint64_t *Src = A + uint64_t(K) * MaxLanes;
            FOR_LANES(Dst[L] = Src[L]);
          }
        }
        for (size_t K = Fr.StackBase; K < W.Stack.size(); ++K)
          W.Stack[K].Mask &= ~M;
        goto NextEntry;
      }
      case Op::Br:
        takeEdge(Fn, R, E, Aux);
        goto NextEntry;
      case Op::CondBr: {
        uint32_t Taken = 0;
        FOR_LANES(Taken |= uint32_t(A[L] & 1) << L);
        uint32_t NotTaken = M & ~Taken;
        if (!NotTaken) {
          takeEdge(Fn, R, E, Aux);
        } else if (!Taken) {
          takeEdge(Fn, R, E, I.B);
        } else {
          uint32_t Join = Blk.IPDom;
          applyEdge(Fn, R, Aux, Taken);
          applyEdge(Fn, R, I.B, NotTaken);
          uint32_t TBlock = Fn.Edges[Aux].Target, FBlock = Fn.Edges[I.B].Target;
          E.Block = Join;
          E.Inst = Join < Fn.Blocks.size() ? Fn.Blocks[Join].First : 0;
          W.Stack.push_back(StackEntry{FBlock, Join, Fn.Blocks[FBlock].First, NotTaken});
          W.Stack.push_back(StackEntry{TBlock, Join, Fn.Blocks[TBlock].First, Taken});
        }
        goto NextEntry;
      }
      case Op::Switch: {
        // Group lanes by edge.
        uint32_t EdgeOf[MaxLanes];
        FOR_LANES({
          uint32_t Ed = I.C;
          for (uint32_t K = 0; K < I.B; ++K)
            if (Fn.CaseValues[Aux + K] == A[L]) {
              Ed = Fn.CaseEdges[Aux + K];
              break;
            }
          EdgeOf[L] = Ed;
        });
        // Cases that lead to one block are one path (LLVM gives a phi one
        // value per predecessor, so their edges move the same values): the
        // lanes of `t == 1 || t == 8` folded into a switch stay together.
        auto Target = [&](uint32_t Ed) { return Fn.Edges[Ed].Target; };
        uint32_t First = EdgeOf[countr_zero(M)];
        bool Uniform = true;
        FOR_LANES(Uniform &= Target(EdgeOf[L]) == Target(First));
        if (Uniform) {
          takeEdge(Fn, R, E, First);
          goto NextEntry;
        }
        uint32_t Join = Blk.IPDom;
        E.Block = Join;
        E.Inst = Join < Fn.Blocks.size() ? Fn.Blocks[Join].First : 0;
        uint32_t Left = M;
        while (Left) {
          uint32_t Ed = EdgeOf[countr_zero(Left)], Lanes = 0;
          for (uint32_t MM = Left; MM; MM &= MM - 1)
            if (Target(EdgeOf[countr_zero(MM)]) == Target(Ed))
              Lanes |= 1u << countr_zero(MM);
          applyEdge(Fn, R, Ed, Lanes);
          uint32_t T = Fn.Edges[Ed].Target;
          W.Stack.push_back(StackEntry{T, Join, Fn.Blocks[T].First, Lanes});
          Left &= ~Lanes;
        }
        goto NextEntry;
      }
      case Op::Unreachable:
        return trap(Fn, Idx, I, R, M);
      case Op::Unsupported:
        return stop(Fn, Idx, "unsupported", P.Messages[Aux]);
      case Op::Nop:
        break;
      default:
        llvm_unreachable("the arithmetic family runs before the switch");
      }
    }
  NextEntry:;
  }
}

WarpStatus executeWarp(BlockState &B, Warp &W) { return Executor(B, W).run(); }

} // namespace dm
} // namespace warplint
