//===- HappensBefore.cpp - Orderings through memory within a block --------===//
#include "devicemodel/HappensBefore.h"

#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace llvm;

namespace warplint {
namespace dm {

bool ordersThroughMemory(const Program &P) {
  bool Ordered = false, Relaxed = false, Fence = false;
  for (const Site &S : P.Sites) {
    Ordered |= S.Acquire || S.Release;
    Relaxed |= S.Atomic || S.Volatile || S.OpKind >= 2;
  }
  for (const Function &F : P.Funcs)
    for (const Inst &I : F.Insts)
      Fence |= I.Opc == Op::Fence;
  return Ordered || (Fence && Relaxed);
}

HappensBefore::HappensBefore(unsigned Threads, unsigned WarpSize, bool Active)
    : Threads(Threads), WarpSize(WarpSize), Active(Active) {
  if (!Active)
    return;
  Uniform.assign(Threads / WarpSize, true);
  Clocks.assign(uint64_t(Threads) * Threads, 0);
  for (uint32_t T = 0; T < Threads; ++T)
    Clocks[row(T) + T] = 1;
  FenceRelease.resize(Threads);
  Pending.resize(Threads);
}

void HappensBefore::joinInto(Clock &Into, const uint32_t *From) const {
  if (Into.empty())
    Into.assign(Threads, 0);
  for (unsigned K = 0; K < Threads; ++K)
    Into[K] = std::max(Into[K], From[K]);
}

void HappensBefore::joinRow(uint32_t T, const Clock &From) {
  Uniform[T / WarpSize] = false;
  uint32_t *Row = &Clocks[row(T)];
  for (unsigned K = 0; K < Threads && K < From.size(); ++K)
    Row[K] = std::max(Row[K], From[K]);
}

void HappensBefore::warpSync(uint32_t First, uint32_t Mask) {
  if (!Active || !(Mask & (Mask - 1)))
    return;
  unsigned Warp = First / WarpSize;
  if (Uniform[Warp]) {
    // Only the warp's own columns differ between its lanes.
    uint32_t Join[MaxLanes] = {};
    for (uint32_t MM = Mask; MM; MM &= MM - 1) {
      const uint32_t *Row = &Clocks[row(First + countr_zero(MM)) + First];
      for (unsigned K = 0; K < WarpSize; ++K)
        Join[K] = std::max(Join[K], Row[K]);
    }
    for (uint32_t MM = Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint32_t *Row = &Clocks[row(First + L) + First];
      std::copy(Join, Join + WarpSize, Row);
      Row[L] = Join[L] + 1;
    }
    return;
  }
  Clock Join(Threads, 0);
  for (uint32_t MM = Mask; MM; MM &= MM - 1)
    joinInto(Join, &Clocks[row(First + countr_zero(MM))]);
  // Each lane learns what the others did before the sync; its own later
  // accesses are after it (a new clock value nobody knows yet).
  for (uint32_t MM = Mask; MM; MM &= MM - 1) {
    uint32_t T = First + countr_zero(MM);
    std::copy(Join.begin(), Join.end(), Clocks.begin() + row(T));
    Clocks[row(T) + T] = Join[T] + 1;
  }
  // A sync of the whole warp makes its lanes agree again.
  bool Agree = true;
  const uint32_t *Lane0 = &Clocks[row(First)];
  for (unsigned L = 1; L < WarpSize && Agree; ++L) {
    const uint32_t *Row = &Clocks[row(First + L)];
    Agree = std::equal(Lane0, Lane0 + First, Row) &&
            std::equal(Lane0 + First + WarpSize, Lane0 + Threads, Row + First + WarpSize);
  }
  Uniform[Warp] = Agree;
}

void HappensBefore::syncAccess(uint32_t T, uint64_t Loc, MemOp Op, bool Acquire, bool Release) {
  if (!Active)
    return;
  bool ReadModifyWrite = Op == MemOp::Atomic || Op == MemOp::Reduction;
  // red returns nothing: it reads no value another thread released.
  bool Load = Op == MemOp::Load || Op == MemOp::Atomic, Store = Op != MemOp::Load;
  if (Load) {
    auto It = Released.find(Loc);
    if (It != Released.end()) {
      if (Acquire)
        joinRow(T, It->second);
      else
        joinInto(Pending[T], It->second.data());
    }
  }
  if (!Store)
    return;
  const uint32_t *Own = &Clocks[row(T)];
  if (Release) {
    Clock &L = Released[Loc];
    // A release store begins a new release sequence; a read-modify-write
    // continues the one it read from.
    if (!ReadModifyWrite)
      L.clear();
    joinInto(L, Own);
    ++Clocks[row(T) + T];
    return;
  }
  // A relaxed store ends the release sequence; a relaxed read-modify-write
  // continues it. Either releases what came before the thread's last fence.
  if (!ReadModifyWrite)
    Released.erase(Loc);
  if (!FenceRelease[T].empty())
    joinInto(Released[Loc], FenceRelease[T].data());
}

void HappensBefore::fence(uint32_t T) {
  if (!Active)
    return;
  if (!Pending[T].empty()) {
    joinRow(T, Pending[T]);
    Pending[T].clear();
  }
  FenceRelease[T].assign(Clocks.begin() + row(T), Clocks.begin() + row(T) + Threads);
  ++Clocks[row(T) + T];
}

} // namespace dm
} // namespace warplint
