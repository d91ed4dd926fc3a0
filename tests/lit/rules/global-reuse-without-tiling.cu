// global-reuse-without-tiling: positive and negative cases, a template, a macro.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-reuse-without-tiling]'

// warplint: launch grid(64,64) block(16,16)
__global__ void matmul_naive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+2]]:12: warning: kernel 'matmul_naive': each element read here is loaded from global memory by 16 threads of the block where 1 load would do: the address does not depend on threadIdx.x, with block(16,16,1) from the annotation at line 4, and it changes on every iteration of the loop at line [[#@LINE-1]]; stage a tile {{.*}} [global-reuse-without-tiling]
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:29: warning: kernel 'matmul_naive': {{.*}} by 16 threads {{.*}} does not depend on threadIdx.y{{.*}} [global-reuse-without-tiling]
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

// A 1-D block re-reading a filter row: every thread of the block loads coef[k].
#define TAP(c, x, k) ((c)[k] * (x)[k])
template <int Taps> __global__ void fir(const float *coef, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < Taps; ++k)
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:12: warning: kernel 'fir<64>': each element read here is loaded from global memory by 256 threads {{.*}} does not depend on threadIdx.x{{.*}} [global-reuse-without-tiling]
    acc += TAP(coef, x + i, k);
  y[i] = acc;
}
template __global__ void fir<64>(const float *, const float *, float *);

// Negative: the tiled multiply (global loads indexed by both threadIdx.x and
// threadIdx.y), a loop-invariant load, and a gather through loaded indices.
#define TILE 16
// warplint: launch grid(64,64) block(16,16)
__global__ void matmul_tiled(const float *__restrict__ A, const float *__restrict__ B,
                             float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int ty = threadIdx.y, tx = threadIdx.x;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
__global__ void scale_loop(const float *s, float *y, int n) {
  for (int k = 0; k < n; ++k)
    y[k * blockDim.x + threadIdx.x] *= s[0];
}
__global__ void gather(const int *idx, const float *x, float *y, int n) {
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc += x[idx[k * blockDim.x + threadIdx.x]];
  y[threadIdx.x] = acc;
}

// Negative: a table of constants local to the kernel. Clang keeps it in a
// private unnamed_addr constant global that the loop indexes; nvcc unrolls
// the loop and folds the entries into immediates (its PTX for this kernel has
// the 13 loads of 'at' and 'w' only), so no load of 'hop' or 'skip' exists to
// stage in shared memory.
__global__ void spread(const float *w, const int *at, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = at[t];
  const int hop[4] = {3, 9, 2, 14}, skip[4] = {5, 1, 12, 7};
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 3; ++b) {
      float v = w[t * 12 + a * 3 + b];
      atomicAdd(&out[base + n * hop[a]], v * b);
      atomicAdd(&out[base + n * skip[a]], v + b);
      atomicAdd(&out[base + (a + b) * n], -v);
      atomicAdd(&out[base + b], v * v);
    }
}
