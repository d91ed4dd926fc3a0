// shared-bank-conflict: positive and negative cases, the padding fix-it,
// through macros and templates.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[shared-bank-conflict]'
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: not %warplint check --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON

// warplint: launch grid(8,8) block(32,32)
__global__ void transpose_naive(const float *__restrict__ in, float *__restrict__ out, int w) {
  __shared__ float tile[32][32];
  // FIX: shared-bank-conflict.cu:[[@LINE-1]]:29: note: pad the tile here
  // FIX-NEXT: __shared__ float tile[32][32];
  // FIX-NEXT: ^~
  // FIX-NEXT: 33
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:20: warning: kernel 'transpose_naive': 32-way bank conflict: 32 wavefronts per request where 1 would do: adjacent threads are 128 bytes apart, so 32 lanes share a bank, with block(32,32,1) from the annotation at line {{[0-9]+}}; pad the row of 'tile' by one element {{.*}} [shared-bank-conflict]
  out[y * w + x] = tile[threadIdx.x][threadIdx.y];
}
// JSON: "fixits": [
// JSON-NEXT: {
// JSON-NEXT: "column": 29,
// JSON-NEXT: "file": "{{.*}}shared-bank-conflict.cu",
// JSON-NEXT: "insert": "33",
// JSON-NEXT: "line": 9,
// JSON-NEXT: "remove_columns": 2
// JSON: "rule": "shared-bank-conflict",

// The same with the tile size from a macro: the fix-it pads the macro's use.
#define TILE 32
// warplint: launch grid(8,8) block(32,32)
__global__ void transpose_macro(const float *in, float *out, int w) {
  __shared__ float t[TILE][TILE];
  // FIX: shared-bank-conflict.cu:[[@LINE-1]]:28: note: pad the tile here
  // FIX: TILE + 1
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:40: warning: kernel 'transpose_macro': 32-way bank conflict{{.*}} [shared-bank-conflict]
  out[threadIdx.y * w + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

// Stride 2 in a template: 2-way for float, and a 64-bit stride-2 access is
// 4 wavefronts where 2 would do.
template <typename T> __global__ void stride2(T *out) {
  __shared__ T s[512];
  s[threadIdx.x] = T(threadIdx.x);
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+2]]:22: warning: kernel 'stride2<double>': 2-way bank conflict: 4 wavefronts per request where 2 would do: adjacent threads are 16 bytes apart{{.*}} [shared-bank-conflict]
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:22: warning: kernel 'stride2<float>': 2-way bank conflict: 2 wavefronts per request where 1 would do: adjacent threads are 8 bytes apart{{.*}} [shared-bank-conflict]
  out[threadIdx.x] = s[2 * threadIdx.x];
}
template __global__ void stride2<float>(float *);
template __global__ void stride2<double>(double *);

// Negative: the padded tile, a broadcast, and sequential addressing.
// warplint: launch grid(8,8) block(32,32)
__global__ void transpose_padded(const float *in, float *out, int w) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * w + threadIdx.x] = tile[threadIdx.x][threadIdx.y] + tile[0][0];
}

// warplint: launch block(256)
__global__ void reduce_sequential(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// Declarations that a pattern over the text cannot read, as Clang's AST does.
// Declared by a macro's body: the fix-it pads the row in the macro.
#define DECLARE_TILE(name) __shared__ float name[32][32]
// FIX: shared-bank-conflict.cu:[[@LINE-1]]:54: note: pad the tile here
// FIX-NEXT: #define DECLARE_TILE(name) __shared__ float name[32][32]
// FIX-NEXT: ^~
// FIX-NEXT: 33
// warplint: launch grid(8,8) block(32,32)
__global__ void transpose_declared(const float *in, float *out, int w) {
  DECLARE_TILE(tile);
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:40: warning: kernel 'transpose_declared': 32-way bank conflict{{.*}} [shared-bank-conflict]
  out[threadIdx.y * w + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// The row's size on a line of its own (a pattern would find the padded tile
// of transpose_padded above instead).
// warplint: launch grid(8,8) block(32,32)
__global__ void transpose_split(const float *in, float *out, int w) {
  __shared__ float tile[32]
                       [32];
  // FIX: shared-bank-conflict.cu:[[@LINE-1]]:25: note: pad the tile here
  // FIX: 33
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:40: warning: kernel 'transpose_split': 32-way bank conflict{{.*}} [shared-bank-conflict]
  out[threadIdx.y * w + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// A template's parameter and an expression: padded as written.
// warplint: launch grid(8,8) block(32,32)
template <int T>
__global__ void transpose_templated(const float *in, float *out, int w) {
  __shared__ float tile[T][T / 2 * 2];
  // FIX: shared-bank-conflict.cu:[[@LINE-1]]:28: note: pad the tile here
  // FIX: (T / 2 * 2) + 1
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:40: warning: kernel 'transpose_templated<32>': 32-way bank conflict{{.*}} [shared-bank-conflict]
  out[threadIdx.y * w + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
template __global__ void transpose_templated<32>(const float *, float *, int);

// Only the first warp of each block stores at a stride of 2 words (2-way),
// the other seven are conflict-free: the request costs 1.12 wavefronts on
// average, which is no "1-way" conflict.
// warplint: launch grid(64) block(256)
__global__ void first_warp_doubled(const float *in, float *out) {
  __shared__ float buf[512];
  int t = threadIdx.x;
  int at = t < 32 ? 2 * t : t + 64;
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:11: warning: kernel 'first_warp_doubled': bank conflict in part of the requests: 1.12 wavefronts per request where 1 would do: the sampled warps' requests cost 1 to 2 wavefronts, lanes sharing a bank in the costlier ones, with block(256,1,1) from the annotation at line [[@LINE-5]]; change the indexing so the lanes of a warp hit different banks (pad rows by one element, or use sequential addressing) [shared-bank-conflict]
  buf[at] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = buf[t];
}

// 16-byte stores: the first 8 lanes of every warp (one phase of the request)
// are 32 bytes apart, 2-way, the other phases conflict-free: 5 wavefronts
// where 4 would do in every request.
// warplint: launch grid(64) block(128)
__global__ void first_phase_doubled(const float4 *in, float4 *out) {
  __shared__ float4 quad[256];
  int t = threadIdx.x, lane = t & 31;
  int at = (t - lane) * 2 + (lane < 8 ? 2 * lane : lane + 8);
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:12: warning: kernel 'first_phase_doubled': bank conflict in part of the requests: 5 wavefronts per request where 4 would do: lanes of a warp share a bank in part of each request, with block(128,1,1) from the annotation at line [[@LINE-5]]; change the indexing {{.*}} [shared-bank-conflict]
  quad[at] = in[blockIdx.x * 128 + t];
  __syncthreads();
  out[blockIdx.x * 128 + t] = quad[t];
}

// In a loop, only the first iteration's loads are 2-way: 1.12 wavefronts on
// average over the iterations.
// warplint: launch grid(64) block(32)
__global__ void first_iteration_doubled(const float *in, float *out) {
  __shared__ float ring[320];
  int t = threadIdx.x;
  for (int k = t; k < 320; k += 32)
    ring[k] = in[blockIdx.x * 320 + k];
  __syncthreads();
  float acc = 0;
#pragma unroll 1
  for (int k = 0; k < 8; ++k)
    // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:12: warning: kernel 'first_iteration_doubled': bank conflict in part of the requests: 1.12 wavefronts per request on average (1 to 2 over the loop) where 1 would do: lanes of a warp share a bank in the costlier requests, with block(32,1,1) {{.*}} [shared-bank-conflict]
    acc += ring[k == 0 ? 2 * t : 32 * k + 64 + t];
  out[blockIdx.x * 32 + t] = acc;
}

// A lane's whole 16-byte object read at 16 bytes a lane. A float4 (16-byte
// aligned) is one ld/st.shared.v4 in nvcc's PTX: 4 wavefronts, the fewest its
// width allows, so no conflict. A structure of four floats is 4-byte
// aligned: nvcc keeps four scalar accesses, each 4 wavefronts: a real 4-way
// conflict, reported.
struct Quad { float a, b, c, d; };
// warplint: launch grid(64) block(256)
__global__ void quad_struct(const Quad *__restrict__ in, float *__restrict__ out) {
  __shared__ Quad s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+1]]:12: warning: kernel 'quad_struct': 4-way bank conflict: 4 wavefronts per request where 1 would do: adjacent threads are 16 bytes apart{{.*}} [shared-bank-conflict]
  Quad q = s[255 - t];
  out[blockIdx.x * 256 + t] = q.a * q.b + q.c * q.d;
}
// warplint: launch grid(64) block(256)
__global__ void float4_tile(const float4 *__restrict__ in, float *__restrict__ out) {
  __shared__ float4 s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float4 v = s[255 - t];
  out[blockIdx.x * 256 + t] = v.x * v.y + v.z * v.w;
}
