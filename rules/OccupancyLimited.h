//===- OccupancyLimited.h - occupancy-limited -------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_OCCUPANCYLIMITED_H
#define WARPLINT_RULES_OCCUPANCYLIMITED_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// Launches whose theoretical occupancy (the CUDA occupancy calculation with
/// the launch's block size, the kernel's registers and its static plus
/// dynamic shared memory) is below a threshold, naming the limiting resource
/// with its numbers; an error when no block fits on an SM at all. Not
/// reported when the launch's grid is known and puts no more blocks on an SM
/// (spread over the GPU's SMs) than the limit allows. Options: threshold
/// (percent, default 50): warn below it; sms: the SM count of the GPU meant
/// (default: the architecture's reference GPU's).
class OccupancyLimitedRule : public Rule {
public:
  explicit OccupancyLimitedRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix reaches the threshold's resident blocks per SM.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;

private:
  double Threshold;
  unsigned SMs; ///< 0: the architecture's reference GPU's.
};

} // namespace warplint

#endif
