// Two shared-memory reductions. Interleaved addressing (s[2*stride*t]) makes
// lanes collide on banks and diverge; sequential addressing does neither.

// warplint: launch grid(1024) block(256)
__global__ void reduce_interleaved(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 1; stride < 256; stride *= 2) {
    unsigned idx = 2 * stride * t;
    if (idx < 256)
      s[idx] += s[idx + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// warplint: launch grid(1024) block(256)
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
