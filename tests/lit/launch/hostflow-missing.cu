// A kernel that still gets no time says which input is missing and how to
// give it: the host parameters and loop variables its grid is made of, the
// --arg flags that bind them, and --grid or the launch-file entry.
// RUN: not %warplint check --no-cuda-sdk --no-cache %s 2>&1 | FileCheck %s
// RUN: not %warplint check --no-cuda-sdk --no-cache --format=json %s | FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>
#include <stdlib.h>

__global__ void strided(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: hostflow-missing.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'strided': {{.*}}[global-uncoalesced]
  out[i] = in[i * 8];
  // CHECK: note: no time predicted: the grid is unknown; the grid of the host launch at hostflow-missing.cu:[[#@LINE+7]] is made of rows (a parameter of run_strided): --arg rows=VALUE gives it, or give it with --grid X,Y,Z or a launch-file entry {"kernel": "strided", "grid": [X, Y, Z]} (--launch-file)
}

// Called from main with a value read at run time: the parameter stays
// unknown.
void run_strided(const float *in, float *out, int rows) {
  int blocks = rows / 256;
  strided<<<blocks, 256>>>(in, out, 256);
}

__global__ void local_only(float *out) { out[(blockIdx.x * blockDim.x + threadIdx.x) * 4] = 0; }
// A local read from the environment: no --arg gives it; --grid does.
// JSON: "message": "no time predicted: the grid is unknown; the grid of the host launch at hostflow-missing.cu:{{[0-9]+}} is made of g (a local the host code leaves unknown), or give it with --grid X,Y,Z

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 1 << 24);
  cudaMalloc(&out, 1 << 24);
  run_strided(in, out, atoi(argv[1]));
  int g = atoi(getenv("GRID"));
  local_only<<<g, 128>>>(out);
  return 0;
}
