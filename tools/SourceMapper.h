//===- SourceMapper.h - Findings' locations as Clang locations --*- C++ -*-===//
//
// Clang's text printer and SARIF writer take clang::SourceLocations. This
// holds a FileManager and SourceManager over the real files and maps
// warplint's (file, line, column) locations into them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_SOURCEMAPPER_H
#define WARPLINT_TOOLS_SOURCEMAPPER_H

#include "rules/Finding.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringMap.h"

#include <memory>

namespace warplint {

class SourceMapper {
public:
  /// Diagnostics reported through engine() go to Consumer (not owned).
  explicit SourceMapper(clang::DiagnosticConsumer *Consumer = nullptr);

  /// L in the SourceManager; invalid when L is a label, its file cannot be
  /// read (not a regular file of at most MaxSourceFileBytes) or the
  /// line/column is not in it.
  clang::SourceLocation locate(const SourceLoc &L);
  /// The character range of a fix-it.
  clang::CharSourceRange range(const FixIt &F);

  clang::SourceManager &sourceManager() { return *SM; }
  clang::DiagnosticsEngine &engine() { return *Diags; }
  clang::DiagnosticOptions &diagOptions() { return DiagOpts; }
  const clang::LangOptions &langOptions() const { return LangOpts; }

private:
  clang::DiagnosticOptions DiagOpts;
  clang::LangOptions LangOpts;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::FileManager> Files;
  std::unique_ptr<clang::SourceManager> SM;
  llvm::StringMap<clang::FileID> Ids;
};

} // namespace warplint

#endif
