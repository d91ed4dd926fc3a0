// The optimizer's own warnings (a `#pragma unroll 4` it cannot honour on a
// loop with a barrier: "loop not unrolled", seen in CUB's headers) are not
// warplint's: they were printed as `warning: f.cu:3:3: loop not unrolled`
// among the findings, where a build log parser takes them for one.
// RUN: %warplint check --no-cuda-sdk %s 2>&1 | FileCheck --allow-empty %s --implicit-check-not='not unrolled'
// CHECK-NOT: warning:
__global__ void sweep(float *a, int n) {
#pragma unroll 4
  for (int i = 0; i < n; ++i) {
    a[i * 32 + threadIdx.x] += 1;
    __syncthreads();
  }
}
