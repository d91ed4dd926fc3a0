//===- TimeModelTest.cpp - GPU profiles and the time model ----------------===//
#include "analyzer/arch/GpuProfile.h"
#include "analyzer/time/LaunchWork.h"
#include "frontend/DeviceModule.h"
#include "rules/Finding.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <map>

using namespace warplint;

namespace {

/// "name value unit" lines of tests/hardware/GPU/gpuprofile.txt.
std::map<std::string, double> measured(llvm::StringRef Gpu) {
  std::map<std::string, double> M;
  auto Buf = llvm::MemoryBuffer::getFile(std::string(WARPLINT_SOURCE_DIR) + "/tests/hardware/" +
                                         Gpu.str() + "/gpuprofile.txt");
  if (!Buf)
    return M;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    llvm::SmallVector<llvm::StringRef, 3> F;
    L.split(F, ' ', 2, false);
    double V;
    if (F.size() >= 2 && !F[1].getAsDouble(V))
      M[F[0].str()] = V;
  }
  return M;
}

void expectMeasured(llvm::StringRef Fixture, llvm::StringRef Name) {
  std::map<std::string, double> M = measured(Fixture);
  ASSERT_FALSE(M.empty()) << "tests/hardware/" << Fixture.str() << "/gpuprofile.txt is missing";
  llvm::Expected<const GpuProfile &> G = lookupGpu(Name);
  ASSERT_TRUE(bool(G));
  EXPECT_EQ(G->SMs, unsigned(M["sms"]));
  EXPECT_EQ(G->L2Bytes, uint64_t(M["l2_bytes"]));
  EXPECT_NEAR(G->ClockMHz, M["sm_clock_max"], 1);
  EXPECT_NEAR(G->DramGBs, M["dram_read"], M["dram_read"] * 0.01);
  EXPECT_NEAR(G->DramPeakGBs, M["dram_peak"], M["dram_peak"] * 0.01);
  EXPECT_NEAR(G->L2GBs, M["l2_read"], M["l2_read"] * 0.01);
  EXPECT_NEAR(G->ConstantPassesPerClk, M["constant_passes_per_sm_clk_d32"], 0.02);
}

/// The microseconds of gpuprofile.cu's warm streaming read of MiB mebibytes
/// (printed as its GB/s).
double warmReadUs(std::map<std::string, double> &M, int MiB) {
  return MiB * 1048576.0 / (M["warm_read_" + std::to_string(MiB) + "MiB"] * 1e3);
}

TEST(GpuProfileTest, H100RowIsTheMeasurement) {
  expectMeasured("h100", "h100-sxm");
  std::map<std::string, double> M = measured("h100");
  const GpuProfile &G = *lookupGpu("h100-sxm");
  EXPECT_NEAR(G.L1LatencyNs, M["l1_latency"], 1);
  EXPECT_NEAR(G.L2LatencyNs, M["l2_latency"], 1);
  EXPECT_NEAR(G.DramLatencyNs, M["dram_latency"], 1);
  // A queued launch: the intercept of the warm reads of 64 and 128 MiB (both
  // from DRAM) against their bytes.
  EXPECT_NEAR(G.LaunchUs, 2 * warmReadUs(M, 64) - warmReadUs(M, 128), 0.05);
  EXPECT_NEAR(G.L2ScatteredGSectors, M["l2_scattered_read_stride_128"], 1);
  EXPECT_NEAR(G.DependentIssueClk, M["fma_dependent_clk"], 0.05);
  // Up to WarmL2Full of L2 a read runs from L2, faster than DRAM allows; from
  // WarmL2None on, at DRAM speed.
  double FullMiB = G.WarmL2Full * G.L2Bytes / 1048576, NoneMiB = G.WarmL2None * G.L2Bytes / 1048576;
  EXPECT_GT(M["warm_read_" + std::to_string(int(FullMiB + 0.5)) + "MiB"], G.DramGBs * 1.2);
  EXPECT_LT(M["warm_read_" + std::to_string(int(NoneMiB + 0.5)) + "MiB"], G.DramGBs);
}

TEST(GpuProfileTest, H200RowIsTheMeasurement) {
  expectMeasured("h200", "h200");
  // The slope of empty launches: what one more block per SM costs.
  std::map<std::string, double> M = measured("h200");
  double Slope = (M["launch_empty_blocks_per_sm_1024_threads_256"] -
                  M["launch_empty_blocks_per_sm_1_threads_256"]) /
                 1023 * 1000;
  EXPECT_NEAR(lookupGpu("h200")->BlockLaunchNs, Slope, Slope * 0.05);
  EXPECT_NEAR(lookupGpu("h200")->DramLatencyNs, M["dram_latency"], 1);
}

TEST(GpuProfileTest, TensorRatesAreTheDataSheets) {
  // Dense TFLOP/s (no sparsity) from NVIDIA's data sheets: H100 SXM and H200
  // share the SM and its 989 fp16/bf16, tf32 half of it, fp8 and int8 double.
  for (llvm::StringRef Name : {"h100-sxm", "h200"}) {
    const GpuProfile &G = *lookupGpu(Name);
    EXPECT_EQ(G.TensorTflops[unsigned(TensorType::F16)], 989) << Name.str();
    EXPECT_EQ(G.TensorTflops[unsigned(TensorType::Tf32)], 494) << Name.str();
    EXPECT_EQ(G.TensorTflops[unsigned(TensorType::Fp8)], 1979) << Name.str();
    EXPECT_EQ(G.TensorTflops[unsigned(TensorType::Int8)], 1979) << Name.str();
    // Per SM per clock of the profile's clock, it adds up to the data sheet.
    EXPECT_NEAR(G.tensorFlopsPerClk(TensorType::F16) * G.SMs * G.ClockMHz * 1e6, 989e12, 1e9);
  }
  EXPECT_EQ(lookupGpu("a100-sxm")->TensorTflops[unsigned(TensorType::F16)], 312);
  EXPECT_EQ(lookupGpu("a100-sxm")->TensorTflops[unsigned(TensorType::Fp8)], 0);
  for (const GpuProfile &G : allGpuProfiles())
    EXPECT_GT(G.TensorTflops[unsigned(TensorType::F16)], 0) << G.Name.str();
}

TEST(GpuProfileTest, EveryArchitectureOfTheIssueHasAGpu) {
  for (llvm::StringRef Name : {"h100-sxm", "h100-pcie", "h200", "a100-sxm", "l40s"})
    EXPECT_TRUE(bool(lookupGpu(Name))) << Name.str();
  llvm::Expected<const GpuProfile &> Bad = lookupGpu("h300");
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("known: "), std::string::npos);
  llvm::Expected<const ArchProfile &> Sm90 = lookupArch("sm_90");
  ASSERT_TRUE(bool(Sm90));
  const GpuProfile *D = defaultGpu(*Sm90);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Name, "h100-sxm");
  llvm::Expected<const ArchProfile &> Sm80 = lookupArch("sm_80");
  ASSERT_TRUE(bool(Sm80));
  EXPECT_EQ(defaultGpu(*Sm80)->Name, "a100-sxm");
}

const GpuProfile &h100() { return *lookupGpu("h100-sxm"); }

TEST(TimeModelTest, StreamingCopyIsDramBound) {
  // 64 Mi floats copied: 512 MiB through DRAM.
  KernelWork W;
  W.Blocks = 262144;
  W.WarpsPerBlock = 8;
  W.BlocksPerSM = 8;
  W.WarpInstructions = W.Blocks * W.WarpsPerBlock * 12;
  W.GlobalRequests = W.Blocks * W.WarpsPerBlock * 2;
  W.L1Sectors = W.GlobalRequests * 4;
  W.L2Sectors = W.L1Sectors;
  W.DramBytes = W.L2Sectors * 32;
  W.LoadRoundsPerWarp = 1;
  TimeEstimate T = predictTime(W, h100());
  EXPECT_EQ(T.Limiter, TimeLimiter::Dram);
  // DRAM time, the launch, and the part of the SM's time (issue) that does
  // not overlap it.
  double Expected = W.DramBytes / (h100().DramGBs * 1e3) + h100().LaunchUs + T.OverlapUs;
  EXPECT_NEAR(T.Us, Expected, 1e-6);
  EXPECT_GT(T.OverlapUs, 0);
  EXPECT_LT(T.OverlapUs, T.PartUs[unsigned(TimeLimiter::Issue)]);
}

TEST(TimeModelTest, TensorFlopsBoundTheLaunch) {
  // 1056 blocks of one warpgroup, 2^28 fp16 FLOPs each, few instructions:
  // the busiest SM's 8 blocks at 989/132 TFLOP/s.
  const GpuProfile &G = *lookupGpu("h200");
  KernelWork W;
  W.Blocks = 1056;
  W.WarpsPerBlock = 4;
  W.BlocksPerSM = 8;
  W.WarpInstructions = 1056 * 4 * 1000;
  W.TensorFlops[unsigned(TensorType::F16)] = 1056.0 * (1 << 28);
  TimeEstimate T = predictTime(W, G);
  double Expected = 8.0 * (1 << 28) / (989e12 / 132) * 1e6;
  EXPECT_NEAR(T.PartUs[unsigned(TimeLimiter::Tensor)], Expected, Expected * 1e-6);
  EXPECT_EQ(T.Limiter, TimeLimiter::Tensor);
  EXPECT_GE(T.Us, Expected + G.LaunchUs);
  EXPECT_EQ(timeLimiterName(TimeLimiter::Tensor), "tensor");
  // tf32 runs at half the rate.
  W.TensorFlops[unsigned(TensorType::F16)] = 0;
  W.TensorFlops[unsigned(TensorType::Tf32)] = 1056.0 * (1 << 28);
  EXPECT_NEAR(predictTime(W, G).PartUs[unsigned(TimeLimiter::Tensor)], 2 * Expected,
              Expected * 0.01);
}

TEST(TimeModelTest, EmptyLaunchCostsTheLaunch) {
  KernelWork W;
  W.Blocks = 1;
  W.WarpsPerBlock = 1;
  TimeEstimate T = predictTime(W, h100());
  EXPECT_EQ(T.Limiter, TimeLimiter::Launch);
  // One block of 132 SMs: the floor and a 132nd of what a full launch adds.
  const GpuProfile &G = h100();
  EXPECT_NEAR(T.Us,
              G.LaunchFloorUs + (G.LaunchUs - G.LaunchFloorUs) / G.SMs + G.BlockLaunchNs / 1000,
              1e-9);
  EXPECT_EQ(T.StreamFloorUs, G.LaunchUs);
  // A grid that fills every SM pays the whole launch.
  W.Blocks = G.SMs;
  EXPECT_NEAR(predictTime(W, G).PartUs[unsigned(TimeLimiter::Launch)], G.LaunchUs, 1e-9);
}

TEST(TimeModelTest, TheLastWaveCounts) {
  // 133 blocks of pure arithmetic on 132 SMs take two blocks' time on the
  // busiest SM; 132 take one.
  KernelWork W;
  W.WarpsPerBlock = 32;
  W.BlocksPerSM = 1;
  W.Blocks = 132;
  W.WarpInstructions = 132 * 1e6;
  double One = predictTime(W, h100()).PartUs[unsigned(TimeLimiter::Issue)];
  W.Blocks = 133;
  W.WarpInstructions = 133 * 1e6;
  double Two = predictTime(W, h100()).PartUs[unsigned(TimeLimiter::Issue)];
  EXPECT_NEAR(Two / One, 2.0, 1e-9);
}

LaunchWork stridedGather(bool SharedSectors) {
  // A gather at stride 32 B: 8 sectors per request where 1 would do; the
  // buffer's every sector is read once. 640 MiB: too large to stay in L2.
  LaunchWork L;
  L.Known = true;
  L.Blocks = 262144;
  L.WarpsPerBlock = 8;
  L.BlocksPerSM = 8;
  L.WarpInstructions = 262144 * 8 * 20;
  double Requests = 262144 * 8;
  SiteWork In;
  In.Space = AS_Global;
  In.Loc = {"k.cu", 7, 12};
  In.Requests = Requests;
  In.Cost = Requests * 8;
  In.Ideal = Requests * 1;
  In.Buffer = "in";
  In.SharesSectors = SharedSectors;
  SiteWork Out = In;
  Out.Loc = {"k.cu", 7, 3};
  Out.Store = true;
  Out.Cost = Out.Ideal = Requests * 1;
  Out.Buffer = "out";
  L.Sites = {In, Out};
  L.Buffers = {{"in", Requests * 8, 0, 1, true}, {"out", 0, Requests, 1, true}};
  return L;
}

TEST(TimeModelTest, AnIdealSiteLeavesDramWhenNoOtherReadsItsSectors) {
  LaunchWork L = stridedGather(false);
  double Before = L.kernelWork(h100()).DramBytes;
  L.makeIdeal(*L.sitesAt({"k.cu", 7, 12}).front());
  double After = L.kernelWork(h100()).DramBytes;
  // in: 8 sectors per request -> 1; out unchanged (1 per request).
  EXPECT_NEAR(Before / After, 9.0 / 2.0, 1e-9);
}

TEST(TimeModelTest, AFootprintThatFitsL2StaysThereBetweenLaunches) {
  LaunchWork L = stridedGather(false);
  EXPECT_GT(L.kernelWork(h100()).DramBytes, 0);
  // 1/64 of the launch: 10 MiB, within what L2 keeps from the launch before.
  L.Blocks /= 64;
  for (SiteWork &S : L.Sites)
    S.Requests /= 64, S.Cost /= 64, S.Ideal /= 64;
  for (BufferFootprint &B : L.Buffers)
    B.ReadSectors /= 64, B.WrittenSectors /= 64;
  EXPECT_EQ(L.kernelWork(h100()).DramBytes, 0);
}

TEST(TimeModelTest, OneSectorPerLineIsL2RequestBound) {
  // The gather's lanes 128 B apart: each sector a line of its own, served at
  // the one-sector rate, not at L2 bandwidth; at its ideal, whole lines again.
  LaunchWork L = stridedGather(false);
  L.Sites[0].LinesPerSector = linesPerSector(128, *lookupArch("sm_90"));
  EXPECT_EQ(L.Sites[0].LinesPerSector, 1);
  KernelWork W = L.kernelWork(h100());
  TimeEstimate T = predictTime(W, h100());
  EXPECT_NEAR(T.PartUs[unsigned(TimeLimiter::L2)], W.L2Lines / (h100().L2ScatteredGSectors * 1e3),
              1e-9);
  EXPECT_GT(T.PartUs[unsigned(TimeLimiter::L2)], W.L2Sectors * 32 / (h100().L2GBs * 1e3));
  L.makeIdeal(L.Sites[0]);
  EXPECT_EQ(L.Sites[0].LinesPerSector, 0.25);
  EXPECT_EQ(linesPerSector(std::nullopt, *lookupArch("sm_90")), 0.25);
  EXPECT_EQ(linesPerSector(64, *lookupArch("sm_90")), 0.5);
}

TEST(TimeModelTest, SharedSectorsStayInDram) {
  LaunchWork L = stridedGather(true);
  double Before = L.kernelWork(h100()).DramBytes;
  double L1Before = L.kernelWork(h100()).L1Sectors;
  L.makeIdeal(*L.sitesAt({"k.cu", 7, 12}).front());
  EXPECT_NEAR(L.kernelWork(h100()).DramBytes, Before, 1e-9);
  EXPECT_LT(L.kernelWork(h100()).L1Sectors, L1Before);
}

TEST(TimeModelTest, SaysWhatAFixSaves) {
  TimeSaved S;
  S.Gpu = "h100-sxm";
  S.GpuDisplay = "H100 SXM";
  S.KernelUs = 480;
  S.Launch = "grid(4096,1,1) block(256,1,1)";
  S.Us = 120;
  EXPECT_EQ(S.text(), "fixing this saves ~120 us of 480 us (25%) on H100 SXM at "
                      "grid(4096,1,1) block(256,1,1)");
  S.Us = 2;
  EXPECT_EQ(S.text(), "fixing this saves under 1% of 480 us on H100 SXM at "
                      "grid(4096,1,1) block(256,1,1)");
  S.Us = -12;
  EXPECT_EQ(S.text(), "the time model predicts this fix slower by 12.0 us (the kernel takes "
                      "480 us) on H100 SXM at grid(4096,1,1) block(256,1,1)");
}

TEST(TimeModelTest, FormatsDurations) {
  EXPECT_EQ(formatMicroseconds(480.2), "480 us");
  EXPECT_EQ(formatMicroseconds(12.34), "12.3 us");
  EXPECT_EQ(formatMicroseconds(0.85), "850 ns");
  EXPECT_EQ(formatMicroseconds(1300), "1.3 ms");
}

} // namespace
