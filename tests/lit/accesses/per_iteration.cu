// An access whose cost changes with the loop counter reports its cost per
// iteration ("per-iteration", repeats folded as VALUExCOUNT), besides the
// average and range: for a loop the model samples iteration by iteration, and
// for the copies of a fully unrolled loop, which run one after another.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON

// Interleaved addressing, unrolled by the compiler: 2-, 4-, 8-way conflicts,
// then fewer lanes (16, 8, 4, 2, 1 of them) on ever fewer banks.
// warplint: launch grid(1024) block(256)
__global__ void interleaved(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 1; stride < 256; stride *= 2) {
    unsigned idx = 2 * stride * t;
    if (idx < 256)
      s[idx] += s[idx + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// CHECK-LABEL: kernel interleaved
// CHECK:      per_iteration.cu:19:14 shared ld 4B bank-conflict wavefronts_per_request=3.92 ideal 1.00 range 1.00..8.00 per-iteration 2,4,8x3,4,2,1 [8 IR sites]
// CHECK-NEXT: per_iteration.cu:19:14 shared st 4B bank-conflict wavefronts_per_request=3.92 ideal 1.00 range 1.00..8.00 per-iteration 2,4,8x3,4,2,1 [8 IR sites]
// CHECK-NEXT: per_iteration.cu:19:17 shared ld 4B bank-conflict wavefronts_per_request=3.92 ideal 1.00 range 1.00..8.00 per-iteration 2,4,8x3,4,2,1 [8 IR sites]

// The same loop kept rolled: the per-iteration figures come from sampling
// the loop iteration by iteration, and agree.
// warplint: launch grid(1024) block(256)
__global__ void interleaved_rolled(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
#pragma unroll 1
  for (unsigned stride = 1; stride < 256; stride *= 2) {
    unsigned idx = 2 * stride * t;
    if (idx < 256)
      s[idx] += s[idx + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// CHECK-LABEL: kernel interleaved_rolled
// CHECK:      per_iteration.cu:42:14 shared ld 4B loop-varying wavefronts_per_request=3.92 ideal 1.00 range 1.00..8.00 per-iteration 2,4,8x3,4,2,1{{$}}

// Sequential addressing: conflict-free in every iteration, no list.
// warplint: launch grid(1024) block(256)
__global__ void sequential(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// CHECK-LABEL: kernel sequential
// CHECK:      per_iteration.cu:60:12 shared ld 4B conflict-free wavefronts_per_request=1.00 ideal 1.00 [8 IR sites]{{$}}

// A base alignment that moves with the loop counter: one sector more in
// every iteration but the first.
// warplint: launch grid(1024) block(256)
__global__ void sliding(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    sum += in[i + j];
  out[i] = sum;
}
// CHECK-LABEL: kernel sliding
// CHECK:      per_iteration.cu:77:12 global ld 4B loop-varying stride 4B sliding-window sectors_per_request=4.88 ideal 4.00 range 4.00..5.00 per-iteration 4,5x7{{$}}

// Negative: copies of one access on two paths (not one after another), with
// different costs; and a cost that differs between warps but not between
// iterations.
__device__ float pick(const float *p, int k) { return p[k]; }
// warplint: launch grid(64) block(256)
__global__ void paths(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if (blockIdx.x % 2)
    v = pick(in, 2 * i) * 2.0f;
  else
    v = pick(in, 4 * i) + 1.0f;
  for (int j = 0; j < 4; ++j)
    v += in[(threadIdx.x / 32) * threadIdx.x + j * 32];
  out[i] = v;
}
// CHECK-LABEL: kernel paths
// CHECK:      per_iteration.cu:[[@LINE-14]]:55 global ld 4B irregular sectors_per_request=13.33 ideal 4.00 range 8.00..16.00 [2 IR sites]{{$}}
// CHECK-NOT:  per-iteration

// In JSON the list is "per_iteration" under "predicted".
// JSON: "per_iteration": [
// JSON-NEXT:   2,
// JSON-NEXT:   4,
// JSON-NEXT:   8,
// JSON-NEXT:   8,
// JSON-NEXT:   8,
// JSON-NEXT:   4,
// JSON-NEXT:   2,
// JSON-NEXT:   1
// JSON-NEXT: ],
