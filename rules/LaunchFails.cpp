//===- LaunchFails.cpp - launch-fails -------------------------------------===//
#include "rules/LaunchFails.h"

#include "rules/KernelResources.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace warplint {

namespace {

/// The host code's opt-in for F, and whether a host launch of F was read.
void bindHostCode(const DeviceModule &DM, const Function &F, LaunchCheckInput &In) {
  for (const SourceLaunch &L : DM.Launches)
    if (L.Kernel == F.getName() && L.Source == "host-launch") {
      In.HostCodeSeen = true;
      if (L.OptIn && !In.OptIn)
        In.OptIn = L.OptIn;
    }
}

/// Local memory from the IR's stack allocations.
void bindLocalFromIr(const Function &F, LaunchCheckInput &In) {
  std::string Largest;
  In.LocalBytes = localBytesOfAllocas(F, &Largest);
  In.LocalSource = "the IR's local arrays" + (Largest.empty() ? "" : ", the largest " + Largest);
}

/// "the host launch at main.cu:12", "the launch annotation at line 4".
std::string originOf(const SourceLaunch &L) {
  if (L.Source == "annotation")
    return formatv("the launch annotation at line {0}", L.Line).str();
  std::string Where = (L.File.empty() ? "line " : L.File + ":") + std::to_string(L.Line);
  return (L.Cooperative ? "the cooperative launch at " : "the host launch at ") + Where + L.Via;
}

} // namespace

std::string explicitOrigin(StringRef Source) {
  if (Source == "command line")
    return "the launch from the command line";
  if (Source.starts_with("launch file "))
    return ("the launch in " + Source).str();
  return "";
}

std::optional<std::string> refusedRequest(const DeviceModule &DM, const Function &F,
                                          const ArchProfile &Arch, std::optional<Dim3> Grid,
                                          const Dim3 &Block, uint64_t Dynamic,
                                          StringRef Origin) {
  LaunchCheckInput In = kernelLaunchInput(DM, F, Arch);
  setLaunch(In, Grid, Block, Dynamic, Origin.str());
  std::vector<LaunchFailure> Failures = checkLaunch(Arch, In);
  if (Failures.empty())
    return std::nullopt;
  return launchFailureMessage(In, Failures.front());
}

LaunchCheckInput kernelLaunchInput(const KernelFacts &K) {
  LaunchCheckInput In;
  In.Kernel = K.Name;
  In.StaticSharedBytes = staticSharedBytes(K);
  RegisterFigure Regs = registersPerThread(K);
  In.Registers = Regs.Registers;
  In.RegistersText = Regs.str();
  if (K.Ptxas && K.Ptxas->HasUsage) {
    In.LocalBytes = K.Ptxas->StackFrameBytes;
    In.LocalSource = "ptxas's stack frame";
  } else {
    bindLocalFromIr(K.Kernel, In);
  }
  LaunchBounds LB = readLaunchBounds(K.Kernel);
  In.BoundsMaxThreads = LB.MaxThreads;
  if (LB.ReqDims)
    In.BoundsReqBlock = Dim3{{(*LB.ReqDims)[0], (*LB.ReqDims)[1], (*LB.ReqDims)[2]}};
  bindHostCode(K.DM, K.Kernel, In);
  return In;
}

/// What F takes, for a launch of it (no host code read).
static LaunchCheckInput kernelInput(const Function &F, const ArchProfile &Arch) {
  LaunchCheckInput In;
  In.Kernel = sourceName(F);
  In.StaticSharedBytes = SharedMemoryUse::analyze(F).staticBytes();
  RegisterPressure P = RegisterPressure::analyze(F, Arch, RegisterPressureOptions());
  RegisterFigure Regs;
  Regs.Registers = std::min(P.estimatedRegisters(), P.cap().Registers);
  In.Registers = Regs.Registers;
  In.RegistersText = Regs.str();
  bindLocalFromIr(F, In);
  LaunchBounds LB = readLaunchBounds(F);
  In.BoundsMaxThreads = LB.MaxThreads;
  if (LB.ReqDims)
    In.BoundsReqBlock = Dim3{{(*LB.ReqDims)[0], (*LB.ReqDims)[1], (*LB.ReqDims)[2]}};
  return In;
}

LaunchCheckInput kernelLaunchInput(const DeviceModule &DM, const Function &F,
                                   const ArchProfile &Arch) {
  LaunchCheckInput In = kernelInput(F, Arch);
  bindHostCode(DM, F, In);
  return In;
}

uint64_t residentBlocks(const Function &F, const ArchProfile &Arch, const Dim3 &Block,
                        uint64_t Dynamic, std::string &How) {
  LaunchCheckInput In = kernelInput(F, Arch);
  setLaunch(In, std::nullopt, Block, Dynamic, "");
  OccupancyResult O = launchOccupancy(Arch, In);
  How = formatv("{0} SMs x {1} blocks per SM for this kernel", Arch.SMs, O.BlocksPerSM).str();
  return std::max<uint64_t>(1, uint64_t(O.BlocksPerSM) * Arch.SMs);
}

void setLaunch(LaunchCheckInput &In, std::optional<Dim3> Grid, const Dim3 &Block,
               uint64_t DynamicSharedBytes, std::string Origin) {
  In.Grid = Grid;
  In.Block = Block;
  In.DynamicSharedBytes = DynamicSharedBytes;
  In.Origin = std::move(Origin);
}

std::vector<LaunchCheckInput> launchesToCheck(const KernelFacts &K) {
  LaunchCheckInput Kernel = kernelLaunchInput(K);
  std::vector<LaunchCheckInput> Out;
  const LaunchConfig &C = K.launch();
  if (std::string Origin = explicitOrigin(C.Source); !Origin.empty()) {
    Out.push_back(Kernel);
    setLaunch(Out.back(), C.Grid, C.Block, C.DynamicSharedBytes, Origin);
  }
  for (const SourceLaunch &L : K.DM.Launches) {
    if (L.Kernel != K.Kernel.getName() || !L.Block ||
        (L.Source != "annotation" && L.Source != "host-launch"))
      continue;
    Out.push_back(Kernel);
    setLaunch(Out.back(), L.Grid, *L.Block, L.SharedBytes.value_or(0), originOf(L));
    Out.back().Cooperative = L.Cooperative;
  }
  return Out;
}

std::string launchFailureMessage(const LaunchCheckInput &In, const LaunchFailure &F) {
  return formatv("kernel '{0}': {1} fails with {2}: {3}", In.Kernel, In.Origin, F.Error,
                 F.Message)
      .str();
}

/// In with the registers, static shared memory and stack frame of Verdict.
void bindVerdict(LaunchCheckInput &In, const KernelFacts &K, const PtxasFunctionInfo &Verdict) {
  RegisterFigure Regs = registersPerThread(K, &Verdict);
  In.Registers = Regs.Registers;
  In.RegistersText = Regs.str();
  In.StaticSharedBytes = Verdict.SharedBytes;
  In.LocalBytes = Verdict.StackFrameBytes;
  In.LocalSource = Verdict.FromNvcc ? "the stack frame of nvcc's device compile"
                                    : "ptxas's stack frame";
}

void LaunchFailsRule::check(const KernelFacts &K, const FindingSink &Out) const {
  SourceLoc Loc = kernelOrPeakLocation(K);
  for (LaunchCheckInput &In : launchesToCheck(K)) {
    std::vector<LaunchFailure> Failures = checkLaunch(K.Arch, In);
    // A failure for want of registers or local memory that the estimate
    // makes is settled by ptxas's count (nvcc's compile, asked for now).
    bool Estimated = any_of(Failures, [](const LaunchFailure &F) {
      return F.Limit == "registers" || F.Limit == "local memory";
    });
    if (Estimated && !(K.Ptxas && K.Ptxas->HasUsage))
      if (const PtxasFunctionInfo *V = K.verdict()) {
        bindVerdict(In, K, *V);
        Failures = checkLaunch(K.Arch, In);
      }
    for (const LaunchFailure &F : Failures)
      Out(make(K, Loc, launchFailureMessage(In, F), Severity::Error));
  }
}

} // namespace warplint
