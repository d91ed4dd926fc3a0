//===- DiffOutput.h - What `warplint diff` found, in four formats -*- C++ -*-===//
//
// The result of comparing two revisions (tools/DiffCommand.cpp): every
// finding of either with its baseline state (tools/FindingMatch.h), and each
// kernel with its predicted time in both; printed as text, JSON, SARIF 2.1.0
// (baselineState on every result) or Markdown for a pull-request comment.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_DIFFOUTPUT_H
#define WARPLINT_TOOLS_DIFFOUTPUT_H

#include "tools/FindingMatch.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One kernel (matched by name) and its predicted duration in each revision.
struct KernelDiff {
  std::string Name;
  std::string File; ///< Where it is (the new revision's file when both).
  bool InOld = false, InNew = false;
  /// Another kernel of a revision has the same name: matched and named
  /// with its file.
  bool Qualified = false;
  std::optional<double> OldUs, NewUs;
  std::string Gpu, GpuDisplay; ///< The GPU the times are for ("h100-sxm", "H100 SXM").
  std::string Why;             ///< Why a time is missing.
  /// DiffReport::Findings of this kernel that the change introduces / fixes.
  std::vector<size_t> Introduced, Fixed;
  /// ... and those it changes (the same site, another cost or message).
  std::vector<size_t> Updated;

  /// New time / old time, when both are known and the old is not zero.
  std::optional<double> ratio() const;
  /// Percent by which the new time exceeds the old (negative: faster).
  std::optional<double> slowerPercent() const;
  /// Added, removed, a finding introduced, fixed or updated, or a time that moved
  /// by half a percent or more.
  bool changed() const;
};

/// Something a revision did not analyze: a file or a kernel left out (a
/// compile error), a kernel whose analysis stopped at its budget. Said at the
/// top of every format, never matched as a finding.
struct DiffFailure {
  bool InBase = false; ///< The base revision's, else the head's.
  Finding F;           ///< Its finding, with the paths as the user reads them.
};

/// Everything `diff` reports.
struct DiffReport {
  std::string Base, Head;             ///< As given; Head "working tree" when not given.
  std::string BaseCommit, HeadCommit; ///< HeadCommit empty for the working tree.
  std::string Root;                   ///< The repository's top directory.
  std::vector<std::string> Files;     ///< The .cu files compared.
  std::vector<MatchedFinding> Findings;
  std::vector<KernelDiff> Kernels; ///< Sorted by name.
  /// What either revision did not analyze (not among Findings).
  std::vector<DiffFailure> Failures;
  /// Without -p: where the compile commands came from, or what was looked
  /// for when none were found.
  std::string CompileCommands;

  /// "HEAD~1: 1 file not analyzed; working tree: 1 kernel not analyzed";
  /// empty when both revisions were analyzed in full.
  std::string incompleteSummary() const;
  std::string DocsUrl; ///< The rule pages' base URL (empty: ruleDocsUri()).

  unsigned count(BaselineState S) const;
  /// Kernels predicted slower by more than Percent.
  unsigned slowerThan(double Percent) const;
};

/// "kernel transpose: 2.3x slower on H100 SXM, 10.1 us -> 23.2 us (new
/// 32-way bank conflict at transpose.cu:24)".
std::string kernelChangeText(const KernelDiff &K, const DiffReport &R);

/// The text report: a line per changed kernel, then the new, fixed and
/// updated findings ("new: FILE:LINE:COL: warning: MESSAGE [rule]"), then
/// the counts.
void printDiffText(llvm::raw_ostream &OS, const DiffReport &R);

/// {"base", "head", "files", "kernels", "findings", "summary"}; each
/// finding as check's JSON has it plus "state" (and "before" when updated).
llvm::json::Value diffJson(const DiffReport &R);

/// check's SARIF log of every finding of either revision, each result with
/// its baselineState (absent: fixed by the change, at its old place).
llvm::json::Object diffSarif(const DiffReport &R);

/// A pull-request comment: a table of the changed kernels (before -> after)
/// and the new and fixed findings, each linked to its rule's page.
void printDiffMarkdown(llvm::raw_ostream &OS, const DiffReport &R);

/// What the revisions did not analyze (DiffReport::Failures), as each
/// format says it first (tools/output/DiffIncomplete.cpp): lines of text
/// (none when all was analyzed), diffJson's "analysis" object, SARIF's
/// invocation (executionSuccessful: false when the head did not compile)
/// with a notification each, a Markdown block quote.
void printIncompleteText(llvm::raw_ostream &OS, const DiffReport &R);
llvm::json::Object incompleteJson(const DiffReport &R);
void addIncompleteSarif(llvm::json::Object &Run, const DiffReport &R);
void printIncompleteMarkdown(llvm::raw_ostream &OS, const DiffReport &R);

/// Text for a Markdown comment with the characters that would format it
/// escaped and control characters (a newline) as spaces: nothing in it starts
/// a line, a heading, a list, a link, a table cell or HTML.
std::string markdownEscape(llvm::StringRef Text);

} // namespace warplint

#endif
