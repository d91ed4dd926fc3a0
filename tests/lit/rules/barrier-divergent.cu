// barrier-divergent: barriers under thread-dependent conditions (predicted),
// and with --confirm what the device model saw, data-dependent ones too.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[barrier-divergent]'
// The same from the PTX LLVM writes for this file (the block is given).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx --block 64 2>&1 | FileCheck %s --check-prefix=PTX --implicit-check-not='[barrier-divergent]'
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer flag=64:random:0:1 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[barrier-divergent]'
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer flag=64:random:0:1 --format=json | FileCheck %s --check-prefix=JSON

// warplint: launch grid(2) block(64)
__global__ void first_warp_only(float *out) {
  __shared__ float s[64];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = threadIdx.x;
    // PTX: barrier-divergent.cu:[[@LINE+4]]:5: error: kernel 'first_warp_only': __syncthreads() is reached by only part of the block{{.*}} [barrier-divergent]
    // CHECK: barrier-divergent.cu:[[@LINE+3]]:5: error: kernel 'first_warp_only': __syncthreads() is reached by only part of the block: it sits under a condition that depends on the thread index, and a block-wide barrier waits for every thread of the block, so the threads that skip it leave the others waiting (a hang, or undefined behaviour), with block(64,1,1) from the annotation at line {{[0-9]+}}; move the barrier out of the conditional code so that every thread of the block reaches it, and keep only the work under the condition [barrier-divergent]
    // CONFIRM: barrier-divergent.cu:[[@LINE+2]]:5: error: kernel 'first_warp_only': __syncthreads() is reached by only part of the block{{.*}} [barrier-divergent]
    // CONFIRM: barrier-divergent.cu:[[@LINE+1]]:5: note: the device model's run (grid(2,1,1) block(64,1,1)) confirms it: barrier reached by 32 of 64 threads of block (0,0,0); 32 had exited
    __syncthreads();
    out[threadIdx.x] = s[31 - threadIdx.x];
  }
}

// The condition depends on loaded data: only the run can tell.
// warplint: launch grid(2) block(64)
__global__ void on_data(const int *flag, float *out) {
  out += blockIdx.x * 64; // Each block its own part.
  out[threadIdx.x] = 1.0f;
  if (flag[threadIdx.x] > 0)
    // CONFIRM: barrier-divergent.cu:[[@LINE+1]]:5: error: kernel 'on_data': the device model's run (grid(2,1,1) block(64,1,1)) found this barrier reached by {{[0-9]+}} of 64 threads of block (0,0,0); the other threads are on a divergent path: a block-wide barrier waits for every thread of the block, and the threads that skip it leave the others waiting; move the barrier out {{.*}} [barrier-divergent]
    __syncthreads();
  out[threadIdx.x] += 1.0f;
}

// Through a macro and a template: only the instantiation that splits the
// block is reported.
#define SYNC_IF(c) if (c) __syncthreads()
// warplint: launch grid(1) block(64)
template <int W> __global__ void below(float *out) {
  out[threadIdx.x] = 0;
  // PTX: barrier-divergent.cu:[[@LINE+3]]:3: error: kernel 'below<32>': __syncthreads() is reached by only part of the block{{.*}} [barrier-divergent]
  // CHECK: barrier-divergent.cu:[[@LINE+2]]:3: error: kernel 'below<32>': __syncthreads() is reached by only part of the block{{.*}} [barrier-divergent]
  // CONFIRM: barrier-divergent.cu:[[@LINE+1]]:3: error: kernel 'below<32>': __syncthreads() is reached by only part of the block{{.*}} [barrier-divergent]
  SYNC_IF(int(threadIdx.x) < W);
  out[threadIdx.x] = 1;
}
template __global__ void below<32>(float *);
template __global__ void below<64>(float *);

// Negative: barriers every thread reaches (a uniform loop, a condition on
// blockIdx, one on data that is the same for the whole block), and a
// suppressed one.
// warplint: launch grid(2) block(64)
__global__ void uniform(const int *flag, float *out, int n) {
  __shared__ float s[64];
  out += blockIdx.x * 64; // Each block its own part.
  for (int k = 0; k < n; ++k) {
    s[threadIdx.x] = k;
    __syncthreads();
    out[threadIdx.x] += s[63 - threadIdx.x];
    __syncthreads();
  }
  if (blockIdx.x == 0)
    __syncthreads();
  if (flag[blockIdx.x] > 0)
    __syncthreads();
}

// warplint: launch grid(1) block(64)
__global__ void suppressed(float *out) {
  if (threadIdx.x < 32)
    __syncthreads(); // warplint: ignore[barrier-divergent]
  out[threadIdx.x] = 1;
}

// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "grid(2,1,1) block(64,1,1)",
// JSON-NEXT: "measured": 1,
// JSON-NEXT: "metric": "barrier_divergent",
// JSON-NEXT: "predicted": 1,
// JSON-NEXT: "synthesized_launch": false
// JSON: "kernel": "first_warp_only",
// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "grid(2,1,1) block(64,1,1)",
// JSON-NEXT: "measured": 1,
// JSON-NEXT: "metric": "barrier_divergent",
// JSON-NEXT: "predicted": null,
// JSON: "kernel": "on_data",

// One thread sets up an mbarrier and arrives on it; every thread waits for
// its phase. An mbarrier is a word in shared memory, not a block barrier:
// no report at the init or the arrive under `threadIdx.x == 0`.
// warplint: launch grid(2) block(64)
__global__ void mbarrier_one_thread(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.b64 [%0], 1;" ::"l"(&bar) : "memory");
  __syncthreads();
  if (threadIdx.x == 0)
    asm volatile("mbarrier.arrive.b64 _, [%0];" ::"l"(&bar) : "memory");
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.b64 p, [%1], 0; "
                 "selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "l"(&bar)
                 : "memory");
  out[blockIdx.x * 64 + threadIdx.x] = 1.0f;
}
