// Prints the CUDA toolkit's own occupancy results (cuda_occupancy.h, header
// only, no GPU needed) for the grid of cases in tests/unit/OccupancyTestCases.inc.
// Build: c++ -I$CUDA/include bench/registers_occupancy_reference.cpp
// The device properties are the Programming Guide's per compute capability.
#include "cuda_occupancy.h"

#include <cstdio>

struct Arch {
  const char *Name;
  int Major, Minor, ThreadsPerSM;
  size_t SharedPerSM, SharedOptIn, Reserved;
};

int main() {
  const Arch Archs[] = {
      {"sm_70", 7, 0, 2048, 98304, 98304, 0},
      {"sm_75", 7, 5, 1024, 65536, 65536, 0},
      {"sm_80", 8, 0, 2048, 167936, 166912, 1024},
      {"sm_86", 8, 6, 1536, 102400, 101376, 1024},
      {"sm_89", 8, 9, 1536, 102400, 101376, 1024},
      {"sm_90", 9, 0, 2048, 233472, 232448, 1024},
      {"sm_100", 10, 0, 2048, 233472, 232448, 1024},
      {"sm_120", 12, 0, 1536, 102400, 101376, 1024},
  };
  const int Regs[] = {16, 32, 40, 64, 72, 128, 168, 255};
  const int Blocks[] = {32, 96, 128, 256, 640, 1024};
  const size_t Shared[] = {0, 1000, 16384, 49152, 102400};
  for (const Arch &A : Archs)
    for (int R : Regs)
      for (int B : Blocks)
        for (size_t S : Shared) {
          cudaOccDeviceProp P;
          P.computeMajor = A.Major;
          P.computeMinor = A.Minor;
          P.maxThreadsPerBlock = 1024;
          P.maxThreadsPerMultiprocessor = A.ThreadsPerSM;
          P.regsPerBlock = 65536;
          P.regsPerMultiprocessor = 65536;
          P.warpSize = 32;
          P.sharedMemPerBlock = 49152;
          P.sharedMemPerMultiprocessor = A.SharedPerSM;
          P.numSms = 1;
          P.sharedMemPerBlockOptin = A.SharedOptIn;
          P.reservedSharedMemPerBlock = A.Reserved;
          cudaOccFuncAttributes F;
          F.maxThreadsPerBlock = 1024;
          F.numRegs = R;
          F.sharedSizeBytes = 0;
          F.numBlockBarriers = 1;
          if (S > 49152) {
            F.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
            F.maxDynamicSharedSizeBytes = S;
          }
          cudaOccDeviceState St;
          cudaOccResult Res;
          if (cudaOccMaxActiveBlocksPerMultiprocessor(&Res, &P, &F, &St, B, S) !=
              CUDA_OCC_SUCCESS) {
            std::printf("// %s %d %d %zu: error\n", A.Name, R, B, S);
            continue;
          }
          std::printf("{\"%s\", %d, %d, %zu, %d, %d},\n", A.Name, R, B, S,
                      Res.activeBlocksPerMultiprocessor, Res.limitingFactors);
        }
}
