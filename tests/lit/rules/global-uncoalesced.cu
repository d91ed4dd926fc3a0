// global-uncoalesced: positive and negative cases, through macros and
// templates. Every [global-uncoalesced] line of the output must be matched.
// RUN: not %warplint check --no-cuda-sdk %s --arg n=1024 2>&1 | FileCheck %s --implicit-check-not='[global-uncoalesced]'
// The same findings from the PTX LLVM writes for this file (no annotations
// there: the launch is given).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx --block 256 2>&1 | FileCheck %s --check-prefix=PTX

// warplint: launch grid(64) block(256)
__global__ void stride8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // PTX: global-uncoalesced.cu:[[@LINE+2]]:12: warning: kernel 'stride8': 32 sectors per request where 4 would do: adjacent threads are 32 bytes apart{{.*}} [global-uncoalesced]
  // CHECK: global-uncoalesced.cu:[[@LINE+1]]:12: warning: kernel 'stride8': 32 sectors per request where 4 would do: adjacent threads are 32 bytes apart (8 elements of 4 bytes), with block(256,1,1) from the annotation at line {{[0-9]+}}; make adjacent threads touch adjacent elements {{.*}} [global-uncoalesced]
  out[i] = in[8 * i];
}

// Column-major walk of a row-major matrix.
// warplint: launch grid(32,32) block(32,8)
__global__ void column_walk(const float *m, float *out, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  // CHECK: global-uncoalesced.cu:[[@LINE+1]]:20: warning: kernel 'column_walk': 32 sectors per request where 4 would do: threadIdx.x walks down a column: adjacent threads are 4096 bytes apart, {{.*}}swap the index order {{.*}} [global-uncoalesced]
  out[y * n + x] = m[x * n + y];
}

// The same walk with the row length not given (only n is, above): the stride
// is reported as the formula it is in the argument, with the sampled values.
// warplint: launch grid(32,32) block(32,8)
__global__ void column_walk_pitch(const float *m, float *out, int pitch) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  // CHECK: global-uncoalesced.cu:[[@LINE+1]]:23: warning: kernel 'column_walk_pitch': 32 sectors per request where 4 would do: threadIdx.x walks down a column: adjacent threads are 4*pitch bytes apart (16384B at pitch=4096, 4000B at pitch=1000), {{.*}}swap the index order {{.*}} [global-uncoalesced]
  out[y * 1024 + x] = m[x * pitch + y];
}

// Through a macro: the location is the macro's use.
#define AT(p, i) (p)[(i) * 4]
// warplint: launch block(128)
__global__ void via_macro(const float *in, float *out) {
  // PTX: global-uncoalesced.cu:[[@LINE+2]]:22: warning: kernel 'via_macro': 16 sectors per request where 4 would do{{.*}} [global-uncoalesced]
  // CHECK: global-uncoalesced.cu:[[@LINE+1]]:22: warning: kernel 'via_macro': 16 sectors per request where 4 would do{{.*}} [global-uncoalesced]
  out[threadIdx.x] = AT(in, threadIdx.x);
}

// A template instantiated twice: only the strided instantiation warns.
template <int S> __global__ void scaled(const float *in, float *out) {
  // PTX: global-uncoalesced.cu:[[@LINE+2]]:22: warning: kernel 'scaled<2>': 8 sectors per request where 4 would do{{.*}} [global-uncoalesced]
  // CHECK: global-uncoalesced.cu:[[@LINE+1]]:22: warning: kernel 'scaled<2>': 8 sectors per request where 4 would do{{.*}} [global-uncoalesced]
  out[threadIdx.x] = in[threadIdx.x * S];
}
template __global__ void scaled<1>(const float *, float *);
template __global__ void scaled<2>(const float *, float *);

// Negative: coalesced, vectorized, broadcast, misaligned by one element
// (global-misaligned's business), and a suppressed strided read.
__global__ void fine(const float *__restrict__ in, const float4 *__restrict__ v,
                     float *__restrict__ out, float4 *__restrict__ vo) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + in[0] + in[i + 1];
  vo[i] = v[i];
  out[i] += in[2 * i]; // warplint: ignore[global-uncoalesced]
  // warplint: ignore[global-uncoalesced]
  out[i] += in[4 * i];
}
