//===- GlobalAtomicContended.h - global-atomic-contended --------*- C++ -*-===//
#ifndef WARPLINT_RULES_GLOBALATOMICCONTENDED_H
#define WARPLINT_RULES_GLOBALATOMICCONTENDED_H

#include "rules/Rule.h"

namespace warplint {

/// Global atomics that every thread of the grid makes to one address
/// (`atomicAdd(sum, x)`, `atomicAdd(&counter, 1)` with no guard): the
/// address does not depend on the thread, the warp or the block, and more
/// than `lanes` lanes of a warp (default 1) make it. All of them serialize at
/// the one L2 slice that holds the address. Says how many updates the launch
/// makes and the block-level reduction that needs one per block.
class GlobalAtomicContendedRule : public Rule {
public:
  explicit GlobalAtomicContendedRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;

private:
  double Lanes;
};

} // namespace warplint

#endif
