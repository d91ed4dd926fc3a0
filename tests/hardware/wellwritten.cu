// Hardware fixture: the well-written kernels of tests/lit/check/well-written.cu
// (where `warplint check` must stay silent) and variants of s[33 * t] that
// locate the extra shared wavefronts measured for shared_stride33 in
// patterns.cu. Measured counters: wellwritten.ncu.csv.
#include <cuda_runtime.h>
#include <cstdio>

#define N (1 << 20)
#define TILE 32

// warplint: launch grid(32,32) block(32,8)
__global__ void ww_transpose_padded(const float *__restrict__ in, float *__restrict__ out) {
  const int width = 1024;
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
// warplint: launch grid(64,64) block(16,16)
__global__ void ww_matmul_tiled(const float *__restrict__ A, const float *__restrict__ B,
                                float *__restrict__ C) {
  const int n = 1024;
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
// warplint: launch grid(64,64) block(16,16)
__global__ void ww_matmul_tiled_pad(const float *__restrict__ A, const float *__restrict__ B,
                                    float *__restrict__ C) {
  const int n = 1024;
  __shared__ float As[16][16], Bs[16][17];
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
// warplint: launch grid(1024) block(256)
__global__ void ww_shuffle_sum(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    atomicAdd(out, v);
}
// s[33 * t] with 64 threads: an 8.4 KB array.
// warplint: launch grid(1024) block(64)
__global__ void s33_block64(const float *in, float *out) {
  __shared__ float s[33 * 64];
  int t = threadIdx.x;
  s[33 * t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = s[33 * t];
}
// s[33 * t] with 256 threads: a 33 KB array (as in patterns.cu).
// warplint: launch grid(1024) block(256)
__global__ void s33_block256(const float *in, float *out) {
  __shared__ float s[33 * 256];
  int t = threadIdx.x;
  s[33 * t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[33 * t];
}
// Stride 1 at addresses above 32 KB of a 40 KB array.
// warplint: launch grid(1024) block(256)
__global__ void s1_high(const float *in, float *out) {
  __shared__ float s[10240];
  int t = threadIdx.x;
  s[8192 + t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[8192 + t];
}
// Stride 33 within the first 32 KB only: 224 threads.
// warplint: launch grid(1024) block(224)
__global__ void s33_block224(const float *in, float *out) {
  __shared__ float s[33 * 224];
  int t = threadIdx.x;
  s[33 * t] = in[blockIdx.x * 224 + t];
  __syncthreads();
  out[blockIdx.x * 224 + t] = s[33 * t];
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMalloc(&c, N * sizeof(float));
  cudaMemset(a, 0, N * sizeof(float));
  cudaMemset(b, 0, N * sizeof(float));
  ww_transpose_padded<<<dim3(32, 32), dim3(32, 8)>>>(a, b);
  ww_matmul_tiled<<<dim3(64, 64), dim3(16, 16)>>>(a, b, c);
  ww_matmul_tiled_pad<<<dim3(64, 64), dim3(16, 16)>>>(a, b, c);
  ww_shuffle_sum<<<1024, 256>>>(a, b);
  s33_block64<<<1024, 64>>>(a, b);
  s33_block256<<<1024, 256>>>(a, b);
  s1_high<<<1024, 256>>>(a, b);
  s33_block224<<<1024, 224>>>(a, b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
