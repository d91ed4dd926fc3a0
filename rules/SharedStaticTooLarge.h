//===- SharedStaticTooLarge.h - shared-static-too-large ---------*- C++ -*-===//
#ifndef WARPLINT_RULES_SHAREDSTATICTOOLARGE_H
#define WARPLINT_RULES_SHAREDSTATICTOOLARGE_H

#include "rules/Rule.h"

namespace warplint {

/// Static __shared__ memory of a kernel above the per-block static limit
/// (48 KB: an error, the kernel cannot be built), or above a fraction of the
/// SM's shared memory where it alone limits the blocks an SM holds (a
/// warning with the occupancy it leaves). Option: fraction (percent of the
/// SM's shared memory, default 50).
class SharedStaticTooLargeRule : public Rule {
public:
  explicit SharedStaticTooLargeRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;

private:
  double Fraction;
};

} // namespace warplint

#endif
