//===- DiagnosticOutput.h - Findings as text, JSON and SARIF ----*- C++ -*-===//
#ifndef WARPLINT_TOOLS_DIAGNOSTICOUTPUT_H
#define WARPLINT_TOOLS_DIAGNOSTICOUTPUT_H

#include "rules/Finding.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {

/// Clang-style text: "file:line:col: warning: message [rule-id]", the source
/// line with a caret, fix-it hints and notes, through Clang's own printer.
void printFindingsText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings, bool Color);

/// DESIGN.md's check JSON: {"diagnostics":[{file, line, column, severity,
/// rule, kernel, message, fixits, confirmed, notes}]}.
llvm::json::Value findingsJson(llvm::ArrayRef<Finding> Findings);

/// A finding's time saved: {"gpu", "us", "percent", "kernel_us", "launch"}.
llvm::json::Object timeSavedJson(const TimeSaved &S);

/// A SARIF 2.1.0 log written with Clang's SARIF writer: one run of
/// warplint with every rule's metadata and help link, one result per finding.
llvm::json::Object findingsSarif(llvm::ArrayRef<Finding> Findings, llvm::StringRef DocsUrl = "");

/// Numbers a SARIF run's artifacts in their order: each artifact's location
/// gets its position as index, and every artifactLocation with a URI under
/// the run's results and invocations the index of that URI's artifact (none
/// when it is not one). findingsSarif and `warplint merge` both end with it.
void numberArtifacts(llvm::json::Object &Run);

} // namespace warplint

#endif
