//===- ThreadIndexModelImpl.h - Private state of the lane model -*- C++ -*-===//
//
// Shared by ThreadIndexModel.cpp (samples, active lanes) and
// LaneEvaluation.cpp (the values of the address slice in each lane). Not for
// use outside the thread-index model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_THREADINDEXMODELIMPL_H
#define WARPLINT_ANALYZER_THREADINDEXMODELIMPL_H

#include "analyzer/ThreadIndexModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"


namespace warplint {

/// What ScalarEvolution needs, made on first use (most kernels never ask):
/// exit values of loops that sampling cannot find (ScevEvaluation.cpp).
struct ThreadIndexModel::ScevState {
  llvm::TargetLibraryInfoImpl TLII;
  llvm::TargetLibraryInfo TLI;
  llvm::AssumptionCache AC;
  llvm::ScalarEvolution SE;
  ScevState(llvm::Function &F, llvm::DominatorTree &DT, llvm::LoopInfo &LI)
      : TLII(F.getParent()->getTargetTriple()), TLI(TLII), AC(F), SE(F, TLI, AC, DT, LI) {}
};

/// The values of one sample, or of a projection of samples onto the parts a
/// value reads (all blocks alike for a value that does not read blockIdx, all
/// iterations of a loop alike for a value computed outside it): values are
/// computed once per projection, not once per sampled warp.
struct ThreadIndexModel::State {
  WarpSample S;
  uint32_t Exists = 0;
  /// The dependence bits of the parts of S that are set (a non-zero block,
  /// warp or argument sample, and each loop with an iteration).
  uint64_t Spans = 0;
  /// The states of the previous iteration of each loop asked about so far.
  llvm::SmallVector<std::pair<const llvm::Loop *, State *>, 2> Prev;
  /// The projections of this state found so far, by dependence bits (a
  /// state sees few distinct sets: a scan beats a shared hash table).
  llvm::SmallVector<std::pair<uint64_t, State *>, 4> Projections;
  /// The values computed in this state, and the active lanes of blocks (and
  /// whether data decided them): a table per state, small and close to it
  /// (one table for all states missed the cache on most lookups).
  llvm::SmallDenseMap<const llvm::Value *, const LaneValues *, 8> Values;
  llvm::SmallDenseMap<const llvm::BasicBlock *, std::pair<uint32_t, bool>, 4> ActiveLanes;
};

namespace detail {
/// True when every path from BB ends at `unreachable` (a trap, a failed
/// assertion): a lane that goes there never comes back, and a kernel that
/// runs to its end takes none of them.
bool deadEnd(const llvm::BasicBlock *BB);
/// The one block of L whose exit is not a dead end (a path into a trap or a
/// failed assertion, which a kernel that runs to its end never takes); null
/// when there are several.
const llvm::BasicBlock *exitingBesideTraps(const llvm::Loop &L);
/// True when Exit is the one block outside L that L's exits lead to, dead
/// ends (traps, failed assertions) left aside.
bool onlyExitBesideTraps(const llvm::Loop &L, const llvm::BasicBlock *Exit);
/// What the budget counts per memoized value and per block's active lanes:
/// an entry keyed by state and value (or block).
constexpr size_t ValueEntryBytes =
    sizeof(std::pair<std::pair<const void *, const void *>, const void *>);
constexpr size_t ActiveEntryBytes =
    sizeof(std::pair<std::pair<const void *, const void *>, std::pair<uint32_t, bool>>);
/// Loop iteration caps: the innermost loop around an access is sampled in
/// full up to InnerCap iterations, enclosing loops up to OuterCap.
constexpr unsigned InnerCap = 64, OuterCap = 8;
/// Loops two or more levels out from the innermost loop around an access
/// (a third loop of a nest and beyond) are sampled up to FarOuterCap.
constexpr unsigned FarOuterCap = 2;
/// Iteration samples per warp for the whole nest around an access: a two-deep
/// nest gets OuterCap x InnerCap; deeper nests sample fewer iterations of
/// their inner loops rather than multiplying the caps (which grew without
/// bound: a convolution's triple nest took gigabytes).
constexpr unsigned NestSampleBudget = OuterCap * InnerCap;
/// Warps sampled per block and blocks per grid.
constexpr unsigned WarpSamples = 8;
/// The warps of a block the model samples (at most WarpSamples), each
/// standing for as many of the block's warps: spread over the block, and in
/// a block whose rows are several whole warps, every column of warps in the
/// same rows.
std::vector<unsigned> sampledWarps(const Dim3 &Block, unsigned WarpSize);
/// Pointer kernel arguments get bases this far apart (256-byte aligned).
constexpr unsigned BaseShift = 36;
/// Pointers loaded warp-uniformly get bases from this index on (arguments
/// take 1.., globals 64..).
constexpr uint64_t LoadedBaseFirst = 4096;
/// Dependence bits: what a value reads of a sample. One bit per loop after
/// these (loops past the 61st share all the loop bits).
constexpr uint64_t DepBlock = 1, DepWarp = 2, DepArg = 4;
constexpr unsigned FirstLoopBit = 3;
constexpr uint64_t AllLoopBits = ~uint64_t(0) << FirstLoopBit;
/// V cut to its low Bits bits.
inline uint64_t maskTo(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? V : V & ((uint64_t(1) << Bits) - 1);
}
/// The low Bits bits of V as a signed value.
inline int64_t signExtend(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? (int64_t)V : llvm::SignExtend64(V, Bits);
}
/// Adds Op's flags to R (what it depends on, unknown arguments, unmodelled).
inline void mergeFlags(LaneValues &R, const LaneValues &Op) {
  if (!R.DataDependentOn)
    R.DataDependentOn = Op.DataDependentOn;
  R.ArgMask |= Op.ArgMask;
  R.Unmodelled |= Op.Unmodelled;
}
/// The budget is checked every this many new states or values.
constexpr unsigned BudgetCheckEvery = 1024;
} // namespace detail

} // namespace warplint

#endif
