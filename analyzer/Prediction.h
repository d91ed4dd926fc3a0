//===- Prediction.h - What is predicted for an access, branch, barrier -*- C++ -*-===//
//
// The data types of the access-pattern analysis: a Prediction per source
// access (pattern, stride, cost per request against the ideal, range,
// assumptions), the divergence of a branch and the reach of a barrier.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_PREDICTION_H
#define WARPLINT_ANALYZER_PREDICTION_H

#include "analyzer/LaunchTotals.h"
#include "frontend/SourceLocation.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Instruction;
class Value;
}

namespace warplint {

/// What is predicted for one access.
struct Prediction {
  std::string Pattern;                ///< "coalesced", "strided", ...
  std::optional<int64_t> StrideBytes; ///< Between adjacent lanes, when constant.
  bool Uniform = false;               ///< Every lane the same address.
  /// The metric of the access's space (sectors, wavefronts or addresses per
  /// request); empty when it depends on loaded data.
  std::optional<double> PerRequest;
  double Min = 0, Max = 0;            ///< Range over the samples.
  double Ideal = 0;                   ///< What the same lanes could cost at best.
  double ActiveLanes = 0;             ///< Average active lanes per request.
  /// Which lanes reach the access depends on loaded data (a branch on a
  /// loaded value or an atomic's result): ActiveLanes counts every lane that
  /// may reach it, and how often it runs is unknown.
  bool ActiveDependsOnData = false;
  uint64_t StructBytes = 0;           ///< For struct fields: the struct size.
  /// For struct fields: the accesses of the same kind (loads, or stores) that
  /// the same warp makes at the same stride cover every byte of the struct.
  bool EveryFieldUsed = false;
  /// For a strided atomic: the atomics the same warp makes at the same stride
  /// update every byte from one lane's address to the next (out[2 * t] and
  /// out[2 * t + 1]), so together they use every byte of the sectors they
  /// touch; no wider atomic exists to merge them into.
  bool StrideCovered = false;
  /// For a strided shared-memory load or store whose stride the same warp's
  /// loads (or stores) cover, as StrideCovered, or its own IR copies do at
  /// constant offsets from one base (a float4 Clang's IR split into four
  /// floats): the widest alignment known of them (an access's own, or that
  /// base's); 0 when the stride is not covered.
  uint64_t CoveringAlign = 0;
  int64_t MisalignBytes = 0;          ///< For misaligned: lane 0's offset in its sector.
  /// For misaligned: lane 0's offsets in its sector over the sampled warps
  /// that pay for it, sorted; more than one when the alignment changes from
  /// warp to warp (the rows of an odd pitch).
  std::vector<int64_t> MisalignOffsets;
  /// For a misaligned load: another load the same warp makes that touches
  /// the same sectors (in[i] next to in[i + 1], a stencil), so the extra
  /// sector is likely served by L1; invalid when there is none.
  SourceLoc SharesSectorsWith;
  /// A load another load of the same warp makes touches its sectors too (any
  /// pattern: x[i] loaded again after a store the compiler could not see
  /// past, neighbouring fields): the sectors are read again soon, from L1 or
  /// L2, not from DRAM (the time model's LaunchWork).
  bool SectorsReadTwice = false;
  /// For a loop-varying access: every pair of consecutive sampled iterations
  /// touches a common sector (a sliding window, in[i + j] with j counting).
  bool SlidingWindow = false;
  bool LoopVarying = false;
  /// Where an unknown argument was sampled at two values and the access is at
  /// its ideal at one of them (which: 0 or 1) and costs more at the other:
  /// the waste is the sampled value's (a row length that is not a multiple of
  /// the sector), not the code's.
  std::optional<unsigned> IdealAtArgSample;
  /// When the cost changes from one iteration of the loop around the access
  /// to the next: the cost per iteration (of the innermost loop, averaged over
  /// the sampled warps that run it), in order. Copies of a fully unrolled loop
  /// count as its iterations when each runs after the one before.
  std::vector<double> PerIteration;
  /// When the stride between lanes depends on unknown scalar arguments (not
  /// given with --arg or a launch file): their names ("n"), ...
  std::string StrideDependsOn;
  /// ... the stride at each sampled value (value, bytes), ...
  std::vector<std::pair<uint64_t, int64_t>> SampledStrides;
  /// ... with, where several unknowns take part, each sample's values of
  /// them ("start=4096, end=8192"; value above is the first's), ...
  std::vector<std::string> SampledArgValues;
  /// ... and, for one argument when the stride is affine in it (checked at a
  /// third value), the stride in bytes as a formula: "4*n", "4*n+4".
  std::string StrideFormula;
  /// "16384B at n=4096, 4000B at n=1000" (empty unless SampledStrides).
  std::string sampledStridesText() const;
  /// PerIteration compactly, repeats folded: "2,4,8x3,4,2,1".
  std::string perIterationText() const;
  /// For a shared access whose IR sites all address one __shared__ variable:
  /// the bytes the active lanes of the sampled warps touch, as offsets from
  /// the variable's start (first, one past the last). Empty when they are not
  /// known: SharedBytesWhy says why ("depends on a value loaded at line 7").
  std::optional<std::pair<int64_t, int64_t>> SharedBytes;
  std::string SharedBytesWhy;
  std::string DependsOn;              ///< For data-dependent: what it depends on.
  /// For data-dependent: the load or call DependsOn names (null when none).
  const llvm::Value *DependsOnValue = nullptr;
  std::vector<std::string> Assumptions;
  /// The access over the whole launch (execution counts).
  AccessTotals Totals;

  /// "sectors_per_request", "wavefronts_per_request" or "addresses_per_request".
  static llvm::StringRef metricName(unsigned Space);
};

/// A conditional branch and whether the lanes of a warp disagree on it.
struct BranchDivergence {
  SourceLoc Loc;
  enum Kind { Uniform, Divergent, DataDependent } K = Uniform;
  double DivergentFraction = 0; ///< Of sampled warp executions.
  unsigned Samples = 0;          ///< Sampled warp executions that reach it.
  unsigned DivergentSamples = 0; ///< Of those, the ones whose lanes disagree.
  /// The most lanes of a divergent sample that leave the majority's path (1
  /// for a single-lane branch such as `if (threadIdx.x == 0)`).
  unsigned MinorityLanes = 0;
  /// The condition changes at most once along the threads in launch order (a
  /// bounds check `if (i < n)`): only the warp that straddles the bound
  /// diverges, once per execution of the branch.
  bool Boundary = false;
  /// The condition changes at most once along each block's threads in order
  /// (`if (threadIdx.x < s)`, and every Boundary branch): the threads of each
  /// path are packed together, so at most one warp per block diverges and no
  /// other assignment of the block's work to its lanes would do better.
  bool Packed = false;
  /// The lanes disagree only in blocks on the grid's upper edge (a 2-D bounds
  /// check `if (x < w && y < h)` with the grid rounded up).
  bool GridEdge = false;
  /// The estimated fraction of the whole launch's warp executions that
  /// diverge: DivergentFraction, scaled down for Boundary and GridEdge
  /// branches to the warps and blocks where that can happen.
  double LaunchFraction = 0;
  /// The branch (the first copy when a loop was unrolled).
  const llvm::Instruction *Inst = nullptr;
};

/// A barrier and whether only part of the block may reach it.
struct BarrierReach {
  SourceLoc Loc;
  bool ThreadDependent = false;
  bool DataDependent = false;
};

} // namespace warplint

#endif
