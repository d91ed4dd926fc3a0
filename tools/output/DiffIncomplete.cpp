//===- DiffIncomplete.cpp - What `diff` could not compare, at the top -----===//
//
// A revision that did not compile, or a kernel left out of one, must never
// read as a clean change: what each revision did not analyze is said before
// anything else in every format of `diff` (DiffOutput.h), and is not among
// the findings matched.
//
//===----------------------------------------------------------------------===//
#include "tools/output/DiffOutput.h"

#include "tools/Locations.h"

#include "clang/Basic/Sarif.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

namespace {

StringRef revisionOf(const DiffReport &R, const DiffFailure &D) {
  return D.InBase ? R.Base : R.Head;
}

/// "1 file not analyzed", "2 kernels not analyzed" for one revision's
/// failures; empty when it has none.
std::string sideSummary(const DiffReport &R, bool InBase) {
  unsigned Files = 0, Kernels = 0;
  for (const DiffFailure &D : R.Failures)
    if (D.InBase == InBase)
      ++(D.F.Kernel.empty() ? Files : Kernels);
  SmallVector<std::string, 2> Parts;
  if (Files)
    Parts.push_back(formatv("{0} {1} not analyzed", Files, Files == 1 ? "file" : "files"));
  if (Kernels)
    Parts.push_back(
        formatv("{0} {1} not analyzed", Kernels, Kernels == 1 ? "kernel" : "kernels"));
  return join(Parts, ", ");
}

/// The failure's line: "FILE:LINE:COL: error: MESSAGE [rule]".
std::string failureLine(const Finding &F) {
  return locationPrefix(F.Loc) + (F.Loc.valid() ? "" : F.Loc.File + ": ") +
         severityName(F.Level).str() + ": " + F.text();
}


bool compileErrorAmong(const DiffReport &R) {
  return any_of(R.Failures, [](const DiffFailure &D) { return D.F.Rule == "compile-error"; });
}

} // namespace

std::string DiffReport::incompleteSummary() const {
  SmallVector<std::string, 2> Parts;
  for (bool InBase : {true, false})
    if (std::string S = sideSummary(*this, InBase); !S.empty())
      Parts.push_back((InBase ? Base : Head) + ": " + S);
  return join(Parts, "; ");
}

void printIncompleteText(raw_ostream &OS, const DiffReport &R) {
  if (R.Failures.empty())
    return;
  OS << "analysis incomplete, and what was not analyzed is not compared: "
     << R.incompleteSummary() << "\n";
  for (const DiffFailure &D : R.Failures)
    OS << "  " << revisionOf(R, D) << ": " << failureLine(D.F) << "\n";
  if (compileErrorAmong(R) && !R.CompileCommands.empty())
    OS << "  " << R.CompileCommands << "\n";
}

json::Object incompleteJson(const DiffReport &R) {
  json::Array List;
  for (const DiffFailure &D : R.Failures) {
    json::Object O = locationJson(D.F.Loc);
    O["revision"] = revisionOf(R, D);
    O["side"] = D.InBase ? "base" : "head";
    O["kernel"] = D.F.Kernel.empty() ? json::Value(nullptr) : json::Value(D.F.Kernel);
    O["rule"] = D.F.Rule;
    O["severity"] = severityName(D.F.Level);
    O["message"] = D.F.Message;
    List.push_back(std::move(O));
  }
  return json::Object{
      {"complete", R.Failures.empty()},
      {"summary", R.incompleteSummary()},
      {"not_analyzed", std::move(List)},
      {"compile_commands",
       R.CompileCommands.empty() ? json::Value(nullptr) : json::Value(R.CompileCommands)}};
}

void addIncompleteSarif(json::Object &Run, const DiffReport &R) {
  json::Array Notes;
  bool HeadFailed = false;
  for (const DiffFailure &D : R.Failures) {
    HeadFailed |= !D.InBase && D.F.Level == Severity::Error;
    // The base's failures do not make this run's execution fail: they are
    // told as warnings.
    StringRef Level = D.F.Level == Severity::Note ? "note" : D.InBase ? "warning" : "error";
    json::Object N{
        {"level", Level},
        {"message", json::Object{{"text", (revisionOf(R, D) + ": " + D.F.text()).str()}}},
        {"descriptor", json::Object{{"id", D.F.Rule}}}};
    if (!D.F.Loc.File.empty()) {
      SmallString<256> Path(D.F.Loc.File);
      sys::fs::make_absolute(Path);
      json::Object Physical{
          {"artifactLocation",
           json::Object{{"uri", clang::SarifDocumentWriter::fileNameToURI(Path)}}}};
      if (D.F.Loc.valid())
        Physical["region"] = json::Object{{"startLine", D.F.Loc.Line},
                                          {"startColumn", std::max(1u, D.F.Loc.Column)}};
      N["locations"] = json::Array{json::Object{{"physicalLocation", std::move(Physical)}}};
    }
    Notes.push_back(std::move(N));
  }
  json::Array *Invocations = Run.getArray("invocations");
  if (!Invocations) {
    Run["invocations"] = json::Array{json::Object{}};
    Invocations = Run.getArray("invocations");
  }
  json::Object &Invocation = *(*Invocations)[0].getAsObject();
  Invocation["executionSuccessful"] = !HeadFailed;
  if (!Notes.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notes);
  else
    Invocation.erase("toolExecutionNotifications");
  if (R.Failures.empty())
    return;
  json::Object *Props = Run.getObject("properties");
  if (!Props) {
    Run["properties"] = json::Object();
    Props = Run.getObject("properties");
  }
  (*Props)["analysisIncomplete"] = R.incompleteSummary();
}

void printIncompleteMarkdown(raw_ostream &OS, const DiffReport &R) {
  if (R.Failures.empty())
    return;
  OS << "> **⚠️ Analysis incomplete**, and what was not analyzed is not compared: "
     << markdownEscape(R.incompleteSummary()) << "\n>\n";
  for (const DiffFailure &D : R.Failures)
    OS << "> - " << markdownEscape(revisionOf(R, D)) << ": " << markdownEscape(failureLine(D.F))
       << "\n";
  if (compileErrorAmong(R) && !R.CompileCommands.empty())
    OS << ">\n> " << markdownEscape(R.CompileCommands) << "\n";
  OS << "\n";
}

} // namespace warplint
