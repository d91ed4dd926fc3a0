//===- TimeModel.cpp - A launch's duration on a named GPU -----------------===//
#include "analyzer/time/TimeModel.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace warplint {
namespace {

/// How much longer a load waits in a busy memory system than alone (the
/// profiles' latencies are a lone dependent chain's). Chosen on the "fit"
/// half of the H100 timing pairs only (bench/time.py --fit): the durations
/// fit best at 0.65, the findings' savings at 1 (13.9 pp against 16.0 pp of
/// mean error on 26 Nov 2026), which is what the model is for.
constexpr double LoadedLatency = 1.0;
/// How much of the smaller of the memory system's time (DRAM, L2, L1) and
/// the SM's (issue, shared memory, constant cache) does not hide behind the
/// larger: 0 would be perfect overlap. Chosen on the "fit" half of the H100
/// timing pairs only: their durations fit best between 0.3 and 0.4 (mean
/// |log error| 0.302 against 0.307 with none, 27 Nov 2026).
constexpr double OverlapLoss = 0.4;

} // namespace

StringRef timeLimiterName(TimeLimiter L) {
  static constexpr StringRef Names[NumTimeLimiters] = {
      "dram", "l2", "l1", "shared", "constant", "issue", "tensor", "latency", "launch"};
  return Names[unsigned(L)];
}

std::string formatMicroseconds(double Us) {
  if (Us >= 1000)
    return formatv("{0:f1} ms", Us / 1000).str();
  if (Us >= 100)
    return formatv("{0:f0} us", Us).str();
  if (Us >= 1)
    return formatv("{0:f1} us", Us).str();
  return formatv("{0:f0} ns", Us * 1000).str();
}

std::string TimeEstimate::str() const {
  return formatMicroseconds(Us) + " (" + timeLimiterName(Limiter).str() + "-bound)";
}

std::string l2Assumption(const TimeEstimate &T, const GpuProfile &G) {
  auto MiB = [](double Bytes) {
    return Bytes >= (1 << 20) ? formatv("{0:f1} MiB", Bytes / (1 << 20)).str()
                              : formatv("{0:f0} KiB", std::ceil(Bytes / 1024)).str();
  };
  if (T.ColdDramBytes <= 0)
    return "";
  if (!T.ColdGiven.empty())
    return formatv("L2 cold, as {0} gives (nothing of the kernel's inputs in L2 when it "
                   "starts, as after a flush or on a first call: every input read from DRAM)",
                   T.ColdGiven == "command line" ? "--l2=cold" : T.ColdGiven)
        .str();
  if (T.FootprintBytes <= 0)
    return "L2 warm assumed (the kernel's inputs left in L2 by a previous launch; their size "
           "is unknown, so no DRAM traffic is counted: cold, they would come from DRAM)";
  std::string Footprint = MiB(T.FootprintBytes), L2 = MiB(double(G.L2Bytes));
  if (T.WarmL2Share >= 1)
    return formatv("L2 warm assumed (the kernel's {0} footprint fits in {1}'s {2} L2: its "
                   "inputs are taken as left there by a previous launch, no DRAM reads for "
                   "them)",
                   Footprint, G.Display, L2)
        .str();
  if (T.WarmL2Share > 0)
    return formatv("L2 partly warm assumed (the kernel's {0} footprint against {1}'s {2} L2: "
                   "{3:f0}% of its DRAM traffic served from what a previous launch left there)",
                   Footprint, G.Display, L2, 100 * T.WarmL2Share)
        .str();
  return formatv("L2 cold assumed (the kernel's {0} footprint, more than {1}'s {2} L2 keeps "
                 "between launches)",
                 Footprint, G.Display, L2)
      .str();
}

TimeEstimate predictTime(const KernelWork &W, const GpuProfile &G) {
  TimeEstimate T;
  T.FootprintBytes = W.FootprintBytes;
  T.WarmL2Share = W.WarmL2Share;
  T.ColdDramBytes = W.ColdDramBytes;
  T.ColdGiven = W.ColdGiven;
  auto part = [&](TimeLimiter L) -> double & { return T.PartUs[unsigned(L)]; };
  double Blocks = std::max(W.Blocks, 1.0);
  double BlocksPerSM = std::max(W.BlocksPerSM, 1u);
  // Blocks are handed to SMs as they free up: the busiest SM runs
  // ceil(blocks / SMs) of them, in rounds of BlocksPerSM resident at once.
  double BusiestBlocks = std::ceil(Blocks / G.SMs);
  double Rounds = std::ceil(BusiestBlocks / BlocksPerSM);
  // What one SM must do: the busiest SM's share of the work.
  double Share = BusiestBlocks / Blocks;
  double ClocksPerUs = G.clocksPerUs();
  auto smTime = [&](double Total, double PerClock) {
    return Total * Share / PerClock / ClocksPerUs;
  };
  // Issue: each scheduler issues one instruction per clock when it has
  // enough warps to cover a dependent instruction's wait; with fewer, one
  // per warp every DependentIssueClk clocks.
  double ResidentWarps = std::min(BlocksPerSM, BusiestBlocks) * std::max(W.WarpsPerBlock, 1.0);
  double IssueRate = G.IssuePerClk;
  if (G.DependentIssueClk > 0)
    IssueRate *= std::min(1.0, ResidentWarps / G.IssuePerClk / G.DependentIssueClk);
  // The MUFU pipe serves fewer lanes per clock than the schedulers issue:
  // a loop of sines waits for it.
  part(TimeLimiter::Issue) = std::max(smTime(W.WarpInstructions, IssueRate),
                                      smTime(W.MufuInstructions, G.MufuPerClk));
  // Tensor cores: the busiest SM's FLOPs at the data-sheet dense rate of
  // each type, one after another (an SM's tensor cores serve one type at a
  // time). A type the GPU has no rate for runs at its fp16 rate.
  for (unsigned Ty = 0; Ty < NumTensorTypes; ++Ty) {
    double Rate = G.tensorFlopsPerClk(TensorType(Ty));
    if (Rate <= 0)
      Rate = G.tensorFlopsPerClk(TensorType::F16);
    if (W.TensorFlops[Ty] > 0 && Rate > 0)
      part(TimeLimiter::Tensor) += smTime(W.TensorFlops[Ty], Rate);
  }
  // L1: its bytes, or its data stage's wavefronts, one line of a request per
  // clock (the rate it serves shared-memory wavefronts at).
  part(TimeLimiter::L1) = std::max(smTime(W.L1Sectors * W.SectorBytes, G.L1BytesPerClk),
                                   smTime(W.L1Lines, G.SharedWavefrontsPerClk));
  part(TimeLimiter::Shared) = smTime(W.SharedWavefronts, G.SharedWavefrontsPerClk);
  part(TimeLimiter::Constant) = smTime(W.ConstantPasses, G.ConstantPassesPerClk);
  // L2: its bandwidth, or the rate it serves requests of one sector per line.
  part(TimeLimiter::L2) = W.L2Sectors * W.SectorBytes / (G.L2GBs * 1e3);
  if (G.L2ScatteredGSectors > 0)
    part(TimeLimiter::L2) =
        std::max(part(TimeLimiter::L2), W.L2Lines / (G.L2ScatteredGSectors * 1e3));
  part(TimeLimiter::Dram) = W.DramBytes / (G.DramGBs * 1e3);
  // Latency: each round of resident blocks is handed out one block after
  // another, then waits for its warps' dependent load rounds, each as long as
  // a load served where its sectors come from, under load.
  // Where a request's sectors come from: L1 for what L2 never sees, DRAM
  // for what L2 passes on.
  double L1Share = W.L1Sectors > 0 ? std::max(0.0, 1 - W.L2Sectors / W.L1Sectors) : 0;
  double DramShare =
      W.RoundDramShare >= 0 ? W.RoundDramShare
      : W.L2Sectors > 0     ? std::min(1.0, W.DramBytes / (W.L2Sectors * W.SectorBytes))
                            : 0;
  double LoadNs = L1Share * G.L1LatencyNs +
                  (1 - L1Share) * (G.L2LatencyNs + DramShare * (G.DramLatencyNs - G.L2LatencyNs));
  T.LoadWaitUs = Rounds * W.LoadRoundsPerWarp * LoadNs / 1000;
  // A warp's barriers wait one after another, each phase as long as the
  // shared-memory round it closes.
  T.BarrierWaitUs = Rounds * W.BarriersPerWarp * G.BarrierRoundNs / 1000;
  T.BlockWaitUs = Rounds * G.BlockLaunchNs / 1000;
  part(TimeLimiter::Latency) = T.LoadWaitUs * LoadedLatency + T.BarrierWaitUs + T.BlockWaitUs;
  // The launch: its floor, and of what a launch filling the GPU adds (the
  // intercept of streaming reads' times), the share of the SMs it fills.
  part(TimeLimiter::Launch) =
      G.LaunchFloorUs > 0
          ? G.LaunchFloorUs + (G.LaunchUs - G.LaunchFloorUs) * std::min(1.0, Blocks / G.SMs)
          : G.LaunchUs;
  T.StreamFloorUs = G.LaunchUs;
  // Handing out blocks overlaps their work; it bounds a launch of many
  // short blocks like a throughput does.
  double Scheduling = T.SchedulingUs = BusiestBlocks * G.BlockLaunchNs / 1000;

  double Busy = 0;
  for (unsigned L = 0; L < unsigned(TimeLimiter::Launch); ++L)
    if (T.PartUs[L] > Busy) {
      Busy = T.PartUs[L];
      T.Limiter = TimeLimiter(L);
    }
  if (Scheduling > Busy) {
    Busy = Scheduling;
    T.Limiter = TimeLimiter::Launch;
  }
  // The memory system and the SM overlap, not perfectly.
  double Memory = std::max({part(TimeLimiter::Dram), part(TimeLimiter::L2), part(TimeLimiter::L1)});
  double Sm = std::max({part(TimeLimiter::Issue), part(TimeLimiter::Shared),
                        part(TimeLimiter::Constant), part(TimeLimiter::Tensor)});
  T.OverlapUs = OverlapLoss * std::min(Memory, Sm);
  Busy += T.OverlapUs;
  T.Us = part(TimeLimiter::Launch) + Busy;
  if (Busy < part(TimeLimiter::Launch))
    T.Limiter = TimeLimiter::Launch;
  return T;
}

} // namespace warplint
