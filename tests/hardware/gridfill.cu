// grid-underfilled: how many blocks a bandwidth-bound grid-stride loop needs.
// A float sum over 2^27 elements (512 MiB, several times L2) and a float4 copy,
// at block sizes 32..1024 and grids from one block per SM to several waves.
// Prints kernel,block,grid,median_us,gbs (median of 20 timed launches after 3
// warm-up launches, one cudaEvent pair each). Build: nvcc -arch=sm_90 -O3.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x)                                                                \
  do {                                                                          \
    cudaError_t e = (x);                                                        \
    if (e != cudaSuccess) {                                                     \
      std::printf("error %s at %d\n", cudaGetErrorString(e), __LINE__);         \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

__global__ void sum(const float *in, float *out, int n) {
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    s += in[i];
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_down_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, s);
}

__global__ void copy4(const float4 *in, float4 *out, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x)
    out[i] = in[i];
}

int main() {
  const int n = 1 << 27;
  float *in, *out, *acc;
  CHECK(cudaMalloc(&in, size_t(n) * 4));
  CHECK(cudaMalloc(&out, size_t(n) * 4));
  CHECK(cudaMalloc(&acc, 4));
  CHECK(cudaMemset(in, 0, size_t(n) * 4));
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  std::printf("# %s, %d SMs\nkernel,block,grid,blocks_per_sm_resident,median_us,gbs\n", p.name,
              p.multiProcessorCount);
  int sms = p.multiProcessorCount;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int k = 0; k < 2; ++k) {
    for (int block : {32, 64, 128, 256, 512, 1024}) {
      int resident = 0;
      if (k == 0)
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, sum, block, 0);
      else
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, copy4, block, 0);
      std::vector<int> grids = {sms / 2, sms, 2 * sms, 4 * sms, 512, 1024, 8 * sms,
                                16 * sms, 2048, 4096, 32 * sms, 8192};
      for (int g : grids) {
        std::vector<float> t;
        for (int r = 0; r < 23; ++r) {
          cudaEventRecord(a);
          if (k == 0)
            sum<<<g, block>>>(in, acc, n);
          else
            copy4<<<g, block>>>((const float4 *)in, (float4 *)out, n / 4);
          cudaEventRecord(b);
          CHECK(cudaEventSynchronize(b));
          float ms;
          cudaEventElapsedTime(&ms, a, b);
          if (r >= 3)
            t.push_back(ms * 1000);
        }
        std::sort(t.begin(), t.end());
        double us = t[t.size() / 2];
        double bytes = k == 0 ? double(n) * 4 : double(n) * 8;
        std::printf("%s,%d,%d,%d,%.1f,%.0f\n", k == 0 ? "sum" : "copy4", block, g, resident, us,
                    bytes / us / 1e3);
      }
    }
  }
  CHECK(cudaGetLastError());
  return 0;
}
