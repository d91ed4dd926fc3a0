// global-uncoalesced: the sum of each row of a row-major matrix, one thread per
// row: at every step of the loop the lanes of a warp are a whole row apart (32
// sectors per request). The fix gives each row a warp whose lanes read adjacent
// elements and combine their partial sums with shuffles.
#include "timing.cuh"

__global__ void rowsum_before(const float *m, float *sums, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += m[(size_t)r * cols + c];
  sums[r] = s;
}

__global__ void rowsum_after(const float *m, float *sums, int rows, int cols) {
  int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (r >= rows)
    return;
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32)
    s += m[(size_t)r * cols + c];
  for (int off = 16; off > 0; off /= 2)
    s += __shfl_down_sync(0xffffffffu, s, off);
  if (lane == 0)
    sums[r] = s;
}

#define ROWSUM_PAIR(PAIR, ROWS, COLS)                                           \
  {                                                                             \
    const int rows = ROWS, cols = COLS;                                         \
    Buffer<float> m((size_t)rows * cols), sums(rows);                           \
    m.upload(randomFloats((size_t)rows * cols));                                \
    dim3 block(256);                                                            \
    dim3 gridBefore(rows / 256);                                                \
    dim3 gridAfter(rows * 32 / 256);                                            \
    TIME_LAUNCH(PAIR, "rowsum_before", gridBefore, block,                       \
                rowsum_before<<<gridBefore, block>>>(m.dev, sums.dev, rows, cols)); \
    std::vector<float> ref = sums.download();                                   \
    sums.clear();                                                               \
    TIME_LAUNCH(PAIR, "rowsum_after", gridAfter, block,                         \
                rowsum_after<<<gridAfter, block>>>(m.dev, sums.dev, rows, cols)); \
    checkSame(PAIR, ref, sums.download(), 1e-3);                                \
  }

int main() {
  ROWSUM_PAIR("rowsum-4k-x256", 4096, 256)     // 1M floats: L2-resident
  ROWSUM_PAIR("rowsum-16k-x1k", 16384, 1024)   // 16M floats: DRAM
  return 0;
}
