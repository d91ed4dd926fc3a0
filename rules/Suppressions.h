//===- Suppressions.h - // warplint: ignore[rule-id] ------------*- C++ -*-===//
#ifndef WARPLINT_RULES_SUPPRESSIONS_H
#define WARPLINT_RULES_SUPPRESSIONS_H

#include "frontend/SourceLines.h"
#include "rules/Finding.h"

#include <vector>

namespace warplint {

/// True when Text holds a `warplint: ignore[...]` comment naming Rule (a
/// comma-separated list; `*` names every rule).
bool suppresses(llvm::StringRef Text, llvm::StringRef Rule);

/// True when F's line or the line above suppresses F's rule.
bool isSuppressed(const Finding &F, SourceCache &Sources);

/// Drops the suppressed findings of Findings.
void removeSuppressed(std::vector<Finding> &Findings, SourceCache &Sources);

/// Makes F's locations in files the compile did not read labels (a `#line`
/// directive's name: SourceLoc::Label), whose text is never shown, and drops
/// the fix-its that would edit such a file.
void markLabels(Finding &F, const SourceCache &Sources);

} // namespace warplint

#endif
