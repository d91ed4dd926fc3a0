//===- Suppressions.cpp - // warplint: ignore[rule-id] --------------------===//
#include "rules/Suppressions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace warplint {

bool suppresses(StringRef Text, StringRef Rule) {
  static constexpr StringLiteral Marker = "warplint: ignore[";
  for (size_t Pos = Text.find(Marker); Pos != StringRef::npos;
       Pos = Text.find(Marker, Pos + 1)) {
    StringRef List = Text.substr(Pos + Marker.size());
    size_t Close = List.find(']');
    if (Close == StringRef::npos)
      return false;
    SmallVector<StringRef, 4> Ids;
    List.take_front(Close).split(Ids, ',');
    if (any_of(Ids, [&](StringRef Id) { return Id.trim() == Rule || Id.trim() == "*"; }))
      return true;
  }
  return false;
}

bool isSuppressed(const Finding &F, SourceCache &Sources) {
  if (!F.Loc.valid())
    return false;
  if (suppresses(Sources.line(F.Loc.File, F.Loc.Line), F.Rule))
    return true;
  // The line above counts only when it is a comment of its own.
  StringRef Above = Sources.line(F.Loc.File, F.Loc.Line - 1).ltrim();
  return Above.starts_with("//") && suppresses(Above, F.Rule);
}

void removeSuppressed(std::vector<Finding> &Findings, SourceCache &Sources) {
  llvm::erase_if(Findings, [&](const Finding &F) { return isSuppressed(F, Sources); });
}

void markLabels(Finding &F, const SourceCache &Sources) {
  Sources.markLabel(F.Loc);
  for (RelatedNote &N : F.Notes)
    Sources.markLabel(N.Loc);
  llvm::erase_if(F.FixIts, [&](const FixIt &X) { return !Sources.quotable(X.Loc.File); });
}

} // namespace warplint
