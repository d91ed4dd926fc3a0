// Two kernels with known findings for the Neovim test (../nvim.test): a
// strided read and a transpose that reads its shared tile down a column.
#define TILE 32

// warplint: launch grid(64) block(256)
__global__ void gather(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
}

// warplint: launch grid(32,32) block(32,32)
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int w) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * w + x] = tile[threadIdx.x][threadIdx.y];
}
