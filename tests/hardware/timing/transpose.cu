// shared-bank-conflict: the shared-memory transpose with a [32][32] tile (the
// column read puts all 32 lanes in one bank: 32 wavefronts) against the padded
// [32][33] tile.
#include "timing.cuh"

__global__ void transpose_before(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_after(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

#define TRANSPOSE_PAIR(PAIR, N)                                                 \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> in((size_t)n * n), out((size_t)n * n);                        \
    in.upload(randomFloats((size_t)n * n));                                     \
    dim3 block(32, 8);                                                          \
    dim3 grid(n / 32, n / 32);                                                  \
    TIME_LAUNCH(PAIR, "transpose_before", grid, block,                          \
                transpose_before<<<grid, block>>>(in.dev, out.dev, n));         \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "transpose_after", grid, block,                           \
                transpose_after<<<grid, block>>>(in.dev, out.dev, n));          \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  TRANSPOSE_PAIR("transpose-1k", 1024)
  TRANSPOSE_PAIR("transpose-4k", 4096)
  TRANSPOSE_PAIR("transpose-8k", 8192)
  return 0;
}
