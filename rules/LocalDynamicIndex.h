//===- LocalDynamicIndex.h - local-dynamic-index ----------------*- C++ -*-===//
#ifndef WARPLINT_RULES_LOCALDYNAMICINDEX_H
#define WARPLINT_RULES_LOCALDYNAMICINDEX_H

#include "rules/Rule.h"

namespace warplint {

/// Private arrays kept in local memory because they are indexed with a
/// run-time index, worst when the accesses sit inside loops. With --ptxas an
/// array ptxas kept in registers is reported as such (a note), not as local
/// memory. In SASS listings: LDL/STL that are not spills, inside loops. No
/// options besides severity.
class LocalDynamicIndexRule : public Rule {
public:
  explicit LocalDynamicIndexRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix keeps the array in registers: its local traffic goes.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;
  void checkSass(const SassFacts &K, const FindingSink &Out) const override;
};

} // namespace warplint

#endif
