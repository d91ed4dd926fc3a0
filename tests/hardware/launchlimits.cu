// Hardware fixture for launch-fails and grid-underfilled: each case launches
// a kernel the GPU refuses ("fail") and its fixed twin ("ok"), one launch a
// line, and prints case,variant,line,error (cudaGetLastError after the
// launch, else cudaDeviceSynchronize's); the grid-stride reduction prints its
// median time in ms over 20 warm runs per grid. Measured by launchlimits.sh
// into h100/launchlimits.csv; tests/lit/hardware/launchlimits.test compares
// warplint's verdict on each launch line with it.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include <algorithm>
#define T threadIdx.x
#define DYN(name)                                                              \
  __global__ void name(float *o) {                                             \
    extern __shared__ float d[];                                               \
    d[T] = o[T];                                                               \
    __syncthreads();                                                           \
    o[T] = d[blockDim.x - 1 - T];                                              \
  }
#define R(c, v) report(c, v, __LINE__)

__global__ void fill(float *o) {
  long i = (long)blockIdx.x * blockDim.x + T;
  if (i < (1 << 20))
    o[i] = 1.0f;
}
__global__ void __launch_bounds__(256) bounded(float *o) { o[T] = 1.0f; }
DYN(dyn)
DYN(dyn_optin)
DYN(dyn_max)
__global__ void static_dyn(float *o) {
  __shared__ float s[4096]; // 16 KB
  extern __shared__ float d[];
  s[T] = o[T];
  d[T] = o[T + 256];
  __syncthreads();
  o[T] = s[255 - T] + d[255 - T];
}
// 96 live accumulators: about 100 registers per thread.
__global__ void heavy(float *o, int iters) {
  float a[96];
#pragma unroll
  for (int j = 0; j < 96; ++j)
    a[j] = o[T + j * 1024];
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int j = 0; j < 96; ++j)
      a[j] = a[j] * a[(j + 1) % 96] + o[it];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 96; ++j)
    s += a[j] * j;
  o[T] = s;
}
// A local array of 4 << B bytes per thread.
template <int B> __global__ void local_arr(float *o, int n) {
  float a[1 << B];
  for (int i = 0; i < n; ++i)
    a[(i * 7919) & ((1 << B) - 1)] = i;
  o[T] = a[n & 1023];
}
__global__ void coop(float *o) { o[blockIdx.x] = 1.0f; }
// A grid-stride reduction: the grid, not n, sets the parallelism.
__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float part[256];
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + T; i < n; i += gridDim.x * blockDim.x)
    s += in[i];
  part[T] = s;
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if (T < w)
      part[T] += part[T + w];
    __syncthreads();
  }
  if (T == 0)
    atomicAdd(out, part[0]);
}

void report(const char *c, const char *v, int line) {
  cudaError_t e = cudaGetLastError(), s = cudaDeviceSynchronize();
  printf("%s,%s,%d,%s\n", c, v, line, cudaGetErrorName(e ? e : s));
}
void attrs(const char *name, const void *k) {
  cudaFuncAttributes a;
  cudaFuncGetAttributes(&a, k);
  printf("attr,%s,regs=%d,local=%zu,static_shared=%zu\n", name, a.numRegs, a.localSizeBytes,
         a.sharedSizeBytes);
}
void setOptIn(const char *name, void (*k)(float *), int bytes) {
  cudaError_t e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  printf("setattr,%s,%d,%s\n", name, bytes, cudaGetErrorName(e));
}

void blockCases(float *o) {
  fill<<<1, 1025>>>(o); R("block_x", "fail");
  fill<<<1, 1024>>>(o); R("block_x", "ok");
  fill<<<1, dim3(1, 1025)>>>(o); R("block_y", "fail");
  fill<<<1, dim3(1, 1024)>>>(o); R("block_y", "ok");
  fill<<<1, dim3(1, 1, 65)>>>(o); R("block_z", "fail");
  fill<<<1, dim3(1, 1, 64)>>>(o); R("block_z", "ok");
  fill<<<1, dim3(32, 32, 2)>>>(o); R("block_product", "fail");
  fill<<<1, dim3(32, 32, 1)>>>(o); R("block_product", "ok");
  bounded<<<1, 512>>>(o); R("launch_bounds", "fail");
  bounded<<<1, 256>>>(o); R("launch_bounds", "ok");
}
void gridCases(float *o) {
  fill<<<dim3(2147483648u), 32>>>(o); R("grid_x", "fail");
  fill<<<dim3(1 << 24), 32>>>(o); R("grid_x", "ok");
  fill<<<dim3(1, 70000), 32>>>(o); R("grid_y", "fail");
  fill<<<dim3(1, 65535), 32>>>(o); R("grid_y", "ok");
  fill<<<dim3(1, 1, 65536), 32>>>(o); R("grid_z", "fail");
  fill<<<dim3(1, 1, 65535), 32>>>(o); R("grid_z", "ok");
}
void sharedCases(float *o) {
  dyn<<<64, 256, 64 * 1024>>>(o); R("shared_default", "fail");
  dyn<<<64, 256, 48 * 1024>>>(o); R("shared_default", "ok");
  setOptIn("dyn_optin", dyn_optin, 64 * 1024);
  dyn_optin<<<64, 256, 80 * 1024>>>(o); R("shared_optin", "fail");
  dyn_optin<<<64, 256, 64 * 1024>>>(o); R("shared_optin", "ok");
  static_dyn<<<1, 256, 40 * 1024>>>(o); R("shared_static_dyn", "fail");
  static_dyn<<<1, 256, 32 * 1024>>>(o); R("shared_static_dyn", "ok");
  setOptIn("dyn_max", dyn_max, 227 * 1024);
  dyn_max<<<1, 256, 228 * 1024>>>(o); R("shared_max", "fail");
  dyn_max<<<1, 256, 227 * 1024>>>(o); R("shared_max", "ok");
}
void resourceCases(float *o) {
  heavy<<<1, 1024>>>(o, 4); R("registers", "fail");
  heavy<<<1, 256>>>(o, 4); R("registers", "ok");
  local_arr<18><<<1, 32>>>(o, 64); R("local", "fail");
  local_arr<17><<<1, 32>>>(o, 64); R("local_512k", "probe");
  local_arr<12><<<1, 32>>>(o, 64); R("local", "ok");
}
void coopCases(float *o) {
  int sms = 0, perSM = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, coop, 256, 0);
  printf("coop,capacity,%d,%d\n", sms, perSM);
  void *args[] = {&o};
  cudaLaunchCooperativeKernel((void *)coop, sms * perSM + 1, 256, args); R("cooperative", "fail");
  cudaLaunchCooperativeKernel((void *)coop, sms * perSM, 256, args); R("cooperative", "ok");
}
void timeReduce(const float *in, float *o, int n, int blocks) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  float ms[20];
  for (int r = -3; r < 20; ++r) {
    cudaEventRecord(a);
    reduce<<<blocks, 256>>>(in, o, n);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    if (r >= 0)
      cudaEventElapsedTime(&ms[r], a, b);
  }
  std::sort(ms, ms + 20);
  printf("idle,reduce,%d,%.4f\n", blocks, (ms[9] + ms[10]) / 2);
}
void idleCases(float *o) {
  int n = 1 << 26;
  float *in = nullptr;
  cudaMalloc(&in, sizeof(float) * n);
  cudaMemset(in, 0, sizeof(float) * n);
  reduce<<<64, 256>>>(in, o, n); R("idle", "fail");
  reduce<<<1024, 256>>>(in, o, n); R("idle", "ok");
  for (int blocks : {64, 132, 1024, 1056, 2112})
    timeReduce(in, o, n, blocks);
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  float *o = nullptr;
  cudaMalloc(&o, sizeof(float) * (1 << 20));
  if (!*only) {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    printf("device,%s,sms=%d,smem_optin=%zu\n", p.name, p.multiProcessorCount,
           p.sharedMemPerBlockOptin);
    attrs("heavy", (const void *)heavy);
    attrs("local_arr<18>", (const void *)local_arr<18>);
    attrs("reduce", (const void *)reduce);
  }
  // Each group runs in a process of its own (launchlimits.sh).
  if (!strcmp(only, "block")) blockCases(o);
  if (!strcmp(only, "grid")) gridCases(o);
  if (!strcmp(only, "shared")) sharedCases(o);
  if (!strcmp(only, "resource")) resourceCases(o);
  if (!strcmp(only, "coop")) coopCases(o);
  if (!strcmp(only, "idle")) idleCases(o);
  return 0;
}
