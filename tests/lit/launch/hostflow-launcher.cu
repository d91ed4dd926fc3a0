// A launcher whose launch shape is computed from its parameters takes them
// from each call in the file: `launch(M, N)` called from main with
// constants gives grid(CEIL_DIV(N, 64), CEIL_DIV(M, 32)) and binds the
// kernel's M and N, naming the call it came through. Two calls with other
// values are two launches: the first whose grid is known is analyzed, the
// other named.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --no-cache --format=json %s | FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void tile(float *c, int M, int N) {
  int row = blockIdx.y * 32 + threadIdx.y, col = blockIdx.x * 64 + threadIdx.x;
  if (row < M && col < N)
    c[row * N + col] = 0;
}
// CHECK: kernel tile  launch grid(16,64,1) block(64,1,1) (host-launch at line [[L:[0-9]+]] from main at hostflow-launcher.cu:[[C1:[0-9]+]]); M = 2048 from the host launch at hostflow-launcher.cu:[[L]]; N = 1024 from the host launch at hostflow-launcher.cu:[[L]]{{$}}

__global__ void pair(float *c, int n) { c[blockIdx.x * blockDim.x + threadIdx.x] = n; }
// CHECK: kernel pair  launch grid(4,1,1) block(256,1,1) (host-launch at line [[P:[0-9]+]] from twice at hostflow-launcher.cu:{{[0-9]+}} from main at hostflow-launcher.cu:{{[0-9]+}}, 1 of 2 host launch shapes); n = 1024 from the host launch at hostflow-launcher.cu:[[P]]{{$}}
// JSON: "the host code also launches pair with grid(16,1,1) block(256,1,1) at line [[#P:]] from twice at hostflow-launcher.cu:{{[0-9]+}} from main at hostflow-launcher.cu:{{[0-9]+}}; analyzed at grid(4,1,1) block(256,1,1); --grid/--block or a launch-file entry analyzes another"

void launch(float *c, int M, int N) {
  dim3 grid(CEIL_DIV(N, 64), CEIL_DIV(M, 32));
  tile<<<grid, 64>>>(c, M, N);
}

void run_pair(float *c, int n) { pair<<<CEIL_DIV(n, 256), 256>>>(c, n); }

void twice(float *c, int base) {
  run_pair(c, base);
  run_pair(c, base * 4);
}

int main(int argc, char **argv) {
  float *c;
  cudaMalloc(&c, 1 << 24);
  launch(c, 2048, 1024);
  twice(c, 1024);
  return 0;
}
