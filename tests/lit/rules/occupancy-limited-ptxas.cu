// occupancy-limited with the register count of nvcc's own device compile
// (check --ptxas, the default where nvcc is found) instead of the estimate.
// REQUIRES: nvcc
// RUN: not %warplint check --no-cuda-sdk --ptxas %s 2>&1 | FileCheck %s --implicit-check-not='[occupancy-limited]'

#define N 64

// warplint: launch grid(4096) block(256)
// CHECK: occupancy-limited-ptxas.cu:[[@LINE+2]]:17: warning: kernel 'many_registers': {{6[5-9]|7[0-9]|80}} registers per thread in blocks of 256 threads allow 3 blocks = 38% occupancy on sm_90, below the 50% threshold: {{6[5-9]|7[0-9]|80}} registers per thread (nvcc's device compile), with block(256,1,1) from the annotation at line [[@LINE-1]]; {{.*}} [occupancy-limited]
// CHECK: occupancy-limited-ptxas.cu:[[@LINE+1]]:17: note: nvcc's device compile (ptxas -v): {{[0-9]+}} registers
__global__ void many_registers(const float *in, float *out, int iters) {
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

// ptxas's 8192 bytes of shared memory and few registers: full occupancy.
// warplint: launch grid(4096) block(256)
__global__ void light_tile(const float *in, float *out) {
  __shared__ float s[2048];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
