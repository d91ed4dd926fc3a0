//===- BarrierDivergent.h - barrier-divergent -------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_BARRIERDIVERGENT_H
#define WARPLINT_RULES_BARRIERDIVERGENT_H

#include "rules/Rule.h"

namespace warplint {

/// __syncthreads() reached by only part of a block: a barrier under a
/// condition that depends on the thread index (predicted), and with --confirm
/// any barrier the device model saw reached by part of a block (data-dependent
/// conditions too). An error: the block hangs or the behaviour is undefined.
class BarrierDivergentRule : public Rule {
public:
  explicit BarrierDivergentRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
};

} // namespace warplint

#endif
