// A loop bound from an argument not given: no execution counts.
// warplint: launch grid(64) block(256)
__global__ void sum_rows(const float *__restrict__ in, float *__restrict__ out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < n; ++j)
    s += in[j * 16384 + row * 4];
  out[row] = s;
}
