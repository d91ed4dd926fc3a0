//===- CheckGlobsTest.cpp - --checks globs, checks:, --fix's overlaps -----===//
#include "rules/CheckGlobs.h"
#include "rules/Config.h"
#include "tools/commands/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace warplint;

TEST(CheckGlobs, StarMatchesAnyText) {
  EXPECT_TRUE(globMatches("*", ""));
  EXPECT_TRUE(globMatches("shared-*", "shared-bank-conflict"));
  EXPECT_TRUE(globMatches("*-conflict", "shared-bank-conflict"));
  EXPECT_TRUE(globMatches("s*a*e", "shared-race"));
  EXPECT_FALSE(globMatches("shared-*", "global-uncoalesced"));
  EXPECT_FALSE(globMatches("shared", "shared-race"));
  EXPECT_TRUE(globMatchesRule("warplint-shared-*", "shared-race"));
  EXPECT_FALSE(globMatchesRule("clang-*", "shared-race"));
}

TEST(CheckGlobs, TheLastMatchDecides) {
  Expected<CheckGlobs> G = CheckGlobs::parse(" -* ,shared-*,\n-shared-race", "--checks");
  ASSERT_TRUE(bool(G)) << toString(G.takeError());
  EXPECT_EQ(G->decide("shared-bank-conflict"), std::optional<bool>(true));
  EXPECT_EQ(G->decide("shared-race"), std::optional<bool>(false));
  EXPECT_EQ(G->decide("global-uncoalesced"), std::optional<bool>(false));
  Expected<CheckGlobs> None = CheckGlobs::parse("shared-race", "--checks");
  ASSERT_TRUE(bool(None));
  EXPECT_EQ(None->decide("global-uncoalesced"), std::nullopt);
  Expected<CheckGlobs> Bad = CheckGlobs::parse("-*,shared-rase", "--checks");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "--checks: unknown rule 'shared-rase' (docs/rules/README.md lists the rules)");
}

TEST(CheckGlobs, ConfigChecksThenRulesThenCommandLine) {
  Expected<WarplintConfig> C = parseConfig(
      "checks: ['-*', 'global-*']\nrules:\n  global-misaligned: off\n", "c.yaml");
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_TRUE(C->enabled("global-uncoalesced"));
  EXPECT_FALSE(C->enabled("global-misaligned"));
  EXPECT_FALSE(C->enabled("shared-bank-conflict"));
  C->CommandLineChecks = cantFail(CheckGlobs::parse("global-misaligned,shared-*", "--checks"));
  EXPECT_TRUE(C->enabled("global-misaligned"));
  EXPECT_TRUE(C->enabled("shared-bank-conflict"));
}

TEST(Fixes, AnEditOverlappingAnotherIsNotApplied) {
  SmallString<128> Path;
  ASSERT_FALSE(sys::fs::createTemporaryFile("fixes", "cu", Path));
  {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    OS << "int a = AAAA;\nint b = BBBB;\n";
  }
  auto Fix = [&](unsigned Line, unsigned Col, unsigned Remove, StringRef Insert) {
    Finding F;
    F.Rule = "global-uncoalesced";
    F.Loc = SourceLoc{Path.str().str(), Line, Col};
    F.FixIts.push_back({SourceLoc{Path.str().str(), Line, Col}, Remove, Insert.str()});
    return F;
  };
  // The second overlaps the first; the third is the first again; the
  // fourth is elsewhere.
  std::vector<Finding> Findings = {Fix(1, 9, 4, "X"), Fix(1, 11, 2, "Y"), Fix(1, 9, 4, "X"),
                                   Fix(2, 9, 4, "Z")};
  std::string Log;
  raw_string_ostream OS(Log);
  EXPECT_TRUE(applyFixes(Findings, OS));
  EXPECT_NE(Log.find(":1:11: fix-it not applied: it overlaps one of another finding"),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find(": applied 2 fix-its (1 not: overlapping another)"), std::string::npos)
      << Log;
  auto Text = MemoryBuffer::getFile(Path);
  ASSERT_TRUE(bool(Text));
  EXPECT_EQ((*Text)->getBuffer(), "int a = X;\nint b = Z;\n");
  // A fix-it past its line (the file changed since) is an error.
  std::vector<Finding> Stale = {Fix(2, 9, 40, "W")};
  EXPECT_FALSE(applyFixes(Stale, OS));
  sys::fs::remove(Path);
}
