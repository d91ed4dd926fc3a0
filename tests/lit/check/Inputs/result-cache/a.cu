// Reads with the stride of include/stride.cuh, scaled by SCALE (a -D flag).
#include "stride.cuh"

__global__ void gather_a(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE * SCALE * i];
}
