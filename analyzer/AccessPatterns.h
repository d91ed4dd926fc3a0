//===- AccessPatterns.h - Predicted cost of every access --------*- C++ -*-===//
//
// For each source-level access of a kernel: its pattern (coalesced, strided,
// misaligned, broadcast, struct field, column-major, partial warp,
// loop-varying, data-dependent), stride, and the predicted sectors per request
// (global, local), wavefronts per request (shared) or addresses per request
// (const), averaged over the sampled warps and loop iterations, with the range
// and the assumptions. Also the divergence of every branch and barrier.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ACCESSPATTERNS_H
#define WARPLINT_ANALYZER_ACCESSPATTERNS_H

#include "analyzer/AnalysisBudget.h"
#include "analyzer/LaunchConfig.h"
#include "analyzer/Prediction.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/arch/ArchProfile.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace warplint {

struct KernelCorrespondence;

class AccessPatterns {
public:
  static AccessPatterns analyze(const StateSpaces &Spaces, const LaunchConfig &Launch,
                                const ArchProfile &Arch, const AnalysisBudget &Budget = {});

  /// The kernel ran out of its analysis budget: every prediction is
  /// "unmodelled" and no branch or barrier is reported. Says which limit.
  bool exhausted() const { return !Exhausted.empty(); }
  const std::string &exhaustedReason() const { return Exhausted; }
  const AnalysisBudget &budget() const { return Budget; }

  /// The prediction for Accesses()[I] of the StateSpaces analyzed.
  const Prediction &prediction(size_t I) const { return Predictions[I]; }
  llvm::ArrayRef<BranchDivergence> branches() const { return Branches; }
  llvm::ArrayRef<BarrierReach> barriers() const { return Barriers; }
  const LaunchConfig &launch() const { return Launch; }
  /// What the whole launch adds up to (warps, instructions, footprints).
  const KernelTotals &totals() const { return Totals; }
  /// How long the analysis took, in seconds of wall time (for
  /// --time-report); a copy's result says it is one instead.
  double seconds() const { return Seconds; }
  bool copy() const { return Copy; }

  void print(llvm::raw_ostream &OS, const StateSpaces &Spaces) const;

  /// This result for a copy of the kernel it was computed for (see
  /// KernelCopies.h): lines moved and IR pointers mapped by C, with the
  /// copy's own launch (alike in all the analysis reads).
  AccessPatterns forCopy(const KernelCorrespondence &C, const LaunchConfig &CopyLaunch) const;

private:
  static AccessPatterns analyzeUntimed(const StateSpaces &Spaces, const LaunchConfig &Launch,
                                       const ArchProfile &Arch, const AnalysisBudget &Budget);
  static AccessPatterns stopped(AccessPatterns R, const StateSpaces &Spaces,
                                llvm::StringRef Reason);
  LaunchConfig Launch;
  AnalysisBudget Budget;
  std::string Exhausted;
  double Seconds = 0;
  bool Copy = false;
  std::vector<Prediction> Predictions;
  std::vector<BranchDivergence> Branches;
  std::vector<BarrierReach> Barriers;
  KernelTotals Totals;
};

} // namespace warplint

#endif
