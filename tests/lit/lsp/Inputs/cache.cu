// Three kernels; b and c read through one device function.
__device__ float load(const float *p, int i) { return p[2 * i]; }
// warplint: launch grid(64) block(256)
__global__ void a(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
// warplint: launch grid(64) block(256)
__global__ void b(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = load(in, i);
}
// warplint: launch grid(64) block(256)
__global__ void c(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = load(in, i) + 1.0f;
}
