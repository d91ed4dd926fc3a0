// global-uncoalesced on atomicAdd of __half2 and __nv_bfloat162: each is one
// 4-byte atomic (atom.add.noftz.f16x2 / .bf16x2), so its element is 4 bytes,
// and a pair of them on out[2 * t] and out[2 * t + 1] updates every byte of
// the 8-byte stride: no sector is wasted, and no wider atomic exists.
// Through the prelude, and through the toolkit's headers (inline asm that
// frontend/asm/HalfAsm.cpp lowers) in global-uncoalesced-half2-atomic-sdk.test.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-uncoalesced]'
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// Two pair atomics per thread, 8 bytes apart from lane to lane: together
// they fill every sector they touch.
// warplint: launch grid(64) block(256)
__global__ void half2_pairs(__half2 *out, const __half2 *a, const __half2 *b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(out + 2 * t, a[t]);
  atomicAdd(out + 2 * t + 1, b[t]);
}

// warplint: launch grid(64) block(256)
__global__ void bf162_pairs(__nv_bfloat162 *out, const __nv_bfloat162 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(out + 2 * t + 1, a[t]);
  atomicAdd(out + 2 * t, a[t]);
}

// The same pair in a loop over rows whose start moves the lanes' alignment
// from row to row: still every byte of each sector it touches.
// warplint: launch grid(64) block(256)
__global__ void half2_rows(__half2 *out, const __half2 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int m = 0; m < 4; ++m) {
    atomicAdd(out + m * 16387 + 2 * t, a[t]);
    atomicAdd(out + m * 16387 + 2 * t + 1, a[t]);
  }
}

// One pair atomic per thread at the same stride: half of each sector is
// wasted, against 4-byte elements (not the 2 bytes of one half).
// warplint: launch grid(64) block(256)
__global__ void half2_alone(__half2 *out, const __half2 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: global-uncoalesced-half2-atomic.cu:[[@LINE+1]]:3: warning: kernel 'half2_alone': 8 sectors per request where 4 would do: adjacent threads are 8 bytes apart (2 elements of 4 bytes), {{.*}} [global-uncoalesced]
  atomicAdd(out + 2 * t, a[t]);
}

// Two atomics that leave a gap (out[4 * t] and out[4 * t + 1] of 16 bytes)
// still waste half of what they touch.
// warplint: launch grid(64) block(256)
__global__ void half2_gap(__half2 *out, const __half2 *a) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: global-uncoalesced-half2-atomic.cu:[[@LINE+1]]:3: warning: kernel 'half2_gap': 16 sectors per request where 4 would do: adjacent threads are 16 bytes apart (4 elements of 4 bytes), {{.*}} [global-uncoalesced]
  atomicAdd(out + 4 * t, a[t]);
  // CHECK: global-uncoalesced-half2-atomic.cu:[[@LINE+1]]:3: warning: kernel 'half2_gap': 16 sectors per request where 4 would do: adjacent threads are 16 bytes apart (4 elements of 4 bytes), {{.*}} [global-uncoalesced]
  atomicAdd(out + 4 * t + 1, a[t]);
}
