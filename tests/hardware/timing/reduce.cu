// shared-bank-conflict: block sums with interleaved addressing in shared
// memory (s[2 * stride * t] += s[2 * stride * t + stride]: 2-, 4-, ... 32-way
// conflicts) against sequential addressing (s[t] += s[t + stride]). Integer
// data, so both orders give the same sums.
//  * once: a long computation per thread that ends in a single 32-way
//    conflicting shared store (tile[lane][warp]); padding the tile fixes the
//    conflict but the store runs once per thread.
#include "timing.cuh"

__global__ void reduce_before(const int *in, int *sums, int n) {
  __shared__ int s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 4 + t;
  s[t] = in[i] + in[i + 256] + in[i + 512] + in[i + 768];
  __syncthreads();
  for (int stride = 1; stride < 256; stride *= 2) {
    int idx = 2 * stride * t;
    if (idx < 256)
      s[idx] += s[idx + stride];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = s[0];
}

__global__ void reduce_after(const int *in, int *sums, int n) {
  __shared__ int s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 4 + t;
  s[t] = in[i] + in[i + 256] + in[i + 512] + in[i + 768];
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = s[0];
}

__global__ void once_before(const float *in, float *out, int iters) {
  __shared__ float tile[32][32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int k = 0; k < iters; ++k)
    v = v * 0.999f + 0.001f * __sinf(v);
  tile[lane][warp] = v; // 32-way conflict, once
  __syncthreads();
  out[i] = tile[threadIdx.x / 32][threadIdx.x % 32] + tile[lane][warp];
}

__global__ void once_after(const float *in, float *out, int iters) {
  __shared__ float tile[32][33];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int k = 0; k < iters; ++k)
    v = v * 0.999f + 0.001f * __sinf(v);
  tile[lane][warp] = v;
  __syncthreads();
  out[i] = tile[threadIdx.x / 32][threadIdx.x % 32] + tile[lane][warp];
}

#define REDUCE_PAIR(PAIR, N)                                                    \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<int> in(n), sums(n / 1024);                                          \
    in.upload(randomInts(n, 1000));                                             \
    dim3 block(256);                                                            \
    dim3 grid(n / 1024);                                                        \
    TIME_LAUNCH(PAIR, "reduce_before", grid, block,                             \
                reduce_before<<<grid, block>>>(in.dev, sums.dev, n));           \
    std::vector<int> ref = sums.download();                                     \
    sums.clear();                                                               \
    TIME_LAUNCH(PAIR, "reduce_after", grid, block,                              \
                reduce_after<<<grid, block>>>(in.dev, sums.dev, n));            \
    checkSame(PAIR, ref, sums.download(), 0.0);                                 \
  }

#define ONCE_PAIR(PAIR, N, ITERS)                                               \
  {                                                                             \
    const int n = N, iters = ITERS;                                             \
    Buffer<float> in(n), out(n);                                                \
    in.upload(randomFloats(n));                                                 \
    dim3 block(1024);                                                           \
    dim3 grid(n / 1024);                                                        \
    TIME_LAUNCH(PAIR, "once_before", grid, block,                               \
                once_before<<<grid, block>>>(in.dev, out.dev, iters));          \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "once_after", grid, block,                                \
                once_after<<<grid, block>>>(in.dev, out.dev, iters));           \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  REDUCE_PAIR("reduce-1M", 1 << 20)
  REDUCE_PAIR("reduce-16M", 1 << 24)
  REDUCE_PAIR("reduce-64M", 1 << 26)
  ONCE_PAIR("once-1M-i256", 1 << 20, 256)
  ONCE_PAIR("once-4M-i16", 1 << 22, 16)
  return 0;
}
