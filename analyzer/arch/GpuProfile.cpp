//===- GpuProfile.cpp - Throughputs and latencies of named GPUs -----------===//
//
// The H100 SXM row is measured (tests/hardware/gpuprofile.cu, fixture
// tests/hardware/h100/gpuprofile.txt: an H100 80GB HBM3, CUDA 13, 27 Nov
// 2026). The other rows take SM counts, clocks, DRAM peaks and L2 sizes from
// NVIDIA's data sheets and whitepapers, and derive what was measured on the
// H100 from it: achieved DRAM bandwidth as the same fraction of the peak, L2
// bandwidth in proportion to SMs x clock, per-clock SM throughputs and
// latencies as measured. Those rows are not measured; their Sources say so.
//
//===----------------------------------------------------------------------===//
#include "analyzer/arch/GpuProfile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {
namespace {

constexpr uint64_t MiB = 1024 * 1024;

/// The measured H100 SXM (gpuprofile.txt).
constexpr GpuProfile H100Sxm = {
    "h100-sxm", "H100 SXM", 90, 132, 1980,
    /*DramPeakGBs=*/3352, /*DramGBs=*/3046, /*L2GBs=*/8320, /*L2Bytes=*/50 * MiB,
    // 128 B per clock per SM: one shared wavefront or four L1 sectors. The
    // measured kernels issue-bound below it (63 B, 0.47 wavefronts).
    /*L1BytesPerClk=*/128, /*SharedWavefrontsPerClk=*/1,
    /*ConstantPassesPerClk=*/0.5, /*IssuePerClk=*/4,
    /*L1LatencyNs=*/20, /*L2LatencyNs=*/141, /*DramLatencyNs=*/345, /*LaunchUs=*/4.39,
    /*BlockLaunchNs=*/80,
    "measured on an H100 80GB HBM3 (tests/hardware/h100/gpuprofile.txt): clock under "
    "load, DRAM read 3046 of 3352 GB/s, L2 8320 GB/s (128 Gsectors/s one sector per "
    "line), constant 0.50 passes/clk/SM, latencies 20/141/345 ns (L1/L2/DRAM), 80 ns per "
    "block per SM handed out, 4.39 us per queued launch, 4.26 clocks between dependent "
    "FMAs, a footprint stays in L2 between "
    "launches up to 32 MiB, none from 48 MiB; L1/shared 128 B/clk/SM and 4 issue/clk/SM "
    "from the Hopper tuning guide; dense tensor TFLOP/s from the H100 SXM data sheet",
    /*L2ScatteredGSectors=*/128.0, /*WarmL2Full=*/32.0 / 50, /*WarmL2None=*/48.0 / 50,
    /*DependentIssueClk=*/4.26, /*MufuPerClk=*/0.5,
    // Data sheet (H100 SXM5, dense): 989 TFLOP/s fp16/bf16, 494 tf32,
    // 1979 fp8, 1979 TOP/s int8 (132 SMs x 4096 fp16 FLOPs per clock at the
    // whitepaper's 1830 MHz boost); not measured here.
    /*TensorTflops=*/{989, 494, 1979, 1979},
    // A loop of independent loads (physics dep_reg, occ_read with one block
    // per SM): 7.7-10.5 loads' latencies overlap per warp on the H200 whose
    // SM this is; what ptxas's unrolling and scheduling make of the loop, so
    // every sm_90 row shares it.
    /*LoadsInFlight=*/8,
    // Measured on the H200, whose SM this is (physics' rounds family: 42.8 ns
    // a round of two barriers with one block per SM).
    /*BarrierRoundNs=*/21.4,
    // The H200's (physics' launch family: 1.50 us for an empty kernel, 1.57
    // for one block of 256 threads, Nsight Compute; 4.77 us per empty launch
    // queued 100 in a row, cudaEvents).
    /*LaunchFloorUs=*/1.5};

/// Row with its data-sheet dense tensor throughputs (TFLOP/s by TensorType;
/// see GpuProfile::TensorTflops).
constexpr GpuProfile withTensor(GpuProfile G, double F16, double Tf32, double Fp8,
                                double Int8) {
  G.TensorTflops = {F16, Tf32, Fp8, Int8};
  return G;
}

/// A row derived from the H100's measurements (see the file comment).
constexpr GpuProfile derived(StringRef Name, StringRef Display, unsigned Sm, unsigned SMs,
                             double ClockMHz, double DramPeakGBs, uint64_t L2Bytes,
                             StringRef Sources) {
  GpuProfile G = H100Sxm;
  G.Name = Name;
  G.Display = Display;
  G.SmVersion = Sm;
  G.SMs = SMs;
  G.ClockMHz = ClockMHz;
  G.DramPeakGBs = DramPeakGBs;
  G.DramGBs = DramPeakGBs * H100Sxm.DramGBs / H100Sxm.DramPeakGBs;
  G.L2GBs = H100Sxm.L2GBs * (SMs * ClockMHz) / (H100Sxm.SMs * H100Sxm.ClockMHz);
  G.L2ScatteredGSectors = H100Sxm.L2ScatteredGSectors * G.L2GBs / H100Sxm.L2GBs;
  G.L2Bytes = L2Bytes;
  G.Sources = Sources;
  return G;
}

/// The H200 (tests/hardware/h200/gpuprofile.txt): the H100's SM with HBM3e
/// and a 60 MiB L2.
constexpr GpuProfile measuredH200() {
  GpuProfile G = H100Sxm;
  G.Name = "h200";
  G.Display = "H200";
  G.DramPeakGBs = 4814;
  G.DramGBs = 4385;
  G.L2GBs = 9811;
  G.L2Bytes = 60 * MiB;
  G.L2LatencyNs = 144;
  G.DramLatencyNs = 348;
  G.L2ScatteredGSectors = H100Sxm.L2ScatteredGSectors * G.L2GBs / H100Sxm.L2GBs;
  G.Sources = "measured on an H200 (tests/hardware/h200/gpuprofile.txt): DRAM read 4385 of "
              "4814 GB/s, L2 9811 GB/s, 60 MiB L2, latencies; per-clock SM throughputs, the "
              "queued launch, the share of L2 that stays warm and the one-sector L2 rate (in "
              "proportion to L2 bandwidth) as the H100's; dense tensor TFLOP/s from the H200 "
              "data sheet (the H100 SXM's: 989 fp16/bf16, 494 tf32, 1979 fp8 and int8)";
  return G;
}

const GpuProfile Gpus[] = {
    withTensor(derived("v100-sxm", "V100 SXM2", 70, 80, 1530, 900, 6 * MiB,
            "NVIDIA V100 data sheet and Volta whitepaper: 80 SMs, 1530 MHz, 900 GB/s HBM2, "
            "6 MB L2; dense tensor 125 TFLOP/s fp16 (data sheet); the rest derived from the H100 SXM measurement"),
               125, 0, 0, 0),
    withTensor(derived("t4", "T4", 75, 40, 1590, 320, 4 * MiB,
            "NVIDIA T4 data sheet and Turing whitepaper: 40 SMs, 1590 MHz, 320 GB/s GDDR6, "
            "4 MB L2; dense tensor 65 TFLOP/s fp16, 130 TOP/s int8 (data sheet); the rest derived from the H100 SXM measurement"),
               65, 0, 0, 130),
    withTensor(derived("a100-sxm", "A100 SXM", 80, 108, 1410, 2039, 40 * MiB,
            "NVIDIA A100 80GB data sheet and Ampere whitepaper: 108 SMs, 1410 MHz, "
            "2039 GB/s HBM2e, 40 MB L2; dense tensor 312 TFLOP/s fp16/bf16, 156 tf32, 624 TOP/s int8 (data sheet); the rest derived from the H100 SXM measurement"),
               312, 156, 0, 624),
    withTensor(derived("a10", "A10", 86, 72, 1695, 600, 6 * MiB,
            "NVIDIA A10 data sheet: 72 SMs, 1695 MHz, 600 GB/s GDDR6, 6 MB L2; dense tensor 125 TFLOP/s fp16/bf16, 62.5 tf32, 250 TOP/s int8 (data sheet); the rest derived from the H100 SXM measurement"),
               125, 62.5, 0, 250),
    withTensor(derived("l40s", "L40S", 89, 142, 2520, 864, 96 * MiB,
            "NVIDIA L40S data sheet and Ada whitepaper: 142 SMs, 2520 MHz, 864 GB/s GDDR6, "
            "96 MB L2; dense tensor 362 TFLOP/s fp16/bf16, 183 tf32, 733 fp8, 733 TOP/s int8 (data sheet); the rest derived from the H100 SXM measurement"),
               362, 183, 733, 733),
    H100Sxm,
    withTensor(derived("h100-pcie", "H100 PCIe", 90, 114, 1755, 2039, 50 * MiB,
            "NVIDIA H100 data sheet (PCIe 80GB): 114 SMs, 1755 MHz, 2039 GB/s HBM2e, "
            "50 MB L2; dense tensor 756 TFLOP/s fp16/bf16, 378 tf32, 1513 fp8, 1513 TOP/s int8 (data sheet); the rest derived from the H100 SXM measurement"),
               756, 378, 1513, 1513),
    measuredH200(),
};

} // namespace

StringRef tensorTypeName(TensorType T) {
  static constexpr StringRef Names[NumTensorTypes] = {"f16", "tf32", "fp8", "int8"};
  return Names[unsigned(T)];
}

ArrayRef<GpuProfile> allGpuProfiles() { return Gpus; }

Expected<const GpuProfile &> lookupGpu(StringRef Name) {
  for (const GpuProfile &G : Gpus)
    if (G.Name.equals_insensitive(Name))
      return G;
  SmallVector<StringRef, 8> Names;
  for (const GpuProfile &G : Gpus)
    Names.push_back(G.Name);
  return createStringError(inconvertibleErrorCode(),
                           formatv("unknown GPU '{0}' (known: {1})", Name, join(Names, ", ")));
}

Expected<const GpuProfile *> selectGpu(StringRef Name, const ArchProfile &Arch) {
  if (Name.empty())
    return defaultGpu(Arch);
  if (Name == "none")
    return nullptr;
  Expected<const GpuProfile &> G = lookupGpu(Name);
  if (!G)
    return G.takeError();
  return &*G;
}

const GpuProfile *defaultGpu(const ArchProfile &Arch) {
  // The first row of the compute capability is its reference product (the
  // one ArchProfile::ReferenceGpu names: the SXM part of sm_90).
  for (const GpuProfile &G : Gpus)
    if (G.SmVersion == Arch.SmVersion && G.Display == Arch.ReferenceGpu)
      return &G;
  for (const GpuProfile &G : Gpus)
    if (G.SmVersion == Arch.SmVersion)
      return &G;
  return nullptr;
}

} // namespace warplint
