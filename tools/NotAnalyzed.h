//===- NotAnalyzed.h - What a check could not analyze, as findings -*- C++ -*-===//
//
// "A run that checked nothing must never look clean": a file that could not
// be analyzed, and a kernel left out because Clang rejected it, are error
// findings of their own (rule compile-error or input-error) in every output,
// and make the run exit 2. docs/rules/compile-error.md and input-error.md
// describe them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_NOTANALYZED_H
#define WARPLINT_TOOLS_NOTANALYZED_H

#include "frontend/DeviceModule.h"
#include "rules/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <vector>

namespace warplint {

/// Code that did not compile (a kernel, a device function, a whole file),
/// reported at the compiler's first error.
inline constexpr llvm::StringLiteral CompileErrorRule = "compile-error";
/// A file that could not be read or set up for analysis (missing, not an
/// input warplint reads, a broken configuration, a crash of the compile).
inline constexpr llvm::StringLiteral InputErrorRule = "input-error";
/// A kernel template that nothing in its file instantiates.
inline constexpr llvm::StringLiteral NotInstantiatedRule = "kernel-not-instantiated";

/// True for the findings that say something was not analyzed.
bool isNotAnalyzed(const Finding &F);

/// True for the note that a header's kernel template is not instantiated in
/// the file that includes it (analyzed with the files that do; not a failure).
bool isHeaderTemplateNote(const Finding &F);

/// The one-line summary of a rule of isNotAnalyzed (SARIF's rule metadata).
llvm::StringRef notAnalyzedSummary(llvm::StringRef Rule);

/// The kernels and device functions DM's frontend left out, as errors.
std::vector<Finding> droppedFindings(const DeviceModule &DM);

/// A file that could not be analyzed at all (ErrorText: what the tool said,
/// Clang's diagnostics for a compile), as one error finding: at the first
/// "file:line:col: error: message" of ErrorText (compile-error), else at Path
/// without a line (input-error). The message names Path.
Finding fileErrorFinding(llvm::StringRef Path, llvm::StringRef ErrorText);

/// An entry of "not_analyzed" in the JSON of check, accesses and report:
/// {name (the kernel, or null for a file or a device function), file, line,
/// reason} of a finding of isNotAnalyzed.
llvm::json::Object notAnalyzedEntry(const Finding &F);

/// notAnalyzedEntry of each finding of isNotAnalyzed among Findings.
llvm::json::Array notAnalyzedList(llvm::ArrayRef<Finding> Findings);

/// How many kernels a run analyzed and did not ("analyzed 15 of 16
/// kernels").
struct AnalyzedCount {
  unsigned Kernels = 0;      ///< Kernels analyzed.
  unsigned NotAnalyzed = 0;  ///< Kernels (and kernel templates) not analyzed.
  unsigned FilesFailed = 0;  ///< Files not analyzed at all.
  /// Counts F when it says a kernel was not analyzed.
  void add(const Finding &F);
  bool complete() const { return NotAnalyzed == 0 && FilesFailed == 0; }
  /// "analyzed 15 of 16 kernels" (with ", 1 file not analyzed").
  std::string summary() const;
  /// {"kernels_analyzed", "kernels_not_analyzed", "files_not_analyzed"}.
  llvm::json::Object json() const;
};

/// An entry of a file's "errors" in the accesses JSON (accesses, report):
/// {file, line, column, kernel, message} of a finding of isNotAnalyzed.
llvm::json::Object notAnalyzedJson(const Finding &F);

} // namespace warplint

#endif
