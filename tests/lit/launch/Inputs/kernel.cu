// Compiled through `warplint launch`: its stride comes from an -I header and
// a -D macro of the compile command.
#include "stride.cuh"

__global__ void gather(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE_FROM_HEADER * SCALE * i];
}
