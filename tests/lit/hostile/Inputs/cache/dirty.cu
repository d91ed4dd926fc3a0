// A kernel with a finding (a strided read: global-uncoalesced).
// warplint: launch grid(8192) block(256)
__global__ void dirty(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[4 * i];
}
