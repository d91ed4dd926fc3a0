//===- LspConvert.cpp - Findings as Language Server Protocol data ---------===//
#include "tools/lsp/LspConvert.h"

#include "rules/Rule.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

DocumentText::DocumentText(StringRef Text) {
  SmallVector<StringRef, 0> Split;
  Text.split(Split, '\n');
  for (StringRef L : Split)
    Lines.push_back(L.rtrim('\r'));
}

StringRef DocumentText::line(unsigned Line) const {
  return Line >= 1 && Line <= Lines.size() ? Lines[Line - 1] : StringRef();
}

lsp::Position DocumentText::position(unsigned Line, unsigned Column) const {
  StringRef Text = line(Line);
  unsigned Units = 0;
  for (size_t Byte = 0; Byte + 1 < std::max(Column, 1u) && Byte < Text.size();) {
    unsigned Len = std::max(1u, getNumBytesForUTF8(Text[Byte]));
    Units += Len == 4 ? 2 : 1; // Beyond the BMP: a surrogate pair.
    Byte += Len;
  }
  if (Column > Text.size() + 1) // Past the end of what we know: keep the column.
    Units += Column - 1 - Text.size();
  return lsp::Position(Line ? Line - 1 : 0, Units);
}

lsp::Range DocumentText::range(unsigned Line, unsigned Column, unsigned Bytes) const {
  return lsp::Range(position(Line, Column), position(Line, Column + Bytes));
}

lsp::Range DocumentText::token(unsigned Line, unsigned Column) const {
  StringRef Rest = line(Line).drop_front(Column ? Column - 1 : 0);
  size_t Len = Rest.take_while([](char C) { return isAlnum(C) || C == '_'; }).size();
  return range(Line, Column ? Column : 1, Rest.empty() ? 0 : std::max<size_t>(Len, 1));
}

bool sameFile(StringRef A, StringRef B) {
  SmallString<256> AbsA(A), AbsB(B);
  sys::fs::make_absolute(AbsA);
  sys::fs::make_absolute(AbsB);
  sys::path::remove_dots(AbsA, /*remove_dot_dot=*/true);
  sys::path::remove_dots(AbsB, /*remove_dot_dot=*/true);
  return AbsA == AbsB || sys::fs::equivalent(AbsA, AbsB);
}

namespace {

/// A copy of V that owns all its strings: the library's toJSON functions
/// borrow (StringRef) from the objects they convert, which do not outlive
/// the conversion here.
json::Value owned(const json::Value &V) {
  if (const json::Object *O = V.getAsObject()) {
    json::Object Copy;
    for (const auto &KV : *O)
      Copy[KV.first.str()] = owned(KV.second);
    return Copy;
  }
  if (const json::Array *A = V.getAsArray()) {
    json::Array Copy;
    for (const json::Value &E : *A)
      Copy.push_back(owned(E));
    return Copy;
  }
  if (std::optional<StringRef> S = V.getAsString())
    return S->str();
  return V;
}

lsp::DiagnosticSeverity lspSeverity(Severity S) {
  switch (S) {
  case Severity::Note:
    return lsp::DiagnosticSeverity::Information;
  case Severity::Warning:
    return lsp::DiagnosticSeverity::Warning;
  case Severity::Error:
    return lsp::DiagnosticSeverity::Error;
  }
  return lsp::DiagnosticSeverity::Warning;
}

/// L as an LSP location: in the document through Doc, elsewhere by bytes.
std::optional<lsp::Location> locationOf(const SourceLoc &L, StringRef Path,
                                        const DocumentText &Doc) {
  if (!L.valid())
    return std::nullopt;
  bool InDoc = sameFile(L.File, Path);
  SmallString<256> Abs(InDoc ? Path : StringRef(L.File));
  sys::fs::make_absolute(Abs);
  Expected<lsp::URIForFile> Uri = lsp::URIForFile::fromFile(Abs);
  if (!Uri) {
    consumeError(Uri.takeError());
    return std::nullopt;
  }
  lsp::Range R = InDoc ? Doc.token(L.Line, L.Column)
                       : lsp::Range(lsp::Position(L.Line - 1, L.Column ? L.Column - 1 : 0));
  return lsp::Location(*Uri, R);
}

/// What F's fix-its in the document Path do ("replace 'TILE' with 'TILE +
/// 1'"), joined by "; ", and the line of the first; empty when it has none.
std::pair<std::string, unsigned> describeFixIts(const Finding &F, StringRef Path,
                                                const DocumentText &Doc) {
  std::string Text;
  unsigned Line = 0;
  for (const FixIt &X : F.FixIts) {
    if (!sameFile(X.Loc.File, Path))
      continue;
    StringRef Old = Doc.line(X.Loc.Line).substr(X.Loc.Column - 1, X.RemoveColumns);
    Text += (Text.empty() ? "" : "; ") +
            (Old.empty() ? "insert '" + X.Insert + "'"
                         : "replace '" + Old.str() + "' with '" + X.Insert + "'");
    if (!Line)
      Line = X.Loc.Line;
  }
  return {Text, Line};
}

/// F's message followed by its notes and its quick fix, one a line, each
/// with its place where that is not the finding's own line: for clients that
/// show the message but not relatedInformation.
std::string messageWithNotes(const Finding &F, StringRef Path, const DocumentText &Doc) {
  std::string Out = F.Message;
  // What the fix saves, right under the finding (text output's first note).
  if (F.Saved)
    Out += "\nnote: " + F.Saved->text();
  for (const RelatedNote &N : F.Notes) {
    Out += "\nnote: " + N.Message;
    if (!N.Loc.valid())
      continue;
    if (!sameFile(N.Loc.File, Path))
      Out += formatv(" ({0}:{1})", sys::path::filename(N.Loc.File), N.Loc.Line).str();
    else if (N.Loc.Line != F.Loc.Line)
      Out += formatv(" (line {0})", N.Loc.Line).str();
  }
  auto [Fix, Line] = describeFixIts(F, Path, Doc);
  if (!Fix.empty())
    Out += formatv("\nquick fix: {0} at line {1}", Fix, Line).str();
  return Out;
}

} // namespace

json::Value toDiagnostic(const Finding &F, StringRef Path, const DocumentText &Doc,
                         DiagnosticStyle Style) {
  lsp::Diagnostic D;
  D.range = Doc.token(F.Loc.Line, F.Loc.Column);
  D.severity = lspSeverity(F.Level);
  D.source = "warplint";
  D.message = Style.RelatedInformation ? F.Message : messageWithNotes(F, Path, Doc);
  std::vector<lsp::DiagnosticRelatedInformation> Related;
  // What the fix saves: a note at the finding's own place, first.
  if (F.Saved)
    if (std::optional<lsp::Location> L = locationOf(F.Loc, Path, Doc))
      Related.emplace_back(*L, F.Saved->text());
  for (const RelatedNote &N : F.Notes)
    if (std::optional<lsp::Location> L = locationOf(N.Loc, Path, Doc))
      Related.emplace_back(*L, N.Message);
  if (!Related.empty())
    D.relatedInformation = std::move(Related);
  // The library's Diagnostic has no code or codeDescription (LSP 3.16).
  json::Value V = owned(toJSON(D));
  json::Object &O = *V.getAsObject();
  O["code"] = F.Rule;
  O["codeDescription"] = json::Object{{"href", ruleHelpUri(F.Rule, Style.DocsUrl)}};
  return V;
}

std::optional<json::Value> toCodeAction(const Finding &F, const lsp::URIForFile &Uri,
                                        const DocumentText &Doc, DiagnosticStyle Style) {
  std::vector<lsp::TextEdit> Edits;
  for (const FixIt &X : F.FixIts)
    if (sameFile(X.Loc.File, Uri.file()))
      Edits.push_back({Doc.range(X.Loc.Line, X.Loc.Column, X.RemoveColumns), X.Insert});
  if (Edits.empty())
    return std::nullopt;
  lsp::CodeAction A;
  A.title = describeFixIts(F, Uri.file(), Doc).first + " [" + F.Rule + "]";
  A.kind = lsp::CodeAction::kQuickFix.str();
  A.isPreferred = true;
  lsp::WorkspaceEdit Edit;
  Edit.changes[Uri.uri().str()] = std::move(Edits);
  A.edit = std::move(Edit);
  json::Value V = owned(toJSON(A));
  V.getAsObject()->try_emplace("diagnostics",
                               json::Array{toDiagnostic(F, Uri.file(), Doc, Style)});
  return V;
}

std::vector<json::Value> errorDiagnostics(StringRef ErrorText, StringRef Path,
                                          const DocumentText &Doc) {
  std::vector<json::Value> Out;
  Regex Line("^(.+):([0-9]+):([0-9]+): (fatal error|error): (.*)$");
  SmallVector<StringRef, 0> Lines;
  ErrorText.split(Lines, '\n');
  for (StringRef L : Lines) {
    SmallVector<StringRef, 6> M;
    unsigned Row, Col;
    if (!Line.match(L, &M) || !sameFile(M[1], Path) || M[2].getAsInteger(10, Row) ||
        M[3].getAsInteger(10, Col))
      continue;
    lsp::Diagnostic D;
    D.range = Doc.token(Row, Col);
    D.severity = lsp::DiagnosticSeverity::Error;
    D.source = "warplint";
    D.message = M[5].str();
    Out.push_back(owned(toJSON(D)));
  }
  if (Out.empty()) {
    lsp::Diagnostic D;
    D.range = Doc.token(1, 1);
    D.severity = lsp::DiagnosticSeverity::Error;
    D.source = "warplint";
    D.message = ErrorText.trim().str();
    Out.push_back(owned(toJSON(D)));
  }
  return Out;
}

} // namespace warplint
