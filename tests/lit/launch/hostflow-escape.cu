// A local whose address is taken, or that a non-const reference names, can
// be written through the pointer anywhere after: from there on the host
// flow gives it no value and no bound. Before, `blocks = 8` after `q =
// &blocks` and a write `*q = 32` gave grid(8), and a bound proved before the
// write through the pointer survived it.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
#include <cuda_runtime.h>

__global__ void through_pointer(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
// CHECK: kernel through_pointer launch grid(?) block(256,1,1)

__global__ void through_reference(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
// CHECK: kernel through_reference launch grid(?) block(128,1,1)

__global__ void bound_then_pointer(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 2; }
// CHECK: kernel bound_then_pointer launch grid(?) block(64,1,1)
// CHECK-NOT: at most

// Taking a buffer pointer's address for cudaMalloc changes no integer.
__global__ void malloc_kept(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 4; }
// CHECK: kernel malloc_kept launch grid(16,1,1) block(96,1,1)

void pointer(float *p) {
  int blocks;
  int *q = &blocks;
  blocks = 8;
  *q = 32;
  through_pointer<<<blocks, 256>>>(p);
}

void reference(float *p) {
  int blocks = 4;
  int &r = blocks;
  blocks = 8;
  r = 32;
  through_reference<<<blocks, 128>>>(p);
}

void bounded(float *p, int m) {
  int b = m;
  int *q = &b;
  if (b > 24)
    b = 24;
  *q = 1000;
  bound_then_pointer<<<b, 64>>>(p);
}

void allocated() {
  float *d;
  int blocks = 16;
  cudaMalloc(&d, blocks * 96 * sizeof(float));
  malloc_kept<<<blocks, 96>>>(d);
}
