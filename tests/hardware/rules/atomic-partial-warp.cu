// Timing pairs for global-atomic-contended and block-partial-warp: each
// finding's kernel and its fix, warm, median of 20 runs with cudaEvents, on
// 2^24 floats. Prints "name microseconds" lines (../h200/atomic-partial-warp.txt).
// Build: nvcc -arch=sm_90 -O3 -o apw atomic-partial-warp.cu
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void sumAll(const float *in, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, in[i]);
}

__global__ void countAll(const float *in, unsigned *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] >= 0.0f)
    atomicAdd(count, 1u);
}

__global__ void sumPerBlock(const float *in, float *sum, int n) {
  __shared__ float part[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if (threadIdx.x < w)
      part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(sum, part[0]);
}

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

__global__ void tile(float *x, int n) {
  int i = blockIdx.x * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}

template <typename F> float median(F Launch) {
  cudaEvent_t A, B;
  cudaEventCreate(&A);
  cudaEventCreate(&B);
  Launch(); // warm
  cudaDeviceSynchronize();
  std::vector<float> T;
  for (int r = 0; r < 20; ++r) {
    cudaEventRecord(A);
    Launch();
    cudaEventRecord(B);
    cudaEventSynchronize(B);
    float Ms = 0;
    cudaEventElapsedTime(&Ms, A, B);
    T.push_back(Ms * 1000.0f);
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

int main() {
  const int N = 1 << 24;
  float *In, *Sum;
  unsigned *Count;
  cudaMalloc(&In, N * sizeof(float));
  cudaMalloc(&Sum, sizeof(float));
  cudaMalloc(&Count, sizeof(unsigned));
  cudaMemset(In, 0, N * sizeof(float));
  std::printf("sumAll_grid65536_block256 %.1f\n", median([&] { sumAll<<<N / 256, 256>>>(In, Sum, N); }));
  std::printf("countAll_grid65536_block256 %.1f\n", median([&] { countAll<<<N / 256, 256>>>(In, Count, N); }));
  std::printf("sumPerBlock_grid65536_block256 %.1f\n", median([&] { sumPerBlock<<<N / 256, 256>>>(In, Sum, N); }));
  std::printf("scale_block1_grid16777216 %.1f\n", median([&] { scale<<<N, 1>>>(In, 2.0f, N); }));
  std::printf("scale_block256_grid65536 %.1f\n", median([&] { scale<<<N / 256, 256>>>(In, 2.0f, N); }));
  std::printf("tile_block10x10 %.1f\n", median([&] { tile<<<(N + 99) / 100, dim3(10, 10)>>>(In, N); }));
  std::printf("tile_block16x8 %.1f\n", median([&] { tile<<<N / 128, dim3(16, 8)>>>(In, N); }));
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("status %s\n", cudaGetErrorString(E));
  return 0;
}
