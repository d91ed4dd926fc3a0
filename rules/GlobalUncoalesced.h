//===- GlobalUncoalesced.h - global-uncoalesced -----------------*- C++ -*-===//
#ifndef WARPLINT_RULES_GLOBALUNCOALESCED_H
#define WARPLINT_RULES_GLOBALUNCOALESCED_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// Global accesses whose warp touches more sectors than its bytes need:
/// strided, column-major and scattered addresses (and, with --confirm,
/// data-dependent ones the run measured). Option: threshold (default 1.5),
/// the ratio to the ideal above which it warns.
class GlobalUncoalescedRule : public Rule {
public:
  explicit GlobalUncoalescedRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix gives the access its ideal cost. A thread that walks its own
  /// row in a loop (lanes a line or more apart, a warp-sized loop or longer)
  /// becomes a warp per row, as the rule page says: the lanes read adjacent
  /// elements, the launch has a warp's worth of threads for each one before.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;

private:
  double Threshold;
};

} // namespace warplint

#endif
