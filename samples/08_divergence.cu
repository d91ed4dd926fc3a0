// A branch on threadIdx.x % 2 splits every warp; one on threadIdx.x / 32 is
// the same for all lanes of a warp. A data-dependent index is measured, not
// guessed.

// warplint: launch grid(512) block(256)
__global__ void odd_even(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2)
    v = v * 3.0f;
  else
    v = v + 1.0f;
  out[i] = v;
}

// warplint: launch grid(512) block(256)
__global__ void per_warp(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if ((threadIdx.x / 32) % 2)
    v = v * 3.0f;
  else
    v = v + 1.0f;
  out[i] = v;
}

// warplint: launch grid(512) block(256)
__global__ void gather(const int *index, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[index[i]];
}
