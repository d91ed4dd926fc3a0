// A large device function called from one kernel is inlined, as nvcc's
// whole-program compile does (its accesses keep the kernel's lanes: a
// broadcast from the one thread that runs it, not "not modelled").
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s --implicit-check-not=unmodelled
#include <cuda_runtime.h>

__device__ void step(const double *p, double *out, int off) {
  double c = p[15];
  // Large enough that LLVM's inliner alone would keep the call.
#pragma unroll
  for (int k = 0; k < 1024; ++k)
    out[off + k] = c * p[off + k] + out[off + k + 1] * p[k];
}
__global__ void solver(const double *p, double *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    step(p, out, 0);
}
// CHECK-LABEL: kernel solver
// CHECK: called-once.cu:8:14 global ld 8B broadcast sectors_per_request=1.00
