//===- UnrollPrivateArrays.h - Full unrolling of loops over private arrays -===//
//
// nvcc fully unrolls small constant-trip loops that index a thread's private
// arrays, so the arrays (register tiles) live in registers; Clang's default
// thresholds leave nested ones rolled and the arrays in local memory. This
// loop pass marks such loops for full unrolling before LoopFullUnrollPass,
// so that SROA afterwards promotes the arrays.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_UNROLLPRIVATEARRAYS_H
#define WARPLINT_FRONTEND_UNROLLPRIVATEARRAYS_H

#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class LPMUpdater;
class Loop;
} // namespace llvm

namespace warplint {

/// Marks a loop `llvm.loop.unroll.full` when its trip count is a constant,
/// it indexes a static private array with a value the loop itself defines
/// (not one of its inner loops), and the fully unrolled body stays within
/// UnrollPrivateArraysPass::Threshold. A loop with any unroll metadata of its
/// own (`#pragma unroll N`, `#pragma nounroll`) is left as the user said.
///
/// The rule and its limits are LLVM's AMDGPU backend's (the other GPU target
/// whose private arrays live in slow scratch memory): a threshold of 2,700
/// (amdgpu-unroll-threshold-private) for loops over private arrays of at
/// most 960 bytes.
class UnrollPrivateArraysPass : public llvm::PassInfoMixin<UnrollPrivateArraysPass> {
public:
  /// The largest fully unrolled size, in TTI code-size units.
  static constexpr unsigned Threshold = 2700;
  /// The largest private array whose loops are unrolled, in bytes.
  static constexpr unsigned MaxArrayBytes = 960;

  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &AM,
                              llvm::LoopStandardAnalysisResults &AR, llvm::LPMUpdater &U);
};

} // namespace warplint

#endif
