// global-reuse-without-tiling: positive and negative cases, a template, a macro.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-reuse-without-tiling]'

// B[k * n + col] is loaded by the 16 threads of a column, one in each of
// the block's 8 warps (a request each). A[row * n + k] is loaded by the 16
// threads of a row, all in one warp: one request (a broadcast), not
// reported.
// warplint: launch grid(64,64) block(16,16)
__global__ void matmul_naive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:29: warning: kernel 'matmul_naive': each element read here is loaded from global memory by 8 warps of the block, a request each, where 1 would do: the address does not depend on threadIdx.y, with block(16,16,1) from the annotation at line 8, and it changes on every iteration of the loop at line [[#@LINE-1]]; stage a tile {{.*}} [global-reuse-without-tiling]
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

// A 1-D block re-reading a filter row: every thread of the block loads coef[k].
#define TAP(c, x, k) ((c)[k] * (x)[k])
template <int Taps> __global__ void fir(const float *coef, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < Taps; ++k)
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:12: warning: kernel 'fir<64>': each element read here is loaded from global memory by 8 warps of the block, a request each, {{.*}} does not depend on threadIdx.x{{.*}} [global-reuse-without-tiling]
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

// The readers are the threads that run the load. Negative: one thread of
// the block loads each iteration's value into shared memory before a
// barrier (1 load per element per block already); in a 2-D block, the first
// thread of each row loads the row's value into shared memory (one reader
// per element of A).
__global__ void leader_load(const int *key, const float *v, int *hits, int rows, int d) {
  __shared__ int s_key;
  int count = 0;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    if (threadIdx.x == 0)
      s_key = key[r];
    __syncthreads();
    for (int c = threadIdx.x; c < d; c += blockDim.x)
      count += v[r * d + c] > s_key;
    __syncthreads();
  }
  hits[blockIdx.x * blockDim.x + threadIdx.x] = count;
}
// warplint: launch grid(64,64) block(16,16)
__global__ void row_leader(const float *A, const float *B, float *C, int n) {
  __shared__ float s_a[16];
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x == 0)
      s_a[threadIdx.y] = A[row * n + k];
    __syncthreads();
    // (B is read by the 16 threads of a column, in 8 warps: reported.)
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:31: warning: kernel 'row_leader': {{.*}} by 8 warps {{.*}} does not depend on threadIdx.y{{.*}} [global-reuse-without-tiling]
    acc += s_a[threadIdx.y] * B[k * n + col];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// Reported, with the warps that run the load: a quarter of the block (2
// warps), and one lane of each of its 8 warps (8 requests all the same).
__global__ void quarter_fir(const float *coef, const float *x, float *y, int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  if (threadIdx.x < 64)
    for (int k = 0; k < taps; ++k)
      // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:14: warning: kernel 'quarter_fir': each element read here is loaded from global memory by 2 warps of the block (those a guard lets through), a request each, where 1 would do: {{.*}} [global-reuse-without-tiling]
      acc += coef[k] * x[i + k];
  y[i] = acc;
}
__global__ void lane0_fir(const float *coef, const float *x, float *y, int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  if (threadIdx.x % 32 == 0)
    for (int k = 0; k < taps; ++k)
      // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:14: warning: kernel 'lane0_fir': each element read here is loaded from global memory by 8 warps of the block, a request each, where 1 would do: {{.*}} [global-reuse-without-tiling]
      acc += coef[k] * x[i + k];
  y[i] = acc;
}

// Negative: blocks of one warp. A load every lane of the warp makes at one
// address is one request (a broadcast), and no other warp of the block
// loads it: a shared tile would save nothing.
// warplint: launch grid(256) block(32)
__global__ void warp_fir(const float *coef, const float *x, float *y, int taps) {
  int i = blockIdx.x * 32 + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < taps; ++k)
    acc += coef[k] * x[i + k];
  y[i] = acc;
}
// Negative: in a block of 8 warps, a guard lets one warp run the loop.
__global__ void first_warp_fir(const float *coef, const float *x, float *y, int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  if (threadIdx.x < 32)
    for (int k = 0; k < taps; ++k)
      acc += coef[k] * x[i + k];
  y[i] = acc;
}

// The bucket each thread ends at comes out of a loop whose exit depends on
// the thread's own value: inside that loop the active lanes step together
// (edges[b] is one address per warp, loaded by each of the 4 warps:
// reported), but the reads after it are at each thread's bucket (negative).
// warplint: launch grid(64) block(128)
__global__ void bucketize(const float *edges, const float *vals, const float *mids,
                          float *out, int nb, int rows) {
  for (int r = 0; r < rows; ++r) {
    float v = vals[r * 128 + threadIdx.x];
    int b = 0;
    // CHECK: global-reuse-without-tiling.cu:[[@LINE+1]]:30: warning: kernel 'bucketize': each element read here is loaded from global memory by 4 warps of the block, a request each, {{.*}} [global-reuse-without-tiling]
    while (b + 1 < nb && v > edges[b]) {
      v -= edges[b];
      ++b;
    }
    out[r * 128 + threadIdx.x] = mids[b] + v * (mids[b + 1] - mids[b]);
  }
}
