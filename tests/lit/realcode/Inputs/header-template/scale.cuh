// A kernel template in a header several files include; only some use it.
template <int WIDTH> __global__ void scaleRows(const float *in, float *out, int n) {
  int i = blockIdx.x * WIDTH + threadIdx.x;
  if (i < n)
    out[i * WIDTH] = 2.0f * in[i * WIDTH];
}

// A kernel template of the header that no file of the project instantiates.
template <int WIDTH> __global__ void unusedRows(float *out, int n) {
  int i = blockIdx.x * WIDTH + threadIdx.x;
  if (i < n)
    out[i] = 0.0f;
}
