// An `if` of unknown condition before a launch that sets what the launch
// reads (`if (len <= 32) block.x = 32; else block.x = 256;`) is one launch
// per branch, each named by its condition; the first (the then-branch) is
// analyzed and the others are said. Branches that give the launch the same
// values are one launch, named by neither; an `if` that leaves by a return,
// or sets nothing the host follows, is not a fork.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --no-cache --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %warplint accesses --no-cuda-sdk --no-cache --arg len=100 %s | FileCheck %s --check-prefix=ARG
#include <cuda_runtime.h>

__global__ void rows(const float *in, float *out, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < len)
    out[i] = in[i] * 2.0f;
}
// CHECK: kernel rows  launch grid(?) block(32,1,1) (host-launch at line [[L:[0-9]+]] (len <= 32) from main at hostflow-branch.cu:[[#]], 1 of 2 host launch shapes)
// JSON: "the host code also launches rows with grid(?) block(256,1,1) at line [[#L:]] (!(len <= 32)) from main
// --arg len decides the branch: one launch.
// ARG-LABEL: kernel rows  launch grid(1,1,1) block(256,1,1) (host-launch at line {{[0-9]+}} from main at hostflow-branch.cu:{{[0-9]+}}); host len = 100 from --arg

// Both branches give the same shape: one launch, no condition named.
__global__ void same(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
// CHECK-LABEL: kernel same  launch grid(16,1,1) block(128,1,1) (host-launch at line {{[0-9]+}} from main at hostflow-branch.cu:{{[0-9]+}}){{$}}

// Two forks: four paths, three shapes (the 2-D block's rows only matter
// when it is wide).
__global__ void tile(float *p) { p[blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x] = 2; }
// CHECK-LABEL: kernel tile  launch grid(8,1,1) block(64,4,1) (host-launch at line {{[0-9]+}} (wide, tall && x == 64) from main at hostflow-branch.cu:{{[0-9]+}}, 1 of 3 host launch shapes)

// A branch that returns is not a fork: the launch's block stays unknown.
__global__ void early(float *p) { p[threadIdx.x] = 3; }
// CHECK-LABEL: kernel early  launch grid(?) block(256,1,1) (assumed)

void launchRows(const float *in, float *out, int len) {
  dim3 block(256);
  if (len <= 32)
    block.x = 32;
  rows<<<(len + block.x - 1) / block.x, block>>>(in, out, len);
}

void launchSame(float *p, bool fast) {
  int threads = 128;
  if (fast)
    threads = 128;
  else
    threads = 64 * 2;
  same<<<16, threads>>>(p);
}

void launchTile(float *p, bool wide, bool tall) {
  int x = 32, y = 1;
  if (wide)
    x = 64;
  if (tall && x == 64)
    y = 4;
  tile<<<8, dim3(x, y)>>>(p);
}

void launchEarly(float *p, int n) {
  int threads;
  if (n > 1024)
    return;
  else
    threads = n;
  early<<<1, threads>>>(p);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 4096);
  cudaMalloc(&out, 4096);
  int len;
  launchRows(in, out, len);
  launchSame(out, len > 0);
  launchTile(out, len > 1, len > 2);
  launchEarly(out, len);
  return 0;
}
