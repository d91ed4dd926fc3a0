//===- RulesConfigTest.cpp - .warplint.yaml, suppressions, the registry ---===//
#include "rules/Config.h"
#include "rules/Suppressions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace warplint;

TEST(RulesConfig, ParsesRulesArchAndLaunch) {
  Expected<WarplintConfig> C = parseConfig(R"(
arch: sm_80
rules:
  readonly-not-restrict: off
  shared-bank-conflict: error
  global-uncoalesced:
    severity: note
    threshold: 2.5
launch:
  block: [32, 8]
  grid: 64
  args: {n: 4096}
)",
                                           "p/.warplint.yaml");
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_EQ(C->Arch, "sm_80");
  EXPECT_FALSE(C->enabled("readonly-not-restrict"));
  EXPECT_TRUE(C->enabled("global-uncoalesced"));
  EXPECT_EQ(C->optionsFor("shared-bank-conflict").text("severity", ""), "error");
  EXPECT_EQ(C->optionsFor("global-uncoalesced").number("threshold", 0), 2.5);
  EXPECT_EQ(C->optionsFor("global-uncoalesced").text("severity", ""), "note");
  ASSERT_TRUE(C->Launch.has_value());
  EXPECT_EQ(C->Launch->Block->V, (std::array<uint64_t, 3>{32, 8, 1}));
  EXPECT_EQ(C->Launch->Grid->V, (std::array<uint64_t, 3>{64, 1, 1}));
  EXPECT_EQ(C->Launch->Args.at("n"), 4096);
}

TEST(RulesConfig, EmptyFileIsDefaults) {
  Expected<WarplintConfig> C = parseConfig("", "e.yaml");
  ASSERT_TRUE(bool(C));
  EXPECT_TRUE(C->enabled("global-uncoalesced"));
  EXPECT_FALSE(C->Launch.has_value());
}

TEST(RulesConfig, PartialOkIsOffUnlessSaid) {
  Expected<WarplintConfig> Off = parseConfig("arch: sm_90\n", "cfg.yaml");
  ASSERT_TRUE(bool(Off)) << toString(Off.takeError());
  EXPECT_FALSE(Off->PartialOk);
  Expected<WarplintConfig> On = parseConfig("partial-ok: true\n", "cfg.yaml");
  ASSERT_TRUE(bool(On)) << toString(On.takeError());
  EXPECT_TRUE(On->PartialOk);
}

TEST(RulesConfig, ErrorsNameFileAndLine) {
  auto ErrorOf = [](StringRef Text) {
    Expected<WarplintConfig> C = parseConfig(Text, "cfg.yaml");
    return C ? std::string() : toString(C.takeError());
  };
  EXPECT_EQ(ErrorOf("arch: sm_80\nrules:\n  no-such-rule: off\n"),
            "cfg.yaml:3:3: error: unknown rule 'no-such-rule'");
  EXPECT_EQ(ErrorOf("rules:\n  global-uncoalesced:\n    severity: loud\n"),
            "cfg.yaml:3:15: error: severity must be note, warning or error");
  EXPECT_EQ(ErrorOf("colour: blue\n"),
            "cfg.yaml:1:1: error: unknown key 'colour' (arch, checks, rules, launch, partial-ok, docs-url)");
  EXPECT_EQ(ErrorOf("checks: '-*,shared-bank-conflcit'\n"),
            "cfg.yaml:1:9: error: 'checks': unknown rule 'shared-bank-conflcit' "
            "(docs/rules/README.md lists the rules)");
  EXPECT_EQ(ErrorOf("checks: 'nothing-*'\n"),
            "cfg.yaml:1:9: error: 'checks': no rule matches 'nothing-*' "
            "(docs/rules/README.md lists the rules)");
  EXPECT_EQ(ErrorOf("docs-url: ''\n"), "cfg.yaml:1:11: error: 'docs-url' must be a URL");
  {
    Expected<WarplintConfig> C = parseConfig("docs-url: https://example.org/r\n", "cfg.yaml");
    ASSERT_TRUE(bool(C));
    EXPECT_EQ(C->DocsUrl.value_or(""), "https://example.org/r");
  }
  EXPECT_EQ(ErrorOf("partial-ok: sometimes\n"),
            "cfg.yaml:1:13: error: 'partial-ok' must be true or false");
  EXPECT_NE(ErrorOf("launch:\n  block: [0]\n").find("cfg.yaml:2:"), std::string::npos);
  EXPECT_EQ(ErrorOf("rules:\n  global-uncoalesced:\n    threshold: lots\n"),
            "cfg.yaml:3:16: error: threshold must be a number of 0 or more");
  EXPECT_EQ(ErrorOf("arch: sm_11\n").find("cfg.yaml:1:7: error: unknown architecture"), 0u);
  EXPECT_EQ(ErrorOf("arch: sm_80\n---\narch: sm_90\n"), "cfg.yaml:3:1: error: expected one YAML document");
  EXPECT_NE(ErrorOf("rules: [\n"), "");
  EXPECT_NE(ErrorOf("- a\n- b\n"), "");
}

TEST(Suppressions, NamesRulesInABracketList) {
  EXPECT_TRUE(suppresses("x = 1; // warplint: ignore[global-uncoalesced]", "global-uncoalesced"));
  EXPECT_TRUE(suppresses("// warplint: ignore[a, global-uncoalesced]", "global-uncoalesced"));
  EXPECT_TRUE(suppresses("// warplint: ignore[*]", "shared-bank-conflict"));
  EXPECT_FALSE(suppresses("// warplint: ignore[shared-bank-conflict]", "global-uncoalesced"));
  EXPECT_FALSE(suppresses("// warplint: ignore[global-uncoalesced", "global-uncoalesced"));
  EXPECT_FALSE(suppresses("// ignore[global-uncoalesced]", "global-uncoalesced"));
}

// One rule = one class + one doc page + one lit test with inline expectations.
TEST(RuleRegistry, EveryRuleHasItsDocPageAndTest) {
  for (const RuleInfo &R : allRules()) {
    EXPECT_NE(findRule(R.Id), nullptr);
    std::string Root = WARPLINT_SOURCE_DIR;
    std::string Page = Root + "/" + ruleDocPath(R.Id);
    EXPECT_TRUE(sys::fs::exists(Page)) << Page;
    std::string Test = Root + "/tests/lit/rules/" + R.Id.str() + ".cu";
    EXPECT_TRUE(sys::fs::exists(Test)) << Test;
    EXPECT_FALSE(R.Summary.empty()) << R.Id.str();
  }
  EXPECT_EQ(findRule("no-such-rule"), nullptr);
}

namespace {
/// Writes Text to Path (creating its directory).
void writeFile(const Twine &Path, StringRef Text) {
  sys::fs::create_directories(sys::path::parent_path(Path.str()));
  std::error_code EC;
  raw_fd_ostream OS(Path.str(), EC);
  ASSERT_FALSE(EC) << EC.message();
  OS << Text;
}
} // namespace

TEST(RulesConfig, CacheSearchesEachDirectoryAndParsesEachFileOnce) {
  SmallString<128> Root;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("warplint-config-cache", Root));
  writeFile(Root + "/.warplint.yaml", "arch: sm_80\n");
  writeFile(Root + "/sub/deeper/b.cu", "");
  writeFile(Root + "/other/.warplint.yaml", "arch: sm_75\n");
  ConfigCache Cache;
  for (const char *File : {"/a.cu", "/sub/b.cu", "/sub/deeper/c.cu", "/a2.cu"}) {
    auto C = Cache.forFile((Root + File).str(), "");
    ASSERT_TRUE(bool(C)) << toString(C.takeError());
    EXPECT_EQ((*C)->Arch, "sm_80") << File;
  }
  EXPECT_EQ(Cache.parses(), 1u);
  auto Other = Cache.forFile((Root + "/other/x.cu").str(), "");
  ASSERT_TRUE(bool(Other));
  EXPECT_EQ((*Other)->Arch, "sm_75");
  EXPECT_EQ(Cache.parses(), 2u);

  // An edited file is read again; a broken one is an error naming the file.
  writeFile(Root + "/.warplint.yaml", "arch: sm_90a\n");
  auto Edited = Cache.forFile((Root + "/a.cu").str(), "");
  ASSERT_TRUE(bool(Edited));
  EXPECT_EQ((*Edited)->Arch, "sm_90a");
  writeFile(Root + "/other/.warplint.yaml", "rules: [\n");
  auto Broken = Cache.forFile((Root + "/other/x.cu").str(), "");
  ASSERT_FALSE(bool(Broken));
  EXPECT_NE(toString(Broken.takeError()).find("other/.warplint.yaml"), std::string::npos);
  EXPECT_EQ(Cache.parses(), 4u);

  // --config wins over the search.
  auto Explicit = Cache.forFile((Root + "/a.cu").str(), (Root + "/other/.warplint.yaml").str());
  EXPECT_FALSE(bool(Explicit));
  consumeError(Explicit.takeError());
  sys::fs::remove_directories(Root);
}

