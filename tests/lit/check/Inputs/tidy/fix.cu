// Fix-its for check --fix and --export-fixes (tidy-fix.test, tidy-export-fixes.test):
// a tile padded against bank conflicts and a read-only pointer made
// __restrict__. Before both, text that is not ASCII — naïve, ½, 端 — so that
// byte offsets and character counts differ.
#define TILE 32

// warplint: launch grid(32,32) block(32,32)
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int width) {
  /* ½ */ __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}

// warplint: launch grid(64) block(256)
/* 端 */ __global__ void twice(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1;
  y[i + n] = 2 * x[i];
}
