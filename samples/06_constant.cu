// Constant memory serves one address per pass: a warp-uniform index is a
// broadcast, a per-thread index is serialized over the distinct addresses.
__constant__ float weights[32];

// warplint: launch grid(512) block(256)
__global__ void scale_uniform(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * weights[blockIdx.x % 32];
}

// warplint: launch grid(512) block(256)
__global__ void scale_per_thread(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * weights[threadIdx.x % 32];
}
