//===- Finding.h - What a rule reports --------------------------*- C++ -*-===//
//
// A finding is one diagnostic of one rule: where, how bad against the ideal,
// on what assumption, and how to fix it. Output formats (text, JSON, SARIF,
// LSP) render findings; rules never print.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_FINDING_H
#define WARPLINT_RULES_FINDING_H

#include "frontend/SourceLocation.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

enum class Severity { Note, Warning, Error };

/// "note", "warning" or "error".
llvm::StringRef severityName(Severity S);

/// Parses "note", "warning", "error"; None otherwise.
std::optional<Severity> parseSeverity(llvm::StringRef Text);

/// A mechanical edit: replace RemoveColumns characters starting at Loc with
/// Insert (RemoveColumns 0 inserts).
struct FixIt {
  SourceLoc Loc;
  unsigned RemoveColumns = 0;
  std::string Insert;
};

/// A secondary location with its message ("the other access of the race").
struct RelatedNote {
  SourceLoc Loc;
  std::string Message;
};

/// What the device model measured for a finding with --confirm.
struct Confirmation {
  std::string Metric;      ///< "sectors_per_request", ...
  double Measured = 0;
  std::optional<double> Predicted;
  /// The run disagrees with the prediction (the finding is kept and says so).
  bool Contradicted = false;
  std::string Launch;      ///< "grid(64,1,1) block(256,1,1)".
  bool Synthesized = false;///< The launch was made up for the run.
};

/// What fixing a finding saves on a named GPU: the time model run again
/// with the finding's site fixed as its rule page says (issue 25).
struct TimeSaved {
  std::string Gpu;        ///< "h100-sxm".
  std::string GpuDisplay; ///< "H100 SXM".
  double Us = 0;          ///< Negative when the fix is predicted slower.
  double KernelUs = 0;    ///< The kernel's predicted duration as it is.
  std::string Launch;     ///< "grid(4096,1,1) block(256,1,1)".
  /// The L2 state the times rest on ("L2 warm assumed (...)"); may be empty.
  std::string Assumption;
  /// Us as a percentage of KernelUs.
  double percent() const { return KernelUs > 0 ? 100 * Us / KernelUs : 0; }
  /// "fixing this saves ~120 us of 480 us (25%) on H100 SXM at grid(4096,1,1)
  /// block(256,1,1)"; below 1% it says the fix saves under 1%; the
  /// assumption follows after "; ".
  std::string text() const;
};

/// One diagnostic.
struct Finding {
  std::string Rule;   ///< "global-uncoalesced".
  Severity Level = Severity::Warning;
  std::string Kernel; ///< Source name; empty for file-level findings.
  SourceLoc Loc;
  /// Lowercase, no final period, without the trailing "[rule-id]".
  std::string Message;
  std::vector<RelatedNote> Notes;
  std::vector<FixIt> FixIts;
  std::optional<Confirmation> Confirmed;
  std::optional<TimeSaved> Saved;
  /// The tool could not do all of its job here (check --confirm's run could
  /// not run the kernel): the check exits 2 whatever the severity.
  bool Incomplete = false;

  /// Message + " [rule-id]".
  std::string text() const { return Message + " [" + Rule + "]"; }
  /// Stable order: file, line, column, rule, message.
  bool operator<(const Finding &O) const;
};

} // namespace warplint

#endif
