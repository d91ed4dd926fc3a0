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

/// True for the findings that say something was not analyzed.
bool isNotAnalyzed(const Finding &F);

/// The one-line summary of a rule of isNotAnalyzed (SARIF's rule metadata).
llvm::StringRef notAnalyzedSummary(llvm::StringRef Rule);

/// The kernels and device functions DM's frontend left out, as errors.
std::vector<Finding> droppedFindings(const DeviceModule &DM);

/// A file that could not be analyzed at all (ErrorText: what the tool said,
/// Clang's diagnostics for a compile), as one error finding: at the first
/// "file:line:col: error: message" of ErrorText (compile-error), else at Path
/// without a line (input-error). The message names Path.
Finding fileErrorFinding(llvm::StringRef Path, llvm::StringRef ErrorText);

/// An entry of a file's "errors" in the accesses JSON (accesses, report):
/// {file, line, column, kernel, message} of a finding of isNotAnalyzed.
llvm::json::Object notAnalyzedJson(const Finding &F);

} // namespace warplint

#endif
