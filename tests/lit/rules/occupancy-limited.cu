// occupancy-limited: the CUDA occupancy calculation with the launch's block
// size, the kernel's registers and its static plus dynamic shared memory;
// a warning below the threshold (50% by default, 75% with the configuration
// in Inputs), naming the limiting resource with its numbers; an error when
// no block fits.
// RUN: not %warplint check --no-cuda-sdk --ptxas=off %s 2>&1 | FileCheck %s --implicit-check-not='[occupancy-limited]'
// RUN: not %warplint check --no-cuda-sdk --ptxas=off --config %S/Inputs/occupancy-75.yaml %s 2>&1 | FileCheck %s --check-prefix=T75 --implicit-check-not='[occupancy-limited]'
// With `sms: 16` the small grids below put more blocks on an SM than fit.
// RUN: not %warplint check --no-cuda-sdk --ptxas=off --config %S/Inputs/occupancy-sms16.yaml %s 2>&1 | FileCheck %s --check-prefix=SMS16

#include <algorithm>

#define N 64

// 64 accumulators: about 74 registers per thread, 3 blocks of 256 threads.
// (Every grid here puts more blocks on an SM than the limit allows: a grid
// that does not is below, under "small grids".)
// warplint: launch grid(4096) block(256)
// CHECK: occupancy-limited.cu:[[@LINE+2]]:17: warning: kernel 'many_registers': 74 registers per thread in blocks of 256 threads allow 3 blocks = 38% occupancy on sm_90, below the 50% threshold: about 74 registers per thread (an estimate from the IR, low confidence: --ptxas=off), with block(256,1,1) from the annotation at line [[@LINE-1]]; fewer resident warps hide less memory latency; cut the registers to 64 per thread for 4 blocks = 50%: keep fewer values live, or let ptxas aim for it with __launch_bounds__(256, 4) (watch for spills) [occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+1]]:17: warning: kernel 'many_registers': {{.*}} below the 75% threshold: {{.*}}; cut the registers to 40 per thread for 6 blocks = 75%{{.*}} [occupancy-limited]
__global__ void many_registers(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// 48 KB of static shared memory: 4 blocks = 50%, at the default threshold.
// warplint: launch grid(4096) block(256)
// T75: occupancy-limited.cu:[[@LINE+1]]:17: warning: kernel 'big_tile': 48 KB of shared memory per block allows 4 blocks = 50% occupancy on sm_90, below the 75% threshold: 48 KB of static shared memory, with block(256,1,1) from the annotation at line [[@LINE-1]]; fewer resident warps hide less memory latency; use at most 37 KB of shared memory per block for 6 blocks = 75% (smaller tiles, fewer pipeline stages, or data kept in registers) [occupancy-limited]
__global__ void big_tile(const float *in, float *out) {
  __shared__ float s[12288];
  int t = threadIdx.x;
  for (int k = t; k < 12288; k += 256)
    s[k] = in[blockIdx.x * 12288 + k];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[(t * 37) % 12288];
}

// 96 KB of dynamic shared memory from the host launch below.
// CHECK: occupancy-limited.cu:[[@LINE+2]]:17: warning: kernel 'dynamic_tile': 96 KB of shared memory per block allows 2 blocks = 25% occupancy on sm_90, below the 50% threshold: 96 KB of dynamic shared memory, with block(256,1,1) from the host-launch at line {{[0-9]+}} and 96 KB of dynamic shared memory from the host-launch at line {{[0-9]+}}; fewer resident warps hide less memory latency; use at most 56 KB of shared memory per block for 4 blocks = 50% {{.*}} [occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+1]]:17: warning: kernel 'dynamic_tile': 96 KB of shared memory per block allows 2 blocks = 25%{{.*}} [occupancy-limited]
__global__ void dynamic_tile(const float *in, float *out) {
  extern __shared__ float d[];
  int t = threadIdx.x;
  for (int k = t; k < 24576; k += 256)
    d[k] = in[blockIdx.x * 24576 + k];
  __syncthreads();
  out[blockIdx.x * 256 + t] = d[(t * 37) % 24576];
}

// One warp per block: the 32-block limit caps occupancy at 50%.
// warplint: launch grid(8192) block(32)
// T75: occupancy-limited.cu:[[@LINE+1]]:17: warning: kernel 'tiny_blocks': the limit of 32 blocks per SM with blocks of 32 threads gives 50% occupancy on sm_90, below the 75% threshold, with block(32,1,1) from the annotation at line [[@LINE-1]]; fewer resident warps hide less memory latency; use blocks of at least 64 threads so the limit of 32 blocks per SM does not cap occupancy [occupancy-limited]
__global__ void tiny_blocks(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
}

// 74 registers x 1024 threads exceed the register file: the launch fails,
// which is launch-fails' error (tests/lit/rules/launch-fails.cu); no
// occupancy is reported for a launch that never runs (negative).
// warplint: launch grid(64) block(1024)
__global__ void cannot_launch(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A template: 40 KB of shared memory allow 5 blocks = 63%, 4 KB allow 32.
// warplint: launch grid(4096) block(256)
// T75: occupancy-limited.cu:[[@LINE+1]]:35: warning: kernel 'tiled<40>': 40 KB of shared memory per block allows 5 blocks = 63% occupancy on sm_90, below the 75% threshold{{.*}} [occupancy-limited]
template <int KB> __global__ void tiled(const float *in, float *out) {
  __shared__ float s[KB * 256];
  int t = threadIdx.x;
  for (int k = t; k < KB * 256; k += blockDim.x)
    s[k] = in[blockIdx.x * KB * 256 + k];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[(t * 37) % (KB * 256)];
}
template __global__ void tiled<40>(const float *, float *);
template __global__ void tiled<4>(const float *, float *);

// Through a macro, with the launch annotated at its use.
#define SCALE_KERNEL(name)                                                                 \
  __global__ void name(const float *in, float *out) {                                      \
    extern __shared__ float buf[];                                                         \
    buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];                          \
    __syncthreads();                                                                       \
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];        \
  }
// warplint: launch grid(4096) block(128) shared(65536)
// CHECK: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'from_macro': 64 KB of shared memory per block allows 3 blocks = 19% occupancy on sm_90, below the 50% threshold: 64 KB of dynamic shared memory, with block(128,1,1) from the annotation at line [[@LINE-1]] and 64 KB of dynamic shared memory from the annotation at line [[@LINE-1]]; {{.*}} [occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'from_macro': 64 KB of shared memory per block allows 3 blocks = 19%{{.*}} [occupancy-limited]
SCALE_KERNEL(from_macro)
// warplint: launch grid(64) block(128) shared(4096)
SCALE_KERNEL(small_buffer)

// Suppressed on the kernel's line (negative).
// warplint: launch grid(4096) block(128) shared(131072)
// warplint: ignore[occupancy-limited]
SCALE_KERNEL(known)

// Small grids: 64 KB of shared memory allow 3 blocks of 128 threads per SM,
// but a grid that spreads over the reference GPU's 132 SMs (sm_90's H100
// SXM) with no more than 3 blocks on any SM has every block resident at
// once: the limit never binds (negatives, but with the config's 16 SMs).
// warplint: launch grid(132) block(128) shared(65536)
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'one_per_sm': 64 KB of shared memory per block allows 3 blocks = 19%{{.*}} [occupancy-limited]
SCALE_KERNEL(one_per_sm)
// warplint: launch grid(396) block(128) shared(65536)
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'three_per_sm': 64 KB of shared memory per block allows 3 blocks = 19%{{.*}} [occupancy-limited]
SCALE_KERNEL(three_per_sm)
// One block more than 3 per SM: some SM would hold 4, so the limit binds.
// CHECK: occupancy-limited.cu:[[@LINE+4]]:14: warning: kernel 'past_three_per_sm': 64 KB of shared memory per block allows 3 blocks = 19% occupancy on sm_90, below the 50% threshold{{.*}} [occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'past_three_per_sm': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'past_three_per_sm': 64 KB {{.*}} [occupancy-limited]
// warplint: launch grid(397) block(128) shared(65536)
SCALE_KERNEL(past_three_per_sm)
// The grid unknown: reported as for a large grid.
// CHECK: occupancy-limited.cu:[[@LINE+4]]:14: warning: kernel 'grid_unknown': 64 KB of shared memory per block allows 3 blocks = 19% occupancy on sm_90, below the 50% threshold{{.*}} [occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'grid_unknown': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'grid_unknown': 64 KB {{.*}} [occupancy-limited]
// warplint: launch block(128) shared(65536)
SCALE_KERNEL(grid_unknown)

// The grid unknown but bounded by the host code: std::min(n / 128, 24)
// blocks (an all-reduce's MAX_BLOCKS) never put more than one block on an
// SM, so the limit never binds (negative, but with 16 SMs 24 blocks are 2
// per SM: still under 3). 2-D, `dim3(std::min(rows, 64), 8)`: 512 blocks
// at most, 4 per SM: it binds (reported), as it does for an unbounded grid.
SCALE_KERNEL(bounded_grid)
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'bounded_2d': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'bounded_2d': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'bounded_2d': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(bounded_2d)

// Bounds the host code proves by branches and loops (the all-reduce's
// "shrink the grid to at most MaxBlocks" forms, HostBounds.cpp): silent when
// the bound fits, reported when it is too large or cannot be proven.
// A factor search: `blocks /= factor` after `while (blocks / factor > 24 ||
// blocks % factor) ++factor;` under `if (blocks > 24)`: 24 on both paths.
SCALE_KERNEL(factor_search)
// Halving in a for's increment (a #define) and in a while's body (a static
// const): at most the constant at the exit.
SCALE_KERNEL(halving_for)
SCALE_KERNEL(halving_while)
// `if (blocks > 48) return;`: the launch after it has at most 48; one in
// `if (blocks < 30 && n > 1)`, at most 29; one in `if (!(24 < blocks))`, 24.
SCALE_KERNEL(guard_return)
SCALE_KERNEL(guard_and)
SCALE_KERNEL(clamp_reversed)
// An `if` walked as one (its branch may return, so no launch per branch):
// `if (blocks > 24) { if (!ok) return; blocks = 24; }` joins 24 and the
// else path's 24; with `blocks = 1000` there, 1000 (reported below).
SCALE_KERNEL(joined_clamp)
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'joined_too_large': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'joined_too_large': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'joined_too_large': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(joined_too_large)
// The factor search to at most 1024: 8 per SM, the limit binds.
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'factor_too_large': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'factor_too_large': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'factor_too_large': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(factor_too_large)
// Not proven, reported as for an unbounded grid: a loop condition that
// writes blocks (a call taking it by reference: at the exit 300 >= what the
// call returned, not blocks), ...
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'loop_side_effect': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'loop_side_effect': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'loop_side_effect': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(loop_side_effect)
// ... blocks assigned unknown data after the loop, ...
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'reassigned_after': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'reassigned_after': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'reassigned_after': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(reassigned_after)
// ... a loop a break leaves with its condition still true, ...
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'loop_break': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'loop_break': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'loop_break': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(loop_break)
// ... the divisor changed between the loop and the division, ...
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'divisor_changed': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'divisor_changed': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'divisor_changed': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(divisor_changed)
// ... and a launch where `blocks < 30 || n > 0` holds (either may).
// CHECK: occupancy-limited.cu:[[@LINE+3]]:14: warning: kernel 'guard_or': 64 KB of shared memory per block allows 3 blocks = 19% occupancy{{.*}}[occupancy-limited]
// T75: occupancy-limited.cu:[[@LINE+2]]:14: warning: kernel 'guard_or': 64 KB {{.*}} [occupancy-limited]
// SMS16: occupancy-limited.cu:[[@LINE+1]]:14: warning: kernel 'guard_or': 64 KB {{.*}} [occupancy-limited]
SCALE_KERNEL(guard_or)

// Full occupancy (negative).
__global__ void light(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f + 1.0f;
}

void host(const float *in, float *out) {
  // Opted in: without it the launch fails (launch-fails).
  cudaFuncSetAttribute(dynamic_tile, cudaFuncAttributeMaxDynamicSharedMemorySize, 98304);
  dynamic_tile<<<1024, 256, 98304>>>(in, out);
  light<<<128, 256>>>(in, out);
}

void allReduce(const float *in, float *out, int n, int rows) {
  const int MaxBlocks = 24;
  int blocks = n / 128;
  blocks = std::min(blocks, MaxBlocks);
  cudaFuncSetAttribute(bounded_grid, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  bounded_grid<<<blocks, 128, 65536>>>(in, out);
  cudaFuncSetAttribute(bounded_2d, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  bounded_2d<<<dim3(std::min(rows, 64), 8), 128, 65536>>>(in, out);
}

#define HALVED_MAX 36
static const int kWhileMax = 40;

/// Doubles b and returns what it was.
static int takeAndDouble(int &b) {
  int Old = b;
  b *= 2;
  return Old;
}

static void setShared() {
  cudaFuncSetAttribute(factor_search, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(halving_for, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(halving_while, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(guard_return, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(guard_and, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(guard_or, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(clamp_reversed, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(factor_too_large, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(loop_side_effect, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(reassigned_after, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(loop_break, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(divisor_changed, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
}

void shrinkToFactor(const float *in, float *out, int elems, int other) {
  constexpr int kGridCap = 24;
  setShared();
  int grid = (elems + 127) / 128;
  if (grid > kGridCap) {
    int div = 1;
    while (grid / div > kGridCap || grid % div)
      ++div;
    grid /= div;
  }
  factor_search<<<grid, 128, 65536>>>(in, out);

  int big = (elems + 127) / 128;
  if (big > 1024) {
    int div = 1;
    while (big / div > 1024 || big % div)
      div += 1;
    big = big / div;
  }
  factor_too_large<<<big, 128, 65536>>>(in, out);

  int reset = (elems + 127) / 128;
  if (reset > kGridCap) {
    int div = 1;
    while (reset / div > kGridCap)
      ++div;
    reset /= div;
  }
  reset = other / 3;
  reassigned_after<<<reset, 128, 65536>>>(in, out);

  int moved = (elems + 127) / 128;
  int div = 1;
  while (moved / div > kGridCap)
    ++div;
  div = other;
  moved /= div;
  divisor_changed<<<moved, 128, 65536>>>(in, out);
}

void shrinkByHalves(const float *in, float *out, int elems, int flag) {
  setShared();
  int halves = elems / 128;
  for (; halves > HALVED_MAX; halves /= 2)
    ;
  halving_for<<<halves, 128, 65536>>>(in, out);
  unsigned rounded = elems / 128;
  while (rounded > kWhileMax)
    rounded = (rounded + 1) / 2;
  halving_while<<<rounded, 128, 65536>>>(in, out);
  int eff = elems / 128;
  while (takeAndDouble(eff) > 300)
    ;
  loop_side_effect<<<eff, 128, 65536>>>(in, out);
  int broken = elems / 128;
  while (broken > 24) {
    if (flag & 1)
      break;
    broken /= 2;
  }
  loop_break<<<broken, 128, 65536>>>(in, out);
}

void joined(const float *in, float *out, int elems, bool ok) {
  cudaFuncSetAttribute(joined_clamp, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cudaFuncSetAttribute(joined_too_large, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  int blocks = elems / 128;
  if (blocks > 24) {
    if (!ok)
      return;
    blocks = 24;
  }
  joined_clamp<<<blocks, 128, 65536>>>(in, out);
  int many = elems / 128;
  if (many > 24) {
    if (!ok)
      return;
    many = 1000;
  }
  joined_too_large<<<many, 128, 65536>>>(in, out);
}

void guarded(const float *in, float *out, int elems, int n) {
  setShared();
  int blocks = elems / 128;
  if (n > 0) {
    if (blocks < 30 && n > 1)
      guard_and<<<blocks, 128, 65536>>>(in, out);
    if (blocks < 30 || n > 1)
      guard_or<<<blocks, 128, 65536>>>(in, out);
  }
  int clamped = elems / 64;
  if (!(24 < clamped))
    clamp_reversed<<<clamped, 128, 65536>>>(in, out);
  if (blocks > 48)
    return;
  guard_return<<<blocks, 128, 65536>>>(in, out);
}
