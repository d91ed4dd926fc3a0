// check --confirm holds each access's predicted launch totals against the
// device model's (docs/totals.md): more than 5% apart is a note.
// RUN: %warplint check --no-cuda-sdk --confirm --buffer in=1024000 %s 2>&1 | FileCheck %s --implicit-check-not=totals-mismatch

// The load runs in iterations 0..31 and 600..999 of 1000: the analysis
// extrapolates the share of its sampled iterations that reach it to the whole
// trip count and predicts 8000 requests; the run measures 32 warps x 432 =
// 13824.
// warplint: launch grid(8) block(128)
__global__ void two_ranges(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 1000; ++k)
    if (k < 32 || k >= 600)
      acc += in[k * 1024 + i];
// CHECK: totals.cu:[[@LINE-1]]:14: note: device model measured 13824 requests over the launch, predicted 8000 (grid(8,1,1) block(128,1,1)): more than 5% apart [totals-mismatch]
  out[i] = acc;
}

// The load runs only in iterations 500..999: no sampled iteration reaches
// it, so its requests are unknown (not 0) and nothing is compared.
// warplint: launch grid(8) block(128)
__global__ void late(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 1000; ++k)
    if (k >= 500)
      acc += in[k * 1024 + i];
  out[i] = acc;
}
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=LATE
// LATE: "why": "no sampled iteration of the loop around it reaches it, and the loop runs past its sampled iterations"

// Agreement: no note (32 requests, 128 sectors each way, measured the same).
// warplint: launch grid(8) block(128)
__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// A bounds check that idles most of the last block, and a loop of 1000
// iterations (past the sampled 64): predicted as measured, no note.
// warplint: launch grid(8) block(128)
__global__ void sum_rows(const float *in, float *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 1000)
    return;
  float acc = 0;
  for (int k = 0; k < 1000; ++k)
    acc += in[k * 1000 + i];
  out[i] = acc;
}

// Addresses from loaded data: the totals assume the worst case, every lane
// its own sector (32 a request), which no run contradicts: no note, though
// the run's indices (zero-filled) read one sector a request.
// warplint: launch grid(8) block(128)
__global__ void gather(const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
}
