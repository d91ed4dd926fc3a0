//===- KernelResources.h - Registers, shared memory, where ------*- C++ -*-===//
//
// What the register, shared-memory and occupancy rules share: where a kernel
// is declared, its registers per thread (ptxas's count when ptxas ran, else
// the estimate), its static shared memory, the launch's resources for the
// occupancy calculation, and locations in SASS listings.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_KERNELRESOURCES_H
#define WARPLINT_RULES_KERNELRESOURCES_H

#include "analyzer/Occupancy.h"
#include "analyzer/SharedMemory.h"
#include "frontend/sass/SassReader.h"
#include "rules/Rule.h"

#include <string>

namespace warplint {

/// Where F is declared: the line of its name and, when the source is
/// readable, the name's column (1 otherwise).
SourceLoc kernelLocation(const llvm::Function &F, SourceCache &Sources);

/// kernelLocation of K's kernel, or the register peak's location when the
/// declaration has none.
SourceLoc kernelOrPeakLocation(const KernelFacts &K);

/// Registers per thread and where the figure comes from.
struct RegisterFigure {
  unsigned Registers = 0;
  bool FromPtxas = false;
  /// Who counted them when FromPtxas: "ptxas" or "nvcc's device compile".
  std::string By = "ptxas";
  /// Without ptxas: why not and how far the estimate is to be trusted
  /// ("low confidence: no CUDA toolkit (nvcc) was found").
  std::string Estimate;
  /// "32 registers per thread (ptxas)" or "about 40 registers per thread
  /// (an estimate from the IR, low confidence: no CUDA toolkit (nvcc) was
  /// found)".
  std::string str() const;
};

/// Verdict's count when there is one (KernelFacts::verdict), else the
/// estimate limited by the cap (ptxas spills rather than exceed it).
RegisterFigure registersPerThread(const KernelFacts &K, const PtxasFunctionInfo *Verdict);
/// registersPerThread with K.Ptxas (ptxas run for every kernel, if it was).
RegisterFigure registersPerThread(const KernelFacts &K);

/// How far an estimate is to be trusted, from how much margin the claim has:
/// "low" when the claim fails if ptxas needs EstimateMargin of the estimate
/// (the estimate has been up to 1.5x ptxas's count on real code), "medium"
/// otherwise; an estimate is never "high".
llvm::StringRef estimateConfidence(double Margin);

/// " (an estimate from the IR, low confidence: no CUDA toolkit (nvcc) was
/// found)": what a claim without ptxas's verdict says about itself.
std::string estimateNote(const KernelFacts &K, llvm::StringRef Confidence);

/// Static shared bytes per block: Verdict's "smem" when there is one, else
/// the IR's __shared__ variables.
uint64_t staticSharedBytes(const KernelFacts &K, const PtxasFunctionInfo *Verdict);
uint64_t staticSharedBytes(const KernelFacts &K);

/// What K's launch asks of an SM: block size, registers, static shared and
/// the launch's dynamic shared memory (registers and static shared from
/// Verdict when given, else as registersPerThread(K)).
KernelResources launchResources(const KernelFacts &K, const PtxasFunctionInfo *Verdict);
KernelResources launchResources(const KernelFacts &K);

/// " and 4 KB of dynamic shared memory from the annotation at line 3", or ""
/// without dynamic shared memory.
std::string dynamicSharedAssumption(const KernelFacts &K);

/// Where a SASS instruction is: its source line when the listing has line
/// info, else the listing's own line (column 1: listings have no columns).
SourceLoc sassLocation(const SassFacts &K, const SassInstruction &I);

/// The first access of F matching Pred inside a loop, else the first one;
/// null when none matches.
const SassMemoryAccess *
firstSassAccess(const SassFunction &F,
                llvm::function_ref<bool(const SassMemoryAccess &)> Pred);

} // namespace warplint

#endif
