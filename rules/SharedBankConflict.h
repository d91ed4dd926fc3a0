//===- SharedBankConflict.h - shared-bank-conflict --------------*- C++ -*-===//
#ifndef WARPLINT_RULES_SHAREDBANKCONFLICT_H
#define WARPLINT_RULES_SHAREDBANKCONFLICT_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// Shared-memory accesses whose lanes hit the same bank at different words,
/// serializing the request into more wavefronts than its phases need. For a
/// 2-D tile whose row is a multiple of the bank width it offers the padding
/// fix-it ([32][32] -> [32][33]). Option: threshold (default 1), the
/// wavefront ratio to the ideal above which it warns.
class SharedBankConflictRule : public Rule {
public:
  explicit SharedBankConflictRule(const RuleOptions &Opts);
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
