// Measures the physics the time model's terms rest on (issue 39, item 3), on
// the GPU this runs on: kernels of our own, each a family where one thing
// varies. Prints, like the timing pairs (timing.cuh),
//   family,kernel,grid,block,median_us,min_us,max_us
// (3 warm-up launches, median of 20 timed ones; PAIRS_PROFILE=1 runs each
// launch once, for Nsight Compute). Families:
//  * dep-*: a read-modify-write of a global element in a loop (the store to
//    out[i] must reach memory before the next iteration's load of out[i] may
//    read it) against the same sum kept in a register, at sizes from one
//    block per SM to many waves;
//  * fields-*: a 16-byte structure read field by field (four 4-byte loads of
//    the same sectors, the last three served by L1) against one 16-byte load
//    and against one field only, L2-resident and DRAM-sized;
//  * rounds-*: R rounds of shared-memory exchange separated by barriers (each
//    round waits for the previous one), one block per SM and eight;
//  * occ-*: a streaming read with the resident blocks per SM capped by dynamic
//    shared memory (1 to 16 blocks of 128 threads): where resident warps hide
//    latency and where bandwidth caps them;
//  * l2-*: a 16 and a 64 MiB read, warm (launched again) and cold (L2 flushed
//    by writing a 256 MiB buffer before each timed launch);
//  * launch-*: an empty kernel and a one-block kernel, timed alone, and 100
//    empty kernels queued between one event pair (the per-launch cost of a
//    stream of kernels).
//
//   nvcc -arch=sm_90 -O3 -lineinfo -I.. -o physics physics.cu && ./physics
#include "../timing/timing.cuh"

__global__ void dep_rmw(const float *a, float *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 0.0f;
  for (int j = 0; j < k; ++j)
    out[i] += a[j * n + i];
}

__global__ void dep_reg(const float *a, float *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
    acc += a[j * n + i];
  out[i] = acc;
}

struct Particle {
  float x, y, z, w;
};

__global__ void fields_each(const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + 2.0f * p[i].y + 3.0f * p[i].z + 4.0f * p[i].w;
}

__global__ void fields_vec(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = p[i];
    out[i] = v.x + 2.0f * v.y + 3.0f * v.z + 4.0f * v.w;
  }
}

__global__ void fields_one(const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 4.0f * p[i].w;
}

__global__ void rounds(float *out, int r) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  for (int q = 0; q < r; ++q) {
    float v = s[t ^ (1 << (q & 7))] + 1.0f;
    __syncthreads();
    s[t] = v;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = s[t];
}

__global__ void occ_read(const float *a, float *out, int n, int k) {
  extern __shared__ float pad[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
    acc += a[j * n + i];
  if (threadIdx.x == 1024)
    pad[0] = acc; // never: keeps the dynamic shared memory allocated
  out[i] = acc;
}

__global__ void l2_read(const float4 *in, float *out, size_t n) {
  float4 s = make_float4(0, 0, 0, 0);
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    float4 v = in[i];
    s.x += v.x; s.y += v.y; s.z += v.z; s.w += v.w;
  }
  if (s.x + s.y + s.z + s.w == 1234.5f)
    out[0] = s.x;
}

__global__ void empty() {}

__global__ void one_block(float *out) { out[threadIdx.x] = threadIdx.x; }

static void depFamily(const char *family, int n, int k) {
  Buffer<float> a((size_t)n * k), out(n);
  a.upload(randomFloats((size_t)n * k));
  dim3 block(256), grid(n / 256);
  TIME_LAUNCH(family, "dep_rmw", grid, block, dep_rmw<<<grid, block>>>(a.dev, out.dev, n, k));
  std::vector<float> ref = out.download();
  out.clear();
  TIME_LAUNCH(family, "dep_reg", grid, block, dep_reg<<<grid, block>>>(a.dev, out.dev, n, k));
  checkSame(family, ref, out.download(), 1e-3);
}

static void fieldsFamily(const char *family, int n) {
  Buffer<Particle> p(n);
  Buffer<float> out(n);
  std::vector<float> f = randomFloats((size_t)n * 4);
  CHECK_CUDA(cudaMemcpy(p.dev, f.data(), f.size() * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(256), grid((n + 255) / 256);
  TIME_LAUNCH(family, "fields_each", grid, block, fields_each<<<grid, block>>>(p.dev, out.dev, n));
  std::vector<float> ref = out.download();
  TIME_LAUNCH(family, "fields_vec", grid, block,
              fields_vec<<<grid, block>>>((const float4 *)p.dev, out.dev, n));
  checkSame(family, ref, out.download(), 1e-5);
  TIME_LAUNCH(family, "fields_one", grid, block, fields_one<<<grid, block>>>(p.dev, out.dev, n));
}

static void roundsFamily(const char *family, int blocks, int r) {
  Buffer<float> out((size_t)blocks * 256);
  dim3 block(256), grid(blocks);
  TIME_LAUNCH(family, "rounds", grid, block, rounds<<<grid, block>>>(out.dev, r));
}

static void occFamily(int sms) {
  const int k = 64, threads = 128, blocks = sms * 32, n = blocks * threads;
  Buffer<float> a((size_t)n * k), out(n);
  a.upload(randomFloats((size_t)n * k));
  CHECK_CUDA(cudaFuncSetAttribute(occ_read, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
  int smem = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&smem, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
  for (int resident : {1, 2, 4, 8, 16}) {
    // Dynamic shared memory so that `resident` blocks fit on an SM (1 KiB is
    // reserved per block by the runtime).
    size_t bytes = std::min<size_t>(200 * 1024, smem / resident - 1024 - 256);
    char family[32];
    std::snprintf(family, sizeof family, "occ-%d", resident);
    dim3 block(threads), grid(blocks);
    TIME_LAUNCH(family, "occ_read", grid, block,
                occ_read<<<grid, block, bytes>>>(a.dev, out.dev, n, k));
    int got = 0;
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, occ_read, threads, bytes));
    std::printf("# occ %s smem %zu resident %d\n", family, bytes, got);
  }
}

static void l2Family(const char *family, size_t bytes, float *flush, size_t flushBytes) {
  size_t n = bytes / sizeof(float4);
  Buffer<float4> in(n);
  Buffer<float> out(1);
  dim3 block(256), grid(132 * 8);
  TIME_LAUNCH(family, "l2_read_warm", grid, block,
              l2_read<<<grid, block>>>(in.dev, out.dev, n));
  // Cold: each timed launch follows a write of the whole flush buffer.
  std::vector<float> us;
  cudaEvent_t a, b;
  CHECK_CUDA(cudaEventCreate(&a));
  CHECK_CUDA(cudaEventCreate(&b));
  int reps = profileMode() ? 1 : 20;
  for (int r = 0; r < reps + (profileMode() ? 0 : 3); ++r) {
    CHECK_CUDA(cudaMemsetAsync(flush, r & 0xff, flushBytes));
    CHECK_CUDA(cudaEventRecord(a));
    l2_read<<<grid, block>>>(in.dev, out.dev, n);
    CHECK_CUDA(cudaEventRecord(b));
    CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    if (profileMode() || r >= 3)
      us.push_back(ms * 1000.0f);
  }
  std::sort(us.begin(), us.end());
  float median = us.size() % 2 ? us[us.size() / 2] : 0.5f * (us[us.size() / 2 - 1] + us[us.size() / 2]);
  std::printf("%s,l2_read_cold,%ux1x1,256x1x1,%.3f,%.3f,%.3f\n", family, grid.x, median, us.front(), us.back());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
}

static void launchFamily() {
  Buffer<float> out(256);
  TIME_LAUNCH("launch-empty", "empty", dim3(1), dim3(32), empty<<<1, 32>>>());
  TIME_LAUNCH("launch-one-block", "one_block", dim3(1), dim3(256), one_block<<<1, 256>>>(out.dev));
  if (profileMode())
    return;
  // 100 empty kernels between one event pair, median over 20 such queues.
  std::vector<float> us;
  cudaEvent_t a, b;
  CHECK_CUDA(cudaEventCreate(&a));
  CHECK_CUDA(cudaEventCreate(&b));
  for (int r = 0; r < 23; ++r) {
    CHECK_CUDA(cudaEventRecord(a));
    for (int q = 0; q < 100; ++q)
      empty<<<1, 32>>>();
    CHECK_CUDA(cudaEventRecord(b));
    CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    if (r >= 3)
      us.push_back(ms * 1000.0f / 100);
  }
  std::sort(us.begin(), us.end());
  std::printf("launch-queued,empty_x100,1x1x1,32x1x1,%.3f,%.3f,%.3f\n", 0.5f * (us[9] + us[10]), us.front(),
              us.back());
}

int main() {
  int sms = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::printf("# sms %d\n", sms);
  depFamily("dep-32b-k256", 32 * 256, 256);          // 32 blocks: few warps, the chain alone
  depFamily("dep-1wave-k256", sms * 256, 256);       // one block per SM
  depFamily("dep-8wave-k64", sms * 8 * 256, 64);     // 8 blocks per SM, one wave
  depFamily("dep-64k-k64", 65536, 64);               // 16 MiB, L2-resident
  depFamily("dep-1M-k16", 1 << 20, 16);              // 64 MiB, DRAM
  fieldsFamily("fields-1M", 1 << 20);                // 16 MiB: L2-resident
  fieldsFamily("fields-16M", 1 << 24);               // 256 MiB: DRAM
  roundsFamily("rounds-1perSM-r64", sms, 64);
  roundsFamily("rounds-1perSM-r256", sms, 256);
  roundsFamily("rounds-8perSM-r256", sms * 8, 256);
  occFamily(sms);
  size_t flushBytes = 256u << 20;
  float *flush = nullptr;
  CHECK_CUDA(cudaMalloc(&flush, flushBytes));
  l2Family("l2-16M", 16u << 20, flush, flushBytes);
  l2Family("l2-64M", 64u << 20, flush, flushBytes);
  cudaFree(flush);
  launchFamily();
  return 0;
}
