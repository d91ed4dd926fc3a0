// local-dynamic-index: private arrays kept in local memory because they are
// indexed with a run-time index; a warning inside loops, a note outside.
// RUN: not %warplint check --no-cuda-sdk --ptxas=off %s 2>&1 | FileCheck %s --implicit-check-not='[local-dynamic-index]'
// The same from the PTX LLVM writes for this file: the local frame instead
// of the array's name.
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check --ptxas=off %t.ptx 2>&1 | FileCheck %s --check-prefix=PTX --implicit-check-not='[local-dynamic-index]'

// A table read with a data-dependent index (each lane its own) inside a loop.
__global__ void in_loop(const int *idx, float *out, int n) {
  float a[32];
  for (int j = 0; j < 32; ++j)
    a[j] = j * 0.5f + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: local-dynamic-index.cu:[[@LINE+2]]:10: warning: kernel 'in_loop': private array 'a' (128 bytes per thread) lives in local memory because it is indexed with a run-time index (an estimate from the IR, medium confidence: --ptxas=off): this load runs inside a loop, so every iteration is a round trip through L1 to local memory where a register would cost nothing (2 local accesses, 1 inside loops; the index depends on a value loaded at line [[@LINE+2]]); unroll the loops that index it (#pragma unroll) so every index is a constant and the array can live in registers, pick the element with a switch over constant indices, or keep the array in shared memory (one slice per thread) [local-dynamic-index]
    // PTX: local-dynamic-index.cu:[[@LINE+1]]:10: warning: kernel 'in_loop': the local frame '__local_depot{{[0-9]+}}' of its private arrays (128 bytes per thread) lives in local memory because it is indexed with a run-time index (an estimate from the IR, medium confidence: --ptxas=off): this load runs inside a loop{{.*}} [local-dynamic-index]
    s += a[idx[k * 32 + threadIdx.x % 32] & 31];
  out[threadIdx.x] = s;
}
// CHECK: local-dynamic-index.cu:11:3: note: 'a' is first used here

// Indexed at run time once, outside any loop: a note.
__global__ void once(const int *idx, float *out) {
  float a[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    a[k] = k + i;
  // CHECK: local-dynamic-index.cu:[[@LINE+2]]:12: note: kernel 'once': private array 'a' (32 bytes per thread) lives in local memory because it is indexed with a run-time index (an estimate from the IR, low confidence: --ptxas=off; a small array that ptxas may keep in registers): this load is a round trip through L1 to local memory where a register would cost nothing (2 local accesses, 0 inside loops{{.*}} [local-dynamic-index]
  // PTX: local-dynamic-index.cu:[[@LINE+1]]:12: note: kernel 'once': the local frame{{.*}} [local-dynamic-index]
  out[i] = a[idx[i] & 7];
}

// Constant indices after unrolling: the array lives in registers (negative).
__global__ void constant_index(const float *in, float *out) {
  float a[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    a[k] = in[i + k * 256];
  float s = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    s += a[k] * a[7 - k];
  out[i] = s;
}

// A template: only the instantiation with a run-time index warns.
template <bool Dynamic> __global__ void pick(const int *idx, float *out, int n) {
  float a[16];
#pragma unroll
  for (int j = 0; j < 16; ++j)
    a[j] = j + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: local-dynamic-index.cu:[[@LINE+2]]:10: warning: kernel 'pick<true>': private array 'a' (64 bytes per thread) lives in local memory because it is indexed with a run-time index (an estimate from the IR, low confidence: --ptxas=off; a small array that ptxas may keep in registers): this load runs inside a loop{{.*}} [local-dynamic-index]
    // PTX: local-dynamic-index.cu:[[@LINE+1]]:10: warning: kernel 'pick<true>': the local frame{{.*}} [local-dynamic-index]
    s += a[Dynamic ? (idx[k] & 15) : 3];
  out[threadIdx.x] = s;
}
template __global__ void pick<true>(const int *, float *, int);
template __global__ void pick<false>(const int *, float *, int);

// Through a macro: a per-thread histogram.
#define AT(a, i) (a)[(i) & 15]
__global__ void via_macro(const int *idx, float *out, int n) {
  float h[16];
  for (int j = 0; j < 16; ++j)
    h[j] = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: local-dynamic-index.cu:[[@LINE+2]]:19: warning: kernel 'via_macro': private array 'h' (64 bytes per thread) lives in local memory because it is indexed with a run-time index (an estimate from the IR, low confidence: --ptxas=off; a small array that ptxas may keep in registers): this load runs inside a loop{{.*}} [local-dynamic-index]
    // PTX: local-dynamic-index.cu:[[@LINE+1]]:19: warning: kernel 'via_macro': the local frame{{.*}} [local-dynamic-index]
    AT(h, idx[k]) += 1.0f;
  out[threadIdx.x] = h[threadIdx.x & 15];
}

// Suppressed (negative).
__global__ void known(const int *idx, float *out, int n) {
  float a[32];
  for (int j = 0; j < 32; ++j)
    a[j] = j;
  float s = 0;
  for (int k = 0; k < n; ++k)
    // warplint: ignore[local-dynamic-index]
    s += a[idx[k * 32 + threadIdx.x % 32] & 31];
  out[threadIdx.x] = s;
}

// A per-thread table larger than every register a thread can have (255 of 4
// bytes on sm_90): it lives in local memory however it is indexed, so the
// run-time index is not the cause, and unrolling would not help. A note with
// the cause that holds (its size), not the index's warning.
__global__ void too_big(const int *idx, float *out, int n) {
  float t[320];
  for (int j = 0; j < 320; ++j)
    t[j] = idx[j * 32 + threadIdx.x % 32];
  float s = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: local-dynamic-index.cu:[[@LINE+2]]:10: note: kernel 'too_big': private array 't' (1280 bytes per thread) lives in local memory because it is larger than the 1020 bytes of registers a thread can have on sm_90 (255 registers of 4 bytes), however it is indexed (an estimate from the IR, medium confidence: --ptxas=off): this load runs inside a loop, so every iteration is a round trip through L1 to local memory (2 local accesses, 2 inside loops); keep less state per thread, stage the table in shared memory (one copy per block when threads share it), or change the algorithm so each thread holds fewer elements [local-dynamic-index]
    // PTX: local-dynamic-index.cu:[[@LINE+1]]:10: note: kernel 'too_big': the local frame '__local_depot{{[0-9]+}}' of its private arrays (1280 bytes per thread) lives in local memory because it is larger than the 1020 bytes of registers{{.*}} [local-dynamic-index]
    s += t[idx[k] % 320];
  out[threadIdx.x] = s;
}
