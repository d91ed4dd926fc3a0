//===- LspConvert.h - Findings as Language Server Protocol data -*- C++ -*-===//
//
// What `warplint lsp` sends: findings as LSP diagnostics (range, severity,
// code = rule id, codeDescription = the rule's page, source "warplint",
// relatedInformation for notes), fix-its as quick-fix code actions, and
// compile errors as diagnostics at their lines. Positions are converted from
// warplint's 1-based byte columns to LSP's 0-based UTF-16 ones.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_LSPCONVERT_H
#define WARPLINT_TOOLS_LSPCONVERT_H

#include "rules/Finding.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"

#include <string>
#include <vector>

namespace warplint {

/// The text of an open document, split into lines.
class DocumentText {
public:
  explicit DocumentText(llvm::StringRef Text);

  /// Line (1-based) without its line break; empty past the end.
  llvm::StringRef line(unsigned Line) const;
  /// The LSP position of 1-based byte column Column on 1-based line Line.
  llvm::lsp::Position position(unsigned Line, unsigned Column) const;
  /// Bytes characters from (Line, Column).
  llvm::lsp::Range range(unsigned Line, unsigned Column, unsigned Bytes) const;
  /// The token at (Line, Column): an identifier or number, else one character.
  llvm::lsp::Range token(unsigned Line, unsigned Column) const;

private:
  std::vector<llvm::StringRef> Lines;
};

/// True when A and B name the same file (relative names are taken from the
/// current directory).
bool sameFile(llvm::StringRef A, llvm::StringRef B);

/// How diagnostics are written for one client.
struct DiagnosticStyle {
  /// The client shows relatedInformation (it says so in initialize:
  /// textDocument.publishDiagnostics.relatedInformation). When it does not,
  /// each diagnostic's message also carries its notes, each on a line of its
  /// own with its place ("pad the tile here (line 4)"), and the quick fix
  /// with the place it edits, so that nothing is lost in a client that shows
  /// the message alone.
  bool RelatedInformation = true;
  /// The rule pages' base URL for codeDescription (empty: ruleDocsUri()).
  std::string DocsUrl;
};

/// F as an LSP diagnostic of the document Path with text Doc.
llvm::json::Value toDiagnostic(const Finding &F, llvm::StringRef Path, const DocumentText &Doc,
                               DiagnosticStyle Style = {});

/// The quick fix applying F's fix-its, with the diagnostic it resolves; none
/// when F has no fix-it in the document.
std::optional<llvm::json::Value> toCodeAction(const Finding &F, const llvm::lsp::URIForFile &Uri,
                                              const DocumentText &Doc,
                                              DiagnosticStyle Style = {});

/// The errors of a failed check (Clang's "file:line:col: error: ..." lines,
/// a configuration error) as diagnostics of the document Path; the whole
/// text at the first line when none of it names a line of Path.
std::vector<llvm::json::Value> errorDiagnostics(llvm::StringRef ErrorText, llvm::StringRef Path,
                                                const DocumentText &Doc);

} // namespace warplint

#endif
