// Checked under ../.warplint.yaml.
#define TILE 32

// warplint: launch block(256)
__global__ void stride8(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[8 * threadIdx.x];
}

// warplint: launch block(256)
__global__ void stride2(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}

// warplint: launch block(32,32)
__global__ void column(float *__restrict__ out) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
