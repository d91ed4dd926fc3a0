//===- RegisterSpill.h - register-spill -------------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_REGISTERSPILL_H
#define WARPLINT_RULES_REGISTERSPILL_H

#include "rules/Rule.h"

namespace warplint {

/// Kernels whose registers spill to local memory: predicted when the
/// register-pressure estimate exceeds the cap (the arch limit,
/// __launch_bounds__, __maxnreg__, --maxrregcount), confirmed or overruled
/// by ptxas with --ptxas, and read from the STL/LDL of a SASS listing
/// (those inside loops first). No options besides severity.
class RegisterSpillRule : public Rule {
public:
  explicit RegisterSpillRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  void checkSass(const SassFacts &K, const FindingSink &Out) const override;
  /// The spill traffic gone (the kernel fits its registers).
  bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const override;
};

} // namespace warplint

#endif
