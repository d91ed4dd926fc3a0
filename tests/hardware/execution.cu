// Hardware fixture kernels for the device model: shuffles, atomics, 3-D
// blocks, partial warps and divergent loops. Measured: execution.ncu.csv.
#include <cuda_runtime.h>
#include <cstdio>

// warplint: launch grid(256) block(256)
__global__ void shuffle_reduce(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0)
    out[i / 32] = v;
}
// warplint: launch grid(256) block(256)
__global__ void atomic_histogram(const int *in, int *bins) {
  __shared__ int local[64];
  int t = threadIdx.x;
  if (t < 64)
    local[t] = 0;
  __syncthreads();
  atomicAdd(&local[in[blockIdx.x * blockDim.x + t] & 63], 1);
  __syncthreads();
  if (t < 64)
    atomicAdd(&bins[t], local[t]);
}
// warplint: launch grid(16,16,4) block(8,8,4)
__global__ void block3d(const float *in, float *out) {
  int x = blockIdx.x * 8 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y,
      z = blockIdx.z * 4 + threadIdx.z;
  int i = (z * 128 + y) * 128 + x;
  out[i] = in[i] * 2.0f;
}
// warplint: launch grid(1000) block(100)
__global__ void partial_warps(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + 1.0f;
}
// warplint: launch grid(256) block(256)
__global__ void divergent_loop(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < (threadIdx.x & 7); ++k)
    s += in[i + k * 65536];
  out[i] = s;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 64 << 20);
  cudaMalloc(&b, 64 << 20);
  cudaMemset(a, 0, 64 << 20);
  cudaMemset(b, 0, 64 << 20);
  shuffle_reduce<<<256, 256>>>(a, b);
  atomic_histogram<<<256, 256>>>((const int *)a, (int *)b);
  block3d<<<dim3(16, 16, 4), dim3(8, 8, 4)>>>(a, b);
  partial_warps<<<1000, 100>>>(a, b);
  divergent_loop<<<256, 256>>>(a, b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
