//===- WarpDivergentBranch.h - warp-divergent-branch ------------*- C++ -*-===//
#ifndef WARPLINT_RULES_WARPDIVERGENTBRANCH_H
#define WARPLINT_RULES_WARPDIVERGENTBRANCH_H

#include "rules/Rule.h"

namespace warplint {

struct BranchDivergence;

/// Branches whose condition differs between the lanes of one warp, so the
/// warp issues both paths (or the guarded one) with some lanes idle. Left
/// alone: warp-uniform branches, branches whose lanes disagree in too small a
/// part of the launch (a bounds check `if (i < n)` diverges in one warp of
/// the grid, a 2-D one only on the grid's edge), single-lane branches
/// (`if (threadIdx.x == 0)`, nothing to win) and data-dependent conditions
/// (the analysis does not guess data). A warning when the lanes left idle
/// miss memory accesses or at least min-instructions instructions, a note
/// otherwise. Options: min-fraction (default 0.1), the part of the launch's
/// warp executions that must diverge; min-instructions (default 8).
class WarpDivergentBranchRule : public Rule {
public:
  explicit WarpDivergentBranchRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The lanes of each path packed into whole warps: the instructions and
  /// requests under the branch that diverging warps issued for idle lanes
  /// go. Lanes leaving a loop at different iterations are not modelled.
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;

private:
  /// Whether check reports branch B of K.
  bool reported(const BranchDivergence &B, const KernelFacts &K) const;
  double MinFraction;
  unsigned MinInstructions;
};

} // namespace warplint

#endif
