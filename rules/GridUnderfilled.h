//===- GridUnderfilled.h - grid-underfilled ---------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_GRIDUNDERFILLED_H
#define WARPLINT_RULES_GRIDUNDERFILLED_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// Launches that leave the GPU idle: a kernel whose work is a grid-stride
/// loop (its step reads gridDim, so the grid, not the data, sets the
/// parallelism) launched with a grid that keeps less than a threshold of the
/// GPU's resident blocks (SMs of the arch's reference GPU x the occupancy
/// calculation's blocks per SM) busy over its waves: too few blocks, or a
/// small last wave. Silent on one wave that gives every SM a block and keeps
/// enough global loads in flight to saturate DRAM (Little's law over the
/// loop's load bytes per iteration): more blocks would not speed a
/// bandwidth-bound loop. Says the grid that fills the GPU. Options: efficiency
/// (percent, default 80): warn below it; sms: the SM count of the GPU meant
/// (default: the reference GPU's, e.g. 132 for sm_90's H100 SXM).
class GridUnderfilledRule : public Rule {
public:
  explicit GridUnderfilledRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix fills the GPU: one full wave of resident blocks, the same work.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;

private:
  double Efficiency;
  unsigned SMs; ///< 0: the arch's reference GPU.
};

} // namespace warplint

#endif
