//===- CheckGlobs.cpp - clang-tidy's --checks glob lists ------------------===//
#include "rules/CheckGlobs.h"
#include "rules/Rule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace warplint {

bool globMatches(StringRef Pattern, StringRef Text) {
  // Greedy with backtracking to the last star: linear in practice.
  size_t P = 0, T = 0, Star = StringRef::npos, Mark = 0;
  while (T < Text.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      Star = P++;
      Mark = T;
    } else if (P < Pattern.size() && Pattern[P] == Text[T]) {
      ++P;
      ++T;
    } else if (Star != StringRef::npos) {
      P = Star + 1;
      T = ++Mark;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

bool globMatchesRule(StringRef Pattern, StringRef Id) {
  return globMatches(Pattern, Id) || globMatches(Pattern, (RulePrefix + Id).str());
}

ArrayRef<StringRef> otherFindingIds() {
  static const StringRef Ids[] = {"compile-error",   "input-error",
                                  "kernel-not-instantiated", "analysis-budget",
                                  "totals-mismatch", InvalidSuppressionRule};
  return Ids;
}

bool isKnownFindingId(StringRef Id) {
  return findRule(Id) || is_contained(otherFindingIds(), Id);
}

Expected<CheckGlobs> CheckGlobs::parse(StringRef Text, StringRef Where) {
  CheckGlobs G;
  G.Text = Text.str();
  SmallVector<StringRef, 8> Items;
  Text.split(Items, ',');
  for (StringRef Item : Items) {
    SmallVector<StringRef, 2> Lines;
    Item.split(Lines, '\n');
    for (StringRef Raw : Lines) {
      StringRef Glob = Raw.trim();
      if (Glob.empty())
        continue;
      bool Enables = !Glob.consume_front("-");
      Glob = Glob.ltrim();
      bool Matches = any_of(allRules(), [&](const RuleInfo &R) {
        return globMatchesRule(Glob, R.Id);
      });
      if (!Matches)
        return createStringError(
            inconvertibleErrorCode(), "%s: %s '%s' (docs/rules/README.md lists the rules)",
            Where.str().c_str(),
            Glob.contains('*') ? "no rule matches" : "unknown rule", Glob.str().c_str());
      G.Globs.push_back({Glob.str(), Enables});
    }
  }
  return G;
}

std::optional<bool> CheckGlobs::decide(StringRef Id) const {
  for (const Glob &G : reverse(Globs))
    if (globMatchesRule(G.Pattern, Id))
      return G.Enables;
  return std::nullopt;
}

} // namespace warplint
