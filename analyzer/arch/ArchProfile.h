//===- ArchProfile.h - Hardware facts per GPU architecture ------*- C++ -*-===//
//
// The one table of hardware facts. Analyses, the device model and the rules
// read warp size, bank geometry, sector sizes and resource limits from here,
// never as literals of their own.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ARCH_ARCHPROFILE_H
#define WARPLINT_ANALYZER_ARCH_ARCHPROFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace warplint {

/// Hardware facts of one compute capability (sm_XY).
struct ArchProfile {
  llvm::StringRef Name; ///< "sm_90"
  unsigned SmVersion;   ///< 90

  // Execution.
  unsigned WarpSize;
  unsigned MaxThreadsPerBlock;
  unsigned MaxThreadsPerSM;
  unsigned MaxWarpsPerSM;
  unsigned MaxBlocksPerSM;
  /// Launch limits the runtime enforces [PG]: block x, y, z and grid x, y, z.
  unsigned MaxBlockDim[3];
  uint64_t MaxGridDim[3];
  /// Local memory per thread [PG]; measured on an H100 (tests/hardware/
  /// h100/launchlimits.csv): a 512 KiB frame is refused too, so a launch
  /// needs less than this.
  uint64_t LocalBytesPerThreadLimit;

  /// The reference GPU of this architecture: its name and SM count, for
  /// findings about filling the GPU (a rule option may name another count).
  llvm::StringRef ReferenceGpu;
  unsigned SMs;

  // Registers.
  unsigned RegistersPerSM;       ///< 32-bit registers in the register file.
  unsigned MaxRegistersPerThread;
  unsigned RegisterBytes;        ///< Width of one register (32 bits) [PG].
  unsigned RegistersPerBlock;    ///< Largest register allocation of one block.
  unsigned RegisterAllocUnit;    ///< Registers per warp are allocated in these units.
  /// Warps are allocated registers in groups of this: the SM's sub-partitions,
  /// each holding RegistersPerSM / WarpAllocGranularity registers.
  unsigned WarpAllocGranularity;

  // Shared memory.
  unsigned SharedBytesPerSM;          ///< Largest carve-out.
  unsigned SharedBytesPerBlockDefault;///< Without the opt-in attribute.
  unsigned SharedBytesPerBlockOptIn;  ///< cudaFuncAttributeMaxDynamicSharedMemorySize.
  unsigned SharedAllocUnit;           ///< Per-block allocation granularity.
  unsigned SharedReservedPerBlock;    ///< Reserved by the system per block.
  unsigned SharedBanks;
  unsigned SharedBankBytes;
  unsigned SharedPhaseBytes;          ///< Bytes served per wavefront phase.

  // Global / local memory system.
  unsigned SectorBytes;
  unsigned LineBytes;
  unsigned GlobalAllocAlignment;      ///< cudaMalloc alignment.
  /// The widest access one lane makes in one instruction (ld/st .v4.b32,
  /// .v2.b64) [PTX].
  unsigned WidestLaneAccessBytes;
  /// A bulk copy (cp.async.bulk, global to shared) is read by the TMA unit
  /// in pieces of this many bytes counted from its source address, each
  /// piece whole sectors: 8 KiB at a 16-byte offset reads 64 x 5 sectors
  /// (measured on an H200: tests/hardware/h200/hopper/bulk_copy.ncu.csv).
  unsigned BulkCopyPieceBytes;
  /// Whether mbarrier operations are LSU shared-memory instructions (STS.64,
  /// ATOMS.ARRIVE, LDS in sm_80's SASS) counted in smsp__inst_executed_op_
  /// shared_* and the LSU wavefronts; from sm_90 on they are SYNCS
  /// instructions, outside those counts (measured on an H200:
  /// tests/hardware/h200/hopper/mbarrier_ops.ncu.csv; sm_100 and sm_120
  /// assumed to keep Hopper's SYNCS unit).
  bool MbarrierOnLsu;

  // Constant memory.
  unsigned ConstantBytes;

  /// Sectors per cache line.
  unsigned sectorsPerLine() const { return LineBytes / SectorBytes; }
  /// The most a thread's registers can hold: a private array larger than
  /// this lives in local memory however it is indexed.
  uint64_t registerBytesPerThread() const {
    return uint64_t(MaxRegistersPerThread) * RegisterBytes;
  }
};

/// Every architecture warplint knows, oldest first.
llvm::ArrayRef<ArchProfile> allArchProfiles();

/// The profile for a name such as "sm_90", "90" or "sm_90a".
llvm::Expected<const ArchProfile &> lookupArch(llvm::StringRef Name);

/// The default architecture (sm_90).
const ArchProfile &defaultArch();

} // namespace warplint

#endif
