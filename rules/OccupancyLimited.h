//===- OccupancyLimited.h - occupancy-limited -------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_OCCUPANCYLIMITED_H
#define WARPLINT_RULES_OCCUPANCYLIMITED_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// Launches whose theoretical occupancy (the CUDA occupancy calculation with
/// the launch's block size, the kernel's registers and its static plus
/// dynamic shared memory) is below a threshold, naming the limiting resource
/// with its numbers; an error when no block fits on an SM at all. Option:
/// threshold (percent, default 50): warn below it.
class OccupancyLimitedRule : public Rule {
public:
  explicit OccupancyLimitedRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix reaches the threshold's resident blocks per SM.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;

private:
  double Threshold;
};

} // namespace warplint

#endif
