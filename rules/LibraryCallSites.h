//===- LibraryCallSites.h - Findings inside library code --------*- C++ -*-===//
//
// Accesses inside CUB, Thrust, libcu++ or the toolkit's headers are reported
// at the user's line that called the primitive (userLocation); this pass adds
// the header line as a note, and gives a finding whose location the optimizer
// lost the kernel's declaration, saying so; a finding at an access the
// optimizer merged from several lines gets a note at each other line.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_LIBRARYCALLSITES_H
#define WARPLINT_RULES_LIBRARYCALLSITES_H

#include "analyzer/StateSpaces.h"
#include "rules/Finding.h"

#include "llvm/IR/Function.h"

#include <vector>

namespace warplint {

/// Completes the findings Findings[From..] of Kernel: a note at the library
/// line behind a user line, and the kernel's declaration for a finding
/// without a line.
void placeFindings(const llvm::Function &Kernel, std::vector<Finding> &Findings, size_t From);

/// Adds to each finding at an access the optimizer merged with accesses of
/// other lines (MemoryAccess::MergedWith) a note at each of those lines.
void noteMergedAccesses(const StateSpaces &Spaces, std::vector<Finding> &Findings);

} // namespace warplint

#endif
