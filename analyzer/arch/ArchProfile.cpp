//===- ArchProfile.cpp - Hardware facts per GPU architecture --------------===//
//
// Sources:
//  [PG]  CUDA C++ Programming Guide, "Compute Capabilities", Table
//        "Technical Specifications per Compute Capability" (threads, warps,
//        blocks per SM, registers, shared memory per SM and per block).
//  [OCC] CUDA Occupancy Calculator and the toolkit's cuda_occupancy.h (CUDA
//        13): allocation units (256 registers per warp, 4 sub-partitions per
//        SM, shared allocation unit 256 bytes before sm_80 and 128 after,
//        1 KB of shared memory reserved per block from sm_80 on), max blocks
//        per SM (cudaOccMaxBlocksPerMultiprocessor: 24 on sm_89 and sm_12x).
//  [BP]  CUDA C++ Best Practices Guide, "Coalesced Access to Global Memory" and
//        "Shared Memory": 32-byte sectors, 128-byte lines, 32 banks of 4 bytes.
//  [GPU] The SM counts of each architecture's reference GPU, from NVIDIA's
//        product pages and whitepapers (V100 SXM2 80, T4 40, A100 108, A10 72,
//        L40S 142, H100 SXM5 132 (also tests/hardware/h100/launchlimits.csv),
//        B200 148, RTX PRO 6000 Blackwell 188).
//  [PTX] PTX ISA, "ld" and "st": vectors of up to four 32-bit or two 64-bit
//        elements, 16 bytes per lane.
//  [HW]  Measured with Nsight Compute on an H200 (see ../shared/DESIGN.md and
//        tests/hardware/): sector and bank behaviour, bulk copies' pieces,
//        mbarriers outside the LSU pipe (tests/hardware/h200/hopper/, with
//        the SASS nvcc 13 makes of mbarrier operations for sm_80 and sm_90a).
//
//===----------------------------------------------------------------------===//
#include "analyzer/arch/ArchProfile.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {
namespace {

constexpr unsigned KiB = 1024;

/// Facts shared by every architecture from sm_70 on [BP][HW].
constexpr ArchProfile makeProfile(StringRef Name, unsigned Sm, unsigned MaxThreadsSM,
                                  unsigned MaxBlocksSM, unsigned SharedSM,
                                  unsigned SharedOptIn, unsigned SharedUnit,
                                  unsigned SharedReserved, StringRef Gpu, unsigned SMs) {
  return ArchProfile{Name,
                     Sm,
                     /*WarpSize=*/32,
                     /*MaxThreadsPerBlock=*/1024,
                     MaxThreadsSM,
                     MaxThreadsSM / 32,
                     MaxBlocksSM,
                     /*MaxBlockDim=*/{1024, 1024, 64},
                     /*MaxGridDim=*/{(uint64_t(1) << 31) - 1, 65535, 65535},
                     /*LocalBytesPerThreadLimit=*/512 * KiB,
                     Gpu,
                     SMs,
                     /*RegistersPerSM=*/64 * KiB,
                     /*MaxRegistersPerThread=*/255,
                     /*RegisterBytes=*/4,
                     /*RegistersPerBlock=*/64 * KiB,
                     /*RegisterAllocUnit=*/256,
                     /*WarpAllocGranularity=*/4,
                     SharedSM,
                     /*SharedBytesPerBlockDefault=*/48 * KiB,
                     SharedOptIn,
                     SharedUnit,
                     SharedReserved,
                     /*SharedBanks=*/32,
                     /*SharedBankBytes=*/4,
                     /*SharedPhaseBytes=*/128,
                     /*SectorBytes=*/32,
                     /*LineBytes=*/128,
                     /*GlobalAllocAlignment=*/256,
                     /*WidestLaneAccessBytes=*/16,
                     /*BulkCopyPieceBytes=*/128,
                     /*MbarrierOnLsu=*/Sm < 90,
                     /*ConstantBytes=*/64 * KiB};
}

// [PG] per compute capability; [OCC] for the allocation units.
constexpr ArchProfile Profiles[] = {
    //          name     sm   thr/SM blk/SM shared/SM   opt-in/block  unit  reserved  [GPU]
    makeProfile("sm_70", 70, 2048, 32, 96 * KiB, 96 * KiB, 256, 0, "V100", 80),
    makeProfile("sm_75", 75, 1024, 16, 64 * KiB, 64 * KiB, 256, 0, "T4", 40),
    makeProfile("sm_80", 80, 2048, 32, 164 * KiB, 163 * KiB, 128, 1 * KiB, "A100", 108),
    makeProfile("sm_86", 86, 1536, 16, 100 * KiB, 99 * KiB, 128, 1 * KiB, "A10", 72),
    makeProfile("sm_89", 89, 1536, 24, 100 * KiB, 99 * KiB, 128, 1 * KiB, "L40S", 142),
    makeProfile("sm_90", 90, 2048, 32, 228 * KiB, 227 * KiB, 128, 1 * KiB, "H100 SXM", 132),
    makeProfile("sm_100", 100, 2048, 32, 228 * KiB, 227 * KiB, 128, 1 * KiB, "B200", 148),
    makeProfile("sm_120", 120, 1536, 24, 100 * KiB, 99 * KiB, 128, 1 * KiB,
                "RTX PRO 6000 Blackwell", 188),
};

} // namespace

ArrayRef<ArchProfile> allArchProfiles() { return Profiles; }

const ArchProfile &defaultArch() { return Profiles[5]; }

Expected<const ArchProfile &> lookupArch(StringRef Name) {
  StringRef Digits = Name;
  Digits.consume_front("sm_");
  Digits.consume_front("compute_");
  // Feature suffixes (sm_90a, sm_100f) share the base profile.
  Digits = Digits.take_while([](char C) { return isDigit(C); });
  unsigned Sm = 0;
  if (!Digits.getAsInteger(10, Sm))
    for (const ArchProfile &P : Profiles)
      if (P.SmVersion == Sm)
        return P;
  std::string Known;
  for (const ArchProfile &P : Profiles)
    Known += (Known.empty() ? "" : ", ") + P.Name.str();
  return createStringError(inconvertibleErrorCode(),
                           "unknown architecture '%s' (known: %s)",
                           Name.str().c_str(), Known.c_str());
}

} // namespace warplint
