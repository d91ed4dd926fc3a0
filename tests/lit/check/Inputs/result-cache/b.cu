// Reads with the stride of include/stride.cuh.
#include "stride.cuh"

__global__ void gather_b(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE * i];
}
