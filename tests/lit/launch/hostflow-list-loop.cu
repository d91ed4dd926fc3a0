// A launch in a loop over a constant list (`for (int bs : {32, 64, 128})`)
// is one launch per value, each named by it; the first is analyzed and the
// others are said. A loop over a range that is not constant leaves the
// value unknown and asks for it by name; --arg gives it.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --no-cache --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %warplint accesses --no-cuda-sdk --no-cache --arg bs=512 --arg tpb=128 %s | FileCheck %s --check-prefix=ARG
#include <cuda_runtime.h>
#include <initializer_list>

__global__ void sweep(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 0;
}
// CHECK: kernel sweep  launch grid(128,1,1) block(32,1,1) (host-launch at line [[L:[0-9]+]] (bs = 32), 1 of 3 host launch shapes); n = 4096 from the host launch at hostflow-list-loop.cu:[[L]]{{$}}
// JSON: "the host code also launches sweep with grid(64,1,1) block(64,1,1) at line [[#L:]] (bs = 64); grid(32,1,1) block(128,1,1) at line {{[0-9]+}} (bs = 128); analyzed at grid(128,1,1) block(32,1,1);
// --arg bs picks the value: one launch.
// ARG-LABEL: kernel sweep  launch grid(8,1,1) block(512,1,1) (host-launch at line {{[0-9]+}}); host bs = 512 from --arg; n = 4096 from

// A const array of sizes is a constant list too; nested lists multiply.
__global__ void nested(float *p, int n) { p[blockIdx.x * blockDim.x + threadIdx.x] = n; }
// CHECK-LABEL: kernel nested  launch grid(2,1,1) block(16,1,1) (host-launch at line {{[0-9]+}} (rows = 2, w = 16), 1 of 4 host launch shapes)

// Sizes from an array the code may change: not a constant list, the value is asked for.
__global__ void vec(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
// CHECK-LABEL: kernel vec  launch grid(?) block(256,1,1) (assumed)
// JSON: "grid unknown: blocks sampled as if the grid were large (the grid of the host launch at hostflow-list-loop.cu:{{[0-9]+}} is made of tpb (the variable of the loop at line {{[0-9]+}}): --arg tpb=VALUE gives it)"
// ARG-LABEL: kernel vec  launch grid(32,1,1) block(128,1,1) (host-launch at line {{[0-9]+}}); host tpb = 128 from --arg{{$}}

const int Widths[] = {16, 32};

int main() {
  int n = 4096;
  float *p;
  cudaMalloc(&p, n * sizeof(float));
  for (int bs : {32, 64, 128})
    sweep<<<(n + bs - 1) / bs, bs>>>(p, n);
  for (int rows : {2, 4})
    for (int w : Widths)
      nested<<<rows, w>>>(p, n);
  int sizes[2] = {128, 256};
  for (int tpb : sizes)
    vec<<<n / tpb, tpb>>>(p);
  return 0;
}
