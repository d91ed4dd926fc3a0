//===- GlobalMisaligned.h - global-misaligned -------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_GLOBALMISALIGNED_H
#define WARPLINT_RULES_GLOBALMISALIGNED_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// Global accesses whose lanes are contiguous but whose warp starts off a
/// 32-byte sector boundary (`in[i + 3]`, a pointer offset, rows of an odd
/// pitch, a window sliding with a loop counter): one sector more per request
/// than the bytes need. Options: threshold (default 1.2), the ratio to the
/// ideal at which a misaligned access warns (below it: a note); stencil
/// (note, warning or ignore; default note), what to report when another load
/// of the same warp reads the same sectors (a stencil's neighbour) or the
/// loop's previous iteration did (a sliding window).
class GlobalMisalignedRule : public Rule {
public:
  explicit GlobalMisalignedRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix gives the access its ideal cost.
  bool modelFix(const KernelFacts &, const Finding &F, LaunchWork &W) const override {
    return makeIdealAt(F, W);
  }

private:
  double Threshold;
  /// What a stencil neighbour or sliding window gets: a note, a warning
  /// (treated like any other misaligned access) or nothing.
  enum class StencilReport { Note, Warning, Ignore } Stencil;
};

} // namespace warplint

#endif
