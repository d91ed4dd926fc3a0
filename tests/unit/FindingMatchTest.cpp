//===- FindingMatchTest.cpp - Matching the findings of two revisions ------===//
#include "tools/FindingMatch.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

SideFinding side(const std::string &Rule, const std::string &Kernel, unsigned Line,
                 const std::string &Text, const std::string &Message, int Hunk = -1) {
  SideFinding S;
  S.F.Rule = Rule;
  S.F.Kernel = Kernel;
  S.F.Loc.File = "k.cu";
  S.F.Loc.Line = Line;
  S.F.Loc.Column = 3;
  S.F.Message = "kernel '" + Kernel + "': " + Message;
  S.LineKey = lineFingerprint(Text);
  S.Hunk = Hunk;
  return S;
}

/// The state of the finding at Line of the old revision (Old) or the new.
BaselineState stateAt(const std::vector<MatchedFinding> &M, unsigned Line, bool Old) {
  for (const MatchedFinding &F : M)
    if (F.F.Loc.Line == Line && (F.State == BaselineState::Absent) == Old)
      return F.State;
  ADD_FAILURE() << "no finding at line " << Line;
  return BaselineState::New;
}

TEST(FindingMatch, LineFingerprintIgnoresWhitespaceOnly) {
  EXPECT_EQ(lineFingerprint("  out[i] = in[8 * i];"), lineFingerprint("out[i]=in[8*i];\t"));
  EXPECT_NE(lineFingerprint("out[i] = in[8 * i];"), lineFingerprint("out[i] = in[2 * i];"));
  EXPECT_EQ(lineFingerprint("   "), "");
  EXPECT_EQ(lineFingerprint("x").size(), 16u);
}

TEST(FindingMatch, MessageKeyMasksPlacesNotCosts) {
  EXPECT_EQ(messageKey("32 sectors, the annotation at line 5"),
            messageKey("32 sectors, the annotation at line 7"));
  EXPECT_EQ(messageKey("the host launch at main.cu:12"), "the host launch at main.cu:#");
  EXPECT_NE(messageKey("32 sectors per request"), messageKey("8 sectors per request"));
}

// An edit above the kernel moves its finding down: the same line's text at
// another number is the same finding; the message naming the moved
// annotation line does not make it updated.
TEST(FindingMatch, ShiftedLineIsUnchanged) {
  std::vector<MatchedFinding> M =
      matchFindings({side("global-uncoalesced", "g", 25, "out[i] = in[8 * i];",
                          "32 sectors, from the annotation at line 22")},
                    {side("global-uncoalesced", "g", 28, "  out[i] = in[8*i];",
                          "32 sectors, from the annotation at line 25")});
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].State, BaselineState::Unchanged);
  EXPECT_EQ(M[0].F.Loc.Line, 28u);
  EXPECT_EQ(M[0].Before->Loc.Line, 25u);
  EXPECT_EQ(M[0].NewIndex, 0);
}

// Line numbers alone never match: a fixed finding at line 7 and a new one
// of the same rule at line 7 of another text are fixed and new.
TEST(FindingMatch, SameNumberOtherLineIsNewAndFixed) {
  std::vector<MatchedFinding> M =
      matchFindings({side("global-uncoalesced", "k", 7, "a = in[4 * i];", "16 sectors")},
                    {side("global-uncoalesced", "k", 7, "b = in[32 * i];", "32 sectors")});
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(stateAt(M, 7, false), BaselineState::New);
  EXPECT_EQ(stateAt(M, 7, true), BaselineState::Absent);
}

// The same site edited (one changed region on both sides) with another cost
// is updated.
TEST(FindingMatch, EditedSiteInOneHunkIsUpdated) {
  std::vector<MatchedFinding> M =
      matchFindings({side("global-uncoalesced", "g", 28, "out[i] = in[8 * i];", "32 sectors", 0)},
                    {side("global-uncoalesced", "g", 28, "out[i] = in[2 * i];", "8 sectors", 0)});
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].State, BaselineState::Updated);
  EXPECT_EQ(M[0].Before->Message, "kernel 'g': 32 sectors");
}

// Rule and kernel must agree; among equal lines the nearest is taken.
TEST(FindingMatch, RuleKernelAndNearestLine) {
  std::vector<MatchedFinding> M =
      matchFindings({side("shared-bank-conflict", "t", 10, "x = s[t];", "2-way"),
                     side("shared-bank-conflict", "t", 40, "x = s[t];", "2-way")},
                    {side("shared-bank-conflict", "t", 42, "x = s[t];", "2-way"),
                     side("shared-bank-conflict", "u", 12, "x = s[t];", "2-way"),
                     side("global-uncoalesced", "t", 11, "x = s[t];", "2-way")});
  // t:40 -> t:42 unchanged; t:10 fixed; u:12 and the other rule new.
  EXPECT_EQ(stateAt(M, 42, false), BaselineState::Unchanged);
  EXPECT_EQ(stateAt(M, 10, true), BaselineState::Absent);
  EXPECT_EQ(stateAt(M, 12, false), BaselineState::New);
  EXPECT_EQ(stateAt(M, 11, false), BaselineState::New);
}

// Without line text (a stored log without fingerprints) the message, places
// masked, still matches.
TEST(FindingMatch, MessageWhenNoLineText) {
  SideFinding Old = side("global-uncoalesced", "g", 25, "", "32 sectors at line 22");
  SideFinding New = side("global-uncoalesced", "g", 31, "", "32 sectors at line 28");
  std::vector<MatchedFinding> M = matchFindings({Old}, {New});
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].State, BaselineState::Unchanged);
}

} // namespace
