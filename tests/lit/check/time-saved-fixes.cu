// The time saved by warp-divergent-branch's and readonly-not-restrict's fixes
// (docs/time.md, "Time saved"). split: odd and even lanes run loops of the
// same length, so a warp issues both; packed into whole warps, each warp
// issues one: about half the issue time goes (the H100 measured 43% on
// tests/hardware/timing/divergent.cu's heavy pair). twice: x[i] is loaded
// again after the store through y; with __restrict__ the value stays in a
// register, but the second load hit L1 anyway: under 1% (measured 0.2%).
// RUN: not %warplint check --no-cuda-sdk --no-cache %s --arg iters=64 --arg n=16777216 | FileCheck %s
// RUN: not %warplint check --no-cuda-sdk --no-cache %s --arg iters=64 --arg n=16777216 --format=json | FileCheck --check-prefix=JSON %s

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
