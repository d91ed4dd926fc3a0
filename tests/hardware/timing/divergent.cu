// warp-divergent-branch: odd and even elements take different paths.
//  * heavy: each path is a long loop of arithmetic; a warp whose lanes split
//    by parity runs both loops one after the other. The fix gives each path
//    whole warps: the block's first half of warps takes the even elements, the
//    second half the odd ones.
//  * light: each path is one multiply, which the compiler turns into a select
//    (no branch left), on a memory-bound kernel: the remap buys nothing.
#include "timing.cuh"

__device__ __forceinline__ float pathEven(float v, int iters) {
  for (int k = 0; k < iters; ++k)
    v = v * 0.9995f + 0.25f * __sinf(v + k);
  return v;
}

__device__ __forceinline__ float pathOdd(float v, int iters) {
  for (int k = 0; k < iters; ++k)
    v = v * 0.9990f + 0.25f * __cosf(v - k);
  return v;
}

__global__ void heavy_before(const float *in, float *out, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (i & 1)
    v = pathOdd(v, iters);
  else
    v = pathEven(v, iters);
  out[i] = v;
}

__global__ void heavy_after(const float *in, float *out, int iters) {
  unsigned w = threadIdx.x / 32, lane = threadIdx.x % 32;
  unsigned half = blockDim.x / 64; // warps per parity
  int odd = w >= half;
  int j = blockIdx.x * blockDim.x + 2 * ((w % half) * 32 + lane) + odd;
  float v = in[j];
  if (odd)
    v = pathOdd(v, iters);
  else
    v = pathEven(v, iters);
  out[j] = v;
}

__global__ void light_before(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i & 1)
    out[i] = in[i] * 3.0f;
  else
    out[i] = in[i] * 2.0f;
}

__global__ void light_after(const float *in, float *out, int n) {
  unsigned w = threadIdx.x / 32, lane = threadIdx.x % 32;
  unsigned half = blockDim.x / 64;
  int odd = w >= half;
  int j = blockIdx.x * blockDim.x + 2 * ((w % half) * 32 + lane) + odd;
  if (odd)
    out[j] = in[j] * 3.0f;
  else
    out[j] = in[j] * 2.0f;
}

#define HEAVY_PAIR(PAIR, N, ITERS)                                              \
  {                                                                             \
    const int n = N, iters = ITERS;                                             \
    Buffer<float> in(n), out(n);                                                \
    in.upload(randomFloats(n));                                                 \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "heavy_before", grid, block,                              \
                heavy_before<<<grid, block>>>(in.dev, out.dev, iters));         \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "heavy_after", grid, block,                               \
                heavy_after<<<grid, block>>>(in.dev, out.dev, iters));          \
    checkSame(PAIR, ref, out.download(), 1e-4);                                 \
  }

#define LIGHT_PAIR(PAIR, N)                                                     \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> in(n), out(n);                                                \
    in.upload(randomFloats(n));                                                 \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "light_before", grid, block,                              \
                light_before<<<grid, block>>>(in.dev, out.dev, n));             \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "light_after", grid, block,                               \
                light_after<<<grid, block>>>(in.dev, out.dev, n));              \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  HEAVY_PAIR("heavy-1M-i64", 1 << 20, 64)
  HEAVY_PAIR("heavy-4M-i16", 1 << 22, 16)
  LIGHT_PAIR("light-16M", 1 << 24)
  return 0;
}
