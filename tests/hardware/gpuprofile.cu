// Measures the throughputs and latencies the time model's GPU profile needs
// (analyzer/arch/GpuProfile.cpp), on the GPU this runs on. Each figure is the
// median of 20 warm launches timed with cudaEvents. Prints "name value unit".
//
//   nvcc -arch=sm_90 -O3 -o gpuprofile gpuprofile.cu && ./gpuprofile
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(x)                                                                         \
  do {                                                                                   \
    cudaError_t e = (x);                                                                 \
    if (e != cudaSuccess) {                                                              \
      printf("error %s at line %d\n", cudaGetErrorString(e), __LINE__);                 \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

__global__ void empty() {}

__global__ void copy4(const float4 *__restrict__ in, float4 *__restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

__global__ void read4(const float4 *__restrict__ in, float *out, size_t n) {
  float4 s = make_float4(0, 0, 0, 0);
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    float4 v = in[i];
    s.x += v.x; s.y += v.y; s.z += v.z; s.w += v.w;
  }
  if (s.x + s.y + s.z + s.w == 1234.5f)
    out[0] = s.x;
}

// copy4 with the cache-hint intrinsics: Ld 0 plain, 1 __ldcs (evict first),
// 2 __ldcg (L2 only); St 0 plain, 1 __stcs (evict first).
template <int Ld, int St>
__global__ void copy4Hint(const float4 *__restrict__ in, float4 *__restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    float4 v = Ld == 1 ? __ldcs(in + i) : Ld == 2 ? __ldcg(in + i) : in[i];
    if (St == 1)
      __stcs(out + i, v);
    else
      out[i] = v;
  }
}

// Reads a window of `mask + 1` float4 again and again: L2 when the window is
// larger than L1 and smaller than L2, L1 when it fits L1.
__global__ void window(const float4 *__restrict__ in, float *out, unsigned mask, int iters) {
  float4 s = make_float4(0, 0, 0, 0);
  unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) & mask;
  for (int k = 0; k < iters; ++k) {
    float4 v = in[i];
    s.x += v.x; s.y += v.y; s.z += v.z; s.w += v.w;
    i = (i + gridDim.x * blockDim.x) & mask;
  }
  if (s.x + s.y + s.z + s.w == 1234.5f)
    out[0] = s.x;
}

// Shared memory: conflict-free 4-byte loads, `iters` per thread.
__global__ void sharedLoads(float *out, int iters) {
  __shared__ float t[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    t[i] = i;
  __syncthreads();
  float s = 0;
  unsigned j = threadIdx.x;
  for (int k = 0; k < iters; ++k) {
    s += t[j & 1023];
    j += 32;
  }
  if (s == 1234.5f)
    out[0] = s;
}

__constant__ float cbank[4096];

// Constant memory read at `distinct` addresses per warp: one pass each.
__global__ void constantReads(float *out, int iters, int distinct) {
  float s = 0;
  unsigned lane = threadIdx.x & 31;
  unsigned j = (lane % distinct) * 4;
  for (int k = 0; k < iters; ++k) {
    s += cbank[(j + k) & 4095];
  }
  if (s == 1234.5f)
    out[0] = s;
}

// Independent FMAs: issue-bound arithmetic, 8 chains per thread.
__global__ void fmaLoop(float *out, int iters) {
  float a[8];
  for (int c = 0; c < 8; ++c)
    a[c] = threadIdx.x + c;
  for (int k = 0; k < iters; ++k)
#pragma unroll
    for (int c = 0; c < 8; ++c)
      a[c] = a[c] * 0.999f + 0.5f;
  float s = 0;
  for (int c = 0; c < 8; ++c)
    s += a[c];
  if (s == 1234.5f)
    out[0] = s;
}

// One dependent chain of FMAs per thread: each waits for the one before,
// the cycles between dependent instructions of one warp.
__global__ void fmaChain(float *out, int iters) {
  float a = threadIdx.x;
  for (int k = 0; k < iters; ++k) {
    a = a * 0.999f + 0.5f;
    a = a * 0.999f + 0.5f;
    a = a * 0.999f + 0.5f;
    a = a * 0.999f + 0.5f;
  }
  if (a == 1234.5f)
    out[0] = a;
}

// One warp chasing a pointer chain: the latency of a dependent load. Each
// launch starts elsewhere on the cycle, so what the last one left in L2 does
// not serve it.
__global__ void chase(const unsigned *next, unsigned *out, int steps, unsigned start) {
  unsigned j = start;
  for (int k = 0; k < steps; ++k)
    j = next[j];
  out[0] = j;
}

// One 4-byte word per lane, each lane in its own 128-byte line (`stride`
// floats apart), over an L2-resident window: what L2 serves when every sector
// of a request is a request of its own (a column walk). __ldcg skips L1.
__global__ void scatteredReads(const float *in, float *out, unsigned mask, int stride,
                               int iters) {
  float s = 0;
  unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
  for (int k = 0; k < iters; ++k) {
    s += __ldcg(in + (i & mask));
    i += gridDim.x * blockDim.x * stride;
  }
  if (s == 1234.5f)
    out[0] = s;
}

// The same walk storing: one partial sector per lane and line.
__global__ void scatteredWrites(float *out, unsigned mask, int stride, int iters) {
  unsigned i = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
  for (int k = 0; k < iters; ++k) {
    out[i & mask] = float(k);
    i += gridDim.x * blockDim.x * stride;
  }
}

// As the timing pairs measure (tests/hardware/timing/timing.cuh): 20 launches
// queued back to back, one event pair each, synchronized once at the end.
template <typename F> float medianQueuedUs(F launch) {
  std::vector<cudaEvent_t> a(20), b(20);
  for (int r = 0; r < 20; ++r) {
    cudaEventCreate(&a[r]);
    cudaEventCreate(&b[r]);
  }
  for (int w = 0; w < 3; ++w)
    launch();
  cudaDeviceSynchronize();
  for (int r = 0; r < 20; ++r) {
    cudaEventRecord(a[r]);
    launch();
    cudaEventRecord(b[r]);
  }
  cudaDeviceSynchronize();
  std::vector<float> t;
  for (int r = 0; r < 20; ++r) {
    float ms;
    cudaEventElapsedTime(&ms, a[r], b[r]);
    t.push_back(ms * 1000);
    cudaEventDestroy(a[r]);
    cudaEventDestroy(b[r]);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <typename F> float medianUs(F launch) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int w = 0; w < 3; ++w)
    launch();
  std::vector<float> t;
  for (int r = 0; r < 20; ++r) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms * 1000);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  int sms = P.multiProcessorCount;
  printf("device %s\n", P.name);
  printf("sms %d count\n", sms);
  printf("l2_bytes %d B\n", P.l2CacheSize);
  int clockKHz = 0, memClockKHz = 0, busWidth = 0;
  cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&memClockKHz, cudaDevAttrMemoryClockRate, 0);
  cudaDeviceGetAttribute(&busWidth, cudaDevAttrGlobalMemoryBusWidth, 0);
  printf("sm_clock_max %.0f MHz\n", clockKHz / 1000.0);
  printf("dram_peak %.1f GB/s\n", 2.0 * memClockKHz * 1e3 * (busWidth / 8) / 1e9);

  size_t n = size_t(1) << 26; // 64 Mi float4 = 1 GiB
  float4 *in, *out;
  float *sink;
  CHECK(cudaMalloc(&in, n * sizeof(float4)));
  CHECK(cudaMalloc(&out, n * sizeof(float4)));
  CHECK(cudaMalloc(&sink, 4));
  CHECK(cudaMemset(in, 0, n * sizeof(float4)));

  printf("launch_empty %.2f us\n", medianUs([&] { empty<<<1, 32>>>(); }));
  printf("launch_empty_queued %.2f us\n", medianQueuedUs([&] { empty<<<1, 32>>>(); }));
  printf("launch_empty_grid %.2f us\n", medianUs([&] { empty<<<sms * 16, 256>>>(); }));
  // Blocks per SM against time: the slope is what handing out one more
  // block to every SM costs, by block size.
  for (int threads : {32, 256, 1024})
    for (int per : {1, 16, 64, 256, 1024})
      printf("launch_empty_blocks_per_sm_%d_threads_%d %.2f us\n", per, threads,
             medianUs([&] { empty<<<sms * per, threads>>>(); }));

  int grid = sms * 8;
  float us = medianUs([&] { copy4<<<grid, 256>>>(in, out, n); });
  printf("dram_copy %.1f GB/s\n", 2.0 * n * 16 / us / 1e3);
  us = medianUs([&] { read4<<<grid, 256>>>(in, sink, n); });
  printf("dram_read %.1f GB/s\n", 1.0 * n * 16 / us / 1e3);

  // L2: a 16 MiB window, each thread 256 loads.
  int iters = 256;
  size_t threads = size_t(grid) * 256;
  us = medianUs([&] { window<<<grid, 256>>>(in, sink, (1u << 20) - 1, iters); });
  printf("l2_read %.1f GB/s\n", threads * iters * 16.0 / us / 1e3);
  // L1: a 16 KiB window per... every block reads the same 16 KiB.
  us = medianUs([&] { window<<<grid, 256>>>(in, sink, (1u << 10) - 1, iters); });
  printf("l1_read %.1f GB/s\n", threads * iters * 16.0 / us / 1e3);
  printf("l1_read_per_sm_clk %.1f B\n",
         threads * iters * 16.0 / us / 1e3 * 1e9 / (sms * clockKHz * 1e3));


  // L2 serving one-sector requests: a 16 MiB window, every lane in its own
  // 128-byte line (stride 32 floats); with stride 8 (32 bytes) four lanes
  // share a line. Sectors per second, reads and partial-sector writes.
  for (int stride : {32, 8}) {
    int it = 64;
    float r = medianUs([&] {
      scatteredReads<<<grid, 256>>>((const float *)in, sink, (1u << 22) - 1, stride, it);
    });
    printf("l2_scattered_read_stride_%d %.1f Gsectors/s\n", stride * 4,
           threads * it / (r * 1e-6) / 1e9);
    float w = medianUs([&] { scatteredWrites<<<grid, 256>>>((float *)out, (1u << 22) - 1, stride, it); });
    printf("l2_scattered_write_stride_%d %.1f Gsectors/s\n", stride * 4,
           threads * it / (w * 1e-6) / 1e9);
  }
  // A streaming read launched again and again (warm), by footprint: where a
  // buffer stops staying in L2 between launches.
  for (int mb : {8, 16, 24, 32, 40, 48, 64, 128}) {
    size_t m = size_t(mb) << 16; // float4s
    float r = medianQueuedUs([&] { read4<<<grid, 256>>>(in, sink, m); });
    printf("warm_read_%dMiB %.1f GB/s (%.2f us)\n", mb, m * 16.0 / r / 1e3, r);
    float c = medianQueuedUs([&] { copy4<<<grid, 256>>>(in, out, m / 2); });
    printf("warm_copy_%dMiB %.1f GB/s (%.2f us)\n", mb, m * 16.0 / c / 1e3, c);
  }
  // The same warm copy with cache hints: does a streaming (evict-first)
  // load or store keep its buffer in L2 from one launch to the next?
  for (int mb : {16, 32}) {
    size_t m = size_t(mb) << 16; // float4s, in + out together
    auto hint = [&](const char *name, auto launch) {
      float c = medianQueuedUs(launch);
      printf("warm_copy_%s_%dMiB %.1f GB/s (%.2f us)\n", name, mb, m * 16.0 / c / 1e3, c);
    };
    hint("plain", [&] { copy4Hint<0, 0><<<grid, 256>>>(in, out, m / 2); });
    hint("ldcs", [&] { copy4Hint<1, 0><<<grid, 256>>>(in, out, m / 2); });
    hint("stcs", [&] { copy4Hint<0, 1><<<grid, 256>>>(in, out, m / 2); });
    hint("ldcs_stcs", [&] { copy4Hint<1, 1><<<grid, 256>>>(in, out, m / 2); });
    hint("ldcg", [&] { copy4Hint<2, 0><<<grid, 256>>>(in, out, m / 2); });
  }
  us = medianUs([&] { sharedLoads<<<grid, 256>>>(sink, 1024); });
  double wavefronts = double(threads / 32) * 1024;
  printf("shared_wavefronts_per_sm_clk %.3f\n", wavefronts / (us * 1e-6) / (sms * clockKHz * 1e3));

  for (int d : {1, 2, 8, 32}) {
    us = medianUs([&] { constantReads<<<grid, 256>>>(sink, 1024, d); });
    double passes = double(threads / 32) * 1024 * d;
    printf("constant_passes_per_sm_clk_d%d %.3f\n", d,
           passes / (us * 1e-6) / (sms * clockKHz * 1e3));
  }

  us = medianUs([&] { fmaLoop<<<grid, 256>>>(sink, 4096); });
  double fmas = double(threads / 32) * 4096 * 8;
  printf("fma_warp_inst_per_sm_clk %.3f\n", fmas / (us * 1e-6) / (sms * clockKHz * 1e3));

  // One warp per SM, one chain: clocks per dependent warp instruction (the
  // loop's own instructions hide behind the chain's latency).
  {
    int it = 1 << 16;
    float t1 = medianUs([&] { fmaChain<<<sms, 32>>>(sink, it); });
    float t2 = medianUs([&] { fmaChain<<<sms, 32>>>(sink, 2 * it); });
    printf("fma_dependent_clk %.2f\n", (t2 - t1) * 1e-6 * clockKHz * 1e3 / (4.0 * it));
  }

  // Dependent loads: a random cycle over 256 MiB (DRAM), 1 MiB (L2) and
  // 16 KiB (L1, after the first lap).
  for (size_t words : {size_t(1) << 26, size_t(1) << 18, size_t(1) << 12}) {
    std::vector<unsigned> h(words);
    for (size_t i = 0; i < words; ++i)
      h[i] = i;
    unsigned long long x = 88172645463325252ull;
    for (size_t i = words - 1; i > 0; --i) { // Sattolo: one cycle
      x ^= x << 13; x ^= x >> 7; x ^= x << 17;
      std::swap(h[i], h[x % i]);
    }
    unsigned *d;
    CHECK(cudaMalloc(&d, words * 4));
    CHECK(cudaMemcpy(d, h.data(), words * 4, cudaMemcpyHostToDevice));
    int steps = 4096;
    unsigned start = 0;
    us = medianUs([&] {
      start = (start + 7919 * 4096) % words;
      chase<<<1, 1>>>(d, (unsigned *)sink, steps, start);
    });
    const char *what = words > (1u << 20) ? "dram" : words > (1u << 12) ? "l2" : "l1";
    if (words == (size_t(1) << 12)) {
      // Many laps of the 16 KiB cycle: all but the first are L1 hits.
      int laps = 64 * 4096;
      float t1 = medianUs([&] { chase<<<1, 1>>>(d, (unsigned *)sink, steps, 0); });
      float t2 = medianUs([&] { chase<<<1, 1>>>(d, (unsigned *)sink, laps, 0); });
      us = (t2 - t1) * steps / (laps - steps);
    }
    printf("%s_latency %.1f ns\n", what, us * 1e3 / steps);
    cudaFree(d);
  }
  CHECK(cudaGetLastError());
  return 0;
}
