// A kernel with no finding (a coalesced copy).
// warplint: launch grid(8192) block(256)
__global__ void clean(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[i];
}
