//===- LaunchTotals.h - What a whole launch adds up to ----------*- C++ -*-===//
//
// Execution counts (issue 25): per access, the warp-level requests over the
// whole launch and what they cost; per kernel, the warps, the warp
// instructions issued and each buffer's footprint. The time model
// (analyzer/time/) turns these into a duration on a named GPU; the device
// model measures the same totals by running the launch.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_LAUNCHTOTALS_H
#define WARPLINT_ANALYZER_LAUNCHTOTALS_H

#include "analyzer/arch/GpuProfile.h"
#include "analyzer/arch/SassCount.h"

#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
}

namespace warplint {

/// One access over the whole launch. Estimated from the sampled warps and
/// loop iterations, scaled to the launch's warps; where a count depends on
/// an unknown argument it is evaluated at the assumed value and Formula says
/// how it depends on it. How: analyzer/LaunchCounting.h.
struct AccessTotals {
  bool Known = false;    ///< False: no estimate of the cost (Why says why).
  /// Requests is an estimate even though Known is false: the requests are
  /// known, their cost per request depends on data.
  bool RequestsKnown = false;
  std::string Why;       ///< Why there is no estimate, when !Known.
  double Requests = 0;   ///< Warp-level requests (instructions executed).
  /// Sectors (global, local), wavefronts (shared) or constant-cache passes
  /// (const) that those requests cost.
  double Cost = 0;
  double IdealCost = 0;  ///< The same active lanes at their ideal cost.
  /// The addresses come from loaded data: Cost is the worst case, every
  /// active lane its own sector (on lines of their own).
  bool WorstCaseAssumed = false;
  /// A branch or trip count on loaded data decides which lanes reach it:
  /// Requests counts every lane that may, at most the launch's.
  bool RequestsAtMost = false;
  /// Requests as a formula in the launch and unknown arguments, "blocks*8*n"
  /// (empty when it depends on none).
  std::string Formula;
};

/// The distinct sectors a kernel touches in one buffer (a pointer parameter,
/// a __device__ or __constant__ variable) over the launch: a lower bound on
/// its DRAM traffic, and where reuse hides extra sectors in L1 and L2.
struct BufferFootprint {
  std::string Name;          ///< The parameter or variable ("in", "p.data").
  double ReadSectors = 0;    ///< Distinct sectors read.
  double WrittenSectors = 0; ///< Distinct sectors written.
  /// Sectors read (requested, over all the buffer's loads) per distinct
  /// sector: 1 when nothing is read twice.
  double ReadReuse = 1;
  bool Known = false;
};

/// What the whole launch adds up to.
struct KernelTotals {
  bool Known = false;
  double Warps = 0;            ///< Warps in the launch.
  /// Warp instructions issued over the launch (IR instructions of each
  /// executed basic block, summed over the warps that execute it).
  double WarpInstructions = 0;
  /// Warp executions of each basic block over the launch (what
  /// WarpInstructions sums), for a fix that changes which warps run a block.
  llvm::DenseMap<const llvm::BasicBlock *, double> BlockWarps;
  /// SASS-like warp instructions over the launch: what the GPU issues
  /// (analyzer/arch/SassCount.h), where WarpInstructions counts the IR the
  /// device model runs.
  double SassInstructions = 0;
  /// Of those, MUFU operations.
  double MufuInstructions = 0;
  /// Warp executions of block-wide barriers over the launch.
  double BarrierWarps = 0;
  /// Tensor-core FLOPs over the launch by TensorType (BlockIssue::TensorFlops).
  std::array<double, NumTensorTypes> TensorFlops{};
  /// What one execution of each basic block issues.
  llvm::DenseMap<const llvm::BasicBlock *, BlockIssue> BlockSass;
  std::vector<BufferFootprint> Buffers;
  /// What the estimate assumed ("n = 4096 assumed", "loop at k.cu:12: 100
  /// iterations assumed").
  std::vector<std::string> Assumptions;
};

} // namespace warplint

#endif
