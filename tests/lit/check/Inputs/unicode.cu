// Non-ASCII text before a finding: SARIF columns count code points, LSP
// positions UTF-16 units, warplint byte columns.
// warplint: launch grid(64) block(256)
__global__ void wide(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  /* µ→𝄞 */ out[i] = in[8 * i];
}
