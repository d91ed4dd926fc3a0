// Linted by the CMake lint step: its stride comes from a header of the
// target's include directory.
#include "stride.cuh"

// warplint: launch grid(4096) block(256)
__global__ void gather(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE * i];
}
