// occupancy-limited: a kernel that stages its block's data in a shared array
// sized for a far larger tile (48 KB for a 128-thread block: 4 blocks, 16
// warps a SM, 25% occupancy). The fix sizes the array for the block (512 B).
//  * stage: memory-bound (reverse each block's 128 elements);
//  * stagefma: the same with a long arithmetic chain per element, where fewer
//    warps cost little.
#include "timing.cuh"

__global__ void stage_before(const float *in, float *out, int n) {
  __shared__ float s[12288];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[blockDim.x - 1 - threadIdx.x] * 1.5f;
}

__global__ void stage_after(const float *in, float *out, int n) {
  __shared__ float s[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[blockDim.x - 1 - threadIdx.x] * 1.5f;
}

__global__ void stagefma_before(const float *in, float *out, int iters) {
  __shared__ float s[12288];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i], b = a * 0.5f, c = a * 0.25f, d = a * 0.125f;
  for (int k = 0; k < iters; ++k) {
    a = a * 0.999f + 0.001f;
    b = b * 0.998f + 0.002f;
    c = c * 0.997f + 0.003f;
    d = d * 0.996f + 0.004f;
  }
  s[threadIdx.x] = a + b + c + d;
  __syncthreads();
  out[i] = s[blockDim.x - 1 - threadIdx.x];
}

__global__ void stagefma_after(const float *in, float *out, int iters) {
  __shared__ float s[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[i], b = a * 0.5f, c = a * 0.25f, d = a * 0.125f;
  for (int k = 0; k < iters; ++k) {
    a = a * 0.999f + 0.001f;
    b = b * 0.998f + 0.002f;
    c = c * 0.997f + 0.003f;
    d = d * 0.996f + 0.004f;
  }
  s[threadIdx.x] = a + b + c + d;
  __syncthreads();
  out[i] = s[blockDim.x - 1 - threadIdx.x];
}

#define STAGE_PAIR(PAIR, N)                                                     \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> in(n), out(n);                                                \
    in.upload(randomFloats(n));                                                 \
    dim3 block(128);                                                            \
    dim3 grid(n / 128);                                                         \
    TIME_LAUNCH(PAIR, "stage_before", grid, block,                              \
                stage_before<<<grid, block>>>(in.dev, out.dev, n));             \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "stage_after", grid, block,                               \
                stage_after<<<grid, block>>>(in.dev, out.dev, n));              \
    checkSame(PAIR, ref, out.download());                                       \
  }

#define STAGEFMA_PAIR(PAIR, N, ITERS)                                           \
  {                                                                             \
    const int n = N, iters = ITERS;                                             \
    Buffer<float> in(n), out(n);                                                \
    in.upload(randomFloats(n));                                                 \
    dim3 block(128);                                                            \
    dim3 grid(n / 128);                                                         \
    TIME_LAUNCH(PAIR, "stagefma_before", grid, block,                           \
                stagefma_before<<<grid, block>>>(in.dev, out.dev, iters));      \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "stagefma_after", grid, block,                            \
                stagefma_after<<<grid, block>>>(in.dev, out.dev, iters));       \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  STAGE_PAIR("stage-1M", 1 << 20)
  STAGE_PAIR("stage-16M", 1 << 24)
  STAGE_PAIR("stage-64M", 1 << 26)
  STAGEFMA_PAIR("stagefma-4M-i256", 1 << 22, 256)
  return 0;
}
