//===- DiagnosticOutput.cpp - Findings as text and JSON -------------------===//
#include "tools/DiagnosticOutput.h"

#include "tools/SourceMapper.h"

#include "clang/Frontend/TextDiagnosticPrinter.h"

using namespace llvm;

namespace warplint {

namespace {

clang::DiagnosticsEngine::Level clangLevel(Severity S) {
  switch (S) {
  case Severity::Note:
    return clang::DiagnosticsEngine::Note;
  case Severity::Warning:
    return clang::DiagnosticsEngine::Warning;
  case Severity::Error:
    return clang::DiagnosticsEngine::Error;
  }
  return clang::DiagnosticsEngine::Warning;
}

/// "file:line:col: " or "" for a location with no line.
std::string prefix(const SourceLoc &L) {
  if (!L.valid())
    return "";
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column) + ": ";
}

json::Value locJson(const SourceLoc &L) {
  return json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

} // namespace

void printFindingsText(raw_ostream &OS, ArrayRef<Finding> Findings, bool Color) {
  SourceMapper Map;
  Map.diagOptions().ShowColors = Color;
  clang::TextDiagnosticPrinter Printer(OS, Map.diagOptions());
  clang::DiagnosticsEngine &Diags = Map.engine();
  Diags.setClient(&Printer, /*ShouldOwnClient=*/false);
  Printer.BeginSourceFile(Map.langOptions(), nullptr);
  for (const Finding &F : Findings) {
    clang::SourceLocation Loc = Map.locate(F.Loc);
    if (Loc.isInvalid() && F.Loc.valid()) {
      // The source is not readable here (PTX of a .cu elsewhere): no caret.
      OS << prefix(F.Loc) << severityName(F.Level) << ": " << F.text() << "\n";
      for (const RelatedNote &N : F.Notes)
        OS << prefix(N.Loc) << "note: " << N.Message << "\n";
      continue;
    }
    // A fix-it away from the finding is shown under the note at its place.
    auto NoteAt = [&](const SourceLoc &L) {
      return llvm::any_of(F.Notes, [&](const RelatedNote &N) { return N.Loc == L; });
    };
    // Clang drops a note that follows nothing shown; a finding at note level
    // (and the notes under it) must still print.
    Diags.setLastDiagnosticIgnored(false);
    unsigned Id = Diags.getDiagnosticIDs()->getCustomDiagID(
        static_cast<clang::DiagnosticIDs::Level>(clangLevel(F.Level)), "%0");
    {
      clang::DiagnosticBuilder B = Diags.Report(Loc, Id);
      B << F.text();
      for (const FixIt &X : F.FixIts)
        if (clang::CharSourceRange R = Map.range(X); R.isValid() && !NoteAt(X.Loc))
          B << clang::FixItHint::CreateReplacement(R, X.Insert);
    }
    unsigned NoteId = Diags.getDiagnosticIDs()->getCustomDiagID(clang::DiagnosticIDs::Note, "%0");
    for (const RelatedNote &N : F.Notes) {
      clang::SourceLocation NL = Map.locate(N.Loc);
      if (NL.isInvalid() && N.Loc.valid()) {
        OS << prefix(N.Loc) << "note: " << N.Message << "\n";
        continue;
      }
      clang::DiagnosticBuilder B = Diags.Report(NL, NoteId);
      B << N.Message;
      for (const FixIt &X : F.FixIts)
        if (clang::CharSourceRange R = Map.range(X); R.isValid() && X.Loc == N.Loc)
          B << clang::FixItHint::CreateReplacement(R, X.Insert);
    }
  }
  Printer.EndSourceFile();
}

json::Value findingsJson(ArrayRef<Finding> Findings) {
  json::Array Out;
  for (const Finding &F : Findings) {
    json::Array FixIts, Notes;
    for (const FixIt &X : F.FixIts) {
      json::Object O = *locJson(X.Loc).getAsObject();
      O["remove_columns"] = X.RemoveColumns;
      O["insert"] = X.Insert;
      FixIts.push_back(std::move(O));
    }
    for (const RelatedNote &N : F.Notes) {
      json::Object O = *locJson(N.Loc).getAsObject();
      O["message"] = N.Message;
      Notes.push_back(std::move(O));
    }
    json::Value Confirmed = nullptr;
    if (F.Confirmed) {
      const Confirmation &C = *F.Confirmed;
      Confirmed = json::Object{
          {"metric", C.Metric},
          {"measured", C.Measured},
          {"predicted", C.Predicted ? json::Value(*C.Predicted) : nullptr},
          {"contradicted", C.Contradicted},
          {"launch", C.Launch},
          {"synthesized_launch", C.Synthesized}};
    }
    Out.push_back(json::Object{{"file", F.Loc.File},
                               {"line", F.Loc.Line},
                               {"column", F.Loc.Column},
                               {"severity", severityName(F.Level)},
                               {"rule", F.Rule},
                               {"kernel", F.Kernel},
                               {"message", F.Message},
                               {"fixits", std::move(FixIts)},
                               {"notes", std::move(Notes)},
                               {"confirmed", std::move(Confirmed)}});
  }
  return json::Object{{"diagnostics", std::move(Out)}};
}

} // namespace warplint
