//===- CheckGlobs.h - clang-tidy's --checks glob lists ----------*- C++ -*-===//
//
// `--checks='-*,shared-*'` and a configuration's `checks:` key, as
// clang-tidy reads them: comma- (or newline-) separated globs, `*` matching
// any text, a leading `-` turning off what the glob matches, the last glob
// that matches a rule deciding. A rule id matches as itself and with the
// `warplint-` prefix (`warplint-shared-*` as NOLINT comments name it).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_CHECKGLOBS_H
#define WARPLINT_RULES_CHECKGLOBS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The prefix a rule id may carry in --checks and NOLINT comments.
inline constexpr llvm::StringLiteral RulePrefix = "warplint-";

/// True when Pattern (`*` matching any run of characters) matches all of Text.
bool globMatches(llvm::StringRef Pattern, llvm::StringRef Text);

/// True when Pattern matches Id, or Id with the `warplint-` prefix.
bool globMatchesRule(llvm::StringRef Pattern, llvm::StringRef Id);

/// The ids of what warplint reports that are not rules of the registry
/// (not-analyzed code, budget and totals notes, bad suppression comments):
/// known to suppression comments, never enabled or disabled by --checks.
llvm::ArrayRef<llvm::StringRef> otherFindingIds();

/// What a bad suppression comment is reported as (docs/rules/invalid-suppression.md).
inline constexpr llvm::StringLiteral InvalidSuppressionRule = "invalid-suppression";

/// True for the id of a rule of the registry or of otherFindingIds.
bool isKnownFindingId(llvm::StringRef Id);

/// A glob list.
class CheckGlobs {
public:
  CheckGlobs() = default;

  /// Parses Text. Each glob that names no rule of the registry (a plain id
  /// that is unknown, or a pattern that matches none) is an error naming
  /// Where ("--checks", "PATH: checks").
  static llvm::Expected<CheckGlobs> parse(llvm::StringRef Text, llvm::StringRef Where);

  /// The sign of the last glob that matches Id; none when no glob does.
  std::optional<bool> decide(llvm::StringRef Id) const;

  bool empty() const { return Globs.empty(); }
  /// The list as given.
  const std::string &text() const { return Text; }

private:
  struct Glob {
    std::string Pattern;
    bool Enables = true;
  };
  std::vector<Glob> Globs;
  std::string Text;
};

} // namespace warplint

#endif
