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

#include "analyzer/LaunchConfig.h"
#include "analyzer/Prediction.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/arch/ArchProfile.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace warplint {

class AccessPatterns {
public:
  static AccessPatterns analyze(const StateSpaces &Spaces, const LaunchConfig &Launch,
                                const ArchProfile &Arch);

  /// The prediction for Accesses()[I] of the StateSpaces analyzed.
  const Prediction &prediction(size_t I) const { return Predictions[I]; }
  llvm::ArrayRef<BranchDivergence> branches() const { return Branches; }
  llvm::ArrayRef<BarrierReach> barriers() const { return Barriers; }
  const LaunchConfig &launch() const { return Launch; }

  void print(llvm::raw_ostream &OS, const StateSpaces &Spaces) const;

private:
  LaunchConfig Launch;
  std::vector<Prediction> Predictions;
  std::vector<BranchDivergence> Branches;
  std::vector<BarrierReach> Barriers;
};

} // namespace warplint

#endif
