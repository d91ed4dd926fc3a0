// A bank conflict whose fix-it and note are at the tile's declaration, away
// from the warning's line (tests/lit/check/paths.test).
#define TILE 32

// warplint: launch grid(32,32) block(32,32)
__global__ void transpose(const float *in, float *out, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}
