//===- Suppressions.h - NOLINT and // warplint: ignore[rule-id] -*- C++ -*-===//
//
// The comments that keep findings out of the output (docs/suppressions.md):
//
//   // NOLINT, // NOLINT(rule-id, warplint-rule-*)   this line
//   // NOLINTNEXTLINE(...)                            the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)         the lines between
//   // warplint: ignore[rule-id, ...]                 this line, or the next
//                                                     when alone on its line
//   // warplint: ignore-kernel[rule-id, ...]          every finding of the kernel
//                                                     declared on this line or
//                                                     just below it
//
// NOLINT comments work as clang-tidy's: globs in the parentheses (a rule id
// with or without the `warplint-` prefix), none meaning every rule; a
// NOLINTEND closes the innermost NOLINTBEGIN with the same list. A
// NOLINTBEGIN or NOLINTEND left unmatched, and an unknown rule id in
// `ignore[...]` (or one with the `warplint-` prefix in a NOLINT comment, where
// other tools' names are left alone), are errors of their own
// (invalid-suppression).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_SUPPRESSIONS_H
#define WARPLINT_RULES_SUPPRESSIONS_H

#include "frontend/SourceLines.h"
#include "rules/Finding.h"

#include "llvm/ADT/StringMap.h"

#include <vector>

namespace warplint {

/// True when Text holds a `warplint: ignore[...]` comment naming Rule (a
/// comma-separated list; `*` names every rule).
bool suppresses(llvm::StringRef Text, llvm::StringRef Rule);

/// Where each kernel is declared (source name -> its declaration's line),
/// for `warplint: ignore-kernel[...]`.
using KernelDeclarations = llvm::StringMap<SourceLoc>;

/// Drops the suppressed findings of Findings and adds an invalid-suppression
/// error for each bad suppression comment of the files looked at: those of
/// the findings and of Kernels, and Files.
void applySuppressions(std::vector<Finding> &Findings, SourceCache &Sources,
                       const KernelDeclarations &Kernels = KernelDeclarations(),
                       llvm::ArrayRef<std::string> Files = {});

/// Makes F's locations in files the compile did not read labels (a `#line`
/// directive's name: SourceLoc::Label), whose text is never shown, and drops
/// the fix-its that would edit such a file.
void markLabels(Finding &F, const SourceCache &Sources);

} // namespace warplint

#endif
