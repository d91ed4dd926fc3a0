// Orderings through memory between the warps of a block (no barrier): a
// release (st.release, or a volatile store after a fence) that an acquire
// (ld.acquire, or a volatile load followed by a fence) reads orders the
// accesses before the release with those after the acquire
// (devicemodel/HappensBefore.h). Only the embedded prelude: the asm is PTX's.
//
// RUN: %warplint run --no-cuda-sdk %s --kernel handoff --grid 1 --block 64 --buffer out=32 > %t.ok 2>&1; echo "exit=$?" >> %t.ok
// RUN: FileCheck --check-prefix=CLEAN %s < %t.ok
// RUN: %warplint run --no-cuda-sdk %s --kernel handoff_fenced --grid 1 --block 64 --buffer out=32 > %t.fenced 2>&1; echo "exit=$?" >> %t.fenced
// RUN: FileCheck --check-prefix=CLEAN %s < %t.fenced
//
// The poll is relaxed: it reads the flag but acquires nothing.
// RUN: %warplint run --no-cuda-sdk %s --kernel handoff_relaxed --grid 1 --block 64 --buffer out=32 > %t.relaxed 2>&1; echo "exit=$?" >> %t.relaxed
// RUN: FileCheck --check-prefix=RELAXED %s < %t.relaxed
// A write after the release is not ordered by it.
// RUN: %warplint run --no-cuda-sdk %s --kernel write_after_release --grid 1 --block 64 --buffer out=32 > %t.after 2>&1; echo "exit=$?" >> %t.after
// RUN: FileCheck --check-prefix=AFTER %s < %t.after
// Without __syncwarp before lane 0's release, only lane 0's write is ordered.
// RUN: %warplint run --no-cuda-sdk %s --kernel no_syncwarp --grid 1 --block 64 --buffer out=32 > %t.nosync 2>&1; echo "exit=$?" >> %t.nosync
// RUN: FileCheck --check-prefix=NOSYNC %s < %t.nosync
// The release is on another flag than the one acquired.
// RUN: %warplint run --no-cuda-sdk %s --kernel other_flag --grid 1 --block 64 --buffer out=32 > %t.other 2>&1; echo "exit=$?" >> %t.other
// RUN: FileCheck --check-prefix=OTHER %s < %t.other
//
// A warp polling a flag yields to the warps that may set it: a poll that
// nothing sets is a hang after a few loads, not millions.
// RUN: %warplint run --no-cuda-sdk %s --kernel never_set --grid 1 --block 64 --buffer out=32 > %t.hang 2>&1; echo "exit=$?" >> %t.hang
// RUN: FileCheck --check-prefix=HANG %s < %t.hang

__device__ __forceinline__ void storeRelease(unsigned *p, unsigned v) {
  asm volatile("st.release.cta.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned loadAcquire(unsigned *p) {
  unsigned v;
  asm volatile("ld.acquire.cta.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned loadRelaxed(unsigned *p) {
  unsigned v;
  asm volatile("ld.relaxed.cta.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

// Warp 0 fills data, then releases the flag; warp 1 acquires it and reads.
__global__ void handoff(int *out) {
  __shared__ int data[32];
  __shared__ unsigned flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    data[threadIdx.x] = threadIdx.x * 3;
    __syncwarp();
    if (threadIdx.x == 0)
      storeRelease(&flag, 1);
  } else {
    while (loadAcquire(&flag) == 0)
      ;
    out[threadIdx.x - 32] = data[63 - threadIdx.x];
  }
}

// The same with a relaxed poll: nothing orders the reads after the writes.
__global__ void handoff_relaxed(int *out) {
  __shared__ int data[32];
  __shared__ unsigned flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    data[threadIdx.x] = threadIdx.x * 3;
    __syncwarp();
    if (threadIdx.x == 0)
      storeRelease(&flag, 1);
  } else {
    while (loadRelaxed(&flag) == 0)
      ;
    out[threadIdx.x - 32] = data[63 - threadIdx.x];
  }
}

// Fences around volatile accesses (the pre-Volta way): ordered.
__global__ void handoff_fenced(int *out) {
  __shared__ int data[32];
  __shared__ unsigned flag;
  volatile unsigned *vf = &flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    data[threadIdx.x] = threadIdx.x * 3;
    __syncwarp();
    __threadfence_block();
    if (threadIdx.x == 0)
      *vf = 1;
  } else {
    while (*vf == 0)
      ;
    __threadfence_block();
    out[threadIdx.x - 32] = data[63 - threadIdx.x];
  }
}

// A release orders only what came before it: the write after it races.
__global__ void write_after_release(int *out) {
  __shared__ int data[32];
  __shared__ unsigned flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    __syncwarp();
    if (threadIdx.x == 0)
      storeRelease(&flag, 1);
    data[threadIdx.x] = threadIdx.x * 3;
  } else {
    while (loadAcquire(&flag) == 0)
      ;
    out[threadIdx.x - 32] = data[63 - threadIdx.x];
  }
}

// The lanes' writes are not synchronized with lane 0's release (no
// __syncwarp between): only lane 0's own write is ordered.
__global__ void no_syncwarp(int *out) {
  __shared__ int data[32];
  __shared__ unsigned flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    data[threadIdx.x] = threadIdx.x * 3;
    if (threadIdx.x == 0)
      storeRelease(&flag, 1);
  } else {
    while (loadAcquire(&flag) == 0)
      ;
    out[threadIdx.x - 32] = data[63 - threadIdx.x];
  }
}

// Lane 0 releases flag[1], then sets flag[0] relaxed: the poll of flag[0]
// reads a store that released nothing.
__global__ void other_flag(int *out) {
  __shared__ int data[32];
  __shared__ unsigned flag[2];
  if (threadIdx.x < 2)
    flag[threadIdx.x] = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    data[threadIdx.x] = threadIdx.x * 3;
    __syncwarp();
    if (threadIdx.x == 0) {
      storeRelease(&flag[1], 1);
      asm volatile("st.relaxed.cta.u32 [%0], %1;" ::"l"(&flag[0]), "r"(1) : "memory");
    }
  } else {
    while (loadAcquire(&flag[0]) == 0)
      ;
    out[threadIdx.x - 32] = data[63 - threadIdx.x];
  }
}

__global__ void never_set(int *out) {
  __shared__ unsigned flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x >= 32)
    while (loadAcquire(&flag) == 0)
      ;
  out[threadIdx.x % 32] = 1;
}

// CLEAN: kernel
// CLEAN-NOT: memory race
// CLEAN: exit=0
//
// RELAXED: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread {{[0-9]+}} reads at {{.*}}, thread {{[0-9]+}} wrote at {{.*}}, with no barrier between [shared-race]
// RELAXED: exit=1
//
// AFTER: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread {{[0-9]+}} reads at {{.*}}, thread {{[0-9]+}} wrote at {{.*}}, with no barrier between [shared-race]
// AFTER: exit=1
//
// Thread 32 reads data[31]: lane 31's write, not lane 0's.
// NOSYNC: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread 32 reads at {{.*}}, thread 31 wrote at {{.*}}, with no barrier between [shared-race]
// NOSYNC-NOT: thread 0 wrote
// NOSYNC: exit=1
//
// OTHER: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread {{[0-9]+}} reads at {{.*}}, thread {{[0-9]+}} wrote at {{.*}}, with no barrier between [shared-race]
// OTHER: exit=1
//
// HANG: shared ld 4B: {{[0-9]}} requests
// HANG: error: the kernel does not terminate: warp 1 (threads 32-63) of block (0,0,0) comes back to the same state
// HANG: exit=1
