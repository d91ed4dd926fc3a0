// On disk: a clean copy. The LSP session edits it in memory (never saving),
// and the server must check the editor's text, not this file.
// warplint: launch grid(64) block(256)
__global__ void copy(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
