// constant-divergent: __constant__ tables read with a per-lane index.
//  * weight: out[i] = in[i] * w[lane % 16], once per element (16 addresses
//    per request) on a memory-bound kernel; the fix reads the table through
//    the read-only path of L1 (a __restrict__ global copy, __ldg).
//  * poly: a per-lane polynomial whose coefficients live in __constant__
//    memory, coef[k][lane]: 32 addresses per request in the inner loop. The
//    fix reads them from a __restrict__ global table with __ldg.
#include "timing.cuh"

__constant__ float cWeights[16];
__constant__ float cCoef[64][32];

__global__ void weight_before(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * cWeights[threadIdx.x % 16];
}

__global__ void weight_after(const float *in, const float *__restrict__ w,
                             float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * __ldg(&w[threadIdx.x % 16]);
}

__global__ void poly_before(const float *x, float *out, int n, int degree) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  float v = x[i], acc = 0.0f;
  for (int k = 0; k < degree; ++k)
    acc = acc * v + cCoef[k][lane];
  out[i] = acc;
}

__global__ void poly_after(const float *x, const float *__restrict__ coef,
                           float *out, int n, int degree) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  float v = x[i], acc = 0.0f;
  for (int k = 0; k < degree; ++k)
    acc = acc * v + __ldg(&coef[k * 32 + lane]);
  out[i] = acc;
}

#define WEIGHT_PAIR(PAIR, N)                                                    \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> in(n), out(n), w(16);                                         \
    in.upload(randomFloats(n));                                                 \
    std::vector<float> hw = randomFloats(16, 9);                                \
    w.upload(hw);                                                               \
    CHECK_CUDA(cudaMemcpyToSymbol(cWeights, hw.data(), 16 * sizeof(float)));    \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "weight_before", grid, block,                             \
                weight_before<<<grid, block>>>(in.dev, out.dev, n));            \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "weight_after", grid, block,                              \
                weight_after<<<grid, block>>>(in.dev, w.dev, out.dev, n));      \
    checkSame(PAIR, ref, out.download());                                       \
  }

#define POLY_PAIR(PAIR, N)                                                      \
  {                                                                             \
    const int n = N, degree = 64;                                               \
    Buffer<float> x(n), out(n), coef(64 * 32);                                  \
    x.upload(randomFloats(n));                                                  \
    std::vector<float> hc = randomFloats(64 * 32, 11);                          \
    for (float &c : hc)                                                         \
      c = c * 0.5f - 0.25f;                                                     \
    coef.upload(hc);                                                            \
    CHECK_CUDA(cudaMemcpyToSymbol(cCoef, hc.data(), 64 * 32 * sizeof(float)));  \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "poly_before", grid, block,                               \
                poly_before<<<grid, block>>>(x.dev, out.dev, n, degree));       \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "poly_after", grid, block,                                \
                poly_after<<<grid, block>>>(x.dev, coef.dev, out.dev, n, degree)); \
    checkSame(PAIR, ref, out.download(), 1e-3);                                 \
  }

int main() {
  WEIGHT_PAIR("weight-1M", 1 << 20)
  WEIGHT_PAIR("weight-16M", 1 << 24)
  POLY_PAIR("poly-64K", 1 << 16)
  POLY_PAIR("poly-1M", 1 << 20)
  POLY_PAIR("poly-16M", 1 << 24)
  return 0;
}
