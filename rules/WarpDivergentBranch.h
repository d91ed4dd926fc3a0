//===- WarpDivergentBranch.h - warp-divergent-branch ------------*- C++ -*-===//
#ifndef WARPLINT_RULES_WARPDIVERGENTBRANCH_H
#define WARPLINT_RULES_WARPDIVERGENTBRANCH_H

#include "rules/Rule.h"

namespace warplint {

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

private:
  double MinFraction;
  unsigned MinInstructions;
};

} // namespace warplint

#endif
