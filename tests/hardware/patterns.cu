// Hardware fixture kernels: one access pattern each. The launch of every
// kernel is written on it as an annotation (read by warplint) and in main()
// (run under Nsight Compute). Measured counters: patterns.ncu.csv.
#include <cuda_runtime.h>
#include <cstdio>

#define N (1 << 18)

struct F4 { float a, b, c, d; };

// warplint: launch grid(1024) block(256)
__global__ void copy_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// warplint: launch grid(1024) block(256)
__global__ void offset1_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
// warplint: launch grid(1024) block(256)
__global__ void stride2_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
// warplint: launch grid(1024) block(256)
__global__ void stride4_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
}
// warplint: launch grid(1024) block(256)
__global__ void stride32_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}
// warplint: launch grid(1024) block(256)
__global__ void half_index_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i / 2];
}
// warplint: launch grid(1024) block(256)
__global__ void block_uniform_f32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[blockIdx.x];
}
// warplint: launch grid(1024) block(256)
__global__ void float3_x(const float3 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x;
}
// warplint: launch grid(1024) block(256)
__global__ void struct16_field(const F4 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].a;
}
// warplint: launch grid(1024) block(256)
__global__ void copy_f64(const double *in, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// warplint: launch grid(1024) block(256)
__global__ void copy_float4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// warplint: launch grid(1024) block(256)
__global__ void copy_char(const char *in, char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// warplint: launch grid(1024) block(256)
__global__ void mod_index(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[(i * 32) % n];
}
// warplint: launch grid(1024) block(256)
__global__ void loop_offset(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    s += in[i + j];
  out[i] = s;
}
// 2-D blocks over a 1024-wide row-major matrix.
// warplint: launch grid(64,128) block(16,16)
__global__ void rowmajor_16x16(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
}
// warplint: launch grid(32,256) block(32,8)
__global__ void rowmajor_32x8(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
}
// warplint: launch grid(128,256) block(8,8)
__global__ void rowmajor_8x8(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
}
// warplint: launch grid(64,512) block(16,4)
__global__ void rowmajor_16x4(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
}
// Column-major walk: adjacent threads 1024 floats apart.
// warplint: launch grid(32,256) block(32,8)
__global__ void colmajor_32x8(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[x * 256 + y];
}
// Shared memory: transpose tiles.
// warplint: launch grid(32,32) block(32,32)
__global__ void transpose_32x32(const float *in, float *out) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 1024 + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * 1024 + x] = tile[threadIdx.x][threadIdx.y];
}
// warplint: launch grid(32,32) block(32,32)
__global__ void transpose_32x33(const float *in, float *out) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 1024 + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * 1024 + x] = tile[threadIdx.x][threadIdx.y];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_stride2(const float *in, float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[2 * t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[2 * t];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_stride33(const float *in, float *out) {
  __shared__ float s[33 * 256];
  int t = threadIdx.x;
  s[33 * t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[33 * t];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_f64(const double *in, double *out) {
  __shared__ double s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[255 - t];
}
// warplint: launch grid(1024) block(256)
__global__ void shared_f64_stride2(const double *in, double *out) {
  __shared__ double s[512];
  int t = threadIdx.x;
  s[2 * t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[2 * t];
}
// Reductions: interleaved (strided) vs sequential addressing.
// warplint: launch grid(1024) block(256)
__global__ void reduce_strided(const float *in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (int stride = 1; stride < 256; stride *= 2) {
    int idx = 2 * stride * t;
    if (idx < 256)
      s[idx] += s[idx + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// warplint: launch grid(1024) block(256)
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (int stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// Constant memory: uniform vs per-thread index.
__constant__ float coef[64];
// warplint: launch grid(1024) block(256)
__global__ void const_uniform(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = coef[blockIdx.x % 64];
}
// warplint: launch grid(1024) block(256)
__global__ void const_per_thread(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = coef[threadIdx.x % 16];
}
// Branches: lane-divergent vs warp-uniform.
// warplint: launch grid(1024) block(256)
__global__ void branch_divergent(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2)
    v = v * 3.0f + 1.0f;
  else
    v = v * 0.5f - 2.0f;
  out[i] = v;
}
// warplint: launch grid(1024) block(256)
__global__ void branch_uniform(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if ((threadIdx.x / 32) % 2)
    v = v * 3.0f + 1.0f;
  else
    v = v * 0.5f - 2.0f;
  out[i] = v;
}
// Local memory: a dynamically indexed private array.
// warplint: launch grid(1024) block(256)
__global__ void local_dynamic(const int *idx, float *out) {
  float a[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 64; ++k)
    a[k] = k * 0.5f + i;
  out[i] = a[idx[i] & 63];
}

int main() {
  float *a, *b;
  int *idx;
  size_t bytes = (size_t)N * 32 * sizeof(float4);
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&idx, N * sizeof(int));
  cudaMemset(a, 0, bytes);
  cudaMemset(idx, 0, N * sizeof(int));
  float h[64];
  for (int k = 0; k < 64; ++k)
    h[k] = k;
  cudaMemcpyToSymbol(coef, h, sizeof(h));
  dim3 g1(1024), b1(256);
  copy_f32<<<g1, b1>>>(a, b);
  offset1_f32<<<g1, b1>>>(a, b);
  stride2_f32<<<g1, b1>>>(a, b);
  stride4_f32<<<g1, b1>>>(a, b);
  stride32_f32<<<g1, b1>>>(a, b);
  half_index_f32<<<g1, b1>>>(a, b);
  block_uniform_f32<<<g1, b1>>>(a, b);
  float3_x<<<g1, b1>>>((const float3 *)a, b);
  struct16_field<<<g1, b1>>>((const F4 *)a, b);
  copy_f64<<<g1, b1>>>((const double *)a, (double *)b);
  copy_float4<<<g1, b1>>>((const float4 *)a, (float4 *)b);
  copy_char<<<g1, b1>>>((const char *)a, (char *)b);
  mod_index<<<g1, b1>>>(a, b, 64);
  loop_offset<<<g1, b1>>>(a, b);
  rowmajor_16x16<<<dim3(64, 128), dim3(16, 16)>>>(a, b);
  rowmajor_32x8<<<dim3(32, 256), dim3(32, 8)>>>(a, b);
  rowmajor_8x8<<<dim3(128, 256), dim3(8, 8)>>>(a, b);
  rowmajor_16x4<<<dim3(64, 512), dim3(16, 4)>>>(a, b);
  colmajor_32x8<<<dim3(32, 256), dim3(32, 8)>>>(a, b);
  transpose_32x32<<<dim3(32, 32), dim3(32, 32)>>>(a, b);
  transpose_32x33<<<dim3(32, 32), dim3(32, 32)>>>(a, b);
  shared_stride2<<<g1, b1>>>(a, b);
  shared_stride33<<<g1, b1>>>(a, b);
  shared_f64<<<g1, b1>>>((const double *)a, (double *)b);
  shared_f64_stride2<<<g1, b1>>>((const double *)a, (double *)b);
  reduce_strided<<<g1, b1>>>(a, b);
  reduce_sequential<<<g1, b1>>>(a, b);
  const_uniform<<<g1, b1>>>(b);
  const_per_thread<<<g1, b1>>>(b);
  branch_divergent<<<g1, b1>>>(a, b);
  branch_uniform<<<g1, b1>>>(a, b);
  local_dynamic<<<g1, b1>>>(idx, b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
