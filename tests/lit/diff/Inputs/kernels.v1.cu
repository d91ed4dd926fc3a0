// Kernels of the diff tests, as the first commit has them.
#include "tile.cuh"

// warplint: launch grid(8192) block(256)
__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[4 * i];
}

// warplint: launch grid(64,64) block(32,32)
__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * N + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * N + x] = tile[threadIdx.x][threadIdx.y];
}

// warplint: launch grid(4096) block(256)
__global__ void gather(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE * i];
}
