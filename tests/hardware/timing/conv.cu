// global-reuse-without-tiling where the fix buys nothing: a 1-D convolution
// whose 9 filter weights are read from global memory by every thread (the
// same address across the block: a broadcast that hits L1) on a DRAM-bound
// kernel. The fix stages the weights in shared memory once per block.
#include "timing.cuh"

#define TAPS 9 // filter length passed as the argument taps (at most 32)

__global__ void conv_before(const float *in, const float *w, float *out, int n,
                            int taps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0.0f;
  for (int k = 0; k < taps; ++k)
    s += w[k] * in[i + k];
  out[i] = s;
}

__global__ void conv_after(const float *in, const float *w, float *out, int n,
                            int taps) {
  __shared__ float ws[32];
  if (threadIdx.x < taps)
    ws[threadIdx.x] = w[threadIdx.x];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0.0f;
  for (int k = 0; k < taps; ++k)
    s += ws[k] * in[i + k];
  out[i] = s;
}

#define CONV_PAIR(PAIR, N)                                                      \
  {                                                                             \
    const int n = N, taps = TAPS;                                               \
    Buffer<float> in(n + TAPS), w(TAPS), out(n);                                \
    in.upload(randomFloats(n + TAPS));                                          \
    w.upload(randomFloats(TAPS, 13));                                           \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "conv_before", grid, block,                               \
                conv_before<<<grid, block>>>(in.dev, w.dev, out.dev, n, taps));       \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "conv_after", grid, block,                                \
                conv_after<<<grid, block>>>(in.dev, w.dev, out.dev, n, taps));        \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  CONV_PAIR("conv-1M", 1 << 20)
  CONV_PAIR("conv-16M", 1 << 24)
  CONV_PAIR("conv-64M", 1 << 26)
  return 0;
}
