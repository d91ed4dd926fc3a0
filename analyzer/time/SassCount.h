//===- SassCount.h - What ptxas makes of each basic block -------*- C++ -*-===//
//
// The GPU issues SASS, not IR: ptxas fuses a multiply into the add that uses
// it, folds casts and constant offsets into addressing, strength-reduces the
// address arithmetic of loops into pointer increments, and expands a
// division or a square root into a dozen instructions. Counting IR
// instructions put the issue time of our 130 timed kernels at 0.7-2.9x of
// Nsight Compute's executed instructions. SassCount gives each IR
// instruction the SASS instructions it becomes (docs/time.md has the table),
// so the issue term of the time model counts what the GPU issues.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_TIME_SASSCOUNT_H
#define WARPLINT_ANALYZER_TIME_SASSCOUNT_H

#include "analyzer/LaunchTotals.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace warplint {

/// SASS-like instruction counts of each basic block of a kernel, per
/// execution by one warp.
class SassCount {
public:
  SassCount(const llvm::Function &K, const llvm::LoopInfo &LI, const llvm::DominatorTree &DT);
  /// What one warp issues executing BB once.
  BlockIssue of(const llvm::BasicBlock &BB) const { return PerBlock.lookup(&BB); }

private:
  llvm::DenseMap<const llvm::BasicBlock *, BlockIssue> PerBlock;
};

/// Whether ptxas unrolls L: its latch tests a counter stepped by a constant.
/// A loop stepped by a register (a grid-stride loop) stays rolled.
bool ptxasUnrolls(const llvm::Loop &L);

} // namespace warplint

#endif
