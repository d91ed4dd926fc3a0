//===- SarifOutput.cpp - Findings as SARIF 2.1.0 --------------------------===//
//
// Written with Clang's SARIF writer (clang/Basic/Sarif.h): the tool and its
// version, every rule with its summary, default level and help link, and one
// result per finding with its location (the token it points at) and related
// locations (notes). The writer has no place for a related location's
// message, for fixes, for a fingerprint of the result's source line (what
// `check --baseline` matches on), or for a location in a file it cannot
// open; those are added to the document it returns, in the shape the SARIF
// 2.1.0 schema gives them, and its artifacts are put in the order of the
// indices it gave them.
//
//===----------------------------------------------------------------------===//
#include "rules/Rule.h"
#include "rules/UnreachedAccesses.h"
#include "tools/output/DiagnosticOutput.h"
#include "tools/output/RuleHelp.h"
#include "tools/FindingMatch.h"
#include "tools/NotAnalyzed.h"
#include "tools/SourceMapper.h"

#include "clang/Basic/Sarif.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

json::Object message(StringRef Text) { return json::Object{{"text", Text.str()}}; }

/// What the writer cannot express for one result.
struct ResultExtras {
  /// Messages of the related locations the writer wrote, in order.
  std::vector<std::string> RelatedMessages;
  /// Locations (primary first when the writer had none) it could not write.
  std::optional<json::Object> PrimaryLocation;
  json::Array OtherRelated;
  json::Array Fixes;
  /// What fixing it saves (the time model), as result properties.
  std::optional<json::Object> TimeSaved;
  /// lineFingerprint of its line (what `check --baseline` and `diff` match).
  std::string LineHash;
};

/// Builds SARIF locations for what the writer does not cover, with the URIs
/// and code-point columns the writer would use.
class RegionBuilder {
public:
  explicit RegionBuilder(SourceMapper &Map) : Map(Map) {}

  /// The token at L as a character range (SARIF regions end after it).
  clang::CharSourceRange token(clang::SourceLocation L) {
    clang::SourceManager &SM = Map.sourceManager();
    clang::SourceLocation End = clang::Lexer::getLocForEndOfToken(L, 0, SM, Map.langOptions());
    if (End.isInvalid() || End == L || SM.getFileID(End) != SM.getFileID(L) ||
        SM.getSpellingLineNumber(End) != SM.getSpellingLineNumber(L))
      End = L;
    return clang::CharSourceRange::getCharRange(L, End);
  }

  /// "file:///abs/path" for File, as the writer spells it; a relative
  /// reference when File is relative and cannot be found from here.
  std::string uri(StringRef File) {
    SmallString<256> Real;
    if (!sys::fs::real_path(File, Real))
      return clang::SarifDocumentWriter::fileNameToURI(Real);
    if (sys::path::is_absolute(File))
      return clang::SarifDocumentWriter::fileNameToURI(File);
    std::string Ref;
    for (char C : File) {
      if (isAlnum(C) || StringRef("-._~/").contains(C))
        Ref += C;
      else
        Ref += "%" + toHex(StringRef(&C, 1));
    }
    return Ref;
  }

  /// A physical location from warplint's own (file, line, column), with
  /// code-point columns when the file is readable. With Columns the region
  /// is that many characters long (a fix-it's deletion); without, it runs
  /// to the end of the line (the token's length is unknown).
  json::Object physical(const SourceLoc &L, std::optional<unsigned> Columns = std::nullopt) {
    json::Object Region{{"startLine", L.Line}};
    if (L.Column) {
      Region["startColumn"] = codePoints(L, L.Column);
      if (Columns)
        Region["endColumn"] = codePoints(L, L.Column + *Columns);
    }
    return json::Object{{"artifactLocation", json::Object{{"uri", uri(L.File)}}},
                        {"region", std::move(Region)}};
  }

  /// The text of L's line; empty when the file cannot be read.
  std::string lineText(const SourceLoc &L) {
    if (!L.valid())
      return "";
    SourceLoc LineStart = L;
    LineStart.Column = 1;
    clang::SourceLocation Begin = Map.locate(LineStart);
    if (Begin.isInvalid())
      return "";
    std::string Text;
    for (const char *C = Map.sourceManager().getCharacterData(Begin);
         *C && *C != '\n' && *C != '\r'; ++C)
      Text += *C;
    return Text;
  }

private:
  /// The 1-based code-point column of byte column Column on L's line.
  unsigned codePoints(const SourceLoc &L, unsigned Column) {
    SourceLoc LineStart = L;
    LineStart.Column = 1;
    clang::SourceLocation Begin = Map.locate(LineStart);
    if (Begin.isInvalid())
      return Column;
    StringRef Text = Map.sourceManager().getCharacterData(Begin);
    unsigned Result = 1;
    for (unsigned Byte = 0; Byte + 1 < Column && Byte < Text.size();) {
      Byte += getNumBytesForUTF8(Text[Byte]);
      ++Result;
    }
    return Result;
  }

  SourceMapper &Map;
};

/// SARIF fixes for F's fix-its, all of them one fix (they belong together).
json::Array fixesFor(const Finding &F, RegionBuilder &Regions) {
  if (F.FixIts.empty())
    return {};
  json::Array Changes;
  for (const FixIt &X : F.FixIts) {
    json::Object Where = Regions.physical(X.Loc, X.RemoveColumns);
    json::Object Replacement{{"deletedRegion", std::move(*Where.getObject("region"))},
                             {"insertedContent", message(X.Insert)}};
    Changes.push_back(json::Object{
        {"artifactLocation", std::move(*Where.getObject("artifactLocation"))},
        {"replacements", json::Array{std::move(Replacement)}}});
  }
  std::string Description = F.Notes.empty() ? F.Message : F.Notes.front().Message;
  return json::Array{json::Object{{"description", message(Description)},
                                  {"artifactChanges", std::move(Changes)}}};
}

/// F's message, and on the next line what fixing it saves: a code-scanning
/// alert shows message.text alone (check --baseline reads the first line).
std::string sarifMessageText(const Finding &F) {
  std::string Text = F.Message;
  if (F.Saved)
    Text += "\n" + F.Saved->text();
  return Text;
}

/// Writes F as a result of Writer and returns what the writer leaves out.
ResultExtras appendFinding(clang::SarifDocumentWriter &Writer, size_t RuleIdx, const Finding &F,
                           SourceMapper &Map, RegionBuilder &Regions) {
  ResultExtras Extras;
  clang::SarifResult Result = clang::SarifResult::create(RuleIdx)
                                  .setRuleId(F.Rule)
                                  .setDiagnosticMessage(sarifMessageText(F))
                                  .setDiagnosticLevel(sarifLevel(F.Level));
  if (clang::SourceLocation Loc = Map.locate(F.Loc); Loc.isValid())
    Result = Result.addLocations({Regions.token(Loc)});
  else if (F.Loc.valid())
    Extras.PrimaryLocation =
        json::Object{{"physicalLocation", Regions.physical(F.Loc)}};
  else if (!F.Loc.File.empty()) // A file without a line (one that cannot be read).
    Extras.PrimaryLocation = json::Object{
        {"physicalLocation",
         json::Object{{"artifactLocation", json::Object{{"uri", Regions.uri(F.Loc.File)}}}}}};
  SmallVector<clang::CharSourceRange, 4> Related;
  for (const RelatedNote &N : F.Notes) {
    if (clang::SourceLocation NL = Map.locate(N.Loc); NL.isValid()) {
      Related.push_back(Regions.token(NL));
      Extras.RelatedMessages.push_back(N.Message);
      continue;
    }
    json::Object Loc{{"message", message(N.Message)}};
    if (N.Loc.valid())
      Loc["physicalLocation"] = Regions.physical(N.Loc);
    Extras.OtherRelated.push_back(std::move(Loc));
  }
  if (!Related.empty())
    Result = Result.addRelatedLocations(Related);
  Extras.Fixes = fixesFor(F, Regions);
  if (F.Saved)
    Extras.TimeSaved = timeSavedJson(*F.Saved);
  Extras.LineHash = lineFingerprint(Regions.lineText(F.Loc));
  Writer.appendResult(Result);
  return Extras;
}

/// Adds Extras to the result the writer wrote.
void addExtras(json::Object &Result, ResultExtras Extras) {
  if (Extras.PrimaryLocation)
    Result["locations"] = json::Array{std::move(*Extras.PrimaryLocation)};
  if (json::Array *Related = Result.getArray("relatedLocations"))
    for (size_t I = 0; I < Related->size() && I < Extras.RelatedMessages.size(); ++I)
      (*Related)[I].getAsObject()->try_emplace("message", message(Extras.RelatedMessages[I]));
  if (!Extras.OtherRelated.empty()) {
    json::Array *Related = Result.getArray("relatedLocations");
    if (!Related) {
      Result["relatedLocations"] = json::Array();
      Related = Result.getArray("relatedLocations");
    }
    for (json::Value &V : Extras.OtherRelated)
      Related->push_back(std::move(V));
  }
  if (!Extras.Fixes.empty())
    Result["fixes"] = std::move(Extras.Fixes);
  if (!Extras.LineHash.empty())
    Result["partialFingerprints"] = json::Object{{LineFingerprintKey, Extras.LineHash}};
  if (Extras.TimeSaved) {
    json::Object *Props = Result.getObject("properties");
    if (!Props) {
      Result["properties"] = json::Object();
      Props = Result.getObject("properties");
    }
    (*Props)["timeSaved"] = std::move(*Extras.TimeSaved);
  }
}

/// The writer's rules carry only a full description (the registry's
/// summary); SARIF viewers show the short one in lists, so the summary
/// becomes the short description, and the rule page (compiled in) gives the
/// full description (its first paragraph) and the help (what, why, the fix,
/// as text and Markdown): an alert reads with no link. warplint's rule pages
/// replace Clang's manual as the tool's information link.
void describeTool(json::Object &Run, StringRef DocsUrl) {
  json::Object *Driver = Run.getObject("tool")->getObject("driver");
  (*Driver)["informationUri"] = DocsUrl.empty() ? ruleDocsUri() : DocsUrl.str();
  for (json::Value &R : *Driver->getArray("rules")) {
    json::Object &Rule = *R.getAsObject();
    if (const json::Object *Full = Rule.getObject("fullDescription"))
      Rule["shortDescription"] = json::Object(*Full);
    std::optional<RuleHelp> Help = ruleHelp(Rule.getString("id").value_or(""));
    if (!Help)
      continue;
    Rule["fullDescription"] = message(Help->FullDescription);
    Rule["help"] = json::Object{{"text", Help->Text}, {"markdown", Help->Markdown}};
  }
}

/// The run's invocation: executionSuccessful is false when anything was not
/// analyzed, with a notification (level error, at the result's location) for
/// each file or kernel that was not; Results are the written results of
/// Findings, in order.
json::Object invocation(ArrayRef<Finding> Findings, const json::Array &Results) {
  json::Array Notifications;
  for (size_t I = 0; I < Findings.size() && I < Results.size(); ++I) {
    const Finding &F = Findings[I];
    if (!isNotAnalyzed(F))
      continue;
    json::Object N{{"level", severityName(F.Level)},
                   {"message", message(F.Message)},
                   {"descriptor", json::Object{{"id", F.Rule}}}};
    if (const json::Array *Locations = Results[I].getAsObject()->getArray("locations"))
      N["locations"] = json::Array(*Locations);
    Notifications.push_back(std::move(N));
  }
  json::Object Invocation{{"executionSuccessful", Notifications.empty()}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);
  return Invocation;
}

/// Gives every artifactLocation under V that has a URI the index of that
/// URI's artifact, or none when the URI is not one of the run's artifacts.
void indexArtifacts(json::Value &V, const StringMap<int64_t> &Index) {
  if (json::Array *A = V.getAsArray()) {
    for (json::Value &E : *A)
      indexArtifacts(E, Index);
    return;
  }
  json::Object *O = V.getAsObject();
  if (!O)
    return;
  if (json::Object *Loc = O->getObject("artifactLocation"))
    if (std::optional<StringRef> Uri = Loc->getString("uri")) {
      if (auto It = Index.find(*Uri); It != Index.end())
        (*Loc)["index"] = It->second;
      else
        Loc->erase("index");
    }
  for (auto &KV : *O)
    indexArtifacts(KV.second, Index);
}

} // namespace

json::Object findingsSarif(ArrayRef<Finding> Findings, StringRef DocsUrl) {
  SourceMapper Map;
  RegionBuilder Regions(Map);
  clang::SarifDocumentWriter Writer(Map.sourceManager());
  Writer.createRun("warplint", "warplint: wasted memory traffic in CUDA kernels",
                   WARPLINT_VERSION);
  StringMap<size_t> RuleIndex;
  auto AddRule = [&](StringRef Id, StringRef Summary, Severity Level) {
    RuleIndex[Id] = Writer.createRule(
        clang::SarifRule::create()
            .setRuleId(Id)
            .setName(Id)
            .setDescription(Summary)
            .setHelpURI(ruleHelpUri(Id, DocsUrl))
            .setDefaultConfiguration(
                clang::SarifReportingConfiguration::create().setLevel(sarifLevel(Level))));
  };
  for (const RuleInfo &R : allRules())
    AddRule(R.Id, R.Summary, R.DefaultLevel);
  for (StringRef Id : {CompileErrorRule, InputErrorRule})
    AddRule(Id, notAnalyzedSummary(Id), Severity::Error);
  AddRule(NotInstantiatedRule, notAnalyzedSummary(NotInstantiatedRule), Severity::Warning);
  AddRule(KernelUnreachedRule, notAnalyzedSummary(KernelUnreachedRule), Severity::Warning);
  AddRule(AnalysisBudgetRule, notAnalyzedSummary(AnalysisBudgetRule), Severity::Note);
  std::vector<ResultExtras> Extras;
  for (const Finding &F : Findings) {
    if (!RuleIndex.count(F.Rule)) // Not in the registry: still reported.
      AddRule(F.Rule, F.Rule, F.Level);
    Extras.push_back(appendFinding(Writer, RuleIndex[F.Rule], F, Map, Regions));
  }
  json::Object Doc = Writer.createDocument();
  json::Object &Run = *(*Doc.getArray("runs"))[0].getAsObject();
  describeTool(Run, DocsUrl);
  json::Array &Results = *Run.getArray("results");
  for (size_t I = 0; I < Results.size(); ++I)
    addExtras(*Results[I].getAsObject(), std::move(Extras[I]));
  Run["invocations"] = json::Array{invocation(Findings, Results)};
  // The writer numbers artifacts as it meets them but lists them sorted by
  // URI; SARIF's index is the position in the list, so put them in order.
  json::Array &Artifacts = *Run.getArray("artifacts");
  auto IndexOf = [](const json::Value &A) {
    return *A.getAsObject()->getObject("location")->getInteger("index");
  };
  llvm::sort(Artifacts, [&](const json::Value &A, const json::Value &B) {
    return IndexOf(A) < IndexOf(B);
  });
  numberArtifacts(Run);
  return Doc;
}

void numberArtifacts(json::Object &Run) {
  json::Array *Artifacts = Run.getArray("artifacts");
  if (!Artifacts)
    return;
  StringMap<int64_t> Index;
  for (size_t I = 0; I < Artifacts->size(); ++I) {
    json::Object &Loc = *(*Artifacts)[I].getAsObject()->getObject("location");
    Loc["index"] = int64_t(I);
    Index[*Loc.getString("uri")] = I;
  }
  for (StringRef Key : {"results", "invocations"})
    if (json::Value *V = Run.get(Key))
      indexArtifacts(*V, Index);
}

} // namespace warplint
