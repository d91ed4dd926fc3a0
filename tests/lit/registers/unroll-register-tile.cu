// Loops over private arrays unroll as nvcc's do: a register tile under
// #pragma unroll, and the same tile in plain constant-trip loops, live in
// registers (nvcc -arch=sm_90 -Xptxas -v: 0 bytes stack frame for both); a
// run-time index, or a loop the user keeps rolled (#pragma unroll 1), keeps
// its array in local memory (nvcc: 64 and 32 bytes stack frame).
// RUN: %warplint accesses --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=CHECK --implicit-check-not='[local-dynamic-index]'

// ACC-LABEL: kernel tile_pragma<8, 8>
// ACC-NOT: local
// ACC: array acc [256B] promoted to registers
// ACC: array a [32B] promoted to registers
// ACC: array b [32B] promoted to registers
// ACC-NOT: local
// ACC-LABEL: kernel tile_plain<8, 8>
// ACC-NOT: local
// ACC: array acc [256B] promoted to registers
// ACC: array a [32B] promoted to registers
// ACC: array b [32B] promoted to registers
// ACC-NOT: local
// ACC-LABEL: kernel dynamic_index
// ACC: local ld
// ACC: array h [64B] local: dynamic index
// ACC-LABEL: kernel kept_rolled
// ACC: local ld
// ACC: array a [32B] local: dynamic index

// A register tile under #pragma unroll with template sizes.
template <int TM, int TN>
__global__ void tile_pragma(const float *A, const float *B, float *C, int K) {
  float acc[TM * TN] = {0};
  float a[TM], b[TN];
  for (int k = 0; k < K; ++k) {
#pragma unroll
    for (int m = 0; m < TM; ++m)
      a[m] = A[k * 256 + threadIdx.x * TM + m];
#pragma unroll
    for (int n = 0; n < TN; ++n)
      b[n] = B[k * 256 + threadIdx.x * TN + n];
#pragma unroll
    for (int m = 0; m < TM; ++m)
#pragma unroll
      for (int n = 0; n < TN; ++n)
        acc[m * TN + n] += a[m] * b[n];
  }
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n)
      C[(blockIdx.x * 256 + threadIdx.x) * TM * TN + m * TN + n] = acc[m * TN + n];
}
template __global__ void tile_pragma<8, 8>(const float *, const float *, float *, int);

// The same with no pragma: nvcc fully unrolls constant-trip loops.
template <int TM, int TN>
__global__ void tile_plain(const float *A, const float *B, float *C, int K) {
  float acc[TM * TN] = {0};
  float a[TM], b[TN];
  for (int k0 = 0; k0 < K; k0 += 8) {
    for (int k = 0; k < 8; ++k) {
      for (int m = 0; m < TM; ++m)
        a[m] = A[(k0 + k) * 256 + threadIdx.x * TM + m];
      for (int n = 0; n < TN; ++n)
        b[n] = B[(k0 + k) * 256 + threadIdx.x * TN + n];
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n)
          acc[m * TN + n] += a[m] * b[n];
    }
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      C[(blockIdx.x * 256 + threadIdx.x) * TM * TN + m * TN + n] = acc[m * TN + n];
}
template __global__ void tile_plain<8, 8>(const float *, const float *, float *, int);

// A run-time index: stays in local memory.
__global__ void dynamic_index(const int *idx, float *out, int n) {
  float h[16];
#pragma unroll
  for (int j = 0; j < 16; ++j)
    h[j] = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: unroll-register-tile.cu:[[@LINE+1]]:20: warning: kernel 'dynamic_index': private array 'h' (64 bytes per thread) lives in local memory because it is indexed with a run-time index{{.*}} [local-dynamic-index]
    h[idx[k] & 15] += 1.0f;
  out[threadIdx.x] = h[threadIdx.x & 15];
}

// #pragma unroll 1 keeps the loop rolled, as nvcc does.
__global__ void kept_rolled(const float *in, float *out) {
  float a[8];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    a[j] = in[j * 256 + threadIdx.x];
  float s = 0;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    // CHECK: unroll-register-tile.cu:[[@LINE+1]]:10: warning: kernel 'kept_rolled': private array 'a' (32 bytes per thread) lives in local memory because it is indexed with a run-time index{{.*}} [local-dynamic-index]
    s += a[j] * a[7 - j];
  out[threadIdx.x] = s;
}
