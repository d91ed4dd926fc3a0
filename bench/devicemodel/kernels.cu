__global__ void arith(float *out, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = i, b = 1.0001f;
  unsigned h = i;
  for (int k = 0; k < iters; ++k) {
    a = a * b + 0.5f;
    h = h * 1664525u + 1013904223u;
    b = b - 1e-7f;
  }
  out[i] = a + h;
}
__global__ void membound(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i] * 2.0f + 1.0f;
}
__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
      acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
