//===- Baseline.h - check --baseline: findings a stored log lacks -*- C++ -*-===//
//
// `check --baseline OLD.sarif` reports only the findings that a SARIF log
// check wrote earlier does not have, matched as `diff` matches the findings
// of two revisions (tools/FindingMatch.h): same rule, kernel and file, then
// the same line by its fingerprint (the log's partialFingerprints), then
// the same message with its places masked.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_BASELINE_H
#define WARPLINT_TOOLS_BASELINE_H

#include "rules/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace warplint {

/// The indices (ascending) of the findings of Findings that the SARIF log
/// at Path does not have; an error names Path when it cannot be read or is
/// not a SARIF log.
llvm::Expected<std::vector<size_t>> findingsNotInBaseline(llvm::ArrayRef<Finding> Findings,
                                                          llvm::StringRef Path);

} // namespace warplint

#endif
