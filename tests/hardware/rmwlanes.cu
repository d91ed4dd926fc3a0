// global-rmw-in-loop: what a read-modify-write in a loop costs when every
// lane does it (out[i] += a[k * T + i]) against one lane per block
// (threadIdx.x == 0 keeping a per-block total) and one lane per warp, each
// against the same loop with the total in a register; the per-block total
// with a barrier in the loop (block_*) and without one (lone_*). 1056 blocks
// of 256 threads, K iterations; prints kernel,k,median_us (20 timed launches).
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void all_rmw(const float *a, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  for (int j = 0; j < k; ++j)
    out[i] += a[j * t + i];
}
__global__ void all_reg(const float *a, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  float s = out[i];
  for (int j = 0; j < k; ++j)
    s += a[j * t + i];
  out[i] = s;
}
__global__ void block_rmw(const float *a, float *out, int k) {
  __shared__ float part[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  for (int j = 0; j < k; ++j) {
    part[threadIdx.x] = a[j * t + i];
    __syncthreads();
    if (threadIdx.x == 0)
      out[blockIdx.x] += part[0] + part[255];
    __syncthreads();
  }
}
__global__ void block_reg(const float *a, float *out, int k) {
  __shared__ float part[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  float s = threadIdx.x == 0 ? out[blockIdx.x] : 0;
  for (int j = 0; j < k; ++j) {
    part[threadIdx.x] = a[j * t + i];
    __syncthreads();
    if (threadIdx.x == 0)
      s += part[0] + part[255];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}
__global__ void warp_rmw(const float *a, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  for (int j = 0; j < k; ++j) {
    float v = a[j * t + i];
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0)
      out[i / 32] += v;
  }
}
__global__ void warp_reg(const float *a, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  float s = (threadIdx.x & 31) == 0 ? out[i / 32] : 0;
  for (int j = 0; j < k; ++j) {
    float v = a[j * t + i];
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, o);
    s += v;
  }
  if ((threadIdx.x & 31) == 0)
    out[i / 32] = s;
}

__global__ void lone_rmw(const float *a, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  float s = 0;
  for (int j = 0; j < k; ++j) {
    float v = a[j * t + i];
    s += v;
    if (threadIdx.x == 0)
      out[blockIdx.x] += v;
  }
  out[t + i] = s;
}
__global__ void lone_reg(const float *a, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = gridDim.x * blockDim.x;
  float s = 0, b = threadIdx.x == 0 ? out[blockIdx.x] : 0;
  for (int j = 0; j < k; ++j) {
    float v = a[j * t + i];
    s += v;
    b += v;
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = b;
  out[t + i] = s;
}

typedef void (*K)(const float *, float *, int);

int main() {
  const int grid = 1056, block = 256, t = grid * block, k = 256;
  float *a, *out;
  cudaMalloc(&a, size_t(t) * k * 4);
  cudaMalloc(&out, size_t(t) * 8);
  cudaMemset(a, 0, size_t(t) * k * 4);
  cudaMemset(out, 0, size_t(t) * 8);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  K ks[] = {all_rmw, all_reg, block_rmw, block_reg, warp_rmw, warp_reg, lone_rmw, lone_reg};
  const char *names[] = {"all_rmw",  "all_reg",  "block_rmw", "block_reg",
                         "warp_rmw", "warp_reg", "lone_rmw",  "lone_reg"};
  std::printf("kernel,k,median_us\n");
  for (int n = 0; n < 8; ++n) {
    std::vector<float> ts;
    for (int r = 0; r < 23; ++r) {
      cudaEventRecord(e0);
      ks[n]<<<grid, block>>>(a, out, k);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      if (r >= 3)
        ts.push_back(ms * 1000);
    }
    std::sort(ts.begin(), ts.end());
    std::printf("%s,%d,%.1f\n", names[n], k, ts[ts.size() / 2]);
  }
  std::printf("# %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
