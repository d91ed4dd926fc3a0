//===- DeviceFault.h - device-fault -----------------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_DEVICEFAULT_H
#define WARPLINT_RULES_DEVICEFAULT_H

#include "rules/Rule.h"

namespace warplint {

/// What the device model's run with --confirm found wrong that no other
/// rule reports: misaligned accesses, device-heap misuse (use after free,
/// double or invalid free, leaks as notes), reads of uninitialized memory,
/// kernels that do not terminate or trap, and instructions the device model
/// cannot run (a note). Without --confirm it finds nothing.
class DeviceFaultRule : public Rule {
public:
  explicit DeviceFaultRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
};

} // namespace warplint

#endif
