//===- Fixes.h - check --fix and --export-fixes -----------------*- C++ -*-===//
//
// The findings' fix-its as clang-tidy's --fix applies them (in place, each
// finding's edits together or not at all, none that overlaps an edit already
// taken) and as its --export-fixes writes them: clang-apply-replacements'
// YAML (clang/Tooling/DiagnosticsYaml.h), with byte offsets.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDS_FIXES_H
#define WARPLINT_TOOLS_COMMANDS_FIXES_H

#include "rules/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {

/// Writes Findings (every one with a place, with its fix-its) to Path as
/// clang-apply-replacements reads them; MainFile is the run's first input.
llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings, llvm::StringRef MainFile,
                        llvm::StringRef Path);

/// Applies the fix-its of Findings to their files and says on Log, for each
/// file, how many were applied and why any was not. False when a file could
/// not be read or written, or a fix-it does not fit its file.
bool applyFixes(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &Log);

} // namespace warplint

#endif
