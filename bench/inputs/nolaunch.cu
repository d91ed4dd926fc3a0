// Lint bench input: 47 kernels of the kinds a project's .cu files hold
// (element-wise, stencils, reductions, scans, matrix products, transposes,
// convolutions, sparse, particle and image code), with every size an
// argument and no launch information: no annotations, no constant host
// launches, no __launch_bounds__. This is how a build's lint step sees a
// file; bench/lint.sh times `warplint check` and `accesses` on it against
// Clang's own device-side -O2 compile of the same file.
#include <cuda_runtime.h>

#define TILE 32
#define RADIUS 3
#define HIST_BINS 256
#define BLOCK 256

struct Particle {
  float x, y, z;
  float vx, vy, vz;
  float mass;
  int id;
};

struct Complex {
  float re, im;
};

// ---------------------------------------------------------------------------
// Element-wise
// ---------------------------------------------------------------------------

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void vectorAddStrided(int n, const float *a, const float *b, float *c) {
  // Grid-stride loop over the whole vector.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float s = a[i] + b[i];
    c[i] = s;
  }
}

__global__ void scaleShifted(int n, int offset, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + offset < n)
    out[i] = 2.0f * in[i + offset];
}

__global__ void stridedCopy(int n, int stride, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i * stride < n)
    out[i] = in[i * stride];
}

__global__ void float4Copy(int n4, const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 v = in[i];
    v.x *= 2.0f;
    v.y *= 2.0f;
    v.z *= 2.0f;
    v.w *= 2.0f;
    out[i] = v;
  }
}

__global__ void clampKernel(int n, float lo, float hi, float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = data[i];
  if (v < lo)
    v = lo;
  else if (v > hi)
    v = hi;
  data[i] = v;
}

__global__ void relu(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] > 0.0f ? in[i] : 0.0f;
}

__global__ void polynomial(int n, const float *x, const float *coef, int degree, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i], acc = 0.0f;
  for (int d = degree - 1; d >= 0; --d)
    acc = acc * v + coef[d];
  y[i] = acc;
}

// ---------------------------------------------------------------------------
// Structures and layouts
// ---------------------------------------------------------------------------

__global__ void integrateParticles(int n, float dt, Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].x += p[i].vx * dt;
  p[i].y += p[i].vy * dt;
  p[i].z += p[i].vz * dt;
}

__global__ void particleMass(int n, const Particle *p, float *mass) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    mass[i] = p[i].mass;
}

__global__ void integrateSoA(int n, float dt, float *x, float *y, float *z, const float *vx,
                             const float *vy, const float *vz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  x[i] += vx[i] * dt;
  y[i] += vy[i] * dt;
  z[i] += vz[i] * dt;
}

__global__ void complexMultiply(int n, const Complex *a, const Complex *b, Complex *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Complex x = a[i], y = b[i];
  Complex r;
  r.re = x.re * y.re - x.im * y.im;
  r.im = x.re * y.im + x.im * y.re;
  c[i] = r;
}

__global__ void float3Normalize(int n, float3 *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 a = v[i];
  float len = sqrtf(a.x * a.x + a.y * a.y + a.z * a.z) + 1e-6f;
  a.x /= len;
  a.y /= len;
  a.z /= len;
  v[i] = a;
}

// ---------------------------------------------------------------------------
// Matrices
// ---------------------------------------------------------------------------

__global__ void matmulNaive(int m, int n, int k, const float *A, const float *B, float *C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= m || col >= n)
    return;
  float acc = 0.0f;
  for (int t = 0; t < k; ++t)
    acc += A[row * k + t] * B[t * n + col];
  C[row * n + col] = acc;
}

__global__ void matmulTiled(int m, int n, int k, const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
    int ak = t * TILE + threadIdx.x;
    int bk = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < m && ak < k) ? A[row * k + ak] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (col < n && bk < k) ? B[bk * n + col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < TILE; ++j)
      acc += As[threadIdx.y][j] * Bs[j][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n)
    C[row * n + col] = acc;
}

__global__ void matvecRowPerThread(int rows, int cols, const float *A, const float *x,
                                   float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c)
    acc += A[r * cols + c] * x[c];
  y[r] = acc;
}

__global__ void matvecColumnMajor(int rows, int cols, const float *A, const float *x,
                                  float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c)
    acc += A[c * rows + r] * x[c];
  y[r] = acc;
}

__global__ void transposeNaive(int w, int h, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    out[x * h + y] = in[y * w + x];
}

__global__ void transposeShared(int w, int h, const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < w && y < h)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < h && y < w)
    out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void transposePadded(int w, int h, const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < w && y < h)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < h && y < w)
    out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void outerProduct(int m, int n, const float *u, const float *v, float *out) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y;
  if (i < m && j < n)
    out[i * n + j] = u[i] * v[j];
}

// ---------------------------------------------------------------------------
// Reductions and scans
// ---------------------------------------------------------------------------

__global__ void reduceShared(int n, const float *in, float *out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  float v = 0.0f;
  if (i < n)
    v = in[i];
  if (i + blockDim.x < n)
    v += in[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void reduceInterleaved(int n, const float *in, float *out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    int index = 2 * stride * t;
    if (index < blockDim.x)
      s[index] += s[index + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__device__ float warpSum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void reduceWarpShuffle(int n, const float *in, float *out) {
  __shared__ float partial[32];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    v += in[i];
  v = warpSum(v);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
    v = warpSum(v);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

__global__ void rowSums(int rows, int cols, const float *A, float *sums) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c)
    acc += A[r * cols + c];
  sums[r] = acc;
}

__global__ void columnSums(int rows, int cols, const float *A, float *sums) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols)
    return;
  float acc = 0.0f;
  for (int r = 0; r < rows; ++r)
    acc += A[r * cols + c];
  sums[c] = acc;
}

__global__ void accumulateInGlobal(int rows, int cols, const float *A, float *sums) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols)
    return;
  sums[c] = 0.0f;
  for (int r = 0; r < rows; ++r)
    sums[c] += A[r * cols + c];
}

__global__ void scanBlock(int n, const float *in, float *out) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    float add = t >= offset ? s[t - offset] : 0.0f;
    __syncthreads();
    s[t] += add;
    __syncthreads();
  }
  if (i < n)
    out[i] = s[t];
}

__global__ void histogramGlobal(int n, const unsigned char *in, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i]], 1u);
}

__global__ void histogramShared(int n, const unsigned char *in, unsigned *bins) {
  __shared__ unsigned local[HIST_BINS];
  for (int b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

__global__ void dotProduct(int n, const float *a, const float *b, float *result) {
  __shared__ float cache[BLOCK];
  float temp = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    temp += a[i] * b[i];
  cache[threadIdx.x] = temp;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, cache[0]);
}

// ---------------------------------------------------------------------------
// Stencils and convolutions
// ---------------------------------------------------------------------------

__global__ void stencil1d(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < RADIUS || i >= n - RADIUS)
    return;
  float acc = 0.0f;
  for (int o = -RADIUS; o <= RADIUS; ++o)
    acc += in[i + o];
  out[i] = acc / (2 * RADIUS + 1);
}

__global__ void stencil1dShared(int n, const float *in, float *out) {
  __shared__ float s[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    s[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    s[l + blockDim.x] = g + blockDim.x < n ? in[g + blockDim.x] : 0.0f;
  }
  __syncthreads();
  if (g >= n)
    return;
  float acc = 0.0f;
  for (int o = -RADIUS; o <= RADIUS; ++o)
    acc += s[l + o];
  out[g] = acc;
}

__global__ void jacobi2d(int w, int h, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
    return;
  out[y * w + x] = 0.25f * (in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] +
                            in[(y + 1) * w + x]);
}

__global__ void heat3d(int nx, int ny, int nz, float alpha, const float *u, float *v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
    return;
  for (int z = 1; z < nz - 1; ++z) {
    int c = (z * ny + y) * nx + x;
    float lap = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] + u[c - nx * ny] +
                u[c + nx * ny] - 6.0f * u[c];
    v[c] = u[c] + alpha * lap;
  }
}

__global__ void conv1d(int n, int taps, const float *in, const float *filter, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int t = 0; t < taps; ++t) {
    int j = i + t - taps / 2;
    if (j >= 0 && j < n)
      acc += in[j] * filter[t];
  }
  out[i] = acc;
}

__constant__ float convWeights[49];

__global__ void conv2dConstant(int w, int h, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float acc = 0.0f;
  for (int dy = -3; dy <= 3; ++dy)
    for (int dx = -3; dx <= 3; ++dx) {
      int sx = min(max(x + dx, 0), w - 1);
      int sy = min(max(y + dy, 0), h - 1);
      acc += in[sy * w + sx] * convWeights[(dy + 3) * 7 + dx + 3];
    }
  out[y * w + x] = acc;
}

__global__ void boxBlurRows(int w, int h, int r, const float *in, float *out) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= h)
    return;
  float acc = 0.0f;
  for (int x = 0; x < w; ++x) {
    acc += in[y * w + x];
    if (x >= r)
      acc -= in[y * w + x - r];
    out[y * w + x] = acc;
  }
}

__global__ void sobel(int w, int h, const unsigned char *img, float *mag) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
    return;
  float gx = -img[(y - 1) * w + x - 1] + img[(y - 1) * w + x + 1] -
             2 * img[y * w + x - 1] + 2 * img[y * w + x + 1] - img[(y + 1) * w + x - 1] +
             img[(y + 1) * w + x + 1];
  float gy = -img[(y - 1) * w + x - 1] - 2 * img[(y - 1) * w + x] -
             img[(y - 1) * w + x + 1] + img[(y + 1) * w + x - 1] +
             2 * img[(y + 1) * w + x] + img[(y + 1) * w + x + 1];
  mag[y * w + x] = sqrtf(gx * gx + gy * gy);
}

// ---------------------------------------------------------------------------
// Sparse, gather and scatter
// ---------------------------------------------------------------------------

__global__ void spmvCsrScalar(int rows, const int *rowPtr, const int *cols,
                              const float *vals, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int j = rowPtr[r]; j < rowPtr[r + 1]; ++j)
    acc += vals[j] * x[cols[j]];
  y[r] = acc;
}

__global__ void spmvCsrVector(int rows, const int *rowPtr, const int *cols,
                              const float *vals, const float *x, float *y) {
  int lane = threadIdx.x % 32;
  int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int j = rowPtr[r] + lane; j < rowPtr[r + 1]; j += 32)
    acc += vals[j] * x[cols[j]];
  acc = warpSum(acc);
  if (lane == 0)
    y[r] = acc;
}

__global__ void gather(int n, const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[i]];
}

__global__ void scatterAdd(int n, const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&out[idx[i]], in[i]);
}

__global__ void ellpackSpmv(int rows, int width, const int *cols, const float *vals,
                            const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float acc = 0.0f;
  for (int k = 0; k < width; ++k) {
    int c = cols[k * rows + r];
    if (c >= 0)
      acc += vals[k * rows + r] * x[c];
  }
  y[r] = acc;
}

// ---------------------------------------------------------------------------
// Rows, normalisations and activations
// ---------------------------------------------------------------------------

__global__ void softmaxRows(int rows, int cols, const float *in, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  const float *row = in + r * cols;
  float m = row[0];
  for (int c = 1; c < cols; ++c)
    m = fmaxf(m, row[c]);
  float sum = 0.0f;
  for (int c = 0; c < cols; ++c)
    sum += expf(row[c] - m);
  for (int c = 0; c < cols; ++c)
    out[r * cols + c] = expf(row[c] - m) / sum;
}

__global__ void layerNormBlock(int cols, float eps, const float *in, float *out) {
  __shared__ float sums[2][BLOCK];
  const float *row = in + blockIdx.x * cols;
  float s = 0.0f, sq = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float v = row[c];
    s += v;
    sq += v * v;
  }
  sums[0][threadIdx.x] = s;
  sums[1][threadIdx.x] = sq;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      sums[0][threadIdx.x] += sums[0][threadIdx.x + stride];
      sums[1][threadIdx.x] += sums[1][threadIdx.x + stride];
    }
    __syncthreads();
  }
  float mean = sums[0][0] / cols;
  float var = sums[1][0] / cols - mean * mean;
  float inv = rsqrtf(var + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[blockIdx.x * cols + c] = (row[c] - mean) * inv;
}

__global__ void biasGelu(int rows, int cols, const float *bias, float *x) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= cols || r >= rows)
    return;
  float v = x[r * cols + c] + bias[c];
  x[r * cols + c] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}

__global__ void divergentByLane(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (threadIdx.x % 2 == 0)
    out[i] = in[i] * 2.0f;
  else
    out[i] = in[i] * 0.5f;
}

__global__ void localArrayIndexed(int n, int k, const float *in, float *out) {
  float window[16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int j = 0; j < 16; ++j)
    window[j] = in[(i + j) % n];
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
    acc += window[(j * 7) % 16];
  out[i] = acc;
}

__global__ void bankConflictStride(int n, float *out) {
  __shared__ float s[32 * 33];
  int t = threadIdx.x;
  s[t * 2] = float(t);
  __syncthreads();
  float v = s[(t * 2) % (32 * 33)];
  int i = blockIdx.x * blockDim.x + t;
  if (i < n)
    out[i] = v;
}

__global__ void nbodyForces(int n, float soft, const float4 *pos, float4 *acc) {
  __shared__ float4 tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += blockDim.x) {
    int j = base + threadIdx.x;
    tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncthreads();
    for (int k = 0; k < blockDim.x; ++k) {
      float4 q = tile[k];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + soft);
      float s = q.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n)
    acc[i] = make_float4(ax, ay, az, 0.0f);
}

__global__ void imageToGray(int w, int h, const uchar4 *rgba, unsigned char *gray) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  uchar4 p = rgba[y * w + x];
  gray[y * w + x] = (unsigned char)(0.299f * p.x + 0.587f * p.y + 0.114f * p.z);
}

__global__ void prefixOffsets(int n, const int *counts, int *offsets) {
  // One thread walks the whole array: a serial scan.
  if (blockIdx.x != 0 || threadIdx.x != 0)
    return;
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    offsets[i] = acc;
    acc += counts[i];
  }
}

__global__ void batchedMatvec(int batch, int dim, const float *mats, const float *vecs,
                              float *out) {
  int b = blockIdx.y;
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= batch || r >= dim)
    return;
  const float *M = mats + b * dim * dim;
  const float *v = vecs + b * dim;
  float acc = 0.0f;
  for (int c = 0; c < dim; ++c)
    acc += M[r * dim + c] * v[c];
  out[b * dim + r] = acc;
}

// ---------------------------------------------------------------------------
// Host side: sizes come from the caller, so no launch here has constant dims.
// ---------------------------------------------------------------------------

void runElementwise(int n, int threads, float *x, float *y, float *z,
                    cudaStream_t stream) {
  int blocks = (n + threads - 1) / threads;
  saxpy<<<blocks, threads, 0, stream>>>(n, 2.0f, x, y);
  vectorAddStrided<<<blocks / 4, threads, 0, stream>>>(n, x, y, z);
  relu<<<blocks, threads, 0, stream>>>(n, x, y);
}

void runMatrices(int m, int n, int k, dim3 block, const float *A, const float *B, float *C) {
  dim3 grid((n + block.x - 1) / block.x, (m + block.y - 1) / block.y);
  matmulTiled<<<grid, block>>>(m, n, k, A, B, C);
  transposePadded<<<grid, block>>>(n, m, C, (float *)B);
}

// ---------------------------------------------------------------------------
// Launchers: one per kernel, shapes and sizes from the caller (as in a
// library whose host API takes them at run time).
// ---------------------------------------------------------------------------

/// Launches saxpy on stream; returns the launch error.
cudaError_t launchSaxpy(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float a,
    const float *x,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  saxpy<<<grid, block, 0, stream>>>(n, a, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches vectorAddStrided on stream; returns the launch error.
cudaError_t launchVectorAddStrided(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *a,
    const float *b,
    float *c) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  vectorAddStrided<<<grid, block, 0, stream>>>(n, a, b, c);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches scaleShifted on stream; returns the launch error.
cudaError_t launchScaleShifted(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    int offset,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  scaleShifted<<<grid, block, 0, stream>>>(n, offset, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches stridedCopy on stream; returns the launch error.
cudaError_t launchStridedCopy(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    int stride,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  stridedCopy<<<grid, block, 0, stream>>>(n, stride, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches float4Copy on stream; returns the launch error.
cudaError_t launchFloat4Copy(dim3 grid, dim3 block, cudaStream_t stream,
    int n4,
    const float4 *in,
    float4 *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  float4Copy<<<grid, block, 0, stream>>>(n4, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches clampKernel on stream; returns the launch error.
cudaError_t launchClampKernel(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float lo,
    float hi,
    float *data) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  clampKernel<<<grid, block, 0, stream>>>(n, lo, hi, data);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches relu on stream; returns the launch error.
cudaError_t launchRelu(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  relu<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches polynomial on stream; returns the launch error.
cudaError_t launchPolynomial(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *x,
    const float *coef,
    int degree,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  polynomial<<<grid, block, 0, stream>>>(n, x, coef, degree, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches integrateParticles on stream; returns the launch error.
cudaError_t launchIntegrateParticles(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float dt,
    Particle *p) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  integrateParticles<<<grid, block, 0, stream>>>(n, dt, p);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches particleMass on stream; returns the launch error.
cudaError_t launchParticleMass(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const Particle *p,
    float *mass) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  particleMass<<<grid, block, 0, stream>>>(n, p, mass);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches integrateSoA on stream; returns the launch error.
cudaError_t launchIntegrateSoA(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float dt,
    float *x,
    float *y,
    float *z,
    const float *vx,
    const float *vy,
    const float *vz) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  integrateSoA<<<grid, block, 0, stream>>>(n, dt, x, y, z, vx, vy, vz);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches complexMultiply on stream; returns the launch error.
cudaError_t launchComplexMultiply(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const Complex *a,
    const Complex *b,
    Complex *c) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  complexMultiply<<<grid, block, 0, stream>>>(n, a, b, c);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches float3Normalize on stream; returns the launch error.
cudaError_t launchFloat3Normalize(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float3 *v) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  float3Normalize<<<grid, block, 0, stream>>>(n, v);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches matmulNaive on stream; returns the launch error.
cudaError_t launchMatmulNaive(dim3 grid, dim3 block, cudaStream_t stream,
    int m,
    int n,
    int k,
    const float *A,
    const float *B,
    float *C) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  matmulNaive<<<grid, block, 0, stream>>>(m, n, k, A, B, C);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches matmulTiled on stream; returns the launch error.
cudaError_t launchMatmulTiled(dim3 grid, dim3 block, cudaStream_t stream,
    int m,
    int n,
    int k,
    const float *A,
    const float *B,
    float *C) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  matmulTiled<<<grid, block, 0, stream>>>(m, n, k, A, B, C);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches matvecRowPerThread on stream; returns the launch error.
cudaError_t launchMatvecRowPerThread(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *A,
    const float *x,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  matvecRowPerThread<<<grid, block, 0, stream>>>(rows, cols, A, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches matvecColumnMajor on stream; returns the launch error.
cudaError_t launchMatvecColumnMajor(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *A,
    const float *x,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  matvecColumnMajor<<<grid, block, 0, stream>>>(rows, cols, A, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches transposeNaive on stream; returns the launch error.
cudaError_t launchTransposeNaive(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  transposeNaive<<<grid, block, 0, stream>>>(w, h, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches transposeShared on stream; returns the launch error.
cudaError_t launchTransposeShared(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  transposeShared<<<grid, block, 0, stream>>>(w, h, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches transposePadded on stream; returns the launch error.
cudaError_t launchTransposePadded(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  transposePadded<<<grid, block, 0, stream>>>(w, h, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches outerProduct on stream; returns the launch error.
cudaError_t launchOuterProduct(dim3 grid, dim3 block, cudaStream_t stream,
    int m,
    int n,
    const float *u,
    const float *v,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  outerProduct<<<grid, block, 0, stream>>>(m, n, u, v, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches reduceShared on stream; returns the launch error.
cudaError_t launchReduceShared(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  reduceShared<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches reduceInterleaved on stream; returns the launch error.
cudaError_t launchReduceInterleaved(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  reduceInterleaved<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches reduceWarpShuffle on stream; returns the launch error.
cudaError_t launchReduceWarpShuffle(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  reduceWarpShuffle<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches rowSums on stream; returns the launch error.
cudaError_t launchRowSums(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *A,
    float *sums) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  rowSums<<<grid, block, 0, stream>>>(rows, cols, A, sums);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches columnSums on stream; returns the launch error.
cudaError_t launchColumnSums(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *A,
    float *sums) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  columnSums<<<grid, block, 0, stream>>>(rows, cols, A, sums);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches accumulateInGlobal on stream; returns the launch error.
cudaError_t launchAccumulateInGlobal(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *A,
    float *sums) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  accumulateInGlobal<<<grid, block, 0, stream>>>(rows, cols, A, sums);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches scanBlock on stream; returns the launch error.
cudaError_t launchScanBlock(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  scanBlock<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches histogramGlobal on stream; returns the launch error.
cudaError_t launchHistogramGlobal(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const unsigned char *in,
    unsigned *bins) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  histogramGlobal<<<grid, block, 0, stream>>>(n, in, bins);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches histogramShared on stream; returns the launch error.
cudaError_t launchHistogramShared(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const unsigned char *in,
    unsigned *bins) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  histogramShared<<<grid, block, 0, stream>>>(n, in, bins);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches dotProduct on stream; returns the launch error.
cudaError_t launchDotProduct(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *a,
    const float *b,
    float *result) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  dotProduct<<<grid, block, 0, stream>>>(n, a, b, result);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches stencil1d on stream; returns the launch error.
cudaError_t launchStencil1d(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  stencil1d<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches stencil1dShared on stream; returns the launch error.
cudaError_t launchStencil1dShared(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  stencil1dShared<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches jacobi2d on stream; returns the launch error.
cudaError_t launchJacobi2d(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  jacobi2d<<<grid, block, 0, stream>>>(w, h, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches heat3d on stream; returns the launch error.
cudaError_t launchHeat3d(dim3 grid, dim3 block, cudaStream_t stream,
    int nx,
    int ny,
    int nz,
    float alpha,
    const float *u,
    float *v) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  heat3d<<<grid, block, 0, stream>>>(nx, ny, nz, alpha, u, v);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches conv1d on stream; returns the launch error.
cudaError_t launchConv1d(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    int taps,
    const float *in,
    const float *filter,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  conv1d<<<grid, block, 0, stream>>>(n, taps, in, filter, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches conv2dConstant on stream; returns the launch error.
cudaError_t launchConv2dConstant(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  conv2dConstant<<<grid, block, 0, stream>>>(w, h, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches boxBlurRows on stream; returns the launch error.
cudaError_t launchBoxBlurRows(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    int r,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  boxBlurRows<<<grid, block, 0, stream>>>(w, h, r, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches sobel on stream; returns the launch error.
cudaError_t launchSobel(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const unsigned char *img,
    float *mag) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  sobel<<<grid, block, 0, stream>>>(w, h, img, mag);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches spmvCsrScalar on stream; returns the launch error.
cudaError_t launchSpmvCsrScalar(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    const int *rowPtr,
    const int *cols,
    const float *vals,
    const float *x,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  spmvCsrScalar<<<grid, block, 0, stream>>>(rows, rowPtr, cols, vals, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches spmvCsrVector on stream; returns the launch error.
cudaError_t launchSpmvCsrVector(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    const int *rowPtr,
    const int *cols,
    const float *vals,
    const float *x,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  spmvCsrVector<<<grid, block, 0, stream>>>(rows, rowPtr, cols, vals, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches gather on stream; returns the launch error.
cudaError_t launchGather(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const int *idx,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  gather<<<grid, block, 0, stream>>>(n, idx, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches scatterAdd on stream; returns the launch error.
cudaError_t launchScatterAdd(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const int *idx,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  scatterAdd<<<grid, block, 0, stream>>>(n, idx, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches ellpackSpmv on stream; returns the launch error.
cudaError_t launchEllpackSpmv(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int width,
    const int *cols,
    const float *vals,
    const float *x,
    float *y) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  ellpackSpmv<<<grid, block, 0, stream>>>(rows, width, cols, vals, x, y);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches softmaxRows on stream; returns the launch error.
cudaError_t launchSoftmaxRows(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  softmaxRows<<<grid, block, 0, stream>>>(rows, cols, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches layerNormBlock on stream; returns the launch error.
cudaError_t launchLayerNormBlock(dim3 grid, dim3 block, cudaStream_t stream,
    int cols,
    float eps,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  layerNormBlock<<<grid, block, 0, stream>>>(cols, eps, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches biasGelu on stream; returns the launch error.
cudaError_t launchBiasGelu(dim3 grid, dim3 block, cudaStream_t stream,
    int rows,
    int cols,
    const float *bias,
    float *x) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  biasGelu<<<grid, block, 0, stream>>>(rows, cols, bias, x);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches divergentByLane on stream; returns the launch error.
cudaError_t launchDivergentByLane(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  divergentByLane<<<grid, block, 0, stream>>>(n, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches localArrayIndexed on stream; returns the launch error.
cudaError_t launchLocalArrayIndexed(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    int k,
    const float *in,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  localArrayIndexed<<<grid, block, 0, stream>>>(n, k, in, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches bankConflictStride on stream; returns the launch error.
cudaError_t launchBankConflictStride(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  bankConflictStride<<<grid, block, 0, stream>>>(n, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches nbodyForces on stream; returns the launch error.
cudaError_t launchNbodyForces(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    float soft,
    const float4 *pos,
    float4 *acc) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  nbodyForces<<<grid, block, 0, stream>>>(n, soft, pos, acc);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches imageToGray on stream; returns the launch error.
cudaError_t launchImageToGray(dim3 grid, dim3 block, cudaStream_t stream,
    int w,
    int h,
    const uchar4 *rgba,
    unsigned char *gray) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  imageToGray<<<grid, block, 0, stream>>>(w, h, rgba, gray);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches prefixOffsets on stream; returns the launch error.
cudaError_t launchPrefixOffsets(dim3 grid, dim3 block, cudaStream_t stream,
    int n,
    const int *counts,
    int *offsets) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  prefixOffsets<<<grid, block, 0, stream>>>(n, counts, offsets);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}

/// Launches batchedMatvec on stream; returns the launch error.
cudaError_t launchBatchedMatvec(dim3 grid, dim3 block, cudaStream_t stream,
    int batch,
    int dim,
    const float *mats,
    const float *vecs,
    float *out) {
  if (grid.x == 0 || block.x == 0)
    return cudaErrorInvalidValue;
  batchedMatvec<<<grid, block, 0, stream>>>(batch, dim, mats, vecs, out);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return err;
  return cudaSuccess;
}
