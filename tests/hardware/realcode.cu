// Hardware fixture kernels: the shapes of real code that issue 23 found read
// wrong (ours, written after them). Each kernel's launch is written on it as
// an annotation (read by warplint) and in main() (run under Nsight Compute).
// Measured counters: h100/realcode.ncu.csv.
//
// A load whose lanes all read one address (a structure's field picked by
// blockIdx, a pointer field of a __constant__ or parameter structure, one row
// start per warp) gives one value per warp, not data: the addresses built on
// it keep their stride. And loads the optimizer hoists out of both arms of a
// branch keep a line.
#include <cuda_runtime.h>
#include <cstdio>

#define N (1 << 18)

struct Box { int offset; int pitch; float *data; };
struct Buffers { const float *in; float *out; };
__constant__ Buffers bufs;

// warplint: launch grid(1024) block(256)
__global__ void struct_field_base(const Box *box, const float *base, float *out) {
  int off = box[blockIdx.x].offset;
  out[blockIdx.x * 256 + threadIdx.x] = base[off + threadIdx.x * 8];
}
// warplint: launch grid(1024) block(256)
__global__ void const_struct_ptrs() {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  bufs.out[i] = bufs.in[i * 2];
}
// warplint: launch grid(1024) block(256)
__global__ void param_struct_ptrs(Buffers b) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  b.out[i] = b.in[i * 4];
}
// warplint: launch grid(1024) block(256)
__global__ void struct_pitch(const Box *p) {
  p->data[threadIdx.x * p->pitch + blockIdx.x] = 1.0f;
}
// warplint: launch grid(1024) block(256)
__global__ void warp_rows(const int *rowStart, const float *vals, float *out) {
  unsigned warp = (blockIdx.x * 256 + threadIdx.x) / 32, lane = threadIdx.x % 32;
  int row = rowStart[warp];
  out[blockIdx.x * 256 + threadIdx.x] = vals[row + lane];
}
// warplint: launch grid(1024) block(256)
__global__ void merged_arms(const float *a, const float *b, float *out, int flag) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  float v;
  if (flag > 3)
    v = a[i * 2] + b[i];
  else
    v = a[i * 2] - b[i];
  out[i] = v;
}

// warplint: launch grid(4) block(256)
__global__ void fill_boxes(Box *box, float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    box[i].offset = i * 256;
    box[i].pitch = 64;
    box[i].data = data;
  }
}
// warplint: launch grid(32) block(256)
__global__ void fill_rows(int *rowStart, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    rowStart[i] = i * 32;
}

int main() {
  float *a, *b, *c;
  Box *box;
  int *rows;
  size_t bytes = (size_t)N * 64;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  cudaMalloc(&box, 1024 * sizeof(Box));
  cudaMalloc(&rows, 8192 * sizeof(int));
  cudaMemset(a, 0, bytes);
  cudaMemset(b, 0, bytes);
  fill_boxes<<<4, 256>>>(box, c, 1024);
  fill_rows<<<32, 256>>>(rows, 8192);
  Buffers host = {a, b};
  cudaMemcpyToSymbol(bufs, &host, sizeof(host));
  struct_field_base<<<1024, 256>>>(box, a, b);
  const_struct_ptrs<<<1024, 256>>>();
  param_struct_ptrs<<<1024, 256>>>(host);
  struct_pitch<<<1024, 256>>>(box);
  warp_rows<<<1024, 256>>>(rows, a, b);
  merged_arms<<<1024, 256>>>(a, b, c, 5);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
