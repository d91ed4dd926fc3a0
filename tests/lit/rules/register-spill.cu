// register-spill, predicted from the IR (no ptxas needed): a kernel forced to
// spill by __launch_bounds__ is flagged, a light one is not; through a
// template and a macro; --maxrregcount lowers the cap.
// RUN: not %warplint check --no-cuda-sdk --ptxas=off %s 2>&1 | FileCheck %s --implicit-check-not='[register-spill]'
// RUN: not %warplint check --no-cuda-sdk --ptxas=off %s --kernel medium --maxrregcount=24 2>&1 | FileCheck %s --check-prefix=MAXREG --implicit-check-not='[register-spill]'
// The same kernels from the PTX LLVM writes for this file (.maxntid and
// .minnctapersm carry the bounds).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check --ptxas=off %t.ptx 2>&1 | FileCheck %s --check-prefix=PTX --implicit-check-not='[register-spill]'

#define N 64

// 64 accumulators live across a loop; __launch_bounds__(1024, 2) leaves 32
// registers per thread.
// PTX: register-spill.cu:[[@LINE+2]]:44: warning: kernel 'forced': about {{[0-9]+}} registers live at {{.*}} exceed the cap of 32 from __launch_bounds__(1024, 2): ptxas will likely spill{{.*}} [register-spill]
// CHECK: register-spill.cu:[[@LINE+1]]:44: warning: kernel 'forced': about 74 registers live at line [[@LINE+10]] exceed the cap of 32 from __launch_bounds__(1024, 2): ptxas will likely spill (an estimate from the IR, medium confidence: --ptxas=off); live there: acc from line [[@LINE+5]] (64 registers), {{.*}}; spilled values go to local memory, a round trip through L1 for each use; keep fewer values live at once {{.*}}, or relax __launch_bounds__(1024, 2) to __launch_bounds__(1024, 1), which allows 64 registers [register-spill]
__global__ void __launch_bounds__(1024, 2) forced(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      // CHECK: register-spill.cu:[[@LINE+1]]:44: note: the peak: about 74 registers live here
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The same kernel without the bounds fits in registers (negative).
__global__ void unbounded(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A template: 48 accumulators spill under the bounds, 4 do not.
// PTX: register-spill.cu:[[@LINE+2]]:61: warning: kernel 'tacc<48>': about {{[0-9]+}} registers live at {{.*}} exceed the cap of 32{{.*}} [register-spill]
// CHECK: register-spill.cu:[[@LINE+1]]:61: warning: kernel 'tacc<48>': about 58 registers live at line {{[0-9]+}} exceed the cap of 32 from __launch_bounds__(1024, 2): ptxas will likely spill {{.*}} [register-spill]
template <int M> __global__ void __launch_bounds__(1024, 2) tacc(const float *in, float *out, int iters) {
  float acc[M];
#pragma unroll
  for (int j = 0; j < M; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < M; ++j)
      acc[j] = acc[j] * acc[(j + 1) % M] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < M; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
template __global__ void tacc<48>(const float *, float *, int);
template __global__ void tacc<4>(const float *, float *, int);

// Through a macro: the finding is at the macro's use, on the kernel's name.
#define HEAVY_KERNEL(name, threads)                                                      \
  __global__ void __launch_bounds__(threads, 2) name(const float *in, float *out) {      \
    float acc[N];                                                                          \
    _Pragma("unroll") for (int j = 0; j < N; ++j) acc[j] = in[threadIdx.x + j * 1024];    \
    float s = 0;                                                                           \
    _Pragma("unroll") for (int j = 0; j < N; ++j) s += acc[j] * acc[(j * 7) % N];         \
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;                                        \
  }
// PTX: register-spill.cu:[[@LINE+2]]:14: warning: kernel 'from_macro': about {{[0-9]+}} registers {{.*}} [register-spill]
// CHECK: register-spill.cu:[[@LINE+1]]:14: warning: kernel 'from_macro': about {{[0-9]+}} registers live at line [[@LINE+1]] exceed the cap of 32 from __launch_bounds__(1024, 2){{.*}} [register-spill]
HEAVY_KERNEL(from_macro, 1024)
// 256 threads leave 255 registers: no spill (negative).
HEAVY_KERNEL(small_blocks, 256)

// A light kernel under the same bounds (negative).
__global__ void __launch_bounds__(1024, 2) light(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f + 1.0f;
}

// Suppressed on the kernel's line (negative).
// warplint: ignore[register-spill]
__global__ void __launch_bounds__(1024, 2) known(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * acc[(j * 5) % N];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// 16 accumulators: fine at the default cap, over --maxrregcount=24.
// MAXREG: register-spill.cu:[[@LINE+1]]:17: warning: kernel 'medium': about 26 registers live at line [[@LINE+9]] exceed the cap of 24 from --maxrregcount=24: ptxas will likely spill {{.*}}, or raise --maxrregcount to at least 26 [register-spill]
__global__ void medium(const float *in, float *out, int iters) {
  float acc[16];
#pragma unroll
  for (int j = 0; j < 16; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < 16; ++j)
      acc[j] = acc[j] * acc[(j + 1) % 16] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < 16; ++j)
    s += acc[j];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
