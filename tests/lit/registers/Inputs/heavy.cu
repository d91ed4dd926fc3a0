// Heavy register use: 64 accumulators live across a loop. With
// __launch_bounds__(1024, 2) ptxas has 32 registers per thread and must spill;
// without bounds it fits in registers.
#define N 64
__global__ void __launch_bounds__(1024, 2)
heavy_bounded(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void heavy_free(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
