//===- SarifOutput.cpp - Findings as SARIF 2.1.0 --------------------------===//
//
// Written with Clang's SARIF writer (clang/Basic/Sarif.h): the tool, its rules
// with their help links, and one result per finding with its location and
// related locations (notes).
//
//===----------------------------------------------------------------------===//
#include "rules/Rule.h"
#include "tools/DiagnosticOutput.h"
#include "tools/SourceMapper.h"

#include "clang/Basic/Sarif.h"

using namespace llvm;

namespace warplint {

namespace {
clang::SarifResultLevel sarifLevel(Severity S) {
  switch (S) {
  case Severity::Note:
    return clang::SarifResultLevel::Note;
  case Severity::Warning:
    return clang::SarifResultLevel::Warning;
  case Severity::Error:
    return clang::SarifResultLevel::Error;
  }
  return clang::SarifResultLevel::Warning;
}
} // namespace

json::Object findingsSarif(ArrayRef<Finding> Findings) {
  SourceMapper Map;
  clang::SarifDocumentWriter Writer(Map.sourceManager());
  Writer.createRun("warplint", "warplint", WARPLINT_VERSION);
  StringMap<size_t> RuleIndex;
  for (const RuleInfo &R : allRules()) {
    RuleIndex[R.Id] = Writer.createRule(clang::SarifRule::create()
                                            .setRuleId(R.Id)
                                            .setName(R.Id)
                                            .setDescription(R.Summary)
                                            .setHelpURI(ruleHelpUri(R.Id)));
  }
  for (const Finding &F : Findings) {
    auto It = RuleIndex.find(F.Rule);
    if (It == RuleIndex.end())
      continue;
    clang::SarifResult Result = clang::SarifResult::create(It->second)
                                    .setRuleId(F.Rule)
                                    .setDiagnosticMessage(F.text())
                                    .setDiagnosticLevel(sarifLevel(F.Level));
    clang::SourceLocation Loc = Map.locate(F.Loc);
    if (Loc.isValid())
      Result = Result.addLocations({clang::CharSourceRange::getCharRange(Loc, Loc)});
    SmallVector<clang::CharSourceRange, 4> Related;
    for (const RelatedNote &N : F.Notes)
      if (clang::SourceLocation NL = Map.locate(N.Loc); NL.isValid())
        Related.push_back(clang::CharSourceRange::getCharRange(NL, NL));
    if (!Related.empty())
      Result = Result.addRelatedLocations(Related);
    Writer.appendResult(Result);
  }
  json::Object Doc = Writer.createDocument();
  return Doc;
}

} // namespace warplint
