//===- GlobalReuseWithoutTiling.h - global-reuse-without-tiling -*- C++ -*-===//
#ifndef WARPLINT_RULES_GLOBALREUSEWITHOUTTILING_H
#define WARPLINT_RULES_GLOBALREUSEWITHOUTTILING_H

#include "rules/Rule.h"

namespace warplint {

/// A global load inside a loop whose address does not depend on some
/// threadIdx dimension of a multi-thread block, so every warp holding
/// threads along that dimension that run the load (the lane model's active
/// lanes) loads the same elements from global memory (naive matrix
/// multiply). Readers are counted in warps: a warp's lanes reading one
/// address are one request, so a block of one warp is never reported.
/// Option: threshold (default 2), the fewest warps loading an element
/// before it warns.
class GlobalReuseWithoutTilingRule : public Rule {
public:
  explicit GlobalReuseWithoutTilingRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The tiled loop: each element loaded once per block, coalesced, into a
  /// shared tile the threads read where they read global memory.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;

private:
  double Threshold;
};

} // namespace warplint

#endif
