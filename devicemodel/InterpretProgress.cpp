//===- InterpretProgress.cpp - Hangs, runaways, traps ---------------------===//
//
// What stops a warp that is not faulting on memory: __trap(), a failed
// assert, unreachable code; --max-instructions; and a hang, found by
// hashing the warp's state at one block of the loop it runs (Brent's cycle
// detection; docs/devicemodel.md, Hangs).
//
//===----------------------------------------------------------------------===//
#include "devicemodel/Executor.h"

#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace warplint {
namespace dm {

WarpStatus Executor::trap(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                          uint32_t M) {
  unsigned L = countr_zero(M);
  if (I.Aux == 0)
    return stop(Fn, Idx, "trap", "reached unreachable code in " + threadName(L));
  if (I.Aux == 1)
    return stop(Fn, Idx, "trap", "__trap() in " + threadName(L));
  if (I.Aux == 3) {
    uint64_t Addr = R[uint64_t(I.A) * MaxLanes + L];
    return stop(Fn, Idx, "constant-store",
                "store to __constant__ variable '" + B.P.Messages[I.Imm] + "' (byte offset " +
                    std::to_string(Addr & OffsetMask) +
                    " of constant memory) by lane " + std::to_string(L) + ", " +
                    threadName(L) +
                    ": constant memory is read-only for kernels (nvcc warns; LLVM deletes "
                    "the store)");
  }
  // __assertfail(message, file, line, function, size).
  std::string Text, Why;
  unsigned Space;
  uint64_t Msg = R[uint64_t(I.A) * MaxLanes + L];
  for (uint64_t K = 0; K < 1024; ++K) {
    uint8_t *C = resolve(Msg + K, 1, L, false, Space, Why);
    if (!C || !*C)
      break;
    Text.push_back(char(*C));
  }
  return stop(Fn, Idx, "trap", "assertion '" + Text + "' failed in " + threadName(L));
}

uint64_t Executor::stateHash() const {
  auto Bytes = [](const auto &V) {
    return ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(V.data()),
                             V.size() * sizeof(V[0]));
  };
  uint64_t H = xxh3_64bits(Bytes(W.Regs));
  H = H * 0x9e3779b97f4a7c15ull ^ xxh3_64bits(Bytes(W.Stack));
  return H * 0x9e3779b97f4a7c15ull ^ xxh3_64bits(Bytes(W.Frames));
}

std::optional<WarpStatus> Executor::checkProgress(const Function &Fn, uint32_t BlockIdx) {
  uint64_t Now = B.Result.Stats.WarpInsts;
  const Block &Blk = Fn.Blocks[BlockIdx];
  if (W.GridYield || W.PollYield) {
    // A warp of a grid-wide sync after its arrival or a poll, or one that
    // polled memory: its turn ends; a state that comes back from one poll
    // to the next (the same counter read) is its cycle.
    W.Polled = !W.GridYield;
    W.GridYield = W.PollYield = false;
    W.CycleId = stateHash();
    W.Period = 1;
    W.SpinLoc = B.P.locationOf(Fn, Blk.Last - 1);
    W.Probe = HangProbe();
    return WarpStatus::Spinning;
  }
  if (B.MaxInsts && Now > B.MaxInsts)
    return stop(Fn, Blk.Last - 1, "runaway",
                "instruction budget exhausted: block (" + std::to_string(B.Idx.V[0]) + "," +
                    std::to_string(B.Idx.V[1]) + "," + std::to_string(B.Idx.V[2]) +
                    ") executed " + std::to_string(Now) +
                    " warp instructions without finishing (--max-instructions); last in the "
                    "loop");
  if (B.Shape.OutOfTime && Now >= B.NextTimeCheck) {
    // The clock, about once per 64K warp instructions.
    B.NextTimeCheck = Now + (uint64_t(1) << 16);
    if (B.Shape.OutOfTime())
      return stop(Fn, Blk.Last - 1, "runaway",
                  "block (" + std::to_string(B.Idx.V[0]) + "," + std::to_string(B.Idx.V[1]) +
                      "," + std::to_string(B.Idx.V[2]) + ") was stopped after " +
                      std::to_string(Now) +
                      " warp instructions: the file's budget ran out "
                      "(--file-budget-seconds, --file-budget-mb); last in the loop");
  }
  if (Now <= B.ProbeAfter) {
    B.NextCheck = B.MaxInsts ? std::min(B.ProbeAfter, B.MaxInsts) : B.ProbeAfter;
    if (B.Shape.OutOfTime)
      B.NextCheck = std::min(B.NextCheck, B.NextTimeCheck);
    return std::nullopt;
  }
  // From here on every block entry comes here (cheap unless at the anchor).
  B.NextCheck = 0;
  HangProbe &H = W.Probe;
  uint32_t Func = W.Frames.back().Func, Depth = W.Frames.size();
  // Anchor at the first block entered, again when the anchor is not
  // reached for as long as the probe waited to start (an inner loop).
  if (!H.Active || Now - H.LastSample > B.ProbeAfter) {
    H = HangProbe();
    H.Active = true;
    H.Func = Func;
    H.Block = BlockIdx;
    H.Depth = Depth;
    H.LastSample = Now;
    return std::nullopt;
  }
  if (BlockIdx != H.Block || Func != H.Func || Depth != H.Depth)
    return std::nullopt;
  if (!H.Stride) {
    // Hash about 2% of the time: a hash costs about as much as one lane
    // instruction per 8 bytes of state.
    uint64_t Words = W.Regs.size() + W.Stack.size() * 2 + W.Frames.size() * 3;
    H.Stride = std::max<uint64_t>(1, Words * 5 / (2 * std::max<uint64_t>(1, Now - H.LastSample)));
  }
  if (++H.Visits % H.Stride)
    return std::nullopt;
  H.LastSample = Now;
  uint64_t X = stateHash();
  if (H.CycleLeft) {
    H.CycleMin = std::min(H.CycleMin, X);
    if (--H.CycleLeft)
      return std::nullopt;
  } else if (!H.Started) {
    H.Started = true;
    H.Tortoise = X;
    H.Power = H.Lam = 1;
    return std::nullopt;
  } else if (X != H.Tortoise) {
    if (H.Power == H.Lam) {
      H.Tortoise = X;
      H.Power *= 2;
      H.Lam = 0;
    }
    ++H.Lam;
    return std::nullopt;
  } else {
    // The state came back after Lam samples: walk the cycle once for its
    // smallest hash, which names it whatever state it was entered at.
    W.Period = H.Lam * H.Stride;
    H.CycleMin = X;
    H.CycleLeft = H.Lam - 1;
    if (H.CycleLeft)
      return std::nullopt;
  }
  W.CycleId = H.CycleMin;
  W.Polled = false;
  W.SpinLoc = B.P.locationOf(Fn, Blk.Last - 1);
  H = HangProbe();
  // Resume here: the warp is at the anchor's first instruction.
  return WarpStatus::Spinning;
}

} // namespace dm
} // namespace warplint
