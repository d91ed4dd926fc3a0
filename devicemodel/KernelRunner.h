//===- KernelRunner.h - Run a launch's blocks on all cores ------*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_KERNELRUNNER_H
#define WARPLINT_DEVICEMODEL_KERNELRUNNER_H

#include "devicemodel/BlockRunner.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>

namespace warplint {
namespace dm {

/// How many blocks to run and on how many threads.
struct RunOptions {
  /// Run exactly this many blocks spread over the grid (0: decide).
  uint64_t SampleBlocks = 0;
  /// Run every block whatever it costs.
  bool AllBlocks = false;
  /// Thread instructions the whole run may take before it is sampled.
  uint64_t WorkBudget = uint64_t(4) << 30;
  /// Warp instructions one block may execute (--max-instructions; 0: no
  /// limit, a kernel that does not terminate is found by its lack of
  /// progress).
  uint64_t BlockBudget = 0;
  /// Worker threads; 0: all cores.
  unsigned Threads = 0;
  /// Shadow-state checks of the sanitizer (uninitialized reads of shared,
  /// local, heap and --init-check memory). Off only to measure what they
  /// cost (bench/devicemodel.sh); bounds, alignment, heap, race, barrier and
  /// hang checks always run.
  bool ShadowChecks = true;
  /// Record the distinct sectors of each buffer the run touches (the time
  /// model's footprint, LaunchReport::Footprint).
  bool Footprint = false;
  /// Blocks of the launch that can be resident at once (SMs x blocks per
  /// SM for the kernel: what cudaLaunchCooperativeKernel allows), and how
  /// that number comes ("132 SMs x 16 blocks per SM for this kernel"); 0:
  /// not checked. The callers compute it (rules/LaunchFails.h,
  /// residentBlocks: the occupancy needs the analyzer's register estimate).
  uint64_t ResidentBlocks = 0;
  std::string ResidentText;
  /// Called now and then with (blocks done, blocks to run), from one thread.
  std::function<void(uint64_t, uint64_t)> Progress;
  /// Asked before each block: true when the file's budget has run out
  /// (frontend/FileBudget.h); the blocks left are not run.
  std::function<bool()> OutOfTime;
};

/// What a launch did.
struct RunResult {
  uint64_t TotalBlocks = 0;
  uint64_t BlocksRun = 0;
  bool Sampled = false;
  std::string SamplingNote; ///< Why and how it was sampled, if it was.
  std::vector<Finding> Findings; ///< Errors, in block order, deduplicated.
  bool Stopped = false;          ///< An error stopped the kernel.
  std::string Output;            ///< printf output in block order.
  BlockStats Totals;             ///< Over the blocks run.
  /// Multiply counters by this to stand for the whole grid.
  double Scale = 1.0;
  /// RunOptions::OutOfTime stopped the run before every block ran.
  bool OutOfTime = false;
};

/// Runs the launch: blocks in parallel, results folded in block order.
RunResult runKernel(const Program &P, DeviceMemory &Mem, const LaunchShape &Shape,
                    llvm::ArrayRef<uint64_t> Args, llvm::ArrayRef<Observer *> Observers,
                    const RunOptions &Opts);

} // namespace dm
} // namespace warplint

#endif
