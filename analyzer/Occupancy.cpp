//===- Occupancy.cpp - Resident blocks and warps per SM -------------------===//
//
// Follows cuda_occupancy.h (CUDA 13) step by step: cudaOccMaxBlocksPerSMWarpsLimit,
// cudaOccMaxBlocksPerSMRegsLimit (partitioned global caching off, as on every
// sm_70+ part), cudaOccMaxBlocksPerSMSmemLimit with the default carveout, and
// the per-SM block limit.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Occupancy.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace warplint {
namespace {

constexpr uint64_t KiB = 1024;

uint64_t divideRoundUp(uint64_t X, uint64_t Y) { return (X + Y - 1) / Y; }
uint64_t roundUp(uint64_t X, uint64_t Y) { return divideRoundUp(X, Y) * Y; }

/// Registers allocated to one warp at RegsPerThread.
unsigned registersPerWarp(const ArchProfile &A, unsigned RegsPerThread) {
  return roundUp(uint64_t(RegsPerThread) * A.WarpSize, A.RegisterAllocUnit);
}

/// cudaOccMaxBlocksPerSMRegsLimit. Sets Failure when a block cannot launch.
unsigned blocksByRegisters(const ArchProfile &A, unsigned RegsPerThread,
                           unsigned WarpsPerBlock, std::string &Failure) {
  unsigned PerWarp = registersPerWarp(A, RegsPerThread);
  if (PerWarp == 0)
    return OccupancyResult::Unlimited;
  uint64_t PerBlock = uint64_t(PerWarp) * WarpsPerBlock;
  // The hardware check assumes every sub-partition gets the same warps.
  uint64_t Assumed = uint64_t(PerWarp) * roundUp(WarpsPerBlock, A.WarpAllocGranularity);
  if (RegsPerThread > A.MaxRegistersPerThread) {
    Failure = formatv("{0} registers per thread exceed the limit of {1} on {2}",
                      RegsPerThread, A.MaxRegistersPerThread, A.Name);
    return 0;
  }
  if (PerBlock > A.RegistersPerBlock || Assumed > A.RegistersPerBlock) {
    Failure = formatv("{0} registers per thread x {1} threads need {2} "
                      "registers, more than the {3} a block can have on {4}",
                      RegsPerThread, WarpsPerBlock * A.WarpSize,
                      std::max(PerBlock, Assumed), A.RegistersPerBlock, A.Name);
    return 0;
  }
  unsigned PerSubPartition = A.RegistersPerSM / A.WarpAllocGranularity;
  unsigned WarpsPerSM = (PerSubPartition / PerWarp) * A.WarpAllocGranularity;
  return WarpsPerSM / WarpsPerBlock;
}

/// cudaOccMaxBlocksPerSMSmemLimit with the default carveout (the largest).
unsigned blocksBySharedMemory(const ArchProfile &A, uint64_t Shared,
                              uint64_t Allocated, std::string &Failure) {
  uint64_t Limit = A.SharedBytesPerBlockOptIn + A.SharedReservedPerBlock;
  if (Allocated > Limit) {
    Failure = formatv("{0} of shared memory per block exceed the {1} a block "
                      "can have on {2}",
                      formatBytes(Shared), formatBytes(A.SharedBytesPerBlockOptIn),
                      A.Name);
    return 0;
  }
  if (Allocated == 0)
    return OccupancyResult::Unlimited;
  return A.SharedBytesPerSM / Allocated;
}

} // namespace

StringRef occupancyLimiterName(OccupancyLimiter L) {
  switch (L) {
  case OccupancyLimiter::Warps:
    return "warps";
  case OccupancyLimiter::Blocks:
    return "blocks";
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared memory";
  case OccupancyLimiter::None:
    break;
  }
  return "none";
}

std::string formatBytes(uint64_t Bytes) {
  if (Bytes < KiB)
    return formatv("{0} bytes", Bytes);
  if (Bytes % KiB == 0)
    return formatv("{0} KB", Bytes / KiB);
  std::string S = formatv("{0:F1} KB", double(Bytes) / KiB).str();
  return S;
}

OccupancyResult computeOccupancy(const ArchProfile &A, const KernelResources &R) {
  OccupancyResult Res;
  Res.Arch = &A;
  Res.Input = R;
  if (R.BlockSize == 0 || R.BlockSize > A.MaxThreadsPerBlock) {
    Res.LaunchFailure = formatv("blocks of {0} threads cannot launch on {1} "
                                "(1 to {2} threads)",
                                R.BlockSize, A.Name, A.MaxThreadsPerBlock);
    Res.BlocksByWarps = 0;
    Res.LimiterMask = unsigned(OccupancyLimiter::Warps);
    Res.Limiter = OccupancyLimiter::Warps;
    return Res;
  }
  Res.WarpsPerBlock = divideRoundUp(R.BlockSize, A.WarpSize);
  Res.RegistersPerWarp = registersPerWarp(A, R.RegistersPerThread);
  uint64_t Shared = R.StaticSharedBytes + R.DynamicSharedBytes;
  Res.SharedBytesPerBlock = roundUp(Shared + A.SharedReservedPerBlock, A.SharedAllocUnit);
  Res.NeedsSharedOptIn = Shared > A.SharedBytesPerBlockDefault;

  Res.BlocksByWarps = A.MaxWarpsPerSM / Res.WarpsPerBlock;
  Res.BlocksByBlockLimit = A.MaxBlocksPerSM;
  std::string RegFailure, SharedFailure;
  Res.BlocksByRegisters =
      blocksByRegisters(A, R.RegistersPerThread, Res.WarpsPerBlock, RegFailure);
  Res.BlocksBySharedMemory =
      blocksBySharedMemory(A, Shared, Res.SharedBytesPerBlock, SharedFailure);

  Res.BlocksPerSM = std::min({Res.BlocksByWarps, Res.BlocksByBlockLimit,
                              Res.BlocksByRegisters, Res.BlocksBySharedMemory});
  Res.WarpsPerSM = Res.BlocksPerSM * Res.WarpsPerBlock;
  // Order of preference on a tie: what a user can change first.
  const std::pair<OccupancyLimiter, unsigned> Limits[] = {
      {OccupancyLimiter::Registers, Res.BlocksByRegisters},
      {OccupancyLimiter::SharedMemory, Res.BlocksBySharedMemory},
      {OccupancyLimiter::Warps, Res.BlocksByWarps},
      {OccupancyLimiter::Blocks, Res.BlocksByBlockLimit}};
  for (auto [L, Blocks] : Limits)
    if (Blocks == Res.BlocksPerSM) {
      Res.LimiterMask |= unsigned(L);
      if (Res.Limiter == OccupancyLimiter::None)
        Res.Limiter = L;
    }
  if (Res.BlocksPerSM == 0)
    Res.LaunchFailure = !RegFailure.empty() ? RegFailure : SharedFailure;
  return Res;
}

unsigned maxRegistersForBlocks(const ArchProfile &A, unsigned BlockSize,
                               unsigned MinBlocks) {
  if (BlockSize == 0 || BlockSize > A.MaxThreadsPerBlock)
    return 0;
  KernelResources Probe;
  Probe.BlockSize = BlockSize;
  OccupancyResult Shape = computeOccupancy(A, Probe);
  // Like ptxas, ignore a minimum the SM's thread or block limits can never
  // meet ("Value of threads per SM ... is out of range. .minnctapersm will be
  // ignored").
  if (MinBlocks == 0 || MinBlocks > std::min(Shape.BlocksByWarps, Shape.BlocksByBlockLimit))
    MinBlocks = 1;
  for (unsigned Regs = A.MaxRegistersPerThread; Regs > 0; --Regs) {
    Probe.RegistersPerThread = Regs;
    if (computeOccupancy(A, Probe).BlocksByRegisters >= MinBlocks)
      return Regs;
  }
  return 0;
}

double OccupancyResult::occupancy() const {
  if (!Arch || Arch->MaxWarpsPerSM == 0)
    return 0;
  return double(WarpsPerSM) / Arch->MaxWarpsPerSM;
}

unsigned OccupancyResult::occupancyPercent() const {
  return unsigned(occupancy() * 100 + 0.5);
}

std::string OccupancyResult::message() const {
  if (!LaunchFailure.empty())
    return LaunchFailure;
  // "allow(s) N block(s) = P% occupancy on sm_XX".
  auto Allows = [&](bool PluralSubject) {
    return formatv("allow{0} {1} block{2} = {3}% occupancy on {4}",
                   PluralSubject ? "" : "s", BlocksPerSM,
                   BlocksPerSM == 1 ? "" : "s", occupancyPercent(), Arch->Name)
        .str();
  };
  switch (Limiter) {
  case OccupancyLimiter::SharedMemory:
    return formatv("{0} of shared memory per block {1}",
                   formatBytes(Input.StaticSharedBytes + Input.DynamicSharedBytes),
                   Allows(false));
  case OccupancyLimiter::Registers:
    return formatv("{0} registers per thread in blocks of {1} threads {2}",
                   Input.RegistersPerThread, Input.BlockSize, Allows(true));
  case OccupancyLimiter::Warps:
    return formatv("blocks of {0} threads ({1} warps) {2}", Input.BlockSize,
                   WarpsPerBlock, Allows(true));
  case OccupancyLimiter::Blocks:
    return formatv("the limit of {0} blocks per SM with blocks of {1} threads "
                   "gives {2}% occupancy on {3}",
                   Arch->MaxBlocksPerSM, Input.BlockSize, occupancyPercent(),
                   Arch->Name);
  case OccupancyLimiter::None:
    break;
  }
  return "";
}

void OccupancyResult::print(raw_ostream &OS) const {
  auto Num = [](unsigned V) {
    return V == Unlimited ? std::string("unlimited") : std::to_string(V);
  };
  OS << "occupancy on " << (Arch ? Arch->Name : "?") << ": "
     << Input.RegistersPerThread << " registers, "
     << formatBytes(Input.StaticSharedBytes) << " static + "
     << formatBytes(Input.DynamicSharedBytes) << " dynamic shared, "
     << Input.BlockSize << " threads per block\n";
  OS << "  warps per block: " << WarpsPerBlock << "\n";
  OS << "  registers per warp (allocated): " << RegistersPerWarp << "\n";
  OS << "  shared per block (allocated): " << SharedBytesPerBlock << " bytes"
     << (NeedsSharedOptIn ? " (needs opt-in)" : "") << "\n";
  OS << "  blocks by warps: " << Num(BlocksByWarps)
     << ", by block limit: " << Num(BlocksByBlockLimit)
     << ", by registers: " << Num(BlocksByRegisters)
     << ", by shared memory: " << Num(BlocksBySharedMemory) << "\n";
  OS << "  blocks per SM: " << BlocksPerSM << ", warps per SM: " << WarpsPerSM
     << " of " << (Arch ? Arch->MaxWarpsPerSM : 0) << " ("
     << occupancyPercent() << "%), limited by "
     << occupancyLimiterName(Limiter) << "\n";
  if (!LaunchFailure.empty())
    OS << "  cannot launch: " << LaunchFailure << "\n";
}

} // namespace warplint
