// launch-fails with --ptxas: the local memory per thread is the stack frame
// of nvcc's device compile (1 MB here, which an H100 refused; 16 KB runs),
// and the registers its count; ptxas's on Clang's PTX with --ptxas=clang.
// REQUIRES: ptxas, nvcc
// RUN: not %warplint check --no-cuda-sdk --ptxas %s 2>&1 | FileCheck %s --implicit-check-not='[launch-fails]'
// RUN: not %warplint check --no-cuda-sdk --ptxas=clang %s 2>&1 | FileCheck %s --check-prefix=CLANG --implicit-check-not='[launch-fails]'

template <int B> __global__ void local_arr(float *o, int n) {
  float a[1 << B];
  for (int i = 0; i < n; ++i)
    a[(i * 7919) & ((1 << B) - 1)] = i;
  o[threadIdx.x] = a[n & 1023];
}

void host(float *o) {
  // CHECK: error: kernel 'local_arr<18>': the host launch at launch-fails-ptxas.cu:[[@LINE+2]] fails with cudaErrorInvalidValue: the kernel needs 1024 KB of local memory per thread (the stack frame of nvcc's device compile), not below the 512 KB per thread a launch may have on sm_90; {{.*}} [launch-fails]
  // CLANG: error: kernel 'local_arr<18>': the host launch at launch-fails-ptxas.cu:[[@LINE+1]] fails with cudaErrorInvalidValue: the kernel needs 1024 KB of local memory per thread (ptxas's stack frame), not below the 512 KB per thread a launch may have on sm_90; {{.*}} [launch-fails]
  local_arr<18><<<1, 32>>>(o, 64);
  local_arr<12><<<1, 32>>>(o, 64);
}
