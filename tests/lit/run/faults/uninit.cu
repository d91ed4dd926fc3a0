// Uninitialized reads: shadow state for shared memory (per block), local
// memory (per thread), the device heap (heap.cu), and, with --init-check,
// global buffers given without a fill. The first read of a byte nothing
// wrote is reported with its site and the memory's.
// RUN: not %warplint run --no-cuda-sdk %s --kernel shared_half --grid 1 --block 64 --buffer out=64 | FileCheck %s --check-prefix=SHARED
// RUN: %warplint run --no-cuda-sdk %s --kernel shared_full --grid 1 --block 64 --buffer out=64 | FileCheck %s --check-prefix=CLEAN
// The shadow can be left out, to measure its cost (bench/devicemodel.sh):
// RUN: %warplint run --no-cuda-sdk %s --kernel shared_half --grid 1 --block 64 --buffer out=64 --no-shadow-checks | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint run --no-cuda-sdk %s --kernel local_partial --grid 1 --block 32 --buffer out=32 --arg n=4 | FileCheck %s --check-prefix=LOCAL
// RUN: %warplint run --no-cuda-sdk %s --kernel local_partial --grid 1 --block 32 --buffer out=32 --arg n=8 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint run --no-cuda-sdk %s --kernel copy --grid 1 --block 32 --buffer in=32 --buffer out=32 --init-check | FileCheck %s --check-prefix=GLOBAL
// RUN: %warplint run --no-cuda-sdk %s --kernel copy --grid 1 --block 32 --buffer in=32:iota --buffer out=32 --init-check | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel copy --grid 1 --block 32 --buffer in=32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel struct_copy --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint check --no-cuda-sdk %s --confirm --arg n=4 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[device-fault]'

// Only the first warp fills the tile; the second reads what nobody wrote.
// warplint: launch grid(1) block(64)
__global__ void shared_half(float *out) {
  __shared__ float tile[64];
  if (threadIdx.x < 32)
    tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}
// SHARED: uninit.cu:[[@LINE-2]]:22: error: read of uninitialized memory: load of 4 bytes at byte offset 128 of shared memory ('tile'), which no thread of the block has written, by lane 0, thread (32,0,0) of block (0,0,0) [uninitialized-read]
// CONFIRM: uninit.cu:[[@LINE-3]]:22: error: kernel 'shared_half': read of uninitialized memory: load of 4 bytes at byte offset 128 of shared memory ('tile'){{.*}}, found by the device model's run (grid(1,1,1) block(64,1,1)); write the memory before reading it{{.*}} [device-fault]

// Negative: every element written before the barrier.
// warplint: launch grid(1) block(64)
__global__ void shared_full(float *out) {
  __shared__ float tile[64];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

// A private array filled up to n and read at threadIdx.x % 8.
// warplint: launch grid(1) block(32)
__global__ void local_partial(float *out, int n) {
  float a[8];
  for (int k = 0; k < n; ++k)
    a[k] = k;
  out[threadIdx.x] = a[threadIdx.x % 8];
}
// LOCAL: uninit.cu:[[@LINE-2]]:22: error: read of uninitialized memory: load of 4 bytes at byte offset 16 of the thread's local memory (a private variable or array), which it has not written, by lane 4, thread (4,0,0) of block (0,0,0) [uninitialized-read]
// CONFIRM: uninit.cu:[[@LINE-3]]:22: error: kernel 'local_partial': read of uninitialized memory: {{.*}}local memory{{.*}} [device-fault]

// Global buffers are checked only with --init-check, and only those given
// without a fill (cudaMalloc'ed memory starts undefined).
__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
// GLOBAL: uninit.cu:[[@LINE-2]]:22: error: read of uninitialized memory: load of 4 bytes at byte offset 0 of buffer 'in', which was given without a fill (--init-check) and nothing has written, by lane 0, thread (0,0,0) of block (0,0,0) [uninitialized-read]

// Negative: memcpy carries the shadow, padding included, without reading.
struct Padded {
  char c;
  int v;
};
// warplint: launch grid(1) block(32)
__global__ void struct_copy(int *out) {
  Padded a[4], b[4];
  for (int k = 0; k < 4; ++k) {
    a[k].c = k;
    a[k].v = k * threadIdx.x;
  }
  __builtin_memcpy(b, a, sizeof(a));
  out[threadIdx.x] = b[threadIdx.x % 4].v + b[threadIdx.x % 4].c;
}

// CLEAN-NOT: error
// CLEAN: sites:
