//===- Confirm.h - What the device model measured for a finding -*- C++ -*-===//
//
// With --confirm the checker runs each kernel on the device model (its known
// launch, or a small one it synthesizes and says so) and rules compare what
// they predicted with what the run measured, per access site.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_CONFIRM_H
#define WARPLINT_RULES_CONFIRM_H

#include "devicemodel/DeviceModel.h"
#include "rules/Rule.h"

namespace warplint {

/// Runs Kernel on the device model with Launch's shape and arguments. A
/// missing grid is synthesized (enough blocks for Blocks samples) and
/// Synthesized is set. Blocks bounds the blocks executed (sampled beyond).
llvm::Expected<dm::LaunchReport> confirmingRun(const llvm::Function &Kernel,
                                               const LaunchConfig &Launch,
                                               const ArchProfile &Arch, unsigned Blocks,
                                               bool &Synthesized);

/// The measured site of access A in K's run; null without a run or when the
/// run never executed A.
const dm::SiteMetrics *measuredSite(const KernelFacts &K, const MemoryAccess &A);

/// The measured per-request figure of Site in A's space (the metric
/// Prediction::metricName names); None when the site issued no request.
std::optional<double> measuredPerRequest(const dm::SiteMetrics &Site);

/// Confirms finding F for access A: attaches the measured figure and marks the
/// finding contradicted when the measured cost is at most Threshold times
/// Ideal (the prediction said waste, the run saw none). Does nothing without
/// a run.
void confirmAccess(const KernelFacts &K, const MemoryAccess &A, const Prediction &P,
                   double Threshold, Finding &F);

} // namespace warplint

#endif
