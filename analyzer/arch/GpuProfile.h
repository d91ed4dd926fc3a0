//===- GpuProfile.h - Throughputs and latencies of named GPUs ---*- C++ -*-===//
//
// The time model's hardware facts: one row per GPU product (an architecture
// has several: an H100 SXM and an H100 PCIe are both sm_90), each figure with
// where it came from. ArchProfile holds what the compute capability fixes
// (banks, sectors, limits); this holds what the product's clocks, memory and
// SM count make of it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ARCH_GPUPROFILE_H
#define WARPLINT_ANALYZER_ARCH_GPUPROFILE_H

#include "analyzer/arch/ArchProfile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace warplint {

/// The classes of tensor-core operands whose dense rates data sheets give:
/// f16 and bf16 (one rate), tf32, fp8 (e4m3, e5m2) and int8 (s8, u8, and the
/// narrower integer types).
enum class TensorType : unsigned { F16, Tf32, Fp8, Int8 };
constexpr unsigned NumTensorTypes = 4;

/// "f16", "tf32", "fp8", "int8".
llvm::StringRef tensorTypeName(TensorType T);

/// One GPU product.
struct GpuProfile {
  llvm::StringRef Name;    ///< "h100-sxm", what --gpu takes.
  llvm::StringRef Display; ///< "H100 SXM", what messages say.
  unsigned SmVersion;      ///< Its compute capability (90).
  unsigned SMs;
  double ClockMHz;         ///< SM clock under load (boost).

  // Memory system, bytes per second as achieved by a streaming kernel.
  double DramPeakGBs;      ///< Data-sheet peak.
  double DramGBs;          ///< Achieved: a float4 read over 1 GiB.
  double L2GBs;            ///< Achieved: float4 reads of an L2-resident window.
  uint64_t L2Bytes;
  /// L1 (and shared-memory) data bytes each SM returns per clock: 4 sectors.
  double L1BytesPerClk;
  /// Shared-memory wavefronts per SM per clock.
  double SharedWavefrontsPerClk;
  /// Constant-cache passes (distinct addresses of a warp) per SM per clock.
  double ConstantPassesPerClk;
  /// Warp instructions each SM issues per clock (its four schedulers).
  double IssuePerClk;

  // Latencies.
  double L1LatencyNs;      ///< A dependent load served by L1.
  double L2LatencyNs;      ///< A dependent load served by L2.
  double DramLatencyNs;    ///< A dependent load served by DRAM.
  /// What every launch adds to its work, as cudaEvents measure launches
  /// queued back to back in a stream: the intercept of warm streaming reads'
  /// times against their bytes.
  double LaunchUs;
  /// Extra time per block scheduled, in ns per block per SM (a large empty grid
  /// against one block).
  double BlockLaunchNs;

  /// Where the figures come from.
  llvm::StringRef Sources;

  /// Sectors per second L2 serves when each sector is a request of its own
  /// (one sector per 128-byte line: a column walk), in billions.
  double L2ScatteredGSectors = 0;
  /// Between launches (a kernel run again, or after the kernel that wrote its
  /// inputs) a footprint up to WarmL2Full x L2Bytes stays in L2 and costs no
  /// DRAM traffic; from WarmL2None x L2Bytes on, none of it does.
  double WarmL2Full = 0, WarmL2None = 0;
  /// Clocks between two dependent instructions of one warp (an FMA chain): a
  /// scheduler with fewer warps than that issues below one instruction per
  /// clock.
  double DependentIssueClk = 0;
  /// MUFU operations (rcp, rsqrt, sin, ex2, ...) each SM completes per clock,
  /// in warp instructions: 16 lanes per clock on compute capability 7.0 to
  /// 9.0 (the CUDA C++ Programming Guide's throughput table).
  double MufuPerClk = 0.5;
  /// Dense tensor-core throughput of the whole GPU, in TFLOP/s (TOP/s for
  /// int8), by TensorType: NVIDIA's data-sheet figures (without sparsity), at
  /// the data sheet's boost clock. 0 where the GPU has no tensor core for the
  /// type.
  std::array<double, NumTensorTypes> TensorTflops{};
  /// Loads of one access a warp has in flight in a loop whose iterations are
  /// independent (ptxas unrolls it and issues the loads of several
  /// iterations before their first use): the latency paid per group of
  /// them. Measured: the physics fixtures' dep_reg and occ_read families
  /// (tests/hardware/h200/physics/). 1: every iteration waits.
  double LoadsInFlight = 1;
  /// What a barrier-separated phase of shared-memory work adds to a warp's
  /// chain (the barrier and the shared load and store around it), in ns:
  /// physics' rounds family, one block per SM, two barriers a round.
  double BarrierRoundNs = 0;
  /// The GPU duration of an empty one-block launch (what Nsight Compute's
  /// gpu__time_duration measures). A launch of fewer blocks than SMs pays it
  /// and the share of LaunchUs beyond it that its blocks fill; LaunchUs is
  /// also the least a launch queued behind another in a stream takes as
  /// cudaEvents measure it. 0: every launch pays LaunchUs.
  double LaunchFloorUs = 0;

  /// Clocks per microsecond.
  double clocksPerUs() const { return ClockMHz; }
  /// Dense tensor FLOPs each SM completes per clock of ClockMHz for T: the
  /// data-sheet rate over the SMs (0 where there is none).
  double tensorFlopsPerClk(TensorType T) const {
    return TensorTflops[unsigned(T)] * 1e6 / (SMs * ClockMHz);
  }
};

/// Every GPU warplint has a profile of.
llvm::ArrayRef<GpuProfile> allGpuProfiles();

/// The profile named Name ("h100-sxm"); the error lists the names.
llvm::Expected<const GpuProfile &> lookupGpu(llvm::StringRef Name);

/// The GPU --gpu=Name selects for Arch: Arch's default (defaultGpu) when
/// Name is empty, none (null) for "none", else the profile named Name; an
/// error naming the known GPUs for any other name.
llvm::Expected<const GpuProfile *> selectGpu(llvm::StringRef Name, const ArchProfile &Arch);

/// The GPU an architecture's time is predicted on unless --gpu says: the
/// architecture's reference product (sm_90 -> h100-sxm); null where the table
/// has none of that compute capability.
const GpuProfile *defaultGpu(const ArchProfile &Arch);

} // namespace warplint

#endif
