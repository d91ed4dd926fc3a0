// A host launch of 2^31 - 1 blocks of 1024 threads: check --confirm samples a
// few blocks of it, and its memory must be that of the blocks it runs.
#include <cuda_runtime.h>

__global__ void copy(const float *in, float *out) {
  long i = long(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&out, 1 << 20);
  copy<<<2147483647, 1024>>>(in, out);
  return 0;
}
