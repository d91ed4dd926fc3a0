// global-uncoalesced: an element-wise pass over a row-major n x n matrix whose
// threadIdx.x walks down a column (lanes are n floats apart: 32 sectors per
// request). The fix swaps the roles of x and y so threadIdx.x walks a row.
#include "timing.cuh"

__global__ void colmajor_before(const float *in, float *out, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x; // row from threadIdx.x
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  out[r * n + c] = 2.0f * in[r * n + c] + 1.0f;
}

__global__ void colmajor_after(const float *in, float *out, int n) {
  int c = blockIdx.x * blockDim.x + threadIdx.x; // column from threadIdx.x
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  out[r * n + c] = 2.0f * in[r * n + c] + 1.0f;
}

// One pair: n x n floats, block 32x8.
#define COLMAJOR_PAIR(PAIR, N)                                                  \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> in((size_t)n * n), out((size_t)n * n);                        \
    in.upload(randomFloats((size_t)n * n));                                     \
    dim3 block(32, 8);                                                          \
    dim3 grid(n / 32, n / 8);                                                   \
    TIME_LAUNCH(PAIR, "colmajor_before", grid, block,                           \
                colmajor_before<<<grid, block>>>(in.dev, out.dev, n));          \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "colmajor_after", grid, block,                            \
                colmajor_after<<<grid, block>>>(in.dev, out.dev, n));           \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  COLMAJOR_PAIR("colmajor-256", 256)   // 64K floats: launch/latency bound
  COLMAJOR_PAIR("colmajor-1k", 1024)   // 1M floats (4 MB): L2-resident
  COLMAJOR_PAIR("colmajor-4k", 4096)   // 16M floats (64 MB): DRAM
  COLMAJOR_PAIR("colmajor-8k", 8192)   // 64M floats (256 MB): DRAM
  return 0;
}
