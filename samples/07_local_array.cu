// Private arrays: one indexed only by constants is promoted to registers;
// one indexed by a loaded value stays in local memory.

// warplint: launch grid(256) block(128)
__global__ void histogram_private(const int *keys, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int counts[16];
  int window[4];
  for (int k = 0; k < 16; ++k)
    counts[k] = 0;
  for (int k = 0; k < 4; ++k)
    window[k] = keys[i * 4 + k];
  for (int k = 0; k < 4; ++k)
    counts[window[k] & 15] += 1;
  for (int k = 0; k < 16; ++k)
    out[i * 16 + k] = counts[k];
}
