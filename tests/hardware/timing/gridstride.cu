// grid-underfilled: grid-stride loops launched with too few blocks.
//  * saxpy: 64 blocks of 256 threads (half the SMs get a block) against 1056
//    blocks (132 SMs x 8 resident blocks of 256 threads: one full wave).
//  * sumsq: a compute-heavier grid-stride loop, 132 blocks (one per SM, 8
//    warps each) against 1056.
#include "timing.cuh"

__global__ void saxpy_before(const float *x, float *y, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + 1.0f;
}

__global__ void saxpy_after(const float *x, float *y, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + 1.0f;
}

__global__ void sumsq_before(const float *x, float *y, int n, int iters) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float v = x[i], s = 0.0f;
    for (int k = 0; k < iters; ++k)
      s = s * 0.5f + v * v + k;
    y[i] = s;
  }
}

__global__ void sumsq_after(const float *x, float *y, int n, int iters) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float v = x[i], s = 0.0f;
    for (int k = 0; k < iters; ++k)
      s = s * 0.5f + v * v + k;
    y[i] = s;
  }
}

#define SAXPY_PAIR(PAIR, N, FEW)                                                \
  {                                                                             \
    const int n = N;                                                            \
    const float a = 2.5f;                                                       \
    Buffer<float> x(n), y(n);                                                   \
    x.upload(randomFloats(n));                                                  \
    dim3 block(256);                                                            \
    dim3 gridFew(FEW);                                                          \
    dim3 gridFull(1056);                                                        \
    TIME_LAUNCH(PAIR, "saxpy_before", gridFew, block,                           \
                saxpy_before<<<gridFew, block>>>(x.dev, y.dev, a, n));          \
    std::vector<float> ref = y.download();                                      \
    y.clear();                                                                  \
    TIME_LAUNCH(PAIR, "saxpy_after", gridFull, block,                           \
                saxpy_after<<<gridFull, block>>>(x.dev, y.dev, a, n));          \
    checkSame(PAIR, ref, y.download());                                         \
  }

#define SUMSQ_PAIR(PAIR, N, ITERS)                                              \
  {                                                                             \
    const int n = N, iters = ITERS;                                             \
    Buffer<float> x(n), y(n);                                                   \
    x.upload(randomFloats(n));                                                  \
    dim3 block(256);                                                            \
    dim3 gridFew(132);                                                          \
    dim3 gridFull(1056);                                                        \
    TIME_LAUNCH(PAIR, "sumsq_before", gridFew, block,                           \
                sumsq_before<<<gridFew, block>>>(x.dev, y.dev, n, iters));      \
    std::vector<float> ref = y.download();                                      \
    y.clear();                                                                  \
    TIME_LAUNCH(PAIR, "sumsq_after", gridFull, block,                           \
                sumsq_after<<<gridFull, block>>>(x.dev, y.dev, n, iters));      \
    checkSame(PAIR, ref, y.download());                                         \
  }

int main() {
  SAXPY_PAIR("saxpy-1M-g64", 1 << 20, 64)
  SAXPY_PAIR("saxpy-16M-g64", 1 << 24, 64)
  SAXPY_PAIR("saxpy-64M-g132", 1 << 26, 132)
  SUMSQ_PAIR("sumsq-4M-i64", 1 << 22, 64)
  return 0;
}
