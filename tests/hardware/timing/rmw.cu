// global-rmw-in-loop: out[i] += a[k * n + i] over k, where out and a may alias
// as far as the compiler knows: a global store (and load) of out[i] on every
// iteration. The fix accumulates in a register and stores once.
//  * rmwpoly: the same in a compute-heavy loop (a polynomial per term), where
//    the extra store hides behind the arithmetic.
#include "timing.cuh"

__global__ void rmw_before(const float *a, float *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 0.0f;
  for (int j = 0; j < k; ++j)
    out[i] += a[j * n + i];
}

__global__ void rmw_after(const float *a, float *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
    acc += a[j * n + i];
  out[i] = acc;
}

__global__ void rmwpoly_before(const float *x, float *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  out[i] = 0.0f;
  for (int j = 0; j < k; ++j) {
    float t = v + 0.001f * j;
    out[i] += ((((t * 0.3f + 0.2f) * t + 0.1f) * t - 0.4f) * t + 0.5f) * t;
  }
}

__global__ void rmwpoly_after(const float *x, float *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  float acc = 0.0f;
  for (int j = 0; j < k; ++j) {
    float t = v + 0.001f * j;
    acc += ((((t * 0.3f + 0.2f) * t + 0.1f) * t - 0.4f) * t + 0.5f) * t;
  }
  out[i] = acc;
}

#define RMW_PAIR(PAIR, N, K)                                                    \
  {                                                                             \
    const int n = N, k = K;                                                     \
    Buffer<float> a((size_t)n * k), out(n);                                     \
    a.upload(randomFloats((size_t)n * k));                                      \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "rmw_before", grid, block,                                \
                rmw_before<<<grid, block>>>(a.dev, out.dev, n, k));             \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "rmw_after", grid, block,                                 \
                rmw_after<<<grid, block>>>(a.dev, out.dev, n, k));              \
    checkSame(PAIR, ref, out.download(), 1e-3);                                 \
  }

#define RMWPOLY_PAIR(PAIR, N, K)                                                \
  {                                                                             \
    const int n = N, k = K;                                                     \
    Buffer<float> x(n), out(n);                                                 \
    x.upload(randomFloats(n));                                                  \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "rmwpoly_before", grid, block,                            \
                rmwpoly_before<<<grid, block>>>(x.dev, out.dev, n, k));         \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "rmwpoly_after", grid, block,                             \
                rmwpoly_after<<<grid, block>>>(x.dev, out.dev, n, k));          \
    checkSame(PAIR, ref, out.download(), 1e-3);                                 \
  }

int main() {
  RMW_PAIR("rmw-8k-k256", 8192, 256)      // 2M floats read by 32 blocks: few warps
  RMW_PAIR("rmw-64k-k64", 65536, 64)      // 4M floats (16 MB): L2-resident
  RMW_PAIR("rmw-1M-k16", 1 << 20, 16)     // 16M floats (64 MB): DRAM
  RMWPOLY_PAIR("rmwpoly-1M-k64", 1 << 20, 64)
  return 0;
}
