// A dispatcher `switch (which)` on a value that stays unknown (read from
// argv) reaches every case: one launch per reachable case, each named by the
// case and the calls it came through, with M, N, K from main's constants.
// A case the known value does not take, and an `if` known false, launch
// nothing; the value a case label gives is known inside the case.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --no-cache --arg which=2 %s | FileCheck %s --check-prefix=TWO
// RUN: %warplint accesses --no-cuda-sdk --no-cache --arg which=2 --kernel naive --format=json %s | FileCheck %s --check-prefix=TWOJSON
// TWOJSON: "the host launch at hostflow-dispatch.cu:{{[0-9]+}} is not reached with the values the host code and --arg give (a case or branch they do not take)"
#include <cuda_runtime.h>
#include <stdlib.h>
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void naive(float *c, int M, int N, int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < M * N)
    c[i] = K;
}
// CHECK-LABEL: kernel naive  launch grid(16384,1,1) block(1024,1,1) (host-launch at line {{[0-9]+}} (case 1) from main at hostflow-dispatch.cu:{{[0-9]+}}); K = 4096 {{.*}}; M = 4096 {{.*}}; N = 4096 {{.*}}{{$}}
// TWO-LABEL: kernel naive  launch grid(?) block(256,1,1) (assumed)

template <int BM, int BN>
__global__ void blocked(float *c, int M, int N, int K) {
  int row = blockIdx.y * BM + threadIdx.x / BN, col = blockIdx.x * BN + threadIdx.x % BN;
  if (row < M && col < N)
    c[row * N + col] = K;
}
// Case 3 sets its block from the case's own value of `which`.
__global__ void selfsized(float *c) { c[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
// CHECK-LABEL: kernel selfsized  launch grid(4,1,1) block(96,1,1) (host-launch at line {{[0-9]+}} (case 3) from main
// TWO-LABEL: kernel selfsized  launch grid(?) block(256,1,1) (assumed)

__global__ void dead(float *c) { c[threadIdx.x] = 0; }
// CHECK-LABEL: kernel dead  launch grid(?) block(256,1,1) (assumed)
// (The template's instantiations come last.)
// A branch on a value the file does not know (a global): both sides.
// CHECK-LABEL: kernel blocked<64, 64>  launch grid(64,64,1) block(256,1,1) (host-launch at line {{[0-9]+}} from run_tiled at hostflow-dispatch.cu:{{[0-9]+}} (prefer_big) from dispatch at hostflow-dispatch.cu:{{[0-9]+}} (case 2) from main at hostflow-dispatch.cu:{{[0-9]+}}); K = 4096
// CHECK-LABEL: kernel blocked<32, 32>  launch grid(128,128,1) block(256,1,1) (host-launch at line {{[0-9]+}} from run_tiled at hostflow-dispatch.cu:{{[0-9]+}} (!(prefer_big)) from dispatch at hostflow-dispatch.cu:{{[0-9]+}} (case 2) from main
// With --arg which=2 the switch is known: no case named, the binding said.
// TWO-LABEL: kernel blocked<64, 64>  launch grid(64,64,1) block(256,1,1) (host-launch at line {{[0-9]+}} from run_tiled at hostflow-dispatch.cu:{{[0-9]+}} (prefer_big) from dispatch at hostflow-dispatch.cu:{{[0-9]+}} from main at hostflow-dispatch.cu:{{[0-9]+}}); host which = 2 from --arg; K = 4096


template <int BM, int BN> void run_blocked(float *c, int M, int N, int K) {
  dim3 grid(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
  blocked<BM, BN><<<grid, 256>>>(c, M, N, K);
}

extern int prefer_big;

void run_tiled(float *c, int M, int N, int K) {
  if (prefer_big)
    run_blocked<64, 64>(c, M, N, K);
  else
    run_blocked<32, 32>(c, M, N, K);
}

void dispatch(int which, float *c, int M, int N, int K) {
  switch (which) {
  case 1:
    naive<<<CEIL_DIV(M * N, 1024), 1024>>>(c, M, N, K);
    break;
  case 2:
    run_tiled(c, M, N, K);
    break;
  case 3:
    selfsized<<<4, which * 32>>>(c);
    break;
  default:
    break;
  }
  if (sizeof(int) > 64)
    dead<<<1, 32>>>(c);
}

int main(int argc, char **argv) {
  int which = atoi(argv[1]);
  float *c;
  cudaMalloc(&c, 4096 * 4096 * 4);
  int m = 4096, n = 4096, k = 4096;
  dispatch(which, c, m, n, k);
  return 0;
}
