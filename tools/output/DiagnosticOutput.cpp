//===- DiagnosticOutput.cpp - Findings as text and JSON -------------------===//
#include "tools/output/DiagnosticOutput.h"

#include "tools/Locations.h"
#include "tools/SourceMapper.h"

#include "clang/Frontend/TextDiagnostic.h"

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

} // namespace

void printFindingsText(raw_ostream &OS, ArrayRef<Finding> Findings, bool Color) {
  SourceMapper Map;
  Map.diagOptions().ShowColors = Color;
  auto Emit = [&](const SourceLoc &L, Severity Level, StringRef Message,
                  ArrayRef<clang::FixItHint> Hints) {
    clang::SourceLocation Loc = Map.locate(L);
    if (Loc.isInvalid()) {
      // The source is not readable here (PTX of a .cu elsewhere): no caret.
      OS << locationPrefix(L) << severityName(Level) << ": " << Message << "\n";
      return;
    }
    // One renderer per diagnostic: it buffers its output, and gone, it has
    // written all of it before the lines printed without a caret.
    clang::TextDiagnostic Text(OS, Map.langOptions(), Map.diagOptions());
    Text.emitDiagnostic(clang::FullSourceLoc(Loc, Map.sourceManager()), clangLevel(Level),
                        Message, {}, Hints);
  };
  for (const Finding &F : Findings) {
    // A fix-it away from the finding is shown under the note at its place.
    auto HintsAt = [&](const SourceLoc &L, bool Main) {
      SmallVector<clang::FixItHint, 2> Hints;
      for (const FixIt &X : F.FixIts) {
        bool UnderNote = any_of(F.Notes, [&](const RelatedNote &N) { return N.Loc == X.Loc; });
        if (Main ? UnderNote : !(X.Loc == L))
          continue;
        if (clang::CharSourceRange R = Map.range(X); R.isValid())
          Hints.push_back(clang::FixItHint::CreateReplacement(R, X.Insert));
      }
      return Hints;
    };
    Emit(F.Loc, F.Level, F.text(), HintsAt(F.Loc, true));
    // The time saved: one line under the finding, without its source again.
    if (F.Saved)
      OS << locationPrefix(F.Loc) << "note: " << F.Saved->text() << "\n";
    for (const RelatedNote &N : F.Notes)
      Emit(N.Loc, Severity::Note, N.Message, HintsAt(N.Loc, false));
  }
}

json::Object timeSavedJson(const TimeSaved &S) {
  return json::Object{{"gpu", S.Gpu},
                      {"us", S.Us},
                      {"percent", S.percent()},
                      {"kernel_us", S.KernelUs},
                      {"launch", S.Launch},
                      {"assumption", S.Assumption}};
}

json::Value findingsJson(ArrayRef<Finding> Findings) {
  json::Array Out;
  for (const Finding &F : Findings) {
    json::Array FixIts, Notes;
    for (const FixIt &X : F.FixIts) {
      json::Object O = locationJson(X.Loc);
      O["remove_columns"] = X.RemoveColumns;
      O["insert"] = X.Insert;
      FixIts.push_back(std::move(O));
    }
    for (const RelatedNote &N : F.Notes) {
      json::Object O = locationJson(N.Loc);
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
    json::Value Saved = nullptr;
    if (F.Saved)
      Saved = timeSavedJson(*F.Saved);
    Out.push_back(json::Object{{"file", F.Loc.File},
                               {"line", F.Loc.Line},
                               {"column", F.Loc.Column},
                               {"severity", severityName(F.Level)},
                               {"rule", F.Rule},
                               {"kernel", F.Kernel},
                               {"message", F.Message},
                               {"fixits", std::move(FixIts)},
                               {"notes", std::move(Notes)},
                               {"confirmed", std::move(Confirmed)},
                               {"time_saved", std::move(Saved)}});
  }
  return json::Object{{"diagnostics", std::move(Out)}};
}

} // namespace warplint
