// Every launch with a known shape gets a time (issue 39): the shapes of a
// tiled SGEMM whose accesses had no execution count. Requests are checked
// against the device model running the same launches (AGREE), and every
// kernel has a time.
// RUN: %warplint accesses --no-cuda-sdk --format=json --gpu=h200 --launch-file %S/Inputs/counts-shapes.launch.json %s > %t.acc.json
// RUN: %python %S/Inputs/totals.py accesses %t.acc.json | FileCheck %s
// RUN: %python %S/Inputs/counts_time.py %t.acc.json | FileCheck %s --check-prefix=TIME
// RUN: %warplint run --no-cuda-sdk --format=json --launch-file %S/Inputs/counts-shapes.launch.json %s > %t.run.json
// RUN: %python %S/Inputs/totals.py compare %t.acc.json %t.run.json | FileCheck %s --check-prefix=AGREE

// A K-loop whose step is a template parameter, shared tiles, a register-tiled
// inner product, and an epilogue that reads and writes C: the optimizer
// versions the epilogue's loop on n == 1 (a copy of it no warp runs at
// n = 256, which had no count and took the kernel's time away). The
// epilogue's rows stay rolled (#pragma unroll 1), so that loop survives the
// full unrolling of loops over private arrays; the K-loop's tile unrolls and
// `acc` lives in registers through it (stored to local memory once, for the
// rolled epilogue's run-time row index).
template <int TILE, int STEP, int PER>
__global__ void ktile(unsigned n, unsigned k, float alpha, float beta, const float *a,
                      const float *b, float *c) {
  __shared__ float sa[TILE * STEP];
  __shared__ float sb[STEP * TILE];
  float acc[PER * PER];
  for (unsigned i = 0; i < PER * PER; ++i)
    acc[i] = beta;
  float ra[PER], rb[PER];
  unsigned tr = threadIdx.x / (TILE / PER), tc = threadIdx.x % (TILE / PER);
  const float *pa = a + blockIdx.y * TILE * k;
  const float *pb = b + blockIdx.x * TILE;
  for (unsigned kk = 0; kk < k; kk += STEP) {
    for (unsigned e = threadIdx.x; e < TILE * STEP; e += blockDim.x) {
      sa[e] = pa[(e / STEP) * k + e % STEP];
      sb[e] = pb[(e / TILE) * n + e % TILE];
    }
    __syncthreads();
    pa += STEP;
    pb += STEP * n;
    for (unsigned d = 0; d < STEP; ++d) {
      for (unsigned i = 0; i < PER; ++i)
        ra[i] = sa[(tr * PER + i) * STEP + d];
      for (unsigned j = 0; j < PER; ++j)
        rb[j] = sb[d * TILE + tc * PER + j];
      for (unsigned i = 0; i < PER; ++i)
        for (unsigned j = 0; j < PER; ++j)
          acc[i * PER + j] += ra[i] * rb[j];
    }
    __syncthreads();
  }
  float *pc = c + blockIdx.y * TILE * n + blockIdx.x * TILE;
#pragma unroll 1
  for (unsigned i = 0; i < PER; ++i)
    for (unsigned j = 0; j < PER; ++j)
      pc[(tr * PER + i) * n + tc * PER + j] =
          alpha * acc[i * PER + j] + beta * pc[(tr * PER + i) * n + tc * PER + j];
}
template __global__ void ktile<64, 8, 8>(unsigned, unsigned, float, float, const float *,
                                         const float *, float *);
// CHECK-LABEL: kernel ktile<64, 8, 8> warps=32
// CHECK:       assumes: 1 access that no counted warp reaches at this launch (first at line 52): counted as never executed
// 16 blocks x 2 warps x 8 x 8 elements: 2048 requests of the epilogue's load
// and store, 8 sectors each (a lane's row is n floats from the next lane's).
// CHECK-DAG:   54:45 global st requests=2048 sectors=65536 ideal=8192
// CHECK-DAG:   55:45 global ld requests=2048 sectors=65536 ideal=8192
// The copy of the loop for n == 1 (the load hoisted out of it): no warp runs it.
// CHECK-DAG:   52:3 global ld requests=0 sectors=0 ideal=0
// The K-loop: 256 / 8 = 32 steps of 8 x 8 reads of each shared tile per warp,
// `acc` in registers (no local load at line 46, once 524,288 requests;
// 64 stores of it after the loop, for the epilogue).
// CHECK-DAG:   41:17 shared ld requests=65536
// CHECK-DAG:   46:28 local st requests=2048 sectors=8192 ideal=8192
// TIME-DAG: kernel ktile<64, 8, 8> time=known

// Double buffering: the next tile loads while the current one is read; the
// last tile is read after the loop, from the buffer `cur = 1 - cur` left
// (a value ScalarEvolution has no closed form for: it cycles with period 2).
template <int TILE>
__global__ void double_buffered(int k, const float *in, float *out) {
  __shared__ float buf[2][TILE];
  int cur = 0;
  buf[0][threadIdx.x] = in[blockIdx.x * k + threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int t = TILE; t < k; t += TILE) {
    buf[1 - cur][threadIdx.x] = in[blockIdx.x * k + t + threadIdx.x];
    for (int j = 0; j < TILE; ++j)
      acc += buf[cur][(threadIdx.x + j) % TILE];
    __syncthreads();
    cur = 1 - cur;
  }
  for (int j = 0; j < TILE; ++j)
    acc += buf[cur][(threadIdx.x + j) % TILE];
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}
template __global__ void double_buffered<128>(int, const float *, float *);
// CHECK-LABEL: kernel double_buffered<128> warps=32
// 8 blocks x 4 warps x 128 iterations of the read after the loop.
// CHECK-DAG:   92:12 shared ld requests=4096 wavefronts=4096 ideal=4096
// TIME-DAG: kernel double_buffered<128> time=known

// Only warp 5 of a block's 16 passes the guard: a warp between two that
// count the same, which bisecting the warps missed.
__global__ void some_warps(const float *in, float *out) {
  __shared__ float s[512];
  s[threadIdx.x] = in[blockIdx.x * 512 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x / 32 == 5)
    out[blockIdx.x * 32 + threadIdx.x % 32] = s[511 - threadIdx.x];
}
// CHECK-LABEL: kernel some_warps warps=64
// 4 blocks x 1 warp.
// CHECK-DAG:   108:45 global st requests=4 sectors=16 ideal=16
// CHECK-DAG:   108:47 shared ld requests=4 wavefronts=4 ideal=4
// TIME-DAG: kernel some_warps time=known

// A K-loop with an unsigned step (ScalarEvolution has no count for it), a
// trap on data inside it (a library's assertion: an exit no run that ends
// takes) and an if on an atomic's result (data picks which lanes run it,
// counted as every lane that may: the device model agrees here, every warp
// has an odd `old`): 255 iterations x 32 warps.
__global__ void trapped_loop(unsigned k, const float *in, float *out, unsigned *flags) {
  float acc = 0;
  for (unsigned t = 0; t < k - 16; t += 16) {
    unsigned old = atomicAdd(&flags[blockIdx.x], 1u);
    if (old & 1)
      atomicAdd(&flags[blockIdx.x + 64], 1u);
    if (old > 0xfffffff0u)
      __trap();
    acc += in[t * 128 + threadIdx.x];
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
// CHECK-LABEL: kernel trapped_loop warps=32
// CHECK-DAG:   [[@LINE-10]]:20 global atom requests=8160 sectors=8160 ideal=8160
// CHECK-DAG:   [[@LINE-9]]:7 global atom requests=8160 sectors=8160 ideal=8160
// CHECK-DAG:   [[@LINE-7]]:12 global ld requests=8160 sectors=32640 ideal=32640
// TIME-DAG: kernel trapped_loop time=known

// AGREE: compared {{[0-9]+}} totals: 0 more than 5% apart
