//===- GlobalRmwInLoop.h - global-rmw-in-loop -------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_GLOBALRMWINLOOP_H
#define WARPLINT_RULES_GLOBALRMWINLOOP_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// A global location stored (and often loaded) on every iteration of a loop
/// at an address the loop does not change (`out[i] += a[k] * b[k]` inside a
/// loop over k): the compiler could not keep it in a register.
class GlobalRmwInLoopRule : public Rule {
public:
  explicit GlobalRmwInLoopRule(const RuleOptions &Opts) : Rule("global-rmw-in-loop", Opts) {}
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix accumulates in a register: the line's global accesses run once
  /// per warp instead of once per iteration.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;
};

} // namespace warplint

#endif
