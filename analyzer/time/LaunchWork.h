//===- LaunchWork.h - A launch's work, access by access ---------*- C++ -*-===//
//
// Between the execution counts and the time model: each access's totals over
// the launch, each buffer's footprint and the launch's shape, in a form a fix
// can edit (a site at its ideal cost, a local array gone, more resident
// blocks) before the time model prices it again. docs/time.md has how the
// sites become L1, L2 and DRAM traffic.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_TIME_LAUNCHWORK_H
#define WARPLINT_ANALYZER_TIME_LAUNCHWORK_H

#include "analyzer/LaunchTotals.h"
#include "analyzer/time/TimeModel.h"
#include "frontend/SourceLocation.h"
#include "frontend/launch/LaunchFile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

class AccessPatterns;
struct ArchProfile;
class StateSpaces;

/// One access over the launch.
struct SiteWork {
  SourceLoc Loc;
  unsigned Space = 0; ///< Resolved address space (AS_Global, ...).
  bool Store = false;
  double Requests = 0;
  double Cost = 0;  ///< Sectors, wavefronts or passes.
  double Ideal = 0; ///< The same lanes at their ideal cost.
  /// The buffer (BufferFootprint::Name) a global access reads or writes.
  std::string Buffer;
  /// Its extra sectors are other accesses' sectors too (every field of a
  /// structure read, a misaligned load beside its neighbour): making it ideal
  /// saves L1 and L2 traffic, not DRAM.
  bool SharesSectors = false;
  /// Its sectors are read again soon after: the next iteration's window
  /// overlaps this one's (a stencil's in[i + k]), or every lane reads one
  /// address (a broadcast). Those re-reads hit in L2 whatever the footprint.
  bool ReadsNear = false;
  /// 128-byte lines per sector of a request: 1 when each lane's sector is on
  /// a line of its own (lanes 128 bytes or more apart), 1/4 when a request's
  /// sectors fill whole lines. L2 serves a one-sector line request at
  /// GpuProfile::L2ScatteredGSectors, well below its bandwidth.
  double LinesPerSector = 0.25;
  /// Register spill traffic (addSpills), not an access of the IR.
  bool Spill = false;
  /// A load whose loop's iterations a warp can have in flight together
  /// (loadsOverlapIterations): GpuProfile::LoadsInFlight of them wait as one.
  bool OverlapsIterations = false;
};

/// A launch's work, editable by fixes.
struct LaunchWork {
  bool Known = false;
  std::string Why; ///< Why there is no estimate, when !Known.
  double Blocks = 0;
  double WarpsPerBlock = 0;
  unsigned BlocksPerSM = 1;
  unsigned SectorBytes = 32; ///< ArchProfile::SectorBytes.
  unsigned LineBytes = 128;  ///< ArchProfile::LineBytes.
  /// SASS-like warp instructions issued (KernelTotals::SassInstructions),
  /// and of those the MUFU operations.
  double WarpInstructions = 0, MufuInstructions = 0;
  /// Warp executions of block-wide barriers (KernelTotals::BarrierWarps).
  double BarrierWarps = 0;
  /// Tensor-core FLOPs by TensorType (KernelTotals::TensorFlops).
  std::array<double, NumTensorTypes> TensorFlops{};
  /// Warp executions of each basic block (KernelTotals::BlockWarps) and what
  /// one execution issues (KernelTotals::BlockSass).
  llvm::DenseMap<const llvm::BasicBlock *, double> BlockWarps;
  llvm::DenseMap<const llvm::BasicBlock *, BlockIssue> BlockSass;
  std::vector<SiteWork> Sites;
  std::vector<BufferFootprint> Buffers;
  /// What the launch finds in L2 (LaunchConfig::L2), and where a cold state
  /// was given ("--l2", "launch file F").
  L2State L2 = L2State::Warm;
  std::string L2Source;
  /// What the counts assumed (unknown arguments, trip counts).
  std::vector<std::string> Assumptions;

  /// The sites of IR accesses at Loc (a finding's place).
  std::vector<SiteWork *> sitesAt(const SourceLoc &Loc);
  /// Makes S cost its ideal; the buffer it reads or writes loses the distinct
  /// sectors only S touched (none when S.SharesSectors).
  void makeIdeal(SiteWork &S);
  /// Removes S's traffic (a local array kept in registers).
  void remove(SiteWork &S);
  /// Removes what addSpills added: the spill sites' traffic and their
  /// instructions (the kernel fits its registers). False when there was none.
  bool removeSpills();

  /// What the launch asks of G's parts.
  KernelWork kernelWork(const GpuProfile &G) const;
  /// kernelWork priced by the time model.
  TimeEstimate time(const GpuProfile &G) const { return predictTime(kernelWork(G), G); }
};

/// What ptxas spills: the 4-byte spill stores and loads each thread makes
/// each time the block of the register peak runs.
struct SpillEstimate {
  double Stores = 0, Loads = 0;
  /// Where the most registers are live: the spill code runs as often as its
  /// block.
  const llvm::Instruction *Peak = nullptr;
  SourceLoc Loc;
};

/// Adds S's local traffic to W as a spill store and a spill load site at
/// S.Loc, each access a whole 128-byte line per warp, and their
/// instructions.
void addSpills(LaunchWork &W, const SpillEstimate &S);

/// SiteWork::LinesPerSector of an access whose lanes are StrideBytes apart
/// (a whole line per sector from a line apart on; unknown: whole lines).
double linesPerSector(std::optional<int64_t> StrideBytes, const ArchProfile &Arch);

/// The work of a statically analyzed launch on Arch, from the execution
/// counts of P (Prediction::Totals, AccessPatterns::totals()); BlocksPerSM
/// from the occupancy calculation.
LaunchWork launchWork(const StateSpaces &Spaces, const AccessPatterns &P,
                      const ArchProfile &Arch, unsigned BlocksPerSM);

} // namespace warplint

#endif
