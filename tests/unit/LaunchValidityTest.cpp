#include "analyzer/LaunchValidity.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

const ArchProfile &arch(const char *Name) { return llvm::cantFail(lookupArch(Name)); }

LaunchCheckInput launch(Dim3 Grid, Dim3 Block, uint64_t Dynamic = 0) {
  LaunchCheckInput In;
  In.Kernel = "k";
  In.Origin = "the host launch at k.cu:1";
  In.Grid = Grid;
  In.Block = Block;
  In.DynamicSharedBytes = Dynamic;
  In.Registers = 32;
  In.RegistersText = "32 registers per thread (ptxas)";
  return In;
}

Dim3 dims(uint64_t X, uint64_t Y = 1, uint64_t Z = 1) {
  Dim3 D;
  D.V = {X, Y, Z};
  return D;
}

/// The limits of each failure, in order.
std::vector<std::string> limits(const char *Arch, const LaunchCheckInput &In) {
  std::vector<std::string> Out;
  for (const LaunchFailure &F : checkLaunch(arch(Arch), In))
    Out.push_back(F.Limit + ":" + F.Error);
  return Out;
}

using Limits = std::vector<std::string>;

TEST(LaunchValidity, EachLimitAtAndPastItsBoundaryOnEveryArch) {
  for (const ArchProfile &A : allArchProfiles()) {
    const char *N = A.Name.data();
    SCOPED_TRACE(N);
    EXPECT_EQ(limits(N, launch(dims(1), dims(1024))), Limits());
    EXPECT_EQ(limits(N, launch(dims(1), dims(1025))), Limits{"block:cudaErrorInvalidValue"});
    EXPECT_EQ(limits(N, launch(dims(1), dims(1, 1, 64))), Limits());
    EXPECT_EQ(limits(N, launch(dims(1), dims(1, 1, 65))), Limits{"block:cudaErrorInvalidValue"});
    EXPECT_EQ(limits(N, launch(dims(1), dims(32, 32, 2))), Limits{"block:cudaErrorInvalidValue"});
    EXPECT_EQ(limits(N, launch(dims((1ull << 31) - 1), dims(32))), Limits());
    EXPECT_EQ(limits(N, launch(dims(1ull << 31), dims(32))), Limits{"grid:cudaErrorInvalidValue"});
    EXPECT_EQ(limits(N, launch(dims(1, 65535, 65535), dims(32))), Limits());
    EXPECT_EQ(limits(N, launch(dims(1, 1, 65536), dims(32))), Limits{"grid:cudaErrorInvalidValue"});
    // The arch's maximum with the opt-in, whatever the host code.
    EXPECT_EQ(limits(N, launch(dims(1), dims(32), A.SharedBytesPerBlockOptIn)), Limits());
    EXPECT_EQ(limits(N, launch(dims(1), dims(32), A.SharedBytesPerBlockOptIn + 1)),
              Limits{"shared memory:cudaErrorInvalidValue"});
  }
}

TEST(LaunchValidity, SharedMemoryDefaultAppliesOnlyWhereTheHostCodeWasRead) {
  LaunchCheckInput In = launch(dims(64), dims(256), 64 * 1024);
  EXPECT_EQ(limits("sm_90", In), Limits()); // Launched from elsewhere: opt-in unknown.
  In.HostCodeSeen = true;
  EXPECT_EQ(limits("sm_90", In), Limits{"shared memory:cudaErrorInvalidValue"});
  In.OptIn = SharedOptIn{64 * 1024, "k.cu", 3};
  EXPECT_EQ(limits("sm_90", In), Limits());
  In.DynamicSharedBytes = 64 * 1024 + 1;
  EXPECT_EQ(limits("sm_90", In), Limits{"shared memory:cudaErrorInvalidValue"});
  In.OptIn->Bytes.reset(); // An opt-in of unknown size: only the arch's maximum.
  EXPECT_EQ(limits("sm_90", In), Limits());
  // Static plus dynamic against the 48 KB default.
  LaunchCheckInput S = launch(dims(1), dims(256), 32 * 1024);
  S.HostCodeSeen = true;
  S.StaticSharedBytes = 16 * 1024;
  EXPECT_EQ(limits("sm_90", S), Limits());
  S.DynamicSharedBytes += 1;
  EXPECT_EQ(limits("sm_90", S), Limits{"shared memory:cudaErrorInvalidValue"});
}

TEST(LaunchValidity, RegistersLocalBoundsAndCooperative) {
  LaunchCheckInput In = launch(dims(1), dims(1024));
  In.Registers = 64; // 64 x 1024 = 65536: fits exactly.
  EXPECT_EQ(limits("sm_90", In), Limits());
  In.Registers = 65;
  EXPECT_EQ(limits("sm_90", In), Limits{"registers:cudaErrorLaunchOutOfResources"});
  In.Registers = 32;
  In.LocalBytes = 512 * 1024 - 1;
  EXPECT_EQ(limits("sm_90", In), Limits());
  In.LocalBytes = 512 * 1024; // Refused on the H100 too.
  EXPECT_EQ(limits("sm_90", In), Limits{"local memory:cudaErrorInvalidValue"});
  In.LocalBytes = 0;
  In.BoundsMaxThreads = 256;
  EXPECT_EQ(limits("sm_90", In), Limits{"block:cudaErrorInvalidValue"});
  In.Block = dims(256);
  EXPECT_EQ(limits("sm_90", In), Limits());
  // Cooperative: 132 SMs x 8 blocks of 256 threads on sm_90.
  In.Cooperative = true;
  In.Grid = dims(1056);
  EXPECT_EQ(limits("sm_90", In), Limits());
  In.Grid = dims(1057);
  EXPECT_EQ(limits("sm_90", In), Limits{"cooperative:cudaErrorCooperativeLaunchTooLarge"});
}

} // namespace
