//===- MemoryCounters.h - Nsight Compute's memory counters ------*- C++ -*-===//
//
// The memory-system model of DESIGN.md as an observer: global and local
// requests and 32-byte sectors, shared instructions, wavefronts and bank
// conflicts, constant-cache replays, and instructions executed, per kernel
// and per access site, under Nsight Compute's metric names. What each
// warp-level request costs comes from analyzer/arch/MemoryCost, the code the
// static analysis prices its predictions with.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_MEMORYCOUNTERS_H
#define WARPLINT_DEVICEMODEL_MEMORYCOUNTERS_H

#include "analyzer/arch/ArchProfile.h"
#include "devicemodel/Decoder.h"
#include "devicemodel/Observer.h"

#include <map>
#include <optional>
#include <utility>

namespace warplint {
namespace dm {

/// Metric name -> value, in name order.
using MetricMap = std::map<std::string, double>;

/// Counters of one source-level access (file:line:column, space, op).
struct SiteMetrics {
  SourceLoc Loc;
  unsigned Space = 0; ///< Resolved space.
  MemOp Op = MemOp::Load;
  unsigned Bytes = 0;
  /// The accesses' PTX cache hint ("cs", ...): "" for none, "mixed" when the
  /// IR sites of the expression differ.
  std::string CacheHint;
  /// The global read of bulk copies (Site::Bulk), counted under the TMA's
  /// names: its 128-byte pieces and their sectors.
  bool Bulk = false;
  MetricMap Metrics;

  /// Warp-level requests of the site, read from Metrics.
  double requests() const;
  /// The site's cost per request in its space: sectors (global, local),
  /// wavefronts (shared) or distinct addresses (constant); None when the site
  /// issued no request.
  std::optional<double> perRequest() const;
};

/// The raw counts of one access site in one space.
struct AccessCounts {
  uint64_t Requests = 0;  ///< Warp-level instructions.
  uint64_t Sectors = 0;   ///< Global / local.
  uint64_t Wavefronts = 0, Phases = 0; ///< Shared.
  uint64_t Passes = 0;    ///< Constant: one per distinct address.
  uint64_t Lanes = 0;
};

/// Counts what a launch did to the memory system.
class MemoryCounters : public Observer {
public:
  MemoryCounters(const Program &P, const ArchProfile &Arch) : P(P), Arch(Arch) {}
  std::unique_ptr<BlockObserver> startBlock(const BlockInfo &B) override;
  void finishBlock(std::unique_ptr<BlockObserver> B) override;

  /// Kernel-level metrics, each multiplied by Scale (sampling).
  MetricMap kernelMetrics(double Scale) const;
  /// Per-site metrics, in source order.
  std::vector<SiteMetrics> siteMetrics(double Scale) const;

private:
  friend class CounterBlock;
  const Program &P;
  const ArchProfile &Arch;
  /// Indexed by Site * 4 + spaceIndex(Space), per op kind.
  std::vector<AccessCounts> Counts;
  BlockStats Stats;
};

} // namespace dm
} // namespace warplint

#endif
