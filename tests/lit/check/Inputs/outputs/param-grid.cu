// The grid comes from a function parameter: no time without a hint.
__global__ void scale(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}

void launch(const float *in, float *out, int blocks) {
  scale<<<blocks, 256>>>(in, out);
}
