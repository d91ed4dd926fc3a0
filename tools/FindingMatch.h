//===- FindingMatch.h - Findings of two revisions, matched ------*- C++ -*-===//
//
// `warplint diff` and `check --baseline` pair each finding of the new
// revision with one of the old: same rule, same kernel, same file, and the
// same source line by its text (whitespace ignored), the nearest such line
// when several match; then, for what is left, the same message (places in it aside) at the
// nearest line (a statement reformatted or moved); last, a finding in a
// changed region with one of the same rule and kernel in the region that
// replaced it (the site was edited: `in[8 * i]` became `in[2 * i]`).
// Line numbers alone never
// match: an edit above a kernel shifts every finding below it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_FINDINGMATCH_H
#define WARPLINT_TOOLS_FINDINGMATCH_H

#include "rules/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// SARIF's result.baselineState.
enum class BaselineState { New, Unchanged, Updated, Absent };

/// "new", "unchanged", "updated", "absent".
llvm::StringRef baselineStateName(BaselineState S);

/// A finding of one revision and what it is matched on.
struct SideFinding {
  Finding F;
  /// lineFingerprint of the source line's text; empty when unknown (the
  /// finding is then matched by its message and region only).
  std::string LineKey;
  /// The file and kernel it is matched on, when not F's (a stored SARIF
  /// result names its file by URI and its kernel in its message).
  std::optional<std::string> File, Kernel;
  /// The changed region of its file that holds its line (the same number
  /// on both sides: `git diff`'s hunks in order); -1 outside any.
  int Hunk = -1;
};

/// One finding of either revision and what the change did to it.
struct MatchedFinding {
  BaselineState State = BaselineState::New;
  /// The new revision's finding; the old one's for Absent (fixed).
  Finding F;
  /// The old revision's finding, for Unchanged and Updated.
  std::optional<Finding> Before;
  /// The index of F among the new revision's findings; -1 for Absent.
  int NewIndex = -1;
};

/// Line text as findings are matched on: a hash of the text with every
/// whitespace character dropped (reindenting, spaces around operators do
/// not count), 16 hex digits; empty for an empty line. Check's SARIF keeps
/// it as each result's partialFingerprints["warplint/lineHash/v1"].
std::string lineFingerprint(llvm::StringRef Line);

/// The key of partialFingerprints that holds lineFingerprint.
inline constexpr llvm::StringLiteral LineFingerprintKey = "warplint/lineHash/v1";

/// Message as findings are compared: the numbers of places in it ("the
/// annotation at line 5", "k.cu:12") replaced by '#', so that a finding
/// below an edit is the same finding.
std::string messageKey(llvm::StringRef Message);

/// Pairs Old's findings with New's (see above). A pair is Unchanged when
/// its message and severity are the same, else Updated; New's findings
/// left over are New, Old's Absent. Sorted by file, line, column and rule
/// (an absent finding at its old place).
std::vector<MatchedFinding> matchFindings(std::vector<SideFinding> Old,
                                          std::vector<SideFinding> New);

} // namespace warplint

#endif
