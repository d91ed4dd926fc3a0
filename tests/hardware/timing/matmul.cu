// global-reuse-without-tiling: the naive matrix multiply (every thread of a
// row of the 16x16 block loads the same A element, every thread of a column the
// same B element, from global memory) against the 16x16 shared-memory tiling.
//  * nbody: every thread reads every body (a warp-wide broadcast that hits
//    L1); staging the bodies in shared memory tile by tile changes little.
#include "timing.cuh"

#define TILE 16

__global__ void matmul_before(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

__global__ void matmul_after(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    As[threadIdx.y][threadIdx.x] = A[row * n + k0 + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

__global__ void nbody_before(const float4 *body, float3 *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = body[i];
  float ax = 0, ay = 0, az = 0;
  for (int j = 0; j < n; ++j) {
    float4 o = body[j];
    float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
    float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
    float s = o.w * inv * inv * inv;
    ax += s * dx;
    ay += s * dy;
    az += s * dz;
  }
  acc[i] = make_float3(ax, ay, az);
}

__global__ void nbody_after(const float4 *body, float3 *acc, int n) {
  __shared__ float4 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = body[i];
  float ax = 0, ay = 0, az = 0;
  for (int j0 = 0; j0 < n; j0 += 256) {
    tile[threadIdx.x] = body[j0 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < 256; ++j) {
      float4 o = tile[j];
      float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
      float s = o.w * inv * inv * inv;
      ax += s * dx;
      ay += s * dy;
      az += s * dz;
    }
    __syncthreads();
  }
  acc[i] = make_float3(ax, ay, az);
}

#define MATMUL_PAIR(PAIR, N)                                                    \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> A((size_t)n * n), B((size_t)n * n), C((size_t)n * n);         \
    A.upload(randomFloats((size_t)n * n, 3));                                   \
    B.upload(randomFloats((size_t)n * n, 4));                                   \
    dim3 block(16, 16);                                                         \
    dim3 grid(n / 16, n / 16);                                                  \
    TIME_LAUNCH(PAIR, "matmul_before", grid, block,                             \
                matmul_before<<<grid, block>>>(A.dev, B.dev, C.dev, n));        \
    std::vector<float> ref = C.download();                                      \
    C.clear();                                                                  \
    TIME_LAUNCH(PAIR, "matmul_after", grid, block,                              \
                matmul_after<<<grid, block>>>(A.dev, B.dev, C.dev, n));         \
    checkSame(PAIR, ref, C.download(), 1e-3);                                   \
  }

#define NBODY_PAIR(PAIR, N)                                                     \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float4> body(n);                                                     \
    Buffer<float3> acc(n);                                                      \
    std::vector<float> r = randomFloats((size_t)4 * n, 5);                      \
    std::vector<float4> b(n);                                                   \
    for (int i = 0; i < n; ++i)                                                 \
      b[i] = make_float4(r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);   \
    body.upload(b);                                                             \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "nbody_before", grid, block,                              \
                nbody_before<<<grid, block>>>(body.dev, acc.dev, n));           \
    std::vector<float3> ref3 = acc.download();                                  \
    acc.clear();                                                                \
    TIME_LAUNCH(PAIR, "nbody_after", grid, block,                               \
                nbody_after<<<grid, block>>>(body.dev, acc.dev, n));            \
    std::vector<float3> got3 = acc.download();                                  \
    std::vector<float> ref, got;                                                \
    for (int i = 0; i < n; ++i) {                                               \
      ref.push_back(ref3[i].x); ref.push_back(ref3[i].y); ref.push_back(ref3[i].z); \
      got.push_back(got3[i].x); got.push_back(got3[i].y); got.push_back(got3[i].z); \
    }                                                                           \
    checkSame(PAIR, ref, got, 1e-3);                                            \
  }

int main() {
  MATMUL_PAIR("matmul-256", 256)
  MATMUL_PAIR("matmul-512", 512)
  MATMUL_PAIR("matmul-1024", 1024)
  MATMUL_PAIR("matmul-2048", 2048)
  NBODY_PAIR("nbody-4k", 4096)
  NBODY_PAIR("nbody-16k", 16384)
  return 0;
}
