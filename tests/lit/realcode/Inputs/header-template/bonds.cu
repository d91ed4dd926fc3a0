// Includes scale.cuh for its own reasons and launches a kernel of its own.
#include "scale.cuh"

__global__ void bondForces(const float *x, float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f[i] = x[i] * 0.5f;
}

void computeBonds(const float *x, float *f, int n) {
  bondForces<<<(n + 255) / 256, 256>>>(x, f, n);
}
