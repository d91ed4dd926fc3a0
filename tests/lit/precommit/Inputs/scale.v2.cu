#include <cuda_runtime.h>
// warplint: launch grid(65536) block(256)
__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[i * 4];
}
