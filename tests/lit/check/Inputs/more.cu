// More findings for the ordering test: a column walk and a stride of 4.
// warplint: launch grid(32,32) block(32,8)
__global__ void column_walk(const float *__restrict__ m, float *__restrict__ out, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[y * n + x] = m[x * n + y];
}

// warplint: launch block(128)
__global__ void stride4(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[4 * threadIdx.x];
}
