//===- Confirm.h - What the device model measured for a finding -*- C++ -*-===//
//
// With --confirm the checker runs each kernel on the device model (its known
// launch, or a small one it synthesizes and says so) and rules compare what
// they predicted with what the run measured, per access site. A prediction
// the run disagrees with is kept and marked contradicted, never silently
// kept; waste and errors only the run can see (data-dependent addresses,
// races, out-of-bounds accesses) become findings of their own.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_CONFIRM_H
#define WARPLINT_RULES_CONFIRM_H

#include "frontend/FileBudget.h"
#include "devicemodel/DeviceModel.h"
#include "rules/Rule.h"

namespace warplint {

/// Elements per thread of the launch that a confirming run gives a pointer
/// parameter no --buffer or launch file sizes. Generous, so that strided and
/// column-major kernels run to the end; the buffers are zero-filled and cost
/// only the pages the kernel touches.
constexpr uint64_t ConfirmElemsPerThread = 64;
/// The most bytes a buffer sized that way gets.
constexpr uint64_t ConfirmMaxDefaultBytes = uint64_t(1) << 30;

/// The launch request for a confirming run of Kernel: Launch's shape and
/// scalar arguments, the buffers and other arguments of the explicit launch
/// entries (command line, launch file) and of Defaults (the configuration)
/// that match Kernel. A missing grid is synthesized (Blocks blocks) and
/// Synthesized is set; so is it when the block was assumed.
dm::LaunchRequest confirmingRequest(const llvm::Function &Kernel, const LaunchConfig &Launch,
                                    llvm::ArrayRef<LaunchEntry> Explicit,
                                    const LaunchEntry *Defaults, unsigned Blocks,
                                    bool &Synthesized);

/// Runs Req on the device model, executing at most Blocks blocks (sampled
/// beyond), on one thread (the checker already runs files in parallel);
/// with a Budget, no block starts once it has run out.
llvm::Expected<dm::LaunchReport> confirmingRun(const llvm::Function &Kernel,
                                               const dm::LaunchRequest &Req,
                                               const ArchProfile &Arch, unsigned Blocks,
                                               const FileBudget *Budget = nullptr);

/// "grid(4,1,1) block(128,1,1)" of K's run, with what was synthesized for it
/// and the scalar arguments nobody gave ("n = 512 not given"). Empty without
/// a run.
std::string runDescription(const KernelFacts &K);

/// The measured site of access A in K's run; null without a run or when the
/// run never executed A.
const dm::SiteMetrics *measuredSite(const KernelFacts &K, const MemoryAccess &A);

/// The measured site of access A in Run; null when the run never executed A.
const dm::SiteMetrics *measuredSite(const dm::LaunchReport &Run, const MemoryAccess &A);

/// How far a measured figure may stray from the predicted one, relative to
/// the prediction, before the run contradicts it.
constexpr double ConfirmTolerance = 0.25;

/// Confirms finding F for access A: attaches the measured figure (note and
/// F.Confirmed). The run contradicts the prediction when it measured no
/// waste (at most Threshold times Ideal) or a figure more than
/// ConfirmTolerance away from P.PerRequest; then F's message and note say so
/// and F.Confirmed->Contradicted is set. Does nothing without a run.
void confirmAccess(const KernelFacts &K, const MemoryAccess &A, const Prediction &P,
                   double Threshold, Finding &F);

/// How far a launch total (an access's requests, their sectors, wavefronts
/// or passes) measured by the run may stray from the predicted one,
/// relative to the measured total.
constexpr double TotalsTolerance = 0.05;

/// Notes ("totals-mismatch") for the accesses whose predicted launch totals
/// (AccessTotals) K's run measured more than TotalsTolerance away from: the
/// requests where they are known, then the cost where it is. None without a
/// run, or when the run's launch was synthesized (it is not the launch the
/// totals are for).
std::vector<Finding> totalsMismatches(const KernelFacts &K);

/// The errors of K's run of one kind ("shared-race", "out-of-bounds",
/// "barrier-divergent"); empty without a run.
std::vector<const dm::Finding *> runErrors(const KernelFacts &K, llvm::StringRef Kind);

/// The message of run error E without the " at FILE:LINE" of its own
/// location (a finding already stands there).
std::string runMessage(const dm::Finding &E);

/// A Confirmation for a finding about an event (a race, a divergent barrier)
/// rather than a rate: Measured is 1 when the run saw it, 0 when it did not.
Confirmation eventConfirmation(const KernelFacts &K, llvm::StringRef Metric, bool Seen,
                               bool Predicted);

} // namespace warplint

#endif
