// local-dynamic-index: a private array indexed with data.
//  * hist: a per-thread 16-bin histogram of 64 values (h[v]++ with v read from
//    memory) kept in local memory; the fix keeps each thread's bins in a slice
//    of shared memory, h[bin][threadIdx.x] (conflict-free).
//  * lookup: a per-thread table of 32 values computed in a loop, then read at
//    indices from memory; the fix keeps the table in shared memory likewise.
#include "timing.cuh"

__global__ void hist_before(const int *vals, int *out, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int h[16];
  for (int b = 0; b < 16; ++b)
    h[b] = 0;
  for (int k = 0; k < per; ++k)
    h[vals[k * gridDim.x * blockDim.x + t] & 15]++;
  int s = 0;
  for (int b = 0; b < 16; ++b)
    s += h[b] * (b + 1);
  out[t] = s;
}

__global__ void hist_after(const int *vals, int *out, int per) {
  __shared__ int h[16][128];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int b = 0; b < 16; ++b)
    h[b][threadIdx.x] = 0;
  for (int k = 0; k < per; ++k)
    h[vals[k * gridDim.x * blockDim.x + t] & 15][threadIdx.x]++;
  int s = 0;
  for (int b = 0; b < 16; ++b)
    s += h[b][threadIdx.x] * (b + 1);
  out[t] = s;
}

__global__ void lookup_before(const int *idx, float *out, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float a[32];
  for (int j = 0; j < 32; ++j)
    a[j] = j * 0.5f + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < per; ++k)
    s += a[idx[k * gridDim.x * blockDim.x + t] & 31];
  out[t] = s;
}

__global__ void lookup_after(const int *idx, float *out, int per) {
  __shared__ float a[32][128];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < 32; ++j)
    a[j][threadIdx.x] = j * 0.5f + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < per; ++k)
    s += a[idx[k * gridDim.x * blockDim.x + t] & 31][threadIdx.x];
  out[t] = s;
}

#define HIST_PAIR(PAIR, THREADS, PER)                                           \
  {                                                                             \
    const int threads = THREADS, per = PER;                                     \
    Buffer<int> vals((size_t)threads * per), out(threads);                      \
    vals.upload(randomInts((size_t)threads * per, 1 << 20));                    \
    dim3 block(128);                                                            \
    dim3 grid(threads / 128);                                                   \
    TIME_LAUNCH(PAIR, "hist_before", grid, block,                               \
                hist_before<<<grid, block>>>(vals.dev, out.dev, per));          \
    std::vector<int> ref = out.download();                                      \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "hist_after", grid, block,                                \
                hist_after<<<grid, block>>>(vals.dev, out.dev, per));           \
    checkSame(PAIR, ref, out.download(), 0.0);                                  \
  }

#define LOOKUP_PAIR(PAIR, THREADS, PER)                                         \
  {                                                                             \
    const int threads = THREADS, per = PER;                                     \
    Buffer<int> idx((size_t)threads * per);                                     \
    Buffer<float> out(threads);                                                 \
    idx.upload(randomInts((size_t)threads * per, 1 << 20));                     \
    dim3 block(128);                                                            \
    dim3 grid(threads / 128);                                                   \
    TIME_LAUNCH(PAIR, "lookup_before", grid, block,                             \
                lookup_before<<<grid, block>>>(idx.dev, out.dev, per));         \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "lookup_after", grid, block,                              \
                lookup_after<<<grid, block>>>(idx.dev, out.dev, per));          \
    checkSame(PAIR, ref, out.download(), 1e-5);                                 \
  }

int main() {
  HIST_PAIR("hist-64k-p64", 65536, 64)     // 4M values (16 MB): L2-resident
  HIST_PAIR("hist-256k-p64", 262144, 64)   // 16M values (64 MB): DRAM
  LOOKUP_PAIR("lookup-64k-p64", 65536, 64)
  LOOKUP_PAIR("lookup-256k-p64", 262144, 64)
  return 0;
}
