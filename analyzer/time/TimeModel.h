//===- TimeModel.h - A launch's duration on a named GPU ---------*- C++ -*-===//
//
// The one source of time (docs/time.md has the equations): what a launch
// asks of each part of the GPU (KernelWork, built by LaunchWork from the
// execution counts or from a device-model run) against what that part
// delivers (GpuProfile). The slowest part bounds the launch; the busiest SM
// and the rounds of resident blocks set the tail; every launch pays the
// launch overhead.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_TIME_TIMEMODEL_H
#define WARPLINT_ANALYZER_TIME_TIMEMODEL_H

#include "analyzer/arch/GpuProfile.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <string>

namespace warplint {

/// What a launch asks of the GPU, in the units GpuProfile's rates are in.
struct KernelWork {
  double Blocks = 0;
  double WarpsPerBlock = 0;
  /// The architecture's sector (ArchProfile::SectorBytes): what the sector
  /// counts are in.
  unsigned SectorBytes = 32;
  /// Resident blocks per SM (the occupancy calculation).
  unsigned BlocksPerSM = 1;
  /// Warp instructions issued, SASS-like, and of those the MUFU operations.
  double WarpInstructions = 0, MufuInstructions = 0;
  /// Dense tensor-core FLOPs (int8: ops) by TensorType.
  std::array<double, NumTensorTypes> TensorFlops{};
  /// Warp-level requests to global and local memory, and the sectors they
  /// touch in L1.
  double GlobalRequests = 0;
  double L1Sectors = 0;
  /// The 128-byte lines those sectors are requested in: L1's data stage
  /// takes one line of a request per clock (a wavefront), so a request whose
  /// lanes touch 32 lines takes 32 clocks for 32 sectors.
  double L1Lines = 0;
  /// Sectors L1 passes to L2 (misses and every store).
  double L2Sectors = 0;
  /// The 128-byte lines those sectors are requested in (SiteWork::LinesPerSector).
  double L2Lines = 0;
  /// Of those, the part that goes on to DRAM, in bytes.
  double DramBytes = 0;
  double SharedWavefronts = 0;
  double ConstantPasses = 0;
  /// Dependent rounds of global loads each warp waits for, one after
  /// another (loads of one round are in flight together).
  double LoadRoundsPerWarp = 0;
  /// The share of those rounds' sectors DRAM serves: a round waits for its
  /// slowest load, which waits for its own buffer's source. Negative: the
  /// launch's average (DramBytes against L2Sectors).
  double RoundDramShare = -1;
  /// Block-wide barriers each warp passes, one after another.
  double BarriersPerWarp = 0;
  /// The bytes of the buffers whose footprint the counts know (0: none
  /// known), and the share of DRAM traffic L2 is taken to serve from the
  /// launch before (warm L2; LaunchWork::kernelWork).
  double FootprintBytes = 0;
  double WarmL2Share = 0;
  /// DRAM bytes before the warm share is taken off.
  double ColdDramBytes = 0;
  /// Where the launch was given as finding L2 cold ("--l2", "launch file
  /// F"); empty when the warm share follows the footprint.
  std::string ColdGiven;
};

/// The parts of the GPU that can bound a launch.
enum class TimeLimiter : unsigned {
  Dram,
  L2,
  L1,
  Shared,
  Constant,
  Issue,
  Tensor,
  Latency,
  Launch
};
constexpr unsigned NumTimeLimiters = 9;

/// "dram", "l2", "l1", "shared", "constant", "issue", "tensor", "latency",
/// "launch".
llvm::StringRef timeLimiterName(TimeLimiter L);

/// A launch's predicted duration and what bounds it.
struct TimeEstimate {
  double Us = 0;
  TimeLimiter Limiter = TimeLimiter::Launch;
  /// The time each part alone would take (µs), indexed by TimeLimiter;
  /// Launch holds the launch overhead.
  std::array<double, NumTimeLimiters> PartUs{};
  /// The latency part's terms: the load rounds at the profile's (unloaded)
  /// latencies, the barrier-separated phases, and each round's wait for its
  /// block to be handed out.
  double LoadWaitUs = 0, BarrierWaitUs = 0, BlockWaitUs = 0;
  /// The least the launch takes queued behind another in a stream, as
  /// cudaEvents around it measure (GpuProfile::LaunchUs).
  double StreamFloorUs = 0;
  /// Handing out every block of the busiest SM, one after another.
  double SchedulingUs = 0;
  /// What the smaller of the memory system's and the SM's time adds, as far
  /// as it does not overlap the larger (part of Us).
  double OverlapUs = 0;
  /// The L2 assumption the DRAM part rests on (KernelWork's).
  double FootprintBytes = 0, WarmL2Share = 0, ColdDramBytes = 0;
  std::string ColdGiven;
  /// "480 µs, DRAM-bound" style text: "480 us (dram)".
  std::string str() const;
};

/// The duration of W on G.
TimeEstimate predictTime(const KernelWork &W, const GpuProfile &G);

/// The L2 state T's DRAM part assumes, as a sentence: "L2 warm assumed (the
/// kernel's 16 MiB of inputs left in L2 by a previous launch: no DRAM reads
/// for them)", partly warm, or cold.
std::string l2Assumption(const TimeEstimate &T, const GpuProfile &G);

/// "120 us" / "1.3 ms" / "850 ns": a duration as a person reads it.
std::string formatMicroseconds(double Us);

} // namespace warplint

#endif
