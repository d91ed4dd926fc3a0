// A load whose lanes all read one address gives one (unknown) value per
// warp, not data: an address that adds the thread index to it keeps its
// stride. A pointer field of a __constant__ or parameter structure points to
// global memory (the host wrote it). Only loads whose lanes read different
// addresses make an access data-dependent.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck --check-prefix=JSON %s
#include <cuda_runtime.h>
struct Box { int offset; int pitch; float *data; };
struct Buffers { const float *in; float *out; };
__constant__ Buffers bufs;

// warplint: launch grid(64) block(256)
__global__ void fieldBase(const Box *box, const float *base, float *out) {
  int off = box[blockIdx.x].offset;
  out[blockIdx.x * 256 + threadIdx.x] = base[off + threadIdx.x * 8];
}
// CHECK-LABEL: kernel fieldBase
// CHECK: uniform_loads.cu:15:29 global ld 4B broadcast sectors_per_request=1.00
// CHECK: uniform_loads.cu:16:41 global ld 4B strided stride 32B sectors_per_request=32.00 ideal 4.00

// warplint: launch grid(64) block(256)
__global__ void constPtrs() {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  bufs.out[i] = bufs.in[i * 2];
}
// CHECK-LABEL: kernel constPtrs
// CHECK: uniform_loads.cu:25:8 const ld 8B broadcast
// CHECK: uniform_loads.cu:25:15 global st 4B coalesced stride 4B sectors_per_request=4.00
// CHECK: uniform_loads.cu:25:17 global ld 4B strided stride 8B sectors_per_request=8.00 ideal 4.00{{$}}

// warplint: launch grid(64) block(256)
__global__ void byValue(Buffers b) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  b.out[i] = b.in[i * 4];
}
// CHECK-LABEL: kernel byValue
// CHECK: uniform_loads.cu:35:12 global st 4B coalesced stride 4B
// CHECK: uniform_loads.cu:35:14 global ld 4B strided stride 16B sectors_per_request=16.00 ideal 4.00{{$}}

// A field of a structure in global memory: the pointer may point anywhere
// (generic, costed as global); the pitch is one unknown value per warp.
// warplint: launch grid(64) block(256)
__global__ void ptrField(const Box *p) {
  p->data[threadIdx.x * p->pitch] = 0.0f;
}
// CHECK-LABEL: kernel ptrField
// CHECK: uniform_loads.cu:45:35 generic st 4B strided stride 4*load@45 B (16384B at load@45=4096, 4000B at load@45=1000) sectors_per_request=32.00 ideal 4.00 (pointer loaded from global memory)
// JSON: "depends on load@45 (load@N: a value loaded at line N, one per warp, unknown before the kernel runs): sampled as 4096 and 1000"
// JSON: "stride_depends_on": "load@45"
// JSON: "stride_formula": "4*load@45"

// Lanes that read different addresses load data.
// warplint: launch grid(64) block(256)
__global__ void gathered(const int *idx, const float *in, float *out) {
  out[threadIdx.x] = in[idx[threadIdx.x]];
}
// CHECK-LABEL: kernel gathered
// CHECK: uniform_loads.cu:56:22 global ld 4B data-dependent (a value loaded at line 56)

// One row start per warp (a CSR row per warp): uniform within the warp.
// warplint: launch grid(64) block(256)
__global__ void warpRows(const int *rowStart, const float *vals, float *out) {
  unsigned warp = (blockIdx.x * 256 + threadIdx.x) / 32, lane = threadIdx.x % 32;
  int row = rowStart[warp];
  out[blockIdx.x * 256 + threadIdx.x] = vals[row + lane];
}
// CHECK-LABEL: kernel warpRows
// CHECK: uniform_loads.cu:65:13 global ld 4B broadcast
// CHECK: uniform_loads.cu:66:41 global ld 4B coalesced stride 4B sectors_per_request=4.00

// A byte of loaded data as a shared index: data-dependent, not "not modelled".
// warplint: launch grid(64) block(256)
__global__ void byteBins(const uchar4 *in, unsigned *hist) {
  __shared__ unsigned s[256 * 16];
  uchar4 v = in[blockIdx.x * 256 + threadIdx.x];
  atomicAdd(&s[v.x * 16], 1u);
  __syncthreads();
  hist[threadIdx.x] = s[threadIdx.x];
}
// CHECK-LABEL: kernel byteBins
// CHECK: uniform_loads.cu:77:3 shared atom 4B data-dependent (a value loaded at line 76)
// CHECK-NOT: unmodelled

// Private memory is each thread's own: one local address read by every lane
// is 32 values. A pointer picked from a per-thread table is data, not a
// uniform base (it was read as one buffer, "stride 32B").
// warplint: launch grid(64) block(256)
__global__ void privateTable(const float *a, const float *b, float *out, int k) {
  const float *src[2];
  src[0] = threadIdx.x % 2 ? a : b;
  src[1] = threadIdx.x % 2 ? b : a;
  volatile int j = k & 1;
  const float *p = src[j];
  out[blockIdx.x * 256 + threadIdx.x] = p[threadIdx.x * 8];
}
// CHECK-LABEL: kernel privateTable
// CHECK: uniform_loads.cu:[[@LINE-3]]:41 generic ld 4B data-dependent (a value loaded at line [[@LINE-4]])
