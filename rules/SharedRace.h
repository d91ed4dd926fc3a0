//===- SharedRace.h - shared-race -------------------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_SHAREDRACE_H
#define WARPLINT_RULES_SHAREDRACE_H

#include "rules/Rule.h"

namespace warplint {

/// Shared-memory races the device model's race detector found with
/// --confirm: two threads of a block touch the same shared word, at least one
/// writing, with no barrier between. Without --confirm it finds nothing.
class SharedRaceRule : public Rule {
public:
  explicit SharedRaceRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
};

} // namespace warplint

#endif
