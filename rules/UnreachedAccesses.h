//===- UnreachedAccesses.h - Accesses no sampled thread reached -*- C++ -*-===//
//
// "A kernel reported clean must have been checked": the accesses of a kernel
// that no sampled warp reached (a guard on arguments not given, a block
// assumed too small) have no predicted cost, and a kernel none of whose
// accesses was reached was not checked at all. Both are said as findings of
// their own (docs/rules/kernel-unreached.md), never left silent.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_UNREACHEDACCESSES_H
#define WARPLINT_RULES_UNREACHEDACCESSES_H

#include "analyzer/AccessPatterns.h"
#include "analyzer/StateSpaces.h"
#include "rules/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace warplint {

/// The id of the finding that says a kernel's accesses were not reached.
inline constexpr llvm::StringLiteral KernelUnreachedRule = "kernel-unreached";
/// The id of the finding that says a kernel's analysis stopped at its budget.
inline constexpr llvm::StringLiteral AnalysisBudgetRule = "analysis-budget";

/// The kernel-unreached finding of kernel Name (declared at KernelLoc), or
/// none when every access was reached: a warning that the kernel was not
/// checked when none of its memory accesses was reached, else, where the
/// launch was assumed or arguments were not given, a note at the first
/// unreached access naming what to give.
std::optional<Finding> unreachedFinding(llvm::StringRef Name, const SourceLoc &KernelLoc,
                                        const llvm::Function &F, const StateSpaces &Spaces,
                                        const AccessPatterns &Patterns);

} // namespace warplint

#endif
