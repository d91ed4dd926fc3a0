// Correct cross-block patterns: the global race check must report nothing.
// RUN: %warplint run --no-cuda-sdk %s --kernel fence_reduce --grid 8 --block 128 --buffer in=4096:iota --buffer partial=8 --buffer out=1 > %t.fr
// RUN: FileCheck %s --check-prefix=CLEAN < %t.fr
// RUN: %warplint run --no-cuda-sdk %s --kernel fence_reduce_all --grid 6 --block 64 --buffer in=384:iota --buffer partial=6 --buffer out=1 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel counters --grid 8 --block 64 --buffer in=512:iota --buffer hist=16 --buffer total=1 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel own_tile --grid 8 --block 64 --buffer in=514:iota --buffer out=512 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel grid_stride --grid 4 --block 64 --arg n=3000 --buffer x=3000:iota --buffer y=3000:iota | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel compact --grid 8 --block 64 --arg n=512 --buffer in=512:iota --buffer out=512 --buffer count=1 | FileCheck %s --check-prefix=CLEAN
// The same reduction without the fence: the last block may read partial
// sums that are not visible yet.
// RUN: not %warplint run --no-cuda-sdk %s --kernel reduce_no_fence --grid 8 --block 128 --buffer in=4096:iota --buffer partial=8 --buffer out=1 | FileCheck %s --check-prefix=NOFENCE
// CLEAN: kernel
// CLEAN-NOT: memory race
// CLEAN-NOT: error

__device__ unsigned int retired = 0;

// The threadfence reduction of the CUDA programming guide: each block writes
// its partial sum, fences, and takes a ticket; the block with the last ticket
// sums the partial sums and resets the counter.
__global__ void fence_reduce(const float *in, float *partial, float *out) {
  __shared__ float s[128];
  __shared__ bool last;
  unsigned t = threadIdx.x;
  float v = 0;
  for (unsigned i = blockIdx.x * blockDim.x + t; i < 4096; i += gridDim.x * blockDim.x)
    v += in[i];
  s[t] = v;
  __syncthreads();
  for (unsigned o = blockDim.x / 2; o > 0; o /= 2) {
    if (t < o)
      s[t] += s[t + o];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned ticket = atomicInc(&retired, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    float sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b)
      sum += partial[b];
    out[0] = sum;
    retired = 0;
  }
}

// A variant: every thread fences, a barrier, then one thread takes the
// ticket; the last block reads the partial sums with all its threads.
__global__ void fence_reduce_all(const float *in, float *partial, float *out) {
  __shared__ bool last;
  __shared__ float s[64];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t == 0)
    partial[blockIdx.x] = 0;
  __syncthreads();
  atomicAdd(&partial[blockIdx.x], in[i]);
  __threadfence();
  __syncthreads();
  if (t == 0)
    last = atomicAdd(&retired, 1u) == gridDim.x - 1;
  __syncthreads();
  if (!last)
    return;
  s[t] = t < gridDim.x ? partial[t] : 0;
  __syncthreads();
  if (t == 0) {
    float sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b)
      sum += s[b];
    out[0] = sum;
    retired = 0;
  }
}

// Atomic counters: a histogram and a total, from every block.
__global__ void counters(const int *in, unsigned *hist, unsigned *total) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[in[i] % 16], 1u);
  atomicAdd(total, 1u);
}

// Each block writes its own tile (and reads its neighbours' input).
__global__ void own_tile(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + in[i + 1] + in[i + 2];
}

// A grid-stride loop: each thread owns its elements.
__global__ void grid_stride(int n, float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = 2 * x[i] + y[i];
}

// Stream compaction: an atomic counter hands out distinct output slots.
__global__ void compact(int n, const int *in, int *out, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0)
    out[atomicAdd(count, 1u)] = in[i];
}

__global__ void reduce_no_fence(const float *in, float *partial, float *out) {
  __shared__ bool last;
  unsigned t = threadIdx.x;
  if (t == 0) {
    float v = 0;
    for (unsigned i = blockIdx.x * 512; i < blockIdx.x * 512 + 512; ++i)
      v += in[i];
    partial[blockIdx.x] = v;
    last = atomicInc(&retired, gridDim.x) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    float sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b)
      sum += partial[b];
    out[0] = sum;
    retired = 0;
  }
}
// NOFENCE: error: global-memory race on byte offset {{[0-9]+}} of buffer 'partial' between blocks: {{.*}}correct-patterns.cu:[[@LINE-5]]{{.*}}correct-patterns.cu:[[@LINE-12]]{{.*}}[global-race]
// Which block reads the partial sums depends on the order blocks took their
// tickets; the race is one finding, at the read, whichever block that is.
// NOFENCE-NOT: [global-race]
