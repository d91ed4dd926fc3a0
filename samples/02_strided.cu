// Strided global reads: each thread reads every 8th float, so a warp touches
// 32 sectors where 4 would do.
#include <cuda_runtime.h>

__global__ void gather_stride8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 8 << 24);
  cudaMalloc(&out, 1 << 24);
  gather_stride8<<<4096, 256>>>(in, out);
  cudaDeviceSynchronize();
}
