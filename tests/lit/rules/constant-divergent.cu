// constant-divergent: __constant__ reads whose lanes ask for different
// addresses; with --confirm the measured figure, and data-dependent indices.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[constant-divergent]'
// The same from the PTX LLVM writes for this file (the block is given).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx --block 64 2>&1 | FileCheck %s --check-prefix=PTX --implicit-check-not='[constant-divergent]'
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer idx=64:random:0:63 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[constant-divergent]'

__constant__ float weights[64];
__constant__ float2 pairs[64];

// warplint: launch grid(4) block(64)
__global__ void per_lane(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // PTX: constant-divergent.cu:[[@LINE+4]]:20: warning: kernel 'per_lane': 16 addresses per request where 1 would do{{.*}} [constant-divergent]
  // CHECK: constant-divergent.cu:[[@LINE+3]]:20: warning: kernel 'per_lane': 16 addresses per request where 1 would do: the lanes of a warp read different __constant__ addresses and the constant cache serves one address per pass, so the warp's read is replayed once for every distinct address, with block(64,1,1) from the annotation at line {{[0-9]+}}; index the table with a warp-uniform value (blockIdx, a loop counter, threadIdx.x / 32), or move it to global memory read through __ldg() or to shared memory, which serve different addresses in one request [constant-divergent]
  // CONFIRM: constant-divergent.cu:[[@LINE+2]]:20: warning: kernel 'per_lane': 16 addresses per request where 1 would do{{.*}} [constant-divergent]
  // CONFIRM: constant-divergent.cu:[[@LINE+1]]:20: note: device model measured 16.00 addresses per request (grid(4,1,1) block(64,1,1)): the run confirms the prediction
  out[i] = in[i] * weights[threadIdx.x % 16];
}

// Through a macro and a template: one address per lane pair.
#define W(k) weights[(k)]
// warplint: launch grid(4) block(64)
template <int D> __global__ void spread(float *out) {
  // PTX: constant-divergent.cu:[[@LINE+3]]:22: warning: kernel 'spread<2>': 16 addresses per request where 1 would do{{.*}} [constant-divergent]
  // CHECK: constant-divergent.cu:[[@LINE+2]]:22: warning: kernel 'spread<2>': 16 addresses per request where 1 would do{{.*}} [constant-divergent]
  // CONFIRM: constant-divergent.cu:[[@LINE+1]]:22: warning: kernel 'spread<2>': 16 addresses per request where 1 would do{{.*}} [constant-divergent]
  out[threadIdx.x] = W(threadIdx.x / D) + pairs[blockIdx.x].x;
}
template __global__ void spread<2>(float *);
template __global__ void spread<32>(float *);

// An index loaded from memory: only the run can tell.
// warplint: launch grid(2) block(64)
__global__ void gather(const int *idx, float *out) {
  // CONFIRM: constant-divergent.cu:[[@LINE+2]]:22: warning: kernel 'gather': measured {{[0-9.]+}} addresses per request where 1 would do: the index depends on loaded data (a value loaded at line [[@LINE+2]]) and the constant cache serves one address per pass, {{.*}}, measured on the device model; index the table with a warp-uniform value {{.*}} [constant-divergent]
  // CONFIRM: constant-divergent.cu:[[@LINE+1]]:22: note: device model measured {{[0-9.]+}} addresses per request (grid(2,1,1) block(64,1,1)): the addresses depend on data, so only the run can tell
  out[threadIdx.x] = weights[idx[threadIdx.x]];
}

// Negative: uniform and per-warp indices, a loop counter, and a suppressed
// read.
// warplint: launch grid(4) block(64)
__global__ void uniform(float *out, int n) {
  float acc = weights[blockIdx.x % 64] + weights[threadIdx.x / 32];
  for (int k = 0; k < n; ++k)
    acc += weights[k % 64];
  acc += weights[threadIdx.x % 4]; // warplint: ignore[constant-divergent]
  out[threadIdx.x] = acc;
}
