// Includes a header that is not there but uses nothing from it.
#include <cuda_runtime.h>
#include "no_such_timer_library.h"

__global__ void scale(float *a) { a[blockIdx.x * 256 + threadIdx.x] *= 2.0f; }

int main() {
  float *a;
  cudaMalloc(&a, 64 * 256 * sizeof(float));
  scale<<<64, 256>>>(a);
}
