// Kernels with findings for the output-format tests: a strided global read
// and a shared tile read down a column (with a padding fix-it).
#define TILE 32

// warplint: launch grid(64) block(256)
__global__ void strided(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}

// warplint: launch grid(32,32) block(32,32)
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}
