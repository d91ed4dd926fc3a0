//===- BlockPartialWarp.h - block-partial-warp ------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_BLOCKPARTIALWARP_H
#define WARPLINT_RULES_BLOCKPARTIALWARP_H

#include "rules/Rule.h"

namespace warplint {

/// Launches whose blocks leave lanes of their warps empty: a block of fewer
/// threads than a warp (`<<<n / 32, 1>>>`), or of a count that is not a
/// multiple of the warp size, runs every warp the SM schedules with idle
/// lanes. Warns when the idle share of the block's lanes exceeds
/// `threshold` percent (default 20), and says the block that fills its
/// warps.
class BlockPartialWarpRule : public Rule {
public:
  explicit BlockPartialWarpRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;

private:
  double Threshold;
};

} // namespace warplint

#endif
