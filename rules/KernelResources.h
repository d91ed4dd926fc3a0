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
  /// "32 registers per thread (ptxas)" or "about 40 registers per thread
  /// (estimated from the IR; --ptxas gives ptxas's count)".
  std::string str() const;
};

/// ptxas's count when ptxas ran, else the estimate limited by the cap (ptxas
/// spills rather than exceed it).
RegisterFigure registersPerThread(const KernelFacts &K);

/// Static shared bytes per block: ptxas's "smem" when ptxas ran, else the
/// IR's __shared__ variables.
uint64_t staticSharedBytes(const KernelFacts &K);

/// What K's launch asks of an SM: block size, registers, static shared and
/// the launch's dynamic shared memory.
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
