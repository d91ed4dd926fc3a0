// shared-static-too-large: static __shared__ memory above the 48 KB a block
// can declare (an error), or taking more than a fraction of an SM's shared
// memory (50% by default) so that it alone limits the resident blocks.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[shared-static-too-large]'
// RUN: not %warplint check --no-cuda-sdk --arch=sm_75 %s 2>&1 | FileCheck %s --check-prefixes=CHECK,SM75 --implicit-check-not='[shared-static-too-large]'
// The same from the PTX LLVM writes for this file (the .shared variables).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx 2>&1 | FileCheck %s --implicit-check-not='[shared-static-too-large]'
// RUN: not %warplint check --no-cuda-sdk --arch=sm_86 --config %S/Inputs/shared-fraction-25.yaml %s 2>&1 | FileCheck %s --check-prefixes=CHECK,FRAC --implicit-check-not='[shared-static-too-large]'

// 64 KB: over the static limit on every architecture.
// warplint: launch grid(128) block(256)
__global__ void too_big(const float *in, float *out) {
  // CHECK: shared-static-too-large.cu:[[@LINE+1]]:20: error: kernel 'too_big': 64 KB of static shared memory per block ('tile' (64 KB)) exceed the 48 KB a block can declare statically on sm_{{[0-9]+}}: ptxas rejects the kernel (too much shared data) and it cannot launch; allocate it as dynamic shared memory: declare 'extern __shared__ {{float|char}} tile[];', launch with 65536 bytes as the third <<<>>> argument, and first call cudaFuncSetAttribute(too_big, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536) (up to {{6[4]|99|227}} KB per block on sm_{{[0-9]+}}) [shared-static-too-large]
  __shared__ float tile[16384];
  int t = threadIdx.x;
  for (int k = t; k < 16384; k += 256)
    tile[k] = in[blockIdx.x * 16384 + k];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[(t * 37) % 16384];
}

// 40 KB in two arrays: fine on sm_90 (228 KB per SM), one block on sm_75.
// warplint: launch grid(128) block(256)
__global__ void large(const float *in, float *out) {
  // SM75: shared-static-too-large.cu:[[@LINE+2]]:20: warning: kernel 'large': 40 KB of static shared memory per block ('a' (24 KB), 'b' (16 KB)) take 63% of the 64 KB of an SM on sm_75: only 1 block fits = 25% occupancy, with block(256,1,1) from the annotation at line [[@LINE-2]]; use smaller tiles, or size the buffer at launch with dynamic shared memory (extern __shared__ and the third <<<>>> argument) so it can be tuned per architecture [shared-static-too-large]
  // FRAC: shared-static-too-large.cu:[[@LINE+1]]:20: warning: kernel 'large': 40 KB of static shared memory per block ('a' (24 KB), 'b' (16 KB)) take 41% of the 100 KB of an SM on sm_86 (with the 1 KB reserved per block): only 2 blocks fit = 33% occupancy{{.*}} [shared-static-too-large]
  __shared__ float a[6144];
  __shared__ int b[4096];
  int t = threadIdx.x;
  for (int k = t; k < 6144; k += 256)
    a[k] = in[blockIdx.x * 6144 + k];
  for (int k = t; k < 4096; k += 256)
    b[k] = k;
  __syncthreads();
  out[blockIdx.x * 256 + t] = a[(t * 37) % 6144] + b[t];
}

// A template: 64 KB is an error, 8 KB is fine.
template <int KB> __global__ void tiled(const float *in, float *out) {
  // CHECK: shared-static-too-large.cu:[[@LINE+1]]:20: error: kernel 'tiled<64>': 64 KB of static shared memory per block ('s' (64 KB)) exceed the 48 KB{{.*}} cudaFuncSetAttribute(tiled<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536){{.*}} [shared-static-too-large]
  __shared__ float s[KB * 256];
  int t = threadIdx.x;
  for (int k = t; k < KB * 256; k += blockDim.x)
    s[k] = in[blockIdx.x * KB * 256 + k];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[(t * 37) % (KB * 256)];
}
template __global__ void tiled<64>(const float *, float *);
template __global__ void tiled<8>(const float *, float *);

// Declared through a macro: the finding points at the name in the macro's use.
#define DECLARE_TILE(name, n) __shared__ float name[n]
__global__ void via_macro(const float *in, float *out) {
  // CHECK: shared-static-too-large.cu:[[@LINE+1]]:16: error: kernel 'via_macro': 50.8 KB of static shared memory per block ('buf' (50.8 KB)) exceed the 48 KB{{.*}} launch with 52000 bytes{{.*}} [shared-static-too-large]
  DECLARE_TILE(buf, 13000);
  int t = threadIdx.x;
  for (int k = t; k < 13000; k += blockDim.x)
    buf[k] = in[k];
  __syncthreads();
  out[t] = buf[(t * 37) % 13000];
}

// Suppressed at the declaration (negative).
__global__ void known(const float *in, float *out) {
  // warplint: ignore[shared-static-too-large]
  __shared__ float big[16384];
  big[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = big[255 - threadIdx.x];
}

// 16 KB: below every limit (negative).
__global__ void small(const float *in, float *out) {
  __shared__ float s[4096];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}
