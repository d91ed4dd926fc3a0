//===- ConstantDivergent.h - constant-divergent -----------------*- C++ -*-===//
#ifndef WARPLINT_RULES_CONSTANTDIVERGENT_H
#define WARPLINT_RULES_CONSTANTDIVERGENT_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// __constant__ reads whose lanes ask for different addresses: the constant
/// cache serves one address per pass, so the warp's read is serialized. With
/// --confirm, data-dependent indices the run measured too. Option: threshold
/// (default 1), the addresses per request above which it warns.
class ConstantDivergentRule : public Rule {
public:
  explicit ConstantDivergentRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix gives the access its ideal cost.
  bool modelFix(const KernelFacts &, const Finding &F, LaunchWork &W) const override {
    return makeIdealAt(F, W);
  }

private:
  double Threshold;
};

} // namespace warplint

#endif
