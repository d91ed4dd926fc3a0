//===- DeviceModel.cpp - Run a kernel launch and measure it ---------------===//
#include "devicemodel/DeviceModel.h"

#include "devicemodel/RaceDetector.h"

using namespace llvm;

namespace warplint {
namespace dm {

Expected<LaunchReport> runLaunch(const llvm::Function &Kernel, const LaunchRequest &Req,
                                 const ArchProfile &Arch, const RunOptions &Opts) {
  LaunchReport R;
  Expected<std::unique_ptr<Program>> P = decodeKernel(Kernel);
  if (!P)
    return P.takeError();
  R.Prog = std::move(*P);
  R.Kernel = R.Prog->KernelName;
  R.Memory = std::make_unique<DeviceMemory>(*R.Prog);
  Expected<PreparedLaunch> L = prepareLaunch(*R.Prog, *R.Memory, Req, Arch);
  if (!L)
    return L.takeError();
  R.Grid = L->Shape.Grid;
  R.Block = L->Shape.Block;
  R.Notes = L->Notes;
  R.DefaultedArgs = L->DefaultedArgs;
  R.Buffers = L->Buffers;
  MemoryCounters Counters(*R.Prog, Arch);
  RaceDetector Races(*R.Prog, Arch.WarpSize);
  Observer *Obs[] = {&Counters, &Races};
  R.Run = runKernel(*R.Prog, *R.Memory, L->Shape, L->Args, Obs, Opts);
  R.Metrics = Counters.kernelMetrics(R.Run.Scale);
  R.Sites = Counters.siteMetrics(R.Run.Scale);
  R.Errors = R.Run.Findings;
  for (const Finding &F : Races.findings())
    R.Errors.push_back(F);
  return std::move(R);
}

} // namespace dm
} // namespace warplint
