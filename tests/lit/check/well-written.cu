// Well-written kernels get no warning at all: a padded transpose tile, a
// sequential-addressing reduction, a tiled matrix multiply, row-major 2-D
// access, warp-uniform branches and shuffle reductions.
// RUN: %warplint check --no-cuda-sdk %s --arg n=1024 --arg width=1024 > %t.txt 2>&1
// RUN: FileCheck %s --allow-empty --implicit-check-not=warning: --implicit-check-not=error: < %t.txt
// RUN: %warplint check --no-cuda-sdk --format=json %s --arg n=1024 --arg width=1024 | FileCheck %s --check-prefix=JSON
// JSON: "diagnostics": []

#define TILE 32

// warplint: launch grid(32,32) block(32,8)
__global__ void transpose_padded(const float *__restrict__ in, float *__restrict__ out,
                                 int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

// warplint: launch grid(1024) block(256)
__global__ void reduce_sequential(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// warplint: launch grid(64,64) block(16,16)
__global__ void matmul_tiled(const float *__restrict__ A, const float *__restrict__ B,
                             float *__restrict__ C, int n) {
  __shared__ float As[16][16], Bs[16][16];
  int ty = threadIdx.y, tx = threadIdx.x;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0;
  for (int t = 0; t < n / 16; ++t) {
    As[ty][tx] = A[row * n + t * 16 + tx];
    Bs[ty][tx] = B[(t * 16 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// warplint: launch grid(32,128) block(32,8)
__global__ void scale_2d(const float *__restrict__ in, float *__restrict__ out, int width) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[y * width + x] = 2.0f * in[y * width + x];
}

// warplint: launch grid(256) block(256)
__global__ void warp_uniform(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x / 32) % 2 == 0)
    out[i] = in[i] * 2.0f;
  else
    out[i] = in[i] + 1.0f;
}

// warplint: launch grid(256) block(256)
__global__ void shuffle_sum(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    atomicAdd(out, v);
}
