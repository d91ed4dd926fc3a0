// Out-of-bounds accesses of every kind compute-sanitizer's memcheck reports
// (global past the end, before the start, far away, null; shared; local), by
// `run` and by `check --confirm`, each with its site; a guarded access stays
// clean. (run/out-of-bounds.cu and rules/out-of-bounds.cu have more.)
// RUN: not %warplint run --no-cuda-sdk %s --kernel shared_past_end --grid 1 --block 64 --buffer in=64 --buffer out=64 | FileCheck %s --check-prefix=SHARED
// RUN: not %warplint run --no-cuda-sdk %s --kernel local_past_end --grid 1 --block 32 --buffer out=32 --arg n=9 | FileCheck %s --check-prefix=LOCAL
// RUN: %warplint run --no-cuda-sdk %s --kernel local_past_end --grid 1 --block 32 --buffer out=32 --arg n=7 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint run --no-cuda-sdk %s --kernel negative_index --grid 1 --block 32 --buffer below=32 --buffer out=32 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %warplint run --no-cuda-sdk %s --kernel null_pointer --grid 1 --block 32 --arg nil=0 --buffer out=32 | FileCheck %s --check-prefix=NULL
// RUN: not %warplint run --no-cuda-sdk %s --kernel far_away --grid 1 --block 32 --buffer src=32 --buffer out=32 --arg off=100000000 | FileCheck %s --check-prefix=FAR
// RUN: %warplint run --no-cuda-sdk %s --kernel guarded --grid 2 --block 64 --buffer in=100 --buffer out=100 --arg n=100 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer in=64 --buffer out=128 --buffer below=32 --buffer src=32 --arg nil=0 --arg n=9 --arg off=100000000 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[out-of-bounds]'

// A block of 64 threads filling a tile of 32.
// warplint: launch grid(1) block(64)
__global__ void shared_past_end(const float *in, float *out) {
  __shared__ float tile[32];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x % 32];
}
// SHARED: out-of-bounds.cu:[[@LINE-4]]:21: error: store of 4 bytes at byte offset 128 of shared memory (128 bytes) by lane 0, thread (32,0,0) of block (0,0,0) at {{.*}}out-of-bounds.cu:[[@LINE-4]] [out-of-bounds]
// CONFIRM: out-of-bounds.cu:[[@LINE-5]]:21: error: kernel 'shared_past_end': store of 4 bytes at byte offset 128 of shared memory (128 bytes) by lane 0, thread (32,0,0) of block (0,0,0), found by the device model's run {{.*}} [out-of-bounds]

// A private array read one element past its end.
// warplint: launch grid(1) block(32)
__global__ void local_past_end(float *out, int n) {
  float priv[8];
  for (int k = 0; k < 8; ++k)
    priv[k] = k * threadIdx.x;
  out[threadIdx.x] = priv[n];
}
// LOCAL: out-of-bounds.cu:[[@LINE-2]]:22: error: load of 4 bytes at byte offset 36 of local memory (32 bytes) by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}out-of-bounds.cu:[[@LINE-2]] [out-of-bounds]
// CONFIRM: out-of-bounds.cu:[[@LINE-3]]:22: error: kernel 'local_past_end': load of 4 bytes at byte offset 36 of local memory (32 bytes) {{.*}} [out-of-bounds]

// Thread 0 reads the element before the buffer.
// warplint: launch grid(1) block(32)
__global__ void negative_index(const float *below, float *out) {
  int i = threadIdx.x - 1;
  out[threadIdx.x] = below[i];
}
// NEGATIVE: out-of-bounds.cu:[[@LINE-2]]:22: error: load of 4 bytes at byte offset -4 of buffer 'below' (128 bytes), before its start, by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}out-of-bounds.cu:[[@LINE-2]] [out-of-bounds]
// CONFIRM: out-of-bounds.cu:[[@LINE-3]]:22: error: kernel 'negative_index': load of 4 bytes at byte offset -4 of buffer 'below' (128 bytes), before its start, {{.*}} [out-of-bounds]

// A null pointer given as the buffer.
// warplint: launch grid(1) block(32)
__global__ void null_pointer(const float *nil, float *out) {
  out[threadIdx.x] = nil[threadIdx.x];
}
// NULL: out-of-bounds.cu:[[@LINE-2]]:22: error: load of 4 bytes at a null pointer by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}out-of-bounds.cu:[[@LINE-2]] [out-of-bounds]
// CONFIRM: out-of-bounds.cu:[[@LINE-3]]:22: error: kernel 'null_pointer': load of 4 bytes at a null pointer {{.*}} [out-of-bounds]

// An offset 400 MB past a 128-byte buffer.
// warplint: launch grid(1) block(32)
__global__ void far_away(const float *src, float *out, long off) {
  out[threadIdx.x] = src[threadIdx.x + off];
}
// FAR: out-of-bounds.cu:[[@LINE-2]]:22: error: load of 4 bytes at byte offset 400000000 of buffer 'src' (128 bytes) by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}out-of-bounds.cu:[[@LINE-2]] [out-of-bounds]
// CONFIRM: out-of-bounds.cu:[[@LINE-3]]:22: error: kernel 'far_away': load of 4 bytes at byte offset 400000000 of buffer 'src' (128 bytes) {{.*}} [out-of-bounds]

// Negative: the grid is larger than the data, and the kernel checks.
// warplint: launch grid(2) block(64)
__global__ void guarded(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

// CLEAN-NOT: error
// CLEAN: sites:
