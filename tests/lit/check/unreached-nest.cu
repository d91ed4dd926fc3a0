// A loop nest that no sampled warp reaches (here every thread of the assumed
// 256-thread block returns first) left no samples at the outer loop, and the
// nest's sample budget per warp was divided by that zero: check and accesses
// died with a floating point exception (SIGFPE), as the bench's 2-D
// convolution did with the CUDA SDK's headers. The accesses are unreached.

// No sampled thread reaches a store, so the kernel was not checked, and
// says so (kernel-unreached), rather than reading clean.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck --check-prefix=CHECK %s < %t.out
// CHECK-NOT: Stack dump
// CHECK: warning: kernel 'unreachedNest' was not checked: none of its 1 memory access was reached by a sampled thread{{.*}}[kernel-unreached]
// CHECK: exit=2
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck --check-prefix=ACCESSES %s
// ACCESSES: kernel unreachedNest
// ACCESSES: unreached-nest.cu:[[@LINE+9]]:{{[0-9]+}} global st 4B unreached

#include <cuda_runtime.h>

__global__ void unreachedNest(int n, int m, float *out) {
  if (threadIdx.x < 1000)
    return;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] = float(i + j);
}
