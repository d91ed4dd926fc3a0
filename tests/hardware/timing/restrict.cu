// readonly-not-restrict: read-only pointers loaded after a store through
// another pointer. The fix declares them __restrict__.
//  * twice: y[i] = x[i] + 1; y[i + n] = 2 * x[i] (x[i] loaded twice: the
//    second load hits L1).
//  * bcast: y[k * n + i] = x[i] * c[k] + b[i] for k < K: without __restrict__
//    x[i], b[i] and c[k] are loaded again after every store.
#include "timing.cuh"

__global__ void twice_before(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1.0f;
  y[i + n] = 2.0f * x[i];
}

__global__ void twice_after(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1.0f;
  y[i + n] = 2.0f * x[i];
}

__global__ void bcast_before(const float *x, const float *b, const float *c,
                             float *y, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    y[j * n + i] = x[i] * c[j] + b[i];
}

__global__ void bcast_after(const float *__restrict__ x, const float *__restrict__ b,
                            const float *__restrict__ c, float *__restrict__ y,
                            int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < k; ++j)
    y[j * n + i] = x[i] * c[j] + b[i];
}

#define TWICE_PAIR(PAIR, N)                                                     \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> x(n), y((size_t)2 * n);                                       \
    x.upload(randomFloats(n));                                                  \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "twice_before", grid, block,                              \
                twice_before<<<grid, block>>>(x.dev, y.dev, n));                \
    std::vector<float> ref = y.download();                                      \
    y.clear();                                                                  \
    TIME_LAUNCH(PAIR, "twice_after", grid, block,                               \
                twice_after<<<grid, block>>>(x.dev, y.dev, n));                 \
    checkSame(PAIR, ref, y.download());                                         \
  }

#define BCAST_PAIR(PAIR, N, K)                                                  \
  {                                                                             \
    const int n = N, k = K;                                                     \
    Buffer<float> x(n), b(n), c(k), y((size_t)n * k);                           \
    x.upload(randomFloats(n, 2));                                               \
    b.upload(randomFloats(n, 3));                                               \
    c.upload(randomFloats(k, 4));                                               \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "bcast_before", grid, block,                              \
                bcast_before<<<grid, block>>>(x.dev, b.dev, c.dev, y.dev, n, k)); \
    std::vector<float> ref = y.download();                                      \
    y.clear();                                                                  \
    TIME_LAUNCH(PAIR, "bcast_after", grid, block,                               \
                bcast_after<<<grid, block>>>(x.dev, b.dev, c.dev, y.dev, n, k)); \
    checkSame(PAIR, ref, y.download());                                         \
  }

int main() {
  TWICE_PAIR("twice-16M", 1 << 24)
  BCAST_PAIR("bcast-64k-k64", 65536, 64)     // 4M outputs (16 MB): L2
  BCAST_PAIR("bcast-1M-k16", 1 << 20, 16)    // 16M outputs (64 MB): DRAM
  return 0;
}
