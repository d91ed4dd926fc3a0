//===- OutOfBounds.h - out-of-bounds ----------------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_OUTOFBOUNDS_H
#define WARPLINT_RULES_OUTOFBOUNDS_H

#include "rules/Rule.h"

namespace warplint {

/// Accesses past the end of a buffer (or outside shared, local or constant
/// memory) that the device model's run found with --confirm; without
/// --confirm it finds nothing. An error when the buffer's size was given
/// (--buffer, a launch file); a note when warplint sized the buffer itself,
/// since then the overrun may be its guess's.
class OutOfBoundsRule : public Rule {
public:
  explicit OutOfBoundsRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
};

} // namespace warplint

#endif
