//===- OccupancyLimited.cpp - occupancy-limited ---------------------------===//
#include "rules/OccupancyLimited.h"

#include "rules/AccessMessages.h"
#include "rules/KernelResources.h"
#include "rules/LaunchFails.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace warplint {

OccupancyLimitedRule::OccupancyLimitedRule(const RuleOptions &Opts)
    : Rule("occupancy-limited", Opts), Threshold(Opts.number("threshold", 50)),
      SMs(unsigned(std::max(0.0, Opts.number("sms", 0)))) {}

namespace {

/// "50" or "37.5".
std::string percentText(double V) {
  if (V == std::floor(V))
    return std::to_string(int64_t(V));
  return formatv("{0:F1}", V).str();
}

unsigned percentOf(const ArchProfile &A, unsigned Blocks, unsigned WarpsPerBlock) {
  return unsigned(std::lround(100.0 * Blocks * WarpsPerBlock / A.MaxWarpsPerSM));
}

/// The blocks per SM that would reach Threshold percent, within what the
/// warp and block limits allow; at least one more than now.
unsigned blocksWanted(const OccupancyResult &O, double Threshold) {
  const ArchProfile &A = *O.Arch;
  unsigned Ceiling = std::min(O.BlocksByWarps, O.BlocksByBlockLimit);
  unsigned Want = unsigned(std::ceil(Threshold / 100.0 * A.MaxWarpsPerSM / O.WarpsPerBlock));
  return std::min(std::max(Want, O.BlocksPerSM + 1), Ceiling);
}

/// A concrete change for the limiting resource.
std::string fixFor(const KernelFacts &K, const OccupancyResult &O, double Threshold) {
  const ArchProfile &A = K.Arch;
  unsigned Blocks = blocksWanted(O, Threshold);
  unsigned Percent = percentOf(A, Blocks, O.WarpsPerBlock);
  switch (O.Limiter) {
  case OccupancyLimiter::Registers: {
    unsigned Regs = maxRegistersForBlocks(A, O.Input.BlockSize, Blocks);
    return formatv("cut the registers to {0} per thread for {1} blocks = {2}%: keep fewer "
                   "values live, or let ptxas aim for it with __launch_bounds__({3}, {1}) "
                   "(watch for spills)",
                   Regs, Blocks, Percent, O.Input.BlockSize);
  }
  case OccupancyLimiter::SharedMemory: {
    uint64_t PerBlock = A.SharedBytesPerSM / Blocks / A.SharedAllocUnit * A.SharedAllocUnit;
    PerBlock = PerBlock > A.SharedReservedPerBlock ? PerBlock - A.SharedReservedPerBlock : 0;
    return formatv("use at most {0} of shared memory per block for {1} blocks = {2}% "
                   "(smaller tiles, fewer pipeline stages, or data kept in registers)",
                   formatBytes(PerBlock), Blocks, Percent);
  }
  case OccupancyLimiter::Warps: {
    unsigned Best = 0;
    for (unsigned T = A.WarpSize; T <= O.Input.BlockSize; T += A.WarpSize)
      if (A.MaxWarpsPerSM % (T / A.WarpSize) == 0)
        Best = T;
    return formatv("use a block size whose warps divide the {0} warps of an SM (e.g. {1} "
                   "threads)",
                   A.MaxWarpsPerSM, Best ? Best : A.WarpSize);
  }
  case OccupancyLimiter::Blocks:
    return formatv("use blocks of at least {0} threads so the limit of {1} blocks per SM "
                   "does not cap occupancy",
                   A.MaxThreadsPerSM / A.MaxBlocksPerSM, A.MaxBlocksPerSM);
  case OccupancyLimiter::None:
    break;
  }
  return "";
}

/// True when registers take part in O's limit (what a register verdict can
/// change).
bool registersLimit(const OccupancyResult &O) {
  return (O.Limiter == OccupancyLimiter::Registers || O.BlocksPerSM == 0) &&
         (O.limitedBy(OccupancyLimiter::Registers) || O.BlocksByRegisters == 0);
}

/// The figures behind the limiting resource: ": about 40 registers per
/// thread (...)", ": 48 KB static shared memory", or "" for the block size.
std::string limitingFigures(const KernelFacts &K, const OccupancyResult &O,
                            const PtxasFunctionInfo *Verdict, double Threshold) {
  const KernelResources &R = O.Input;
  if (registersLimit(O)) {
    RegisterFigure Fig = registersPerThread(K, Verdict);
    if (!Fig.FromPtxas && O.BlocksPerSM) {
      // How much fewer registers would reach the threshold: the margin the
      // estimate has.
      unsigned Wanted = maxRegistersForBlocks(K.Arch, R.BlockSize, blocksWanted(O, Threshold));
      double Margin = Wanted ? double(Fig.Registers) / Wanted : 1;
      Fig.Estimate = estimateNote(K, estimateConfidence(Margin));
    }
    return ": " + Fig.str();
  }
  if (O.Limiter != OccupancyLimiter::SharedMemory && O.BlocksPerSM != 0)
    return "";
  if (R.StaticSharedBytes && R.DynamicSharedBytes)
    return formatv(": {0} static + {1} dynamic shared memory", formatBytes(R.StaticSharedBytes),
                   formatBytes(R.DynamicSharedBytes));
  if (R.DynamicSharedBytes)
    return formatv(": {0} of dynamic shared memory", formatBytes(R.DynamicSharedBytes));
  return formatv(": {0} of static shared memory", formatBytes(R.StaticSharedBytes));
}

} // namespace

bool OccupancyLimitedRule::modelFix(const KernelFacts &K, const Finding &,
                                    LaunchWork &W) const {
  OccupancyResult O = computeOccupancy(K.Arch, launchResources(K));
  if (O.BlocksPerSM == 0)
    return false;
  W.BlocksPerSM = blocksWanted(O, Threshold);
  return true;
}

void OccupancyLimitedRule::check(const KernelFacts &K, const FindingSink &Out) const {
  KernelResources R = launchResources(K);
  // Static shared memory over the static limit is shared-static-too-large's.
  if (R.StaticSharedBytes > K.Arch.SharedBytesPerBlockDefault)
    return;
  // A launch the runtime refuses is launch-fails' (it never runs).
  LaunchCheckInput Launch = kernelLaunchInput(K);
  setLaunch(Launch, K.launch().Grid, K.launch().Block, K.launch().DynamicSharedBytes, "");
  OccupancyResult O = computeOccupancy(K.Arch, R);
  if (O.BlocksPerSM == 0 || !checkLaunch(K.Arch, Launch).empty())
    return;
  SourceLoc Loc = kernelOrPeakLocation(K);
  std::string Assumption = K.launchAssumption() + dynamicSharedAssumption(K);
  if (O.occupancyPercent() >= Threshold)
    return;
  // A claim that rests on the estimated registers is settled by ptxas's
  // count (nvcc's device compile, asked for now) before it is made.
  const PtxasFunctionInfo *Verdict = K.Ptxas && K.Ptxas->HasUsage ? K.Ptxas : nullptr;
  if (!Verdict && registersLimit(O)) {
    Verdict = K.verdict();
    if (Verdict) {
      R = launchResources(K, Verdict);
      O = computeOccupancy(K.Arch, R);
      if (O.BlocksPerSM == 0 || O.occupancyPercent() >= Threshold)
        return;
    }
  }
  // A known grid too small to put more blocks on an SM than the limit
  // allows never meets it: every block is resident at once whatever it is.
  // So does an unknown grid the host code bounds (`std::min(n / 256, 24)`).
  std::optional<uint64_t> Blocks = K.launch().GridBlocksMax;
  if (K.launch().Grid)
    Blocks = K.launch().Grid->count();
  if (Blocks && divideCeil(*Blocks, SMs ? SMs : K.Arch.SMs) <= O.BlocksPerSM)
    return;
  Finding F = make(K, Loc,
                   formatv("{0}{1}, below the {2}% threshold{3}, {4}; fewer resident warps "
                           "hide less memory latency; {5}",
                           kernelPrefix(K), O.message(), percentText(Threshold),
                           limitingFigures(K, O, Verdict, Threshold), Assumption,
                           fixFor(K, O, Threshold)));
  if (Verdict)
    F.Notes.push_back({Loc, Verdict->summary()});
  Out(std::move(F));
}

} // namespace warplint
