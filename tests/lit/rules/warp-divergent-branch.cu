// warp-divergent-branch: positive and negative cases, through a macro and a
// template.
// RUN: not %warplint check --no-cuda-sdk %s --arg n=16300 2>&1 | FileCheck %s --implicit-check-not='[warp-divergent-branch]'
// RUN: not %warplint check --no-cuda-sdk %s --arg n=16300 --format=json | FileCheck %s --check-prefix=JSON
// The same from the PTX LLVM writes for this file (no annotations there: the
// block is given, the grid unknown).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx --block 256 --arg n=16300 2>&1 | FileCheck %s --check-prefix=PTX

// Half of every warp takes the branch.
// warplint: launch grid(64) block(256)
__global__ void half_warp(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // PTX: warp-divergent-branch.cu:[[@LINE+2]]:24: warning: kernel 'half_warp': the lanes of a warp disagree on this branch in 100% of warp executions (24 of 24 sampled): the warp issues the guarded path {{.*}} [warp-divergent-branch]
  // CHECK: warp-divergent-branch.cu:[[@LINE+1]]:24: warning: kernel 'half_warp': the lanes of a warp disagree on this branch in 100% of warp executions (24 of 24 sampled): the warp issues the guarded path with the lanes that skip it idle (4 memory accesses and {{[0-9]+}} instructions under the branch), with block(256,1,1) from the annotation at line {{[0-9]+}}; make the condition warp-uniform (e.g. branch on threadIdx.x / 32 rather than a per-lane test), or pack the work so that whole warps take the branch [warp-divergent-branch]
  if (threadIdx.x % 32 < 16) {
    out[2 * i] = in[i] * 2.0f;
    out[2 * i + 1] = in[i] * 3.0f;
  }
}

// Both paths do different work.
// warplint: launch grid(64) block(256)
__global__ void odd_even(const float *in, float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // PTX: warp-divergent-branch.cu:[[@LINE+2]]:7: warning: kernel 'odd_even': the lanes of a warp disagree on this branch in 100% of warp executions {{.*}}: the warp issues both paths {{.*}} [warp-divergent-branch]
  // CHECK: warp-divergent-branch.cu:[[@LINE+1]]:7: warning: kernel 'odd_even': the lanes of a warp disagree on this branch in 100% of warp executions (24 of 24 sampled): the warp issues both paths one after the other, each with the lanes of the other path idle ({{[0-9]+}} memory accesses and {{[0-9]+}} instructions under the branch), {{.*}}; make the condition warp-uniform {{.*}} [warp-divergent-branch]
  if (threadIdx.x & 1) {
    for (int k = 0; k < 4; ++k)
      a[k * n + i] = in[i] + k;
  } else {
    b[i] = in[i] * in[i + 1];
  }
}

// A trip count that differs between the lanes of a warp.
// warplint: launch grid(64) block(256)
__global__ void triangle(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  // CHECK: warp-divergent-branch.cu:[[@LINE+1]]:3: warning: kernel 'triangle': the lanes of a warp disagree on this branch in {{[0-9]+}}% of warp executions ({{[0-9]+}} of {{[0-9]+}} sampled): lanes that leave the loop wait idle while the others run the remaining iterations (1 memory access and {{[0-9]+}} instructions in the loop), {{.*}}; give the lanes of a warp the same trip count {{.*}} [warp-divergent-branch]
  for (int k = 0; k < (threadIdx.x % 32); ++k)
    acc += in[k * 256 + threadIdx.x];
  out[i] = acc;
}

// Little work under the branch and no memory access: a note.
// warplint: launch grid(64) block(256)
__global__ void small_work(float *out, float x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x;
  // PTX: warp-divergent-branch.cu:[[@LINE+2]]:23: note: kernel 'small_work': the lanes of a warp disagree on this branch {{.*}} [warp-divergent-branch]
  // CHECK: warp-divergent-branch.cu:[[@LINE+1]]:23: note: kernel 'small_work': the lanes of a warp disagree on this branch in 100% of warp executions (24 of 24 sampled): the warp issues the guarded path with the lanes that skip it idle ({{[0-9]}} instructions under the branch), {{.*}} [warp-divergent-branch]
  if (threadIdx.x % 4 == 1)
    v = sqrtf(v) * x + 1.0f;
  out[i] = v;
}

#define IS_ODD(t) ((t) & 1)
// warplint: launch grid(64) block(256)
__global__ void via_macro(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // PTX: warp-divergent-branch.cu:[[@LINE+2]]:7: warning: kernel 'via_macro': {{.*}} [warp-divergent-branch]
  // CHECK: warp-divergent-branch.cu:[[@LINE+1]]:7: warning: kernel 'via_macro': the lanes of a warp disagree on this branch in 100% of warp executions {{.*}} [warp-divergent-branch]
  if (IS_ODD(threadIdx.x))
    out[i] = in[i] * 2.0f;
}

template <int M> __global__ void every_mth(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: warp-divergent-branch.cu:[[@LINE+2]]:23: warning: kernel 'every_mth<2>': the lanes of a warp disagree on this branch in 100% of warp executions (24 of 24 sampled): {{.*}}, assuming block(256,1,1) (no launch found; {{.*}}); make the condition warp-uniform {{.*}} [warp-divergent-branch]
  // CHECK: warp-divergent-branch.cu:[[@LINE+1]]:23: note: assumed: no launch given: assumed a 1-D block of 256 threads
  if (threadIdx.x % M == 0)
    out[i] = in[i] + in[i + 1];
}
template __global__ void every_mth<2>(const float *, float *);
template __global__ void every_mth<64>(const float *, float *);

// Negative: warp-uniform conditions and loops, a bounds check whose bound
// falls inside the last block, a 2-D bounds check on the grid's edge, a
// condition on loaded data, single-lane branches, the packed tail of a
// reduction, and a suppressed branch.
// warplint: launch grid(64) block(256)
__global__ void uniform(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x / 32) % 2)
    out[i] = in[i] * 2.0f;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc += in[k];
  if (i < n)
    out[i] += acc;
  if (in[i] > 0.0f)
    out[i] = 0.0f;
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc;
  if (threadIdx.x % 32 == 0)
    atomicAdd(out, acc);
  if (threadIdx.x & 2) // warplint: ignore[warp-divergent-branch]
    out[i] = -out[i];
}

// warplint: launch grid(16,16) block(16,16)
__global__ void edge_2d(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < 250 && y < 250)
    out[y * w + x] = in[y * w + x];
}

// warplint: launch grid(64) block(256)
__global__ void reduce(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// JSON: "kernel": "half_warp",
// JSON: "rule": "warp-divergent-branch",
// JSON-NEXT: "severity": "warning"
// JSON: "kernel": "small_work",
// JSON: "rule": "warp-divergent-branch",
// JSON-NEXT: "severity": "note"
