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
// Shared-memory tiles between barriers: what the shared-memory observers
// (race detector, initialization shadow) cost per access.
__global__ void tiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[16][16], Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  for (int t = 0; t < N; t += 16) {
    As[ty][tx] = A[row * N + t + tx];
    Bs[ty][tx] = B[(t + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}
// A private array indexed at run time stays in local memory: what the
// initialization shadow costs per local access.
__global__ void private_sum(float *out, int iters) {
  float priv[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 32; ++k)
    priv[k] = i + k;
  float acc = 0.0f;
  for (int k = 0; k < iters; ++k)
    acc += priv[(i + 7 * k) & 31];
  out[i] = acc;
}
