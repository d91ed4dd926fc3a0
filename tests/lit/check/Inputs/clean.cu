// A coalesced copy: no finding.
// warplint: launch grid(64) block(256)
__global__ void copy(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
