//===- KernelCopies.h - Analyze copies of one kernel once -------*- C++ -*-===//
//
// Kernels of one module that are copies of each other (a file's kernels
// pasted into several namespaces, identical template instantiations) have
// the same optimized IR up to the names of values and globals and debug
// lines shifted by one amount. Their access patterns are the same but for
// those lines: the first copy is analyzed, the others take its result with
// the lines and IR pointers mapped to their own.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_KERNELCOPIES_H
#define WARPLINT_ANALYZER_KERNELCOPIES_H

#include "analyzer/AccessPatterns.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace warplint {

/// How kernel B corresponds to kernel A: each value of A (instructions,
/// arguments, blocks, globals) to B's, and the lines of B's user locations
/// less A's.
struct KernelCorrespondence {
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Values;
  int64_t LineDelta = 0;
  const llvm::Value *map(const llvm::Value *V) const;
};

/// Whether kernel B is a copy of kernel A, as far as the access-pattern
/// analysis can tell: the same instructions, types, flags, constants and
/// callees in the same order; globals of the same type, space, alignment and
/// initializer, one for one; argument names equal; every user location
/// (and outermost location) of B that of A moved down by one number of lines
/// in the same file and column. Fills C when it is.
bool isCopyOf(const llvm::Function &A, const llvm::Function &B, KernelCorrespondence &C);

/// One kernel to analyze: its state spaces (kept alive by the caller) and
/// the launch the analysis assumes.
struct KernelToAnalyze {
  const StateSpaces *Spaces = nullptr;
  LaunchConfig Launch;
};

/// AccessPatterns::analyze of each kernel, in order, with the same results:
/// a copy of an earlier kernel (isCopyOf, with the same launch and
/// accesses) takes that kernel's result mapped to it; the other kernels are
/// analyzed on up to Threads threads (each kernel's analysis is its own; the
/// kernels' IR is only read). Reused, when given, receives the number of
/// copies.
std::vector<AccessPatterns> analyzeKernels(llvm::ArrayRef<KernelToAnalyze> Kernels,
                                           const ArchProfile &Arch,
                                           const AnalysisBudget &Budget, unsigned Threads,
                                           unsigned *Reused = nullptr);

/// Kernels of one module with their state spaces and access patterns (one
/// each, in order; the patterns read the spaces).
struct AnalyzedKernels {
  std::vector<StateSpaces> Spaces;
  std::vector<AccessPatterns> Patterns;
};

/// StateSpaces::analyze of each of Kernels (functions of DM), then
/// analyzeKernels of them, each under the launch LaunchOf gives it.
AnalyzedKernels
analyzeModuleKernels(const DeviceModule &DM, llvm::ArrayRef<const llvm::Function *> Kernels,
                     llvm::function_ref<LaunchConfig(const llvm::Function &)> LaunchOf,
                     const ArchProfile &Arch, const AnalysisBudget &Budget, unsigned Threads);

} // namespace warplint

#endif
