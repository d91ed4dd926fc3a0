#include <factor.cuh>
// warplint: launch grid(65536) block(256)
__global__ void scale(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = FACTOR * in[i * 4];
}
