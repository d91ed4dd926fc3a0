// Hardware fixture kernels for register pressure, spills and occupancy.
// Measured: registers.ncu.csv (launch__* metrics), registers.ptxas.txt.
#include <cuda_runtime.h>
#include <cstdio>

// warplint: launch grid(128) block(256)
__global__ void light(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f + 1.0f;
}
// Many live values, capped to 32 registers by the launch bounds: spills.
// warplint: launch grid(128) block(1024)
__global__ void __launch_bounds__(1024, 2) heavy_spill(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v[48];
#pragma unroll
  for (int k = 0; k < 48; ++k)
    v[k] = in[i + k * 4096];
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 48; ++k)
    s += v[k] * v[47 - k] + v[(k * 7) % 48];
  out[i] = s;
}
// warplint: launch grid(128) block(256)
__global__ void big_shared(const float *in, float *out) {
  __shared__ float s[12288]; // 48 KB
  int t = threadIdx.x;
  for (int k = t; k < 12288; k += 256)
    s[k] = in[blockIdx.x * 12288 + k];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[(t * 37) % 12288];
}
// A small dynamically indexed private array (ptxas may keep it in registers).
// warplint: launch grid(128) block(256)
__global__ void small_local(const int *idx, float *out) {
  float a[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    a[k] = k + i;
  out[i] = a[idx[i] & 7];
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 64 << 20);
  cudaMalloc(&b, 64 << 20);
  cudaMemset(a, 0, 64 << 20);
  light<<<128, 256>>>(a, b);
  heavy_spill<<<128, 1024>>>(a, b);
  big_shared<<<128, 256>>>(a, b);
  small_local<<<128, 256>>>((const int *)a, b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
