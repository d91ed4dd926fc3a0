//===- SharedExternAlias.h - shared-extern-alias ----------------*- C++ -*-===//
#ifndef WARPLINT_RULES_SHAREDEXTERNALIAS_H
#define WARPLINT_RULES_SHAREDEXTERNALIAS_H

#include "rules/Rule.h"

namespace warplint {

/// Several `extern __shared__` arrays accessed in one kernel: they all start
/// at offset 0 of the block's dynamic shared memory, so they are the same
/// bytes (read as different types when their element types differ). No
/// options besides severity.
class SharedExternAliasRule : public Rule {
public:
  explicit SharedExternAliasRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
};

} // namespace warplint

#endif
