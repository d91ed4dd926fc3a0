#include "analyzer/Occupancy.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

const ArchProfile &arch(const char *Name) { return llvm::cantFail(lookupArch(Name)); }

OccupancyResult occ(const char *Arch, unsigned Regs, unsigned Block,
                    uint64_t Shared = 0, uint64_t Dynamic = 0) {
  KernelResources R;
  R.RegistersPerThread = Regs;
  R.BlockSize = Block;
  R.StaticSharedBytes = Shared;
  R.DynamicSharedBytes = Dynamic;
  return computeOccupancy(arch(Arch), R);
}

struct ReferenceCase {
  const char *Arch;
  unsigned Regs, Block;
  uint64_t Shared;
  unsigned Blocks, Factors;
};

const ReferenceCase ReferenceCases[] = {
#include "OccupancyTestCases.inc"
};

/// cudaOccLimitingFactor bits -> OccupancyLimiter bits.
unsigned limiterMask(unsigned Factors) {
  unsigned Mask = 0;
  if (Factors & 0x1)
    Mask |= unsigned(OccupancyLimiter::Warps);
  if (Factors & 0x2)
    Mask |= unsigned(OccupancyLimiter::Registers);
  if (Factors & 0x4)
    Mask |= unsigned(OccupancyLimiter::SharedMemory);
  if (Factors & 0x8)
    Mask |= unsigned(OccupancyLimiter::Blocks);
  return Mask;
}

} // namespace

// Every case of the toolkit's own calculation (cuda_occupancy.h), 8 archs x
// 8 register counts x 6 block sizes x 5 shared sizes.
TEST(Occupancy, MatchesCudaOccupancyCalculatorOnEveryCase) {
  ASSERT_EQ(std::size(ReferenceCases), 1920u);
  for (const ReferenceCase &C : ReferenceCases) {
    OccupancyResult R = occ(C.Arch, C.Regs, C.Block, 0, C.Shared);
    SCOPED_TRACE(testing::Message() << C.Arch << " regs=" << C.Regs
                                    << " block=" << C.Block << " shared=" << C.Shared);
    EXPECT_EQ(R.BlocksPerSM, C.Blocks);
    if (C.Blocks > 0)
      EXPECT_EQ(R.LimiterMask, limiterMask(C.Factors));
    else
      EXPECT_FALSE(R.LaunchFailure.empty());
  }
}

// Hand-computed with the Occupancy Calculator's steps.
TEST(Occupancy, SharedMemoryLimitedMessage) {
  // 48 KB + 1 KB reserved = 49 KB per block; 228 KB / 49 KB = 4 blocks of 8
  // warps = 32 of 64 warps.
  OccupancyResult R = occ("sm_90", 32, 256, 48 * 1024);
  EXPECT_EQ(R.BlocksPerSM, 4u);
  EXPECT_EQ(R.WarpsPerSM, 32u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::SharedMemory);
  EXPECT_EQ(R.message(),
            "48 KB of shared memory per block allows 4 blocks = 50% occupancy on sm_90");
  EXPECT_FALSE(R.NeedsSharedOptIn);
}

TEST(Occupancy, RegisterLimited) {
  // 128 regs: 4096 per warp; 16384 per sub-partition -> 4 warps each, 16 per
  // SM -> 2 blocks of 256 threads = 25%.
  OccupancyResult R = occ("sm_90", 128, 256);
  EXPECT_EQ(R.RegistersPerWarp, 4096u);
  EXPECT_EQ(R.BlocksPerSM, 2u);
  EXPECT_EQ(R.occupancyPercent(), 25u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);
  EXPECT_EQ(R.message(), "128 registers per thread in blocks of 256 threads allow "
                         "2 blocks = 25% occupancy on sm_90");
  // 255 regs round to 8192 per warp: 2 warps per sub-partition -> 8 warps.
  OccupancyResult R255 = occ("sm_90", 255, 256);
  EXPECT_EQ(R255.RegistersPerWarp, 8192u);
  EXPECT_EQ(R255.BlocksPerSM, 1u);
  EXPECT_EQ(R255.occupancyPercent(), 13u);
}

TEST(Occupancy, SubPartitionRounding) {
  // 40 regs = 1280 per warp: 12 warps per sub-partition (not 12.8), 48 per SM.
  OccupancyResult R = occ("sm_80", 40, 128);
  EXPECT_EQ(R.BlocksByRegisters, 12u);
  EXPECT_EQ(R.WarpsPerSM, 48u);
}

TEST(Occupancy, WarpLimitedFullOccupancy) {
  OccupancyResult R = occ("sm_90", 32, 1024);
  EXPECT_EQ(R.BlocksPerSM, 2u);
  EXPECT_EQ(R.occupancyPercent(), 100u);
  EXPECT_TRUE(R.limitedBy(OccupancyLimiter::Warps));
  EXPECT_TRUE(R.limitedBy(OccupancyLimiter::Registers));
}

TEST(Occupancy, BlockLimitWithSmallBlocks) {
  OccupancyResult R = occ("sm_90", 32, 32);
  EXPECT_EQ(R.BlocksPerSM, 32u);
  EXPECT_EQ(R.occupancyPercent(), 50u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Blocks);
  EXPECT_EQ(R.message(), "the limit of 32 blocks per SM with blocks of 32 threads "
                         "gives 50% occupancy on sm_90");
  // sm_75 allows 16 blocks and 32 warps.
  EXPECT_EQ(occ("sm_75", 32, 32).BlocksPerSM, 16u);
  EXPECT_EQ(occ("sm_75", 32, 1024).BlocksPerSM, 1u);
}

TEST(Occupancy, LargeSharedNeedsOptIn) {
  OccupancyResult R = occ("sm_90", 32, 256, 0, 100 * 1024);
  EXPECT_TRUE(R.NeedsSharedOptIn);
  EXPECT_EQ(R.BlocksPerSM, 2u); // 228 / 101
  OccupancyResult TooBig = occ("sm_86", 32, 256, 0, 100 * 1024);
  EXPECT_EQ(TooBig.BlocksPerSM, 0u);
  EXPECT_NE(TooBig.message().find("exceed"), std::string::npos);
}

TEST(Occupancy, TooManyRegistersForBlockCannotLaunch) {
  OccupancyResult R = occ("sm_90", 255, 1024);
  EXPECT_EQ(R.BlocksPerSM, 0u);
  EXPECT_NE(R.LaunchFailure.find("registers"), std::string::npos);
  EXPECT_EQ(occ("sm_90", 32, 2048).BlocksPerSM, 0u);
}

TEST(Occupancy, LaunchBoundsRegisterCap) {
  const ArchProfile &H = arch("sm_90");
  EXPECT_EQ(maxRegistersForBlocks(H, 1024, 2), 32u);
  EXPECT_EQ(maxRegistersForBlocks(H, 1024, 1), 64u);
  EXPECT_EQ(maxRegistersForBlocks(H, 256, 1), 255u);
  EXPECT_EQ(maxRegistersForBlocks(H, 256, 4), 64u);
  EXPECT_EQ(maxRegistersForBlocks(H, 128, 8), 64u);
  EXPECT_EQ(maxRegistersForBlocks(H, 256, 5), 48u);
  // 2048 threads exceed sm_86's 1536: ptxas ignores the minimum (measured:
  // 64 registers with __launch_bounds__(1024, 2) on sm_86, 32 on sm_90).
  EXPECT_EQ(maxRegistersForBlocks(arch("sm_86"), 1024, 2), 64u);
  EXPECT_EQ(maxRegistersForBlocks(H, 2048, 1), 0u);
}

TEST(Occupancy, PrintsEveryNumber) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  occ("sm_90", 64, 256, 16 * 1024).print(OS);
  EXPECT_NE(S.find("blocks per SM: 4"), std::string::npos) << S;
  EXPECT_NE(S.find("limited by registers"), std::string::npos) << S;
}

TEST(Occupancy, FormatsBytes) {
  EXPECT_EQ(formatBytes(512), "512 bytes");
  EXPECT_EQ(formatBytes(49152), "48 KB");
  EXPECT_EQ(formatBytes(16896), "16.5 KB");
}
