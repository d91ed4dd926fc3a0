// Kernels for register, spill, local-memory and SASS listing tests.
#define TILE 32

__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  float v = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    v += in[i];
  s[t] = v;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(out, s[0]);
}

__global__ void local_dynamic(const int *idx, float *out, int n) {
  float a[32];
  for (int j = 0; j < 32; ++j)
    a[j] = j * 0.5f + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += a[idx[k] & 31];
  out[threadIdx.x] = s;
}

__global__ void histogram(const int *in, int *bins, int n) {
  __shared__ int h[64];
  if (threadIdx.x < 64)
    h[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&h[in[i] & 63], 1);
  __syncthreads();
  if (threadIdx.x < 64)
    atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}

// 4x4 register tile per thread, shared tiles: a moderate register user.
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[16][64];
  __shared__ float Bs[16][64];
  float c[4][4] = {};
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  int row = blockIdx.y * 64 + ty * 4, col = blockIdx.x * 64 + tx * 4;
  for (int k0 = 0; k0 < n; k0 += 16) {
    for (int i = threadIdx.x; i < 16 * 64; i += blockDim.x) {
      As[i / 64][i % 64] = A[(blockIdx.y * 64 + i % 64) * n + k0 + i / 64];
      Bs[i / 64][i % 64] = B[(k0 + i / 64) * n + blockIdx.x * 64 + i % 64];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        a[i] = As[k][ty * 4 + i];
        b[i] = Bs[k][tx * 4 + i];
      }
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          c[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(row + i) * n + col + j] = c[i][j];
}

__global__ void dscale(const double *x, double *y, double a, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[2 * i % n];
}

__device__ __noinline__ float helper(const float *p, int i) { return p[i] * 2.0f + p[i + 1]; }

__global__ void calls(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = helper(in, i);
}

__global__ void stencil(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 4;
  if (i >= n - 4)
    return;
  float s = 0;
#pragma unroll
  for (int k = -4; k <= 4; ++k)
    s += in[i + k] * (k + 5);
  out[i] = s;
}

__global__ void vec4(const float4 *in, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = in[i];
    v.x *= 2; v.y *= 2; v.z *= 2; v.w *= 2;
    out[i] = v;
  }
}

__constant__ float coeffs[16];
__global__ void constant_lookup(const int *sel, float *out) {
  int i = threadIdx.x;
  out[i] = coeffs[sel[i] & 15];
}
