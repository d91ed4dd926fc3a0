// One kernel that does not compile must not take the file's other kernels
// down: `strided` has a finding, `undeclared` calls a function declared
// nowhere, `caller` calls a device function that does not compile, and
// `clean` has nothing to report.
// warplint: launch grid(64) block(256)
__global__ void strided(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[threadIdx.x * 32];
}

__global__ void undeclared(float *out) {
  out[threadIdx.x] = not_declared_anywhere(threadIdx.x);
}

__device__ float broken_helper(float x) {
  return x * undefined_scale;
}

__global__ void caller(float *out) {
  out[threadIdx.x] = broken_helper(out[threadIdx.x]);
}

__global__ void clean(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}
