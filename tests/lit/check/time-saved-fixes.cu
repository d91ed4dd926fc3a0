// The time saved by warp-divergent-branch's and readonly-not-restrict's fixes
// (docs/time.md, "Time saved"). split: odd and even lanes run loops of the
// same length, so a warp issues both; packed into whole warps, each warp
// issues one: about half the issue time goes (the H100 measured 43% on
// tests/hardware/timing/divergent.cu's heavy pair). twice: x[i] is loaded
// again after the store through y; with __restrict__ the value stays in a
// register, but the second load hit L1 anyway: under 1% (measured 0.2%).
// RUN: not %warplint check --no-cuda-sdk --no-cache %s --arg iters=64 --arg n=16777216 --arg m=4096 | FileCheck %s
// RUN: not %warplint check --no-cuda-sdk --no-cache %s --arg iters=64 --arg n=16777216 --arg m=4096 --format=json | FileCheck --check-prefix=JSON %s

// warplint: launch grid(16384) block(256)
__global__ void split(const float *in, float *out, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (i & 1) {
    for (int k = 0; k < iters; ++k)
      v = v * 0.999f + 0.25f * __sinf(v + k);
  } else {
    for (int k = 0; k < iters; ++k)
      v = v * 0.998f + 0.25f * __cosf(v - k);
  }
  out[i] = v;
}
// CHECK: time-saved-fixes.cu:[[@LINE-9]]:7: warning: kernel 'split': the lanes of a warp disagree on this branch {{.*}}[warp-divergent-branch]
// CHECK: time-saved-fixes.cu:[[@LINE-10]]:7: note: fixing this saves ~{{[0-9.]+}} us of {{[0-9.]+}} us ({{4[0-9]}}%) on H100 SXM at grid(16384,1,1) block(256,1,1)

// warplint: launch grid(65536) block(256)
__global__ void twice(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1.0f;
  y[i + n] = 2.0f * x[i];
}
// CHECK: time-saved-fixes.cu:[[@LINE-5]]:36: note: kernel 'twice': 'x' is only read but not __restrict__{{.*}}[readonly-not-restrict]
// CHECK: time-saved-fixes.cu:[[@LINE-6]]:36: note: fixing this saves under 1% of {{[0-9.]+}} us on H100 SXM at grid(65536,1,1) block(256,1,1)

// JSON: "rule": "warp-divergent-branch"
// JSON: "time_saved": {
// JSON: "rule": "readonly-not-restrict"
// JSON: "time_saved": {

// allpairs: every thread reads every element of p (a warp-wide broadcast
// that hits L1, one request per element per warp); tiled, a block loads each
// element once and its threads read the shared tile (the H100 measured 70%
// and 72% on tests/hardware/timing/matmul.cu's n-body pairs).
// warplint: launch grid(16) block(256)
__global__ void allpairs(const float4 *p, float *out, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = p[i];
  float s = 0;
  for (int j = 0; j < m; ++j) {
    float4 o = p[j];
    float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
    s += o.w * rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
  }
  out[i] = s;
}
// CHECK: time-saved-fixes.cu:[[@LINE-6]]:16: warning: kernel 'allpairs': each element read here is loaded from global memory by 8 warps{{.*}}[global-reuse-without-tiling]
// CHECK: time-saved-fixes.cu:[[@LINE-7]]:16: note: fixing this saves ~{{[0-9.]+}} us of {{[0-9.]+}} us ({{[0-9]+}}%) on H100 SXM at grid(16,1,1) block(256,1,1)
