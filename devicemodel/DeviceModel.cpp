//===- DeviceModel.cpp - Run a kernel launch and measure it ---------------===//
#include "devicemodel/DeviceModel.h"

#include "devicemodel/InitChecker.h"
#include "devicemodel/RaceDetector.h"

#include <cstring>

#include <optional>

using namespace llvm;

namespace warplint {
namespace dm {

namespace {

/// One note per allocation site whose blocks were never freed.
void addLeaks(const DeviceMemory &Mem, std::vector<Finding> &Out) {
  std::vector<const HeapBlock *> Leaks = Mem.heapLeaks();
  std::vector<bool> Done(Leaks.size(), false);
  for (size_t I = 0; I < Leaks.size(); ++I) {
    if (Done[I])
      continue;
    uint64_t Count = 0, Bytes = 0;
    // The site's first leak by launch order (the allocation order changes
    // from run to run: blocks run on several cores).
    const HeapBlock *First = Leaks[I];
    for (size_t J = I; J < Leaks.size(); ++J)
      if (!Done[J] && Leaks[J]->AllocLoc == Leaks[I]->AllocLoc) {
        Done[J] = true;
        ++Count;
        Bytes += Leaks[J]->Bytes;
        if (Leaks[J]->AllocOrder < First->AllocOrder)
          First = Leaks[J];
      }
    const HeapBlock &H = *First;
    const char *How = H.Kind == HK_Malloc ? "malloc" : H.Kind == HK_New ? "new" : "new[]";
    Finding F;
    F.Kind = "heap-leak";
    F.Note = true;
    F.Loc = H.AllocLoc;
    F.Message = std::to_string(Count) + " heap block" + (Count == 1 ? "" : "s") + " (" +
                std::to_string(Bytes) + " bytes) from this " + How +
                " never freed by the end of the kernel, the first by " + H.AllocBy +
                "; device-heap memory stays allocated until the context ends";
    Out.push_back(std::move(F));
  }
}

/// A cooperative launch must fit on the GPU at once.
Error checkResident(const Program &P, const LaunchShape &Shape, const ArchProfile &Arch,
                    const RunOptions &Opts) {
  uint64_t Resident = Opts.ResidentBlocks;
  uint64_t Blocks = Shape.Grid.count();
  if (!Resident || Blocks <= Resident)
    return Error::success();
  return createStringError(
      inconvertibleErrorCode(),
      "kernel '" + P.KernelName + "': cannot run: a grid-wide sync needs all " +
          std::to_string(Blocks) + " blocks of the launch resident at once, at most " +
          std::to_string(Resident) + " fit on " + Arch.Name.str() + " (" + Opts.ResidentText +
          "): cudaLaunchCooperativeKernel would fail with "
          "cudaErrorCooperativeLaunchTooLarge (cooperative_groups' grid sync works "
          "through the grid workspace of a cooperative launch)");
}

} // namespace

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
  if (R.Prog->UsesGridWorkspace) {
    if (Error E = checkResident(*R.Prog, L->Shape, Arch, Opts))
      return std::move(E);
    // The driver's grid workspace: its size, then the barrier counter.
    uint32_t Workspace[LaunchShape::GridWorkspaceBytes / 4] = {
        LaunchShape::GridWorkspaceBytes, 0, 0, 0};
    L->Shape.GridWorkspace =
        R.Memory->addBuffer("grid workspace", sizeof(Workspace), 4, "unsigned int");
    memcpy(R.Memory->global(L->Shape.GridWorkspace, sizeof(Workspace)), Workspace,
           sizeof(Workspace));
  }
  R.Grid = L->Shape.Grid;
  R.Block = L->Shape.Block;
  R.Notes = L->Notes;
  R.DefaultedArgs = L->DefaultedArgs;
  R.Buffers = L->Buffers;
  MemoryCounters Counters(*R.Prog, Arch);
  RaceDetector Races(*R.Prog, *R.Memory, L->Shape.Grid, Arch.WarpSize);
  if (L->Shape.GridWorkspace)
    Races.setGridWorkspace(L->Shape.GridWorkspace, LaunchShape::GridWorkspaceBytes);
  InitChecker Init(*R.Prog, *R.Memory, L->Shape.Block, Arch.WarpSize,
                   L->Shape.reservedSharedBase(R.Prog->SharedStaticBytes),
                   L->Shape.ReservedShared);
  SmallVector<Observer *, 4> Obs = {&Counters, &Races};
  if (Opts.ShadowChecks)
    Obs.push_back(&Init);
  std::optional<Footprint> Touched;
  if (Opts.Footprint)
    Obs.push_back(&Touched.emplace(*R.Prog, *R.Memory, Arch.SectorBytes));
  R.Run = runKernel(*R.Prog, *R.Memory, L->Shape, L->Args, Obs, Opts);
  R.Metrics = Counters.kernelMetrics(R.Run.Scale);
  R.Sites = Counters.siteMetrics(R.Run.Scale);
  if (Touched) {
    R.Footprint = Touched->buffers();
    for (BufferSectors &B : R.Footprint) {
      B.Read = uint64_t(B.Read * R.Run.Scale);
      B.Written = uint64_t(B.Written * R.Run.Scale);
    }
    for (const auto &[Site, Name] : Touched->siteBuffers())
      R.SiteBuffers.push_back({R.Prog->Sites[Site].Loc, Name});
  }
  R.Errors = R.Run.Findings;
  for (const Finding &F : Races.findings())
    R.Errors.push_back(F);
  // A note on what the run measured, not a fault: with the launch's notes.
  if (std::optional<Finding> N = Races.boundsNote())
    R.Notes.push_back(N->Message);
  for (const Finding &F : Init.findings())
    R.Errors.push_back(F);
  addLeaks(*R.Memory, R.Errors);
  return std::move(R);
}

const BufferInfo *namedBuffer(const LaunchReport &R, const Finding &F) {
  StringRef Key = "of buffer '";
  StringRef Message = F.Message;
  size_t At = Message.find(Key);
  if (At == StringRef::npos)
    return nullptr;
  StringRef Name = Message.substr(At + Key.size()).split('\'').first;
  for (const BufferInfo &B : R.Buffers)
    if (B.Name == Name)
      return &B;
  return nullptr;
}

const BufferInfo *guessedOverrun(const LaunchReport &R, const Finding &F) {
  if (F.Kind != "out-of-bounds")
    return nullptr;
  const BufferInfo *B = namedBuffer(R, F);
  return B && B->Defaulted ? B : nullptr;
}

} // namespace dm
} // namespace warplint
