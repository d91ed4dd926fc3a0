// Shared-memory transpose: the naive tile reads a column of a 32x32 tile,
// 32 lanes hitting one bank (32 wavefronts); the padded tile [32][33] does not.
#define TILE 32

// warplint: launch grid(32,32) block(32,32)
__global__ void transpose_naive(const float *in, float *out, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}

// warplint: launch grid(32,32) block(32,32)
__global__ void transpose_padded(const float *in, float *out, int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}
