// Three kernels whose strides bench/lsp.py's edits toggle between 2 and 3.
// warplint: launch grid(64) block(256)
__global__ void a(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
// warplint: launch grid(64) block(256)
__global__ void b(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
// warplint: launch grid(64) block(256)
__global__ void c(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
