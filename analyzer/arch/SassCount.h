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
// It sits with the target's other facts in analyzer/arch/ because the device
// model counts with it too: a run measures how often each block executes,
// and what one execution issues is this table's (docs/devicemodel.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ARCH_SASSCOUNT_H
#define WARPLINT_ANALYZER_ARCH_SASSCOUNT_H

#include "analyzer/arch/GpuProfile.h"

#include "llvm/ADT/DenseMap.h"

#include <array>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace warplint {

/// What one warp issues executing a basic block once, SASS-like
/// (SassCount below).
struct BlockIssue {
  double Instructions = 0;
  /// Of those, MUFU operations (reciprocals, square roots, sin, exp2, ...),
  /// which a narrower pipe than the schedulers' serves.
  double Mufu = 0;
  /// Block-wide barriers (bar.sync, bar.red: __syncthreads and its
  /// reductions): each waits for the block's slowest warp.
  double Barriers = 0;
  /// Dense tensor-core FLOPs (ops for int8) by TensorType: the wgmma and
  /// mma operations of the block, per warp.
  std::array<double, NumTensorTypes> TensorFlops{};
};

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
