// Grids written the way PolyBench and Rodinia write them: a float division
// rounded up by ceil() and cast back, over a macro and a field of the block
// (`dim3 grid((size_t)ceil(((float)NI) / ((float)block.x)), ...)`). The host
// evaluator follows the float arithmetic (in float where the source computes
// in float) and ceil/floor, so the grid is known and the kernel is timed.
// A quotient that is not a whole number rounds up (ceil(4.5) is
// 5, ceilf(4300.0f / 256) is 17); a float that does not fit the integer
// leaves the grid unknown.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --no-cache --format=json %s | FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>
#include <math.h>
#define NI 4000
#define NJ 4096

__global__ void conv(int ni, int nj, float *a, float *b) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < nj)
    b[i * nj + j] = 2 * a[i * nj + j];
}
// CHECK: kernel conv  launch grid(128,500,1) block(32,8,1) (host-launch at line {{[0-9]+}} from main at hostflow-float-ceil.cu:{{[0-9]+}})

__global__ void row(int n, float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = n; }
// CHECK: kernel row  launch grid(17,1,1) block(256,1,1)

__global__ void half(int n, float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = n; }
// CHECK: kernel half  launch grid(2,1,1) block(64,1,1)

__global__ void huge(int n, float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = n; }
// CHECK: kernel huge  launch grid(?)

// JSON: "name": "conv"
// JSON: "predicted_us":

void convCuda(int ni, int nj, float *a, float *b) {
  dim3 block(32, 8);
  dim3 grid((size_t)ceil(((float)NJ) / ((float)block.x)), (size_t)ceil(((float)NI) / ((float)block.y)));
  conv<<<grid, block>>>(ni, nj, a, b);
  dim3 grid2((unsigned int)ceilf(4300.0f / 256), 1);
  row<<<grid2, 256>>>(ni, a);
  half<<<(int)floor(2.9 * 1.0), 64>>>(ni, a);
  huge<<<(unsigned int)ceil(1e30), 64>>>(ni, a);
}

int main() {
  float *a, *b;
  cudaMalloc(&a, NI * NJ * sizeof(float));
  cudaMalloc(&b, NI * NJ * sizeof(float));
  convCuda(NI, NJ, a, b);
  return 0;
}
