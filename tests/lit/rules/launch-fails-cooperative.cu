// launch-fails on cooperative launches (cudaLaunchCooperativeKernel, from the
// SDK's headers): all blocks must be resident at once, at most the SMs of the
// arch's reference GPU (132 on sm_90's H100 SXM) x the blocks per SM the
// occupancy calculation allows (8 of 256 threads here: the H100 measured
// 132 x 8 and refused 1057 blocks, tests/hardware/h100/launchlimits.csv).
// REQUIRES: cuda-sdk
// RUN: not %warplint check %s 2>&1 | FileCheck %s --implicit-check-not='[launch-fails]'
#include <cuda_runtime.h>

__global__ void coop(float *o) { o[blockIdx.x] = 1.0f; }

void host(float *o) {
  void *args[] = {&o};
  // CHECK: error: kernel 'coop': the cooperative launch at launch-fails-cooperative.cu:[[@LINE+1]] fails with cudaErrorCooperativeLaunchTooLarge: a cooperative launch of grid(1057,1,1) = 1057 blocks, more than the 1056 that can be resident at once on the H100 SXM (132 SMs x 8 blocks per SM for this kernel); launch at most 1056 blocks and loop over the rest in the kernel [launch-fails]
  cudaLaunchCooperativeKernel((void *)coop, 1057, 256, args);
  cudaLaunchCooperativeKernel((void *)coop, 1056, 256, args);
  // A plain launch may have more blocks than are resident (negative).
  coop<<<4096, 256>>>(o);
}
