// register-spill: 32 running values per thread under __launch_bounds__(256, 8)
// (at most 32 registers a thread): ptxas spills to local memory inside the loop.
// The fix gives ptxas the registers with __launch_bounds__(256, 4) (64 a thread).
// With iters small the kernel is memory-bound and the spills are few.
#include "timing.cuh"

__global__ void __launch_bounds__(256, 8)
    spill_before(const float *in, float *out, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v[32];
  float x = in[i];
#pragma unroll
  for (int j = 0; j < 32; ++j)
    v[j] = x * (j + 1) * 0.03125f;
  for (int k = 0; k < iters; ++k) {
#pragma unroll
    for (int j = 0; j < 32; ++j)
      v[j] = v[j] * 0.75f + v[(j + 7) % 32] * 0.25f;
  }
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 32; ++j)
    s += v[j] * (j & 3);
  out[i] = s;
}

__global__ void __launch_bounds__(256, 4)
    spill_after(const float *in, float *out, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v[32];
  float x = in[i];
#pragma unroll
  for (int j = 0; j < 32; ++j)
    v[j] = x * (j + 1) * 0.03125f;
  for (int k = 0; k < iters; ++k) {
#pragma unroll
    for (int j = 0; j < 32; ++j)
      v[j] = v[j] * 0.75f + v[(j + 7) % 32] * 0.25f;
  }
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 32; ++j)
    s += v[j] * (j & 3);
  out[i] = s;
}

#define SPILL_PAIR(PAIR, N, ITERS)                                              \
  {                                                                             \
    const int n = N, iters = ITERS;                                             \
    Buffer<float> in(n), out(n);                                                \
    in.upload(randomFloats(n));                                                 \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "spill_before", grid, block,                              \
                spill_before<<<grid, block>>>(in.dev, out.dev, n, iters));      \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "spill_after", grid, block,                               \
                spill_after<<<grid, block>>>(in.dev, out.dev, n, iters));       \
    checkSame(PAIR, ref, out.download(), 1e-4);                                 \
  }

int main() {
  SPILL_PAIR("spill-1M-i64", 1 << 20, 64)    // compute-bound, spills in the loop
  SPILL_PAIR("spill-4M-i16", 1 << 22, 16)
  SPILL_PAIR("spill-16M-i1", 1 << 24, 1)     // memory-bound
  return 0;
}
