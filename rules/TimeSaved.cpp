//===- TimeSaved.cpp - Each kernel's time and each finding's saving -------===//
#include "rules/TimeSaved.h"

#include "analyzer/LaunchConfig.h"
#include "analyzer/LaunchValidity.h"
#include "analyzer/Occupancy.h"
#include "devicemodel/DeviceModel.h"
#include "rules/KernelResources.h"
#include "rules/LaunchFails.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

LaunchWork kernelLaunchWork(const KernelFacts &K) {
  OccupancyResult O = computeOccupancy(K.Arch, launchResources(K));
  LaunchWork W = launchWork(K.Spaces, K.Patterns, K.Arch, O.BlocksPerSM);
  // What ptxas spills each time the register peak's block runs: where
  // ptxas ran, half of its spill instructions (the others save and restore
  // once around the peak's loop: 16 of the 34 of spill-1M's run per
  // iteration, by Nsight Compute); else every register the estimate puts
  // over the cap, stored and loaded once.
  SpillEstimate S;
  S.Peak = K.Registers.peakInstruction();
  S.Loc = kernelOrPeakLocation(K);
  // An estimated spill is settled by ptxas's verdict (nvcc's compile, the
  // one register-spill asks for) before it costs time.
  const PtxasFunctionInfo *P = K.Ptxas && K.Ptxas->HasUsage ? K.Ptxas
                               : K.Registers.spillRisk()   ? K.verdict()
                                                           : nullptr;
  if (P) {
    S.Stores = P->SpillStoreBytes / 4.0 / 2;
    S.Loads = P->SpillLoadBytes / 4.0 / 2;
  } else if (K.Registers.spillRisk()) {
    S.Stores = S.Loads = K.Registers.estimatedRegisters() - K.Registers.cap().Registers;
  }
  addSpills(W, S);
  return W;
}

LaunchWork measuredLaunchWork(const DeviceModule &DM, const Function &F,
                              const ArchProfile &Arch, uint64_t DynamicSharedBytes,
                              const dm::LaunchReport &R) {
  LaunchWork W;
  LaunchCheckInput In = kernelLaunchInput(DM, F, Arch);
  setLaunch(In, R.Grid, R.Block, DynamicSharedBytes, "");
  W.BlocksPerSM = std::max(launchOccupancy(Arch, In).BlocksPerSM, 1u);
  W.Blocks = double(R.Grid.count());
  W.WarpsPerBlock = std::ceil(double(R.Block.count()) / Arch.WarpSize);
  W.SectorBytes = Arch.SectorBytes;
  W.LineBytes = Arch.LineBytes;
  W.WarpInstructions = R.metric("smsp__inst_executed.sum");
  for (const dm::BufferSectors &B : R.Footprint) {
    BufferFootprint FB;
    FB.Name = B.Name;
    FB.ReadSectors = double(B.Read);
    FB.WrittenSectors = double(B.Written);
    FB.Known = true;
    W.Buffers.push_back(std::move(FB));
  }
  for (const dm::SiteMetrics &M : R.Sites) {
    SiteWork S;
    S.Loc = M.Loc;
    S.Space = M.Space;
    S.Store = M.Op != dm::MemOp::Load;
    S.Requests = M.requests();
    S.Cost = S.Ideal = M.perRequest().value_or(0) * S.Requests;
    // The counters carry no lane stride: whole-line requests.
    S.LinesPerSector = linesPerSector(std::nullopt, Arch);
    for (const auto &[Loc, Name] : R.SiteBuffers)
      if (Loc == M.Loc)
        S.Buffer = Name;
    W.Sites.push_back(std::move(S));
  }
  W.Known = true;
  return W;
}

std::string gpuArchMismatch(const GpuProfile &G, const ArchProfile &Arch) {
  return formatv("--gpu={0} (sm_{1}) cannot run code built for {2}: its times are this "
                 "work's on a {3} had it been built for sm_{1}",
                 G.Name, G.SmVersion, Arch.Name, G.Display)
      .str();
}

std::string noTimeHint(const KernelFacts &K, StringRef Why) {
  std::string Out = Why.str();
  if (!K.launch().Grid)
    return Out + "; " + (K.launch().GridHint.empty() ? "" : K.launch().GridHint + ", or ") +
           "give it with --grid X,Y,Z or a launch-file entry {\"kernel\": \"" + K.Name +
           "\", \"grid\": [X, Y, Z]} (--launch-file)";
  std::string Missing;
  for (const Argument *A : unknownIntegerArgs(K.Kernel, K.launch()))
    Missing += (Missing.empty() ? "" : ", ") + A->getName().str();
  if (!Missing.empty() && (Why.contains("argument") || Why.contains("depends on")))
    return Out + "; give " + Missing + " with --arg NAME=VALUE or a launch-file entry " +
           "{\"kernel\": \"" + K.Name + "\", \"args\": {\"NAME\": VALUE}} (--launch-file)";
  if (Why.contains("data"))
    // Every launch input is given: what is missing is the data itself.
    return Out + "; loaded data decides it, which no launch input gives: `warplint run` " +
           "(or check --confirm) with this launch measures the kernel's counts";
  return Out;
}

void addTimeSaved(const KernelFacts &K, ArrayRef<std::unique_ptr<Rule>> Rules,
                  const GpuProfile &G, std::vector<Finding> &Findings) {
  LaunchWork W = kernelLaunchWork(K);
  if (!W.Known) {
    // Say so where the time would be (the kernel's first warning), with the
    // input that would give it.
    auto F = find_if(Findings, [](const Finding &F) { return F.Level != Severity::Note; });
    if (F != Findings.end())
      F->Notes.push_back(RelatedNote{F->Loc, "no time predicted: " + noTimeHint(K, W.Why)});
    return;
  }
  TimeEstimate Before = W.time(G);
  for (Finding &F : Findings) {
    auto R = find_if(Rules, [&](const std::unique_ptr<Rule> &R) { return R->id() == F.Rule; });
    LaunchWork Fixed = W;
    if (R == Rules.end() || !(*R)->modelFix(K, F, Fixed))
      continue;
    TimeSaved S;
    S.Gpu = G.Name.str();
    S.GpuDisplay = G.Display.str();
    S.KernelUs = Before.Us;
    S.Us = Before.Us - Fixed.time(G).Us;
    S.Launch = K.launch().str();
    S.Assumption = l2Assumption(Before, G);
    if (G.SmVersion < K.Arch.SmVersion)
      S.Assumption += (S.Assumption.empty() ? "" : "; ") + gpuArchMismatch(G, K.Arch);
    F.Saved = std::move(S);
  }
}

} // namespace warplint
