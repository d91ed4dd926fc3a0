//===- LaunchValidity.cpp - Launches the CUDA runtime refuses -------------===//
#include "analyzer/LaunchValidity.h"
#include "analyzer/Occupancy.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

namespace {

constexpr char InvalidValue[] = "cudaErrorInvalidValue";

std::string dims(StringRef Kind, const Dim3 &D) {
  return formatv("{0}({1},{2},{3})", Kind, D.V[0], D.V[1], D.V[2]).str();
}

char axis(unsigned I) { return "xyz"[I]; }

void checkBlock(const ArchProfile &A, const LaunchCheckInput &In,
                std::vector<LaunchFailure> &Out) {
  const Dim3 &B = In.Block;
  for (unsigned I = 0; I < 3; ++I)
    if (B.V[I] > A.MaxBlockDim[I]) {
      Out.push_back({"block", InvalidValue,
                     formatv("{0} has {1} threads in {2}, more than the limit of {3} on {4} "
                             "(x and y at most {5}, z at most {6}); use a block of at most {3} "
                             "in {2}",
                             dims("block", B), B.V[I], axis(I), A.MaxBlockDim[I], A.Name,
                             A.MaxBlockDim[0], A.MaxBlockDim[2])
                         .str()});
      return;
    }
  uint64_t Threads = B.count();
  if (Threads > A.MaxThreadsPerBlock) {
    Out.push_back({"block", InvalidValue,
                   formatv("{0} has {1} threads, more than the {2} a block can have on {3}; "
                           "use at most {2} threads per block",
                           dims("block", B), Threads, A.MaxThreadsPerBlock, A.Name)
                       .str()});
    return;
  }
  if (In.BoundsReqBlock && In.BoundsReqBlock->V != B.V) {
    Out.push_back({"block", InvalidValue,
                   formatv("{0} is not the {1} that the kernel's .reqntid requires; launch "
                           "it with {1}",
                           dims("block", B), dims("block", *In.BoundsReqBlock))
                       .str()});
    return;
  }
  if (In.BoundsMaxThreads && Threads > In.BoundsMaxThreads)
    Out.push_back({"block", InvalidValue,
                   formatv("{0} has {1} threads, more than the {2} that the kernel's "
                           "__launch_bounds__({2}) compiles it for; launch at most {2} threads "
                           "per block, or raise __launch_bounds__ to {1}",
                           dims("block", B), Threads, In.BoundsMaxThreads)
                       .str()});
}

void checkGrid(const ArchProfile &A, const LaunchCheckInput &In,
               std::vector<LaunchFailure> &Out) {
  if (!In.Grid)
    return;
  const Dim3 &G = *In.Grid;
  for (unsigned I = 0; I < 3; ++I)
    if (G.V[I] > A.MaxGridDim[I]) {
      Out.push_back({"grid", InvalidValue,
                     formatv("{0} has {1} blocks in {2}, more than the limit of {3} on {4} "
                             "(x at most {5}, y and z at most {6}); {7}",
                             dims("grid", G), G.V[I], axis(I), A.MaxGridDim[I], A.Name,
                             A.MaxGridDim[0], A.MaxGridDim[1],
                             I == 0 ? "split the blocks over y, or loop over the rest in the "
                                      "kernel (a grid-stride loop)"
                                    : "put the large dimension in x, or loop over the rest in "
                                      "the kernel")
                         .str()});
      return;
    }
}

/// "48 KB" or "16 KB static + 32 KB dynamic".
std::string sharedText(uint64_t Static, uint64_t Dynamic) {
  if (!Static)
    return formatBytes(Dynamic) + " of dynamic shared memory";
  return formatv("{0} static + {1} dynamic shared memory", formatBytes(Static),
                 formatBytes(Dynamic))
      .str();
}

void checkShared(const ArchProfile &A, const LaunchCheckInput &In,
                 std::vector<LaunchFailure> &Out) {
  uint64_t Static = In.StaticSharedBytes, Dynamic = In.DynamicSharedBytes;
  uint64_t Total = Static + Dynamic;
  if (!Dynamic)
    return; // Static shared memory alone is shared-static-too-large's.
  std::string What = sharedText(Static, Dynamic);
  if (Total > A.SharedBytesPerBlockOptIn) {
    Out.push_back({"shared memory", InvalidValue,
                   formatv("{0} per block is more than the {1} a block can have on {2}, even "
                           "with the opt-in; use smaller tiles or fewer pipeline stages",
                           What, formatBytes(A.SharedBytesPerBlockOptIn), A.Name)
                       .str()});
    return;
  }
  if (!In.HostCodeSeen)
    return;
  if (!In.OptIn) {
    if (Total > A.SharedBytesPerBlockDefault)
      Out.push_back(
          {"shared memory", InvalidValue,
           formatv("{0} per block is more than the {1} a block may have without opting in, "
                   "and the host code has no cudaFuncSetAttribute({2}, "
                   "cudaFuncAttributeMaxDynamicSharedMemorySize, ...); call "
                   "cudaFuncSetAttribute({2}, cudaFuncAttributeMaxDynamicSharedMemorySize, {3}) "
                   "before the launch",
                   What, formatBytes(A.SharedBytesPerBlockDefault), In.Kernel, Dynamic)
               .str()});
    return;
  }
  if (In.OptIn->Bytes && Dynamic > *In.OptIn->Bytes)
    Out.push_back({"shared memory", InvalidValue,
                   formatv("{0} per block is more than the {1} the kernel opts in to at "
                           "{2}:{3} (cudaFuncSetAttribute); raise the opt-in to {4} or ask "
                           "for less",
                           What, formatBytes(*In.OptIn->Bytes), In.OptIn->File,
                           In.OptIn->Line, Dynamic)
                       .str()});
}

void checkRegisters(const ArchProfile &A, const LaunchCheckInput &In,
                    std::vector<LaunchFailure> &Out) {
  KernelResources R;
  R.BlockSize = unsigned(In.Block.count());
  R.RegistersPerThread = In.Registers;
  OccupancyResult O = computeOccupancy(A, R);
  if (O.BlocksByRegisters != 0 || O.LaunchFailure.empty())
    return;
  unsigned Fits = 0;
  for (unsigned T = A.WarpSize; T <= A.MaxThreadsPerBlock; T += A.WarpSize) {
    R.BlockSize = T;
    if (computeOccupancy(A, R).BlocksByRegisters != 0)
      Fits = T;
  }
  std::string Fix =
      Fits ? formatv("use blocks of at most {0} threads, or cap the registers with "
                     "__launch_bounds__({1}) (watch for spills)",
                     Fits, In.Block.count())
                 .str()
           : std::string("use fewer registers per thread");
  Out.push_back({"registers", "cudaErrorLaunchOutOfResources",
                 formatv("{0} ({1}); {2}", O.LaunchFailure, In.RegistersText, Fix).str()});
}

void checkLocal(const ArchProfile &A, const LaunchCheckInput &In,
                std::vector<LaunchFailure> &Out) {
  if (In.LocalBytes < A.LocalBytesPerThreadLimit)
    return;
  Out.push_back({"local memory", InvalidValue,
                 formatv("the kernel needs {0} of local memory per thread ({1}), not below "
                         "the {2} per thread a launch may have on {3}; keep the array in "
                         "global memory (a cudaMalloc'd slice per thread) or shrink it",
                         formatBytes(In.LocalBytes), In.LocalSource,
                         formatBytes(A.LocalBytesPerThreadLimit), A.Name)
                     .str()});
}

void checkCooperative(const ArchProfile &A, const LaunchCheckInput &In,
                      std::vector<LaunchFailure> &Out) {
  if (!In.Cooperative || !In.Grid)
    return;
  OccupancyResult O = launchOccupancy(A, In);
  uint64_t Resident = uint64_t(O.BlocksPerSM) * A.SMs;
  if (O.BlocksPerSM == 0 || In.Grid->count() <= Resident)
    return;
  Out.push_back({"cooperative", "cudaErrorCooperativeLaunchTooLarge",
                 formatv("a cooperative launch of {0} = {1} blocks, more than the {2} that "
                         "can be resident at once on the {3} ({4} SMs x {5} blocks per SM "
                         "for this kernel); launch at most {2} blocks and loop over the rest "
                         "in the kernel",
                         dims("grid", *In.Grid), In.Grid->count(), Resident, A.ReferenceGpu,
                         A.SMs, O.BlocksPerSM)
                     .str()});
}

} // namespace

std::vector<LaunchFailure> checkLaunch(const ArchProfile &A, const LaunchCheckInput &In) {
  std::vector<LaunchFailure> Out;
  checkBlock(A, In, Out);
  checkGrid(A, In, Out);
  checkShared(A, In, Out);
  if (Out.empty() || Out.front().Limit != "block")
    checkRegisters(A, In, Out);
  checkLocal(A, In, Out);
  if (Out.empty())
    checkCooperative(A, In, Out);
  return Out;
}

uint64_t localBytesOfAllocas(const Function &F, std::string *Largest) {
  uint64_t Total = 0, Biggest = 0;
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      const auto *AI = dyn_cast<AllocaInst>(&I);
      if (!AI)
        continue;
      std::optional<TypeSize> Size = AI->getAllocationSize(DL);
      if (!Size || Size->isScalable())
        continue;
      uint64_t Bytes = Size->getFixedValue();
      Total += Bytes;
      if (Bytes > Biggest && Largest) {
        Biggest = Bytes;
        *Largest = AI->hasName() ? "the local array '" + AI->getName().str() + "'"
                                 : std::string("a local array");
      }
    }
  return Total;
}

OccupancyResult launchOccupancy(const ArchProfile &Arch, const LaunchCheckInput &In) {
  KernelResources R;
  R.BlockSize = unsigned(In.Block.count());
  R.RegistersPerThread = In.Registers;
  R.StaticSharedBytes = In.StaticSharedBytes;
  R.DynamicSharedBytes = In.DynamicSharedBytes;
  return computeOccupancy(Arch, R);
}

} // namespace warplint
