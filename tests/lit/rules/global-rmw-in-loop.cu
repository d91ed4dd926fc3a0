// global-rmw-in-loop: positive and negative cases, through a macro and a template.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-rmw-in-loop]'

__global__ void accumulate(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:12: warning: kernel 'accumulate': a global store of the same address on every iteration of the loop at line [[#@LINE-1]] where one around the loop would do: {{.*}}accumulate in a local variable {{.*}} [global-rmw-in-loop]
    out[i] += a[k * n + i];
}

#define ACC(dst, v) (dst) += (v)
template <typename T> __global__ void accumulate_t(const T *a, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:5: warning: kernel 'accumulate_t<double>': a global store {{.*}} [global-rmw-in-loop]
    ACC(out[i], a[k * n + i]);
}
template __global__ void accumulate_t<double>(const double *, double *, int);

// Negative: accumulating in a register, __restrict__ pointers (the compiler
// keeps the value in a register), a store whose address moves with the loop,
// and an atomic (contention, not this rule).
__global__ void in_register(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = out[i];
  for (int k = 0; k < n; ++k)
    acc += a[k * n + i];
  out[i] = acc;
}
__global__ void restricted(const float *__restrict__ a, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[i] += a[k * n + i];
}
__global__ void moving(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[k * n + i] += a[k * n + i];
}
__global__ void counting(const int *keys, int *hist, int n) {
  for (int k = 0; k < n; ++k)
    atomicAdd(&hist[0], keys[k * blockDim.x + threadIdx.x]);
}

// A read-modify-write under a data-dependent condition may run on every
// iteration: still reported.
// Zeroed first, then accumulated: GVN forwards each iteration's store to the
// next, so no load of out[i] is left in the loop, but the store still runs on
// every iteration.
__global__ void zeroed_sum(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 0.0f;
  for (int k = 0; k < n; ++k)
    // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:12: warning: kernel 'zeroed_sum': a global {{load and store|store}} of the same address on every iteration of the loop at line [[#@LINE-1]] {{.*}} [global-rmw-in-loop]
    out[i] += a[k * n + i];
}

__global__ void positive_sum(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (a[k * n + i] > 0)
      // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:14: warning: kernel 'positive_sum': a global {{load and store|store}} of the same address on every iteration of the loop at line [[#@LINE-2]] {{.*}} [global-rmw-in-loop]
      out[i] += a[k * n + i];
}

// Negative: stores that are not a read-modify-write repeated by the loop.
// A search loop's store: the value stored (k) is not the value at the
// address, which the loop never reads back.
__global__ void search(const int *a, int *out, int key, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (a[k * n + i] == key)
      out[i] = k;
}
// A read-modify-write that leaves the loop: it runs at most once (its block
// is not part of the loop: no path from it returns to the back edge).
__global__ void first_match(const int *a, int *out, int key, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (a[k * n + i] == key) {
      out[i] += k;
      break;
    }
}
// One thread of the block updates a per-block total on each iteration while
// the block waits at a barrier on every iteration anyway: one lane's round
// trip adds little (6% on an H200, tests/hardware/h200/rmwlanes.csv).
__global__ void block_total(const float *a, float *out, int n) {
  __shared__ float part[256];
  for (int k = 0; k < n; ++k) {
    part[threadIdx.x] = a[k * blockDim.x * gridDim.x + blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0)
      out[blockIdx.x] += part[0] + part[255];
    __syncthreads();
  }
}

// Reported: one lane of every warp (each warp's loop waits on its own round
// trip: 4.1x on an H200), and one thread of the block in a loop without a
// barrier (its warp's iterations wait on it, and the block with them: 1.6x).
__global__ void warp_total(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    float v = a[k * n + i];
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0)
      // (The loop's line from PTX is the shuffle's, in the CUDA headers.)
      // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:19: warning: kernel 'warp_total': a global load and store of the same address on every iteration of the loop at line {{[0-9]+}} {{.*}} [global-rmw-in-loop]
      out[i / 32] += v;
  }
}
__global__ void lone_total(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k) {
    float v = a[k * n + i];
    s += v;
    if (threadIdx.x == 0)
      // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:23: warning: kernel 'lone_total': a global load and store of the same address on every iteration of the loop at line [[#@LINE-4]] {{.*}} [global-rmw-in-loop]
      out[blockIdx.x] += v;
  }
  out[n * n + i] = s;
}

// Negative: a read-modify-write on one iteration of the loop only. The
// guard compares the loop's counter with a value the loop does not change
// (equal on at most one iteration), so the round trip happens once per
// execution of the loop, not on every iteration.
__global__ void seed_once(const float *w, float *acc, int n, int pick) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 1.0f;
  for (int k = 0; k < n; ++k) {
    s = s * w[k * n + i] + 0.5f;
    if (k == pick)
      acc[i] += s;
  }
  acc[n * n + i] = s;
}
__global__ void seed_first(const float *w, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 6; ++k) {
    float s = 0.0f;
    for (int j = k; j < n; j += 2)
      s += w[j * n + i];
    if (k == 0)
      acc[i] += s;
    else
      acc[(k + 1) * n + i] = s * k;
  }
}
// Reported: the counter's guard holds on all iterations but one.
__global__ void skip_once(const float *w, float *acc, int n, int pick) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    float v = w[k * n + i];
    if (k != pick)
      // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:14: warning: kernel 'skip_once': a global {{load and store|store}} of the same address on every iteration of the loop at line [[#@LINE-3]] {{.*}} [global-rmw-in-loop]
      acc[i] += v;
  }
}

// The same findings on the PTX LLVM's backend writes for this file.
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx 2>&1 | FileCheck %s --implicit-check-not='[global-rmw-in-loop]'
