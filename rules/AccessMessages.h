//===- AccessMessages.h - Wording shared by the access rules ----*- C++ -*-===//
#ifndef WARPLINT_RULES_ACCESSMESSAGES_H
#define WARPLINT_RULES_ACCESSMESSAGES_H

#include "rules/Rule.h"

#include <string>

namespace warplint {

/// "32 sectors per request where 4 would do" (or "4.88 sectors per request on
/// average (4 to 5 over the loop) where 4 would do" for a loop-varying access)
/// for access A predicted as P.
std::string costAgainstIdeal(const MemoryAccess &A, const Prediction &P);

/// The cost unit of A's space: "sectors", "wavefronts", "addresses".
llvm::StringRef costUnit(const MemoryAccess &A);

/// "kernel 'k': " for the start of a message.
std::string kernelPrefix(const KernelFacts &K);

/// P's predicted waste as a ratio to the ideal (1 when at the ideal or unknown).
double wasteRatio(const Prediction &P);

/// Adds one note listing what P's prediction assumed ("assumed: a; b").
void addAssumptionNote(Finding &F, const MemoryAccess &A, const Prediction &P);

/// True when access A lives in global memory (generic pointers are costed
/// as global).
bool isGlobalAccess(const MemoryAccess &A);

} // namespace warplint

#endif
