//===- Occupancy.h - Resident blocks and warps per SM -----------*- C++ -*-===//
//
// The CUDA occupancy calculation (the Occupancy Calculator, cuda_occupancy.h):
// how many blocks of a kernel fit on one SM given its registers per thread,
// shared memory per block and block size, and which resource limits it. All
// hardware facts come from the ArchProfile.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_OCCUPANCY_H
#define WARPLINT_ANALYZER_OCCUPANCY_H

#include "analyzer/arch/ArchProfile.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace warplint {

/// What a kernel launch asks of one SM.
struct KernelResources {
  unsigned RegistersPerThread = 0;
  uint64_t StaticSharedBytes = 0;  ///< __shared__ variables.
  uint64_t DynamicSharedBytes = 0; ///< The launch's third <<<>>> argument.
  unsigned BlockSize = 0;          ///< Threads per block.
};

/// The resources that can bound the blocks resident on an SM.
enum class OccupancyLimiter : unsigned {
  None = 0,
  Warps = 1,        ///< Threads (warps) per SM.
  Blocks = 2,       ///< Resident blocks per SM.
  Registers = 4,    ///< The register file.
  SharedMemory = 8, ///< Shared memory.
};

/// "warps", "blocks", "registers" or "shared memory".
llvm::StringRef occupancyLimiterName(OccupancyLimiter L);

/// The occupancy of one kernel launch on one architecture.
struct OccupancyResult {
  static constexpr unsigned Unlimited = ~0u;

  const ArchProfile *Arch = nullptr;
  KernelResources Input;

  unsigned WarpsPerBlock = 0;
  unsigned RegistersPerWarp = 0;   ///< Allocated, rounded to the alloc unit.
  uint64_t SharedBytesPerBlock = 0;///< Allocated, with the reserved part.

  /// Blocks per SM each resource allows (Unlimited when it does not bound).
  unsigned BlocksByWarps = Unlimited;
  unsigned BlocksByBlockLimit = Unlimited;
  unsigned BlocksByRegisters = Unlimited;
  unsigned BlocksBySharedMemory = Unlimited;

  unsigned BlocksPerSM = 0; ///< The smallest of the four.
  unsigned WarpsPerSM = 0;  ///< Active warps: BlocksPerSM * WarpsPerBlock.
  /// The resource named in messages: the smallest limit; on a tie the one a
  /// user can act on first (registers, shared memory, block size, blocks).
  OccupancyLimiter Limiter = OccupancyLimiter::None;
  unsigned LimiterMask = 0; ///< Every resource at the smallest limit.
  /// Shared memory per block above the default 48 KB: the kernel must opt in
  /// (cudaFuncAttributeMaxDynamicSharedMemorySize) to launch at all.
  bool NeedsSharedOptIn = false;
  /// Why no block fits (BlocksPerSM == 0); empty otherwise.
  std::string LaunchFailure;

  /// Active warps over the SM's maximum, 0..1.
  double occupancy() const;
  /// Occupancy in whole percent, rounded to nearest.
  unsigned occupancyPercent() const;
  bool limitedBy(OccupancyLimiter L) const {
    return LimiterMask & static_cast<unsigned>(L);
  }
  /// One line for a finding, e.g. "48 KB of shared memory per block allows 4
  /// blocks = 50% occupancy on sm_90".
  std::string message() const;
  /// Every number, one per line (for tests and --verbose).
  void print(llvm::raw_ostream &OS) const;
};

/// Runs the occupancy calculation of R on Arch.
OccupancyResult computeOccupancy(const ArchProfile &Arch, const KernelResources &R);

/// The most registers per thread that still let MinBlocks blocks of
/// BlockSize threads be resident on one SM (the cap __launch_bounds__
/// (BlockSize, MinBlocks) gives ptxas), never more than the per-thread limit.
/// A MinBlocks the SM's thread or block limits can never meet is ignored (as
/// ptxas does), giving the cap for one block; 0 when BlockSize cannot launch.
unsigned maxRegistersForBlocks(const ArchProfile &Arch, unsigned BlockSize,
                               unsigned MinBlocks);

/// "48 KB", "16.5 KB", "512 bytes".
std::string formatBytes(uint64_t Bytes);

} // namespace warplint

#endif
