// shared-race: found by the device model's run with --confirm; without it
// the rule finds nothing.
// RUN: not %warplint check --no-cuda-sdk %s --confirm 2>&1 | FileCheck %s --implicit-check-not='[shared-race]'
// RUN: %warplint check --no-cuda-sdk %s > %t.static 2>&1 || true
// RUN: not grep -F '[shared-race]' %t.static
// RUN: not %warplint check --no-cuda-sdk %s --confirm --format=json | FileCheck %s --check-prefix=JSON

// The reversal reads what another warp writes, with no barrier between.
// warplint: launch grid(2) block(64)
__global__ void reverse(float *out) {
  __shared__ float s[64];
  // CHECK: shared-race.cu:[[@LINE+3]]:18: error: kernel 'reverse': shared-memory race on byte offset {{[0-9]+}} ('s') in block (0,0,0): thread 32 writes at {{.*}}shared-race.cu:[[@LINE+3]], thread 31 read at {{.*}}shared-race.cu:[[@LINE+4]], with no barrier between, found by the device model's run (grid(2,1,1) block(64,1,1)); put __syncthreads() between the two accesses, or give each thread its own shared element [shared-race]
  // CHECK: shared-race.cu:[[@LINE+3]]:22: note: the other access of the race
  // CHECK: shared-race.cu:[[@LINE+2]]:22: error: kernel 'reverse': shared-memory race on byte offset {{[0-9]+}} ('s') in block (0,0,0): thread 32 reads at {{.*}}, thread 31 wrote at {{.*}}, with no barrier between{{.*}} [shared-race]
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = s[63 - threadIdx.x];
  // CHECK: shared-race.cu:[[@LINE-2]]:18: note: the other access of the race
}

// Through a macro, in a template: every thread adds into one word.
#define ACCUMULATE(a, v) (a) += (v)
// warplint: launch grid(1) block(64)
template <int N> __global__ void sum(const float *in, float *out) {
  __shared__ float total[N];
  if (threadIdx.x < N)
    total[threadIdx.x] = 0;
  __syncthreads();
  // CHECK: shared-race.cu:[[@LINE+1]]:3: error: kernel 'sum<1>': shared-memory race on byte offset 0 ('total') in block (0,0,0): thread {{[0-9]+}} {{reads|writes}} {{.*}} [shared-race]
  ACCUMULATE(total[0], in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = total[threadIdx.x % N];
}
template __global__ void sum<1>(const float *, float *);

// Negative: the same exchange with a barrier, atomics, and lanes of one warp
// trading values.
// warplint: launch grid(2) block(64)
__global__ void fixed(float *out) {
  __shared__ float s[64];
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  atomicAdd(&count, 1);
  out[threadIdx.x] = s[63 - threadIdx.x] + s[threadIdx.x ^ 1];
}

// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "grid(2,1,1) block(64,1,1)",
// JSON-NEXT: "measured": 1,
// JSON-NEXT: "metric": "shared_race",
// JSON-NEXT: "predicted": null,
// JSON-NEXT: "synthesized_launch": false
// JSON: "kernel": "reverse",
// JSON: "notes": [
// JSON-NEXT: {
// JSON-NEXT: "column": 22,
// JSON-NEXT: "file": "{{.*}}shared-race.cu",
// JSON-NEXT: "line": {{[0-9]+}},
// JSON-NEXT: "message": "the other access of the race"
// JSON: "rule": "shared-race",
// JSON-NEXT: "severity": "error"
