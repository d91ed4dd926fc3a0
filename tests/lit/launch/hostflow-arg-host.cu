// --arg NAME=VALUE binds, besides the kernel's argument of that name, the
// host parameter of that name on the way to the launch (here the launcher's
// M and N, which no call in the file gives: its caller is in another file),
// and the launch line says so. It wins over a value a call passes.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s --check-prefix=NONE
// RUN: %warplint accesses --no-cuda-sdk --no-cache --arg M=4096 --arg N=2048 %s | FileCheck %s
// RUN: not %warplint check --no-cuda-sdk --no-cache --arg M=4096 --arg N=2048 %s 2>&1 | FileCheck %s --check-prefix=CHECKCMD
#include <cuda_runtime.h>
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void gemm_like(const float *a, float *c, int M, int N) {
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  // CHECKCMD: hostflow-arg-host.cu:[[@LINE+2]]:{{[0-9]+}}: warning: kernel 'gemm_like': {{.*}}[global-uncoalesced]
  // CHECKCMD: note: assumed: host M = 4096, N = 2048 from --arg (on the way to the host launch at hostflow-arg-host.cu:{{[0-9]+}})
  c[row * N + col] = a[col * M + row];
}
// NONE-LABEL: kernel gemm_like  launch grid(?) block(16,16,1) (host-launch at line {{[0-9]+}}){{$}}
// CHECK-LABEL: kernel gemm_like  launch grid(128,256,1) block(16,16,1) (host-launch at line {{[0-9]+}}); host M = 4096, N = 2048 from --arg{{$}}

__global__ void called(float *c, int n) { c[blockIdx.x * blockDim.x + threadIdx.x] = n; }
// NONE-LABEL: kernel called  launch grid(4,1,1) block(256,1,1) (host-launch at line {{[0-9]+}} from main at hostflow-arg-host.cu:{{[0-9]+}}); n = 1024 from
// --arg N=2048 does not name this launcher's parameter (N is not n).
// CHECK-LABEL: kernel called  launch grid(4,1,1) block(256,1,1) (host-launch at line {{[0-9]+}} from main at hostflow-arg-host.cu:{{[0-9]+}}); n = 1024 from

void launch_gemm(const float *a, float *c, int M, int N) {
  dim3 block(16, 16);
  dim3 grid(CEIL_DIV(N, 16), CEIL_DIV(M, 16));
  gemm_like<<<grid, block>>>(a, c, M, N);
}

void launch_called(float *c, int n) { called<<<CEIL_DIV(n, 256), 256>>>(c, n); }

int main() {
  float *c;
  cudaMalloc(&c, 1 << 22);
  launch_called(c, 1024);
  return 0;
}
