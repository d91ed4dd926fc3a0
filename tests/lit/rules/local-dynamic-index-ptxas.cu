// local-dynamic-index with the toolkit (check --ptxas, nvcc's own device
// compile): an array nvcc keeps in registers is reported as such, not as
// local memory.
// REQUIRES: nvcc
// RUN: not %warplint check --no-cuda-sdk --ptxas %s 2>&1 | FileCheck %s --implicit-check-not='[local-dynamic-index]'

__global__ void in_loop(const int *idx, float *out, int n) {
  float a[32];
  for (int j = 0; j < 32; ++j)
    a[j] = j * 0.5f + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: local-dynamic-index-ptxas.cu:[[@LINE+2]]:10: warning: kernel 'in_loop': private array 'a' (128 bytes per thread) lives in local memory because it is indexed with a run-time index: this load runs inside a loop{{.*}} [local-dynamic-index]
    // CHECK: local-dynamic-index-ptxas.cu:[[@LINE+1]]:10: note: nvcc's device compile: 128 bytes of local memory (stack frame), no spills
    s += a[idx[k] & 31];
  out[threadIdx.x] = s;
}

// Eight elements picked once: ptxas selects among registers.
__global__ void once(const int *idx, float *out) {
  float a[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    a[k] = k + i;
  // CHECK: local-dynamic-index-ptxas.cu:[[@LINE+1]]:12: note: kernel 'once': private array 'a' (32 bytes per thread) is indexed with a run-time index, but nvcc's device compile keeps it in registers (a 0-byte stack frame): no local-memory traffic [local-dynamic-index]
  out[i] = a[idx[i] & 7];
}
