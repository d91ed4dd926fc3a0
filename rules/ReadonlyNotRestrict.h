//===- ReadonlyNotRestrict.h - readonly-not-restrict ------------*- C++ -*-===//
#ifndef WARPLINT_RULES_READONLYNOTRESTRICT_H
#define WARPLINT_RULES_READONLYNOTRESTRICT_H

#include "rules/Rule.h"

namespace warplint {

/// A note for a kernel pointer parameter that is only read, while the kernel
/// writes through another pointer, and that is not __restrict__: the
/// compiler must assume the stores may change what it points to. Offers the
/// fix-it that adds __restrict__ to the parameter.
class ReadonlyNotRestrictRule : public Rule {
public:
  explicit ReadonlyNotRestrictRule(const RuleOptions &Opts)
      : Rule("readonly-not-restrict", Opts) {}
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The reloads the stores forced become one load kept in a register (or
  /// hoisted out of the loop); the rest of what __restrict__ allows is not
  /// priced.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;
};

} // namespace warplint

#endif
