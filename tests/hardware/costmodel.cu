// Hardware fixture kernels where the static analysis and the device model
// once disagreed (issue 11): shared accesses narrower than a bank, a 16x16
// block reading a row of a shared tile (two rows per warp, a broadcast within
// each half), and the tiled matrix multiply whose final store follows the
// phase loop. The launch of every kernel is written on it as an annotation
// (read by warplint) and in main() (run under Nsight Compute); arguments are
// in costmodel.launch.json. Measured counters: h100/costmodel.ncu.csv.
#include <cuda_runtime.h>
#include <cstdio>

#define N (1 << 18)
#define TILE 16

// warplint: launch grid(1024) block(256)
__global__ void shared_char(const char *in, char *out) {
  __shared__ char s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = in[i];
  __syncthreads();
  out[i] = s[t];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_char_xor1(const char *in, char *out) {
  __shared__ char s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t ^ 1] = in[i];
  __syncthreads();
  out[i] = s[t ^ 1];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_short(const short *in, short *out) {
  __shared__ short s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = in[i];
  __syncthreads();
  out[i] = s[t];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_short_xor1(const short *in, short *out) {
  __shared__ short s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t ^ 1] = in[i];
  __syncthreads();
  out[i] = s[t ^ 1];
}
// One row of a 16x16 tile per half-warp: lanes 0-15 read sA[ty][k], lanes
// 16-31 read sA[ty + 1][k] (a broadcast in each half, two banks apart).
// warplint: launch grid(4096) block(16,16)
__global__ void shared_row_16x16(const float *in, float *out) {
  __shared__ float sA[16][16];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned i = blockIdx.x * 256 + ty * 16 + tx;
  sA[ty][tx] = in[i];
  __syncthreads();
  float sum = 0;
#pragma unroll 1
  for (int k = 0; k < 16; ++k)
    sum += sA[ty][k];
  out[i] = sum;
}
// The tiled matrix multiply: unsigned row and column, the final store after
// the phase loop (a plain coalesced store).
// warplint: launch grid(32,32) block(16,16)
__global__ void tiled_matmul(const float *A, const float *B, float *C, unsigned rank) {
  __shared__ float sA[TILE][TILE], sB[TILE][TILE];
  unsigned i = blockIdx.y * TILE + threadIdx.y, j = blockIdx.x * TILE + threadIdx.x;
  float sum = 0;
  for (unsigned p = 0; p < rank / TILE; ++p) {
    sA[threadIdx.y][threadIdx.x] = A[i * rank + p * TILE + threadIdx.x];
    sB[threadIdx.y][threadIdx.x] = B[(p * TILE + threadIdx.y) * rank + j];
    __syncthreads();
    for (unsigned k = 0; k < TILE; ++k)
      sum += sA[threadIdx.y][k] * sB[k][threadIdx.x];
    __syncthreads();
  }
  C[i * rank + j] = sum;
}

int main() {
  float *a, *b, *c;
  size_t bytes = (size_t)N * 16;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  cudaMemset(a, 0, bytes);
  cudaMemset(b, 0, bytes);
  dim3 g1(1024), b1(256);
  shared_char<<<g1, b1>>>((const char *)a, (char *)b);
  shared_char_xor1<<<g1, b1>>>((const char *)a, (char *)b);
  shared_short<<<g1, b1>>>((const short *)a, (short *)b);
  shared_short_xor1<<<g1, b1>>>((const short *)a, (short *)b);
  shared_row_16x16<<<dim3(4096), dim3(16, 16)>>>(a, b);
  tiled_matmul<<<dim3(32, 32), dim3(16, 16)>>>(a, b, c, 512);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
