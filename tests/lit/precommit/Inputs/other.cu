#include <cuda_runtime.h>
// An old finding the commits do not touch.
// warplint: launch grid(4096) block(256)
__global__ void gather(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 8];
}
