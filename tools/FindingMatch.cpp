//===- FindingMatch.cpp - Findings of two revisions, matched --------------===//
#include "tools/FindingMatch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace llvm;

namespace warplint {

namespace {

/// The pairs (Old index, New index) of one matching pass: findings with
/// equal keys, nearest line first (then nearest column), each used once.
void pairByKey(const std::vector<SideFinding> &Old, const std::vector<SideFinding> &New,
               std::vector<int> &OldMate, std::vector<int> &NewMate,
               function_ref<std::string(const SideFinding &)> Key) {
  std::map<std::string, std::pair<std::vector<size_t>, std::vector<size_t>>> Groups;
  for (size_t I = 0; I < Old.size(); ++I)
    if (OldMate[I] < 0)
      Groups[Key(Old[I])].first.push_back(I);
  for (size_t J = 0; J < New.size(); ++J)
    if (NewMate[J] < 0)
      Groups[Key(New[J])].second.push_back(J);
  for (auto &[K, G] : Groups) {
    if (K.empty() || G.first.empty() || G.second.empty())
      continue;
    // Every candidate pair by distance; the nearest taken first.
    std::vector<std::tuple<unsigned, unsigned, size_t, size_t>> Pairs;
    for (size_t I : G.first)
      for (size_t J : G.second) {
        const SourceLoc &A = Old[I].F.Loc, &B = New[J].F.Loc;
        unsigned DLine = A.Line > B.Line ? A.Line - B.Line : B.Line - A.Line;
        unsigned DCol = A.Column > B.Column ? A.Column - B.Column : B.Column - A.Column;
        Pairs.emplace_back(DLine, DCol, I, J);
      }
    llvm::sort(Pairs);
    for (auto &[DLine, DCol, I, J] : Pairs)
      if (OldMate[I] < 0 && NewMate[J] < 0) {
        OldMate[I] = int(J);
        NewMate[J] = int(I);
      }
  }
}

std::string identity(const SideFinding &S) {
  return S.F.Rule + '\0' + S.Kernel.value_or(S.F.Kernel) + '\0' + S.File.value_or(S.F.Loc.File) +
         '\0';
}

} // namespace

StringRef baselineStateName(BaselineState S) {
  switch (S) {
  case BaselineState::New:
    return "new";
  case BaselineState::Unchanged:
    return "unchanged";
  case BaselineState::Updated:
    return "updated";
  case BaselineState::Absent:
    return "absent";
  }
  return "new";
}

std::string lineFingerprint(StringRef Line) {
  std::string Text;
  for (char C : Line)
    if (!isSpace(C))
      Text += C;
  if (Text.empty())
    return "";
  return utohexstr(xxh3_64bits(Text), /*LowerCase=*/true, /*Width=*/16);
}

std::string messageKey(StringRef Message) {
  std::string Out;
  for (size_t I = 0; I < Message.size();) {
    if (!isDigit(Message[I])) {
      Out += Message[I++];
      continue;
    }
    size_t End = I;
    while (End < Message.size() && isDigit(Message[End]))
      ++End;
    StringRef Before = StringRef(Out);
    bool Place = Before.ends_with("line ") || Before.ends_with("lines ") ||
                 Before.ends_with("column ") || Before.ends_with(":") || Before.ends_with("@");
    Out += Place ? StringRef("#") : Message.slice(I, End);
    I = End;
  }
  return Out;
}

std::vector<MatchedFinding> matchFindings(std::vector<SideFinding> Old,
                                          std::vector<SideFinding> New) {
  std::vector<int> OldMate(Old.size(), -1), NewMate(New.size(), -1);
  // The same source line, then (what is left) the same message.
  pairByKey(Old, New, OldMate, NewMate, [](const SideFinding &S) {
    return S.LineKey.empty() ? std::string() : identity(S) + S.LineKey;
  });
  pairByKey(Old, New, OldMate, NewMate,
            [](const SideFinding &S) { return identity(S) + messageKey(S.F.Message); });
  // An edited site: the same changed region of the file on both sides.
  pairByKey(Old, New, OldMate, NewMate, [](const SideFinding &S) {
    return S.Hunk < 0 ? std::string() : identity(S) + "hunk " + std::to_string(S.Hunk);
  });
  std::vector<MatchedFinding> Out;
  for (size_t J = 0; J < New.size(); ++J) {
    MatchedFinding M;
    M.F = std::move(New[J].F);
    M.NewIndex = int(J);
    if (NewMate[J] >= 0) {
      Finding &Before = Old[NewMate[J]].F;
      bool Same =
          messageKey(Before.Message) == messageKey(M.F.Message) && Before.Level == M.F.Level;
      M.State = Same ? BaselineState::Unchanged : BaselineState::Updated;
      M.Before = std::move(Before);
    }
    Out.push_back(std::move(M));
  }
  for (size_t I = 0; I < Old.size(); ++I)
    if (OldMate[I] < 0) {
      MatchedFinding M;
      M.State = BaselineState::Absent;
      M.F = std::move(Old[I].F);
      Out.push_back(std::move(M));
    }
  std::stable_sort(Out.begin(), Out.end(), [](const MatchedFinding &A, const MatchedFinding &B) {
    return std::tie(A.F.Loc.File, A.F.Loc.Line, A.F.Loc.Column, A.F.Rule) <
           std::tie(B.F.Loc.File, B.F.Loc.Line, B.F.Loc.Column, B.F.Rule);
  });
  return Out;
}

} // namespace warplint
