// launch-fails: every limit the CUDA runtime checks at a launch, each with a
// launch that breaks it and one that does not (the same cases, measured on an
// H100, are tests/hardware/launchlimits.cu). One error per launch and limit,
// at the kernel, naming the launch, the CUDA error, the limit, the value and
// the fix.
// RUN: not %warplint check --no-cuda-sdk --ptxas=off %s 2>&1 | FileCheck %s --implicit-check-not='[launch-fails]' --implicit-check-not='[occupancy-limited]'
// The launch the command line gives is checked too.
// RUN: not %warplint check --no-cuda-sdk %s --kernel fill --grid 1,70000 --block 32 2>&1 | FileCheck %s --check-prefix=CMD
// CMD: error: kernel 'fill': the launch from the command line fails with cudaErrorInvalidValue: grid(1,70000,1) has 70000 blocks in y, more than the limit of 65535 on sm_90 (x at most 2147483647, y and z at most 65535); put the large dimension in x, or loop over the rest in the kernel [launch-fails]

__global__ void fill(float *o) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (1 << 20))
    o[i] = 1.0f;
}
__global__ void __launch_bounds__(256) bounded(float *o) { o[threadIdx.x] = 1.0f; }
__global__ void dyn(float *o) {
  extern __shared__ float d[];
  d[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = d[blockDim.x - 1 - threadIdx.x];
}
__global__ void dyn_optin(float *o) {
  extern __shared__ float d[];
  d[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = d[blockDim.x - 1 - threadIdx.x];
}
__global__ void static_dyn(float *o) {
  __shared__ float s[4096]; // 16 KB
  extern __shared__ float d[];
  s[threadIdx.x] = o[threadIdx.x];
  d[threadIdx.x] = o[threadIdx.x + 256];
  __syncthreads();
  o[threadIdx.x] = s[255 - threadIdx.x] + d[255 - threadIdx.x];
}
// 96 live accumulators: about 100 registers per thread.
__global__ void heavy(float *o, int iters) {
  float a[96];
#pragma unroll
  for (int j = 0; j < 96; ++j)
    a[j] = o[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int j = 0; j < 96; ++j)
      a[j] = a[j] * a[(j + 1) % 96] + o[it];
  float s = 0;
#pragma unroll
  for (int j = 0; j < 96; ++j)
    s += a[j] * j;
  o[threadIdx.x] = s;
}
// A local array of 4 << B bytes per thread.
template <int B> __global__ void local_arr(float *o, int n) {
  float a[1 << B];
  for (int i = 0; i < n; ++i)
    a[(i * 7919) & ((1 << B) - 1)] = i;
  o[threadIdx.x] = a[n & 1023];
}
// An annotation states a launch too: 2048 threads cannot launch.
// warplint: launch grid(8) block(64,32)
__global__ void annotated(float *o) { o[threadIdx.x] = 1.0f; }
// Suppressed (negative).
// warplint: ignore[launch-fails]
__global__ void known(float *o) { o[threadIdx.x] = 1.0f; }

void blocks(float *o) {
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: block(1025,1,1) has 1025 threads in x, more than the limit of 1024 on sm_90 (x and y at most 1024, z at most 64); use a block of at most 1024 in x [launch-fails]
  fill<<<1, 1025>>>(o);
  fill<<<1, 1024>>>(o);
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: block(1,1025,1) has 1025 threads in y, {{.*}} [launch-fails]
  fill<<<1, dim3(1, 1025)>>>(o);
  fill<<<1, dim3(1, 1024)>>>(o);
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: block(1,1,65) has 65 threads in z, more than the limit of 64 on sm_90 {{.*}}; use a block of at most 64 in z [launch-fails]
  fill<<<1, dim3(1, 1, 65)>>>(o);
  fill<<<1, dim3(1, 1, 64)>>>(o);
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: block(32,32,2) has 2048 threads, more than the 1024 a block can have on sm_90; use at most 1024 threads per block [launch-fails]
  fill<<<1, dim3(32, 32, 2)>>>(o);
  fill<<<1, dim3(32, 32, 1)>>>(o);
  // CHECK-DAG: error: kernel 'bounded': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: block(512,1,1) has 512 threads, more than the 256 that the kernel's __launch_bounds__(256) compiles it for; launch at most 256 threads per block, or raise __launch_bounds__ to 512 [launch-fails]
  bounded<<<1, 512>>>(o);
  bounded<<<1, 256>>>(o);
  known<<<1, 2048>>>(o);
}

void grids(float *o) {
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: grid(2147483648,1,1) has 2147483648 blocks in x, more than the limit of 2147483647 on sm_90 {{.*}}; split the blocks over y, or loop over the rest in the kernel (a grid-stride loop) [launch-fails]
  fill<<<dim3(2147483648u), 32>>>(o);
  fill<<<dim3(1 << 24), 32>>>(o);
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: grid(1,70000,1) has 70000 blocks in y, more than the limit of 65535 on sm_90 (x at most 2147483647, y and z at most 65535); put the large dimension in x, or loop over the rest in the kernel [launch-fails]
  fill<<<dim3(1, 70000), 32>>>(o);
  fill<<<dim3(1, 65535), 32>>>(o);
  // CHECK-DAG: error: kernel 'fill': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: grid(1,1,65536) has 65536 blocks in z, {{.*}} [launch-fails]
  fill<<<dim3(1, 1, 65536), 32>>>(o);
  fill<<<dim3(1, 1, 65535), 32>>>(o);
}

void shared(float *o) {
  // CHECK-DAG: error: kernel 'dyn': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: 64 KB of dynamic shared memory per block is more than the 48 KB a block may have without opting in, and the host code has no cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, ...); call cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536) before the launch [launch-fails]
  dyn<<<64, 256, 64 * 1024>>>(o);
  dyn<<<64, 256, 48 * 1024>>>(o);
  cudaFuncSetAttribute(dyn_optin, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  // CHECK-DAG: error: kernel 'dyn_optin': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: 80 KB of dynamic shared memory per block is more than the 64 KB the kernel opts in to at launch-fails.cu:[[@LINE-1]] (cudaFuncSetAttribute); raise the opt-in to 81920 or ask for less [launch-fails]
  dyn_optin<<<64, 256, 80 * 1024>>>(o);
  dyn_optin<<<64, 256, 64 * 1024>>>(o);
  // CHECK-DAG: error: kernel 'static_dyn': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: 16 KB static + 40 KB dynamic shared memory per block is more than the 48 KB a block may have without opting in, {{.*}}, 40960) before the launch [launch-fails]
  static_dyn<<<1, 256, 40 * 1024>>>(o);
  static_dyn<<<1, 256, 32 * 1024>>>(o);
  // CHECK-DAG: error: kernel 'dyn_optin': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: 228 KB of dynamic shared memory per block is more than the 227 KB a block can have on sm_90, even with the opt-in; use smaller tiles or fewer pipeline stages [launch-fails]
  dyn_optin<<<1, 256, 228 * 1024>>>(o);
}

void resources(float *o) {
  // CHECK-DAG: error: kernel 'heavy': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorLaunchOutOfResources: {{[0-9]+}} registers per thread x 1024 threads need {{[0-9]+}} registers, more than the 65536 a block can have on sm_90 (about {{[0-9]+}} registers per thread (an estimate from the IR, medium confidence: --ptxas=off)); use blocks of at most {{[0-9]+}} threads, or cap the registers with __launch_bounds__(1024) (watch for spills) [launch-fails]
  heavy<<<1, 1024>>>(o, 4);
  heavy<<<1, 256>>>(o, 4);
  // CHECK-DAG: error: kernel 'local_arr<18>': the host launch at launch-fails.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: the kernel needs 1024 KB of local memory per thread (the IR's local arrays, the largest the local array 'a'), not below the 512 KB per thread a launch may have on sm_90; keep the array in global memory (a cudaMalloc'd slice per thread) or shrink it [launch-fails]
  local_arr<18><<<1, 32>>>(o, 64);
  local_arr<12><<<1, 32>>>(o, 64);
}
// CHECK-DAG: error: kernel 'annotated': the launch annotation at line {{[0-9]+}} fails with cudaErrorInvalidValue: block(64,32,1) has 2048 threads, {{.*}} [launch-fails]
