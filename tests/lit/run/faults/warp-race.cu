// Races between lanes of one warp: since Volta, lanes of a warp are not
// guaranteed to run in lockstep, so two lanes that share data through shared
// memory race unless a __syncwarp() (or a shuffle or vote, which synchronize
// their lanes too) lies between the write and the other lane's access
// (compute-sanitizer racecheck reports these).
// RUN: not %warplint run --no-cuda-sdk %s --kernel reduce_lockstep --grid 1 --block 32 --buffer out=1 | FileCheck %s --check-prefix=RACE
// RUN: %warplint run --no-cuda-sdk %s --kernel reduce_syncwarp --grid 1 --block 32 --buffer out=1 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel reduce_shfl --grid 1 --block 32 --buffer out=1 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel neighbours_syncwarp --grid 1 --block 64 --buffer out=64 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer out=64 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not="error: kernel 'reduce_syncwarp'" --implicit-check-not="error: kernel 'reduce_shfl'" --implicit-check-not="error: kernel 'neighbours_syncwarp'"

// The pre-Volta warp-synchronous reduction: no __syncwarp between steps.
// warplint: launch grid(1) block(32)
__global__ void reduce_lockstep(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = t;
  for (int o = 16; o > 0; o /= 2)
    if (t < o)
      s[t] += s[t + o];
  if (t == 0)
    out[0] = s[0];
}
// RACE: warp-race.cu:[[@LINE-4]]:{{[0-9]+}}: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread {{[0-9]+}} {{reads|writes}} at {{.*}}warp-race.cu:[[@LINE-4]], thread {{[0-9]+}} {{read|wrote}} at {{.*}}warp-race.cu:{{[0-9]+}}, lanes of one warp with no __syncwarp() between (lanes of a warp do not run in lockstep since Volta) [shared-race]
// CONFIRM: warp-race.cu:[[@LINE-5]]:{{[0-9]+}}: error: kernel 'reduce_lockstep': shared-memory race {{.*}}lanes of one warp with no __syncwarp() between {{.*}}; put __syncwarp() between the two accesses{{.*}} [shared-race]

// Negative: the same reduction with __syncwarp between reads and writes.
// warplint: launch grid(1) block(32)
__global__ void reduce_syncwarp(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = t;
  __syncwarp();
  for (int o = 16; o > 0; o /= 2) {
    int v = t < o ? s[t + o] : 0;
    __syncwarp();
    if (t < o)
      s[t] += v;
    __syncwarp();
  }
  if (t == 0)
    out[0] = s[0];
}

// Negative: shuffles need no shared memory at all.
// warplint: launch grid(1) block(32)
__global__ void reduce_shfl(int *out) {
  int v = threadIdx.x;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x == 0)
    out[0] = v;
}

// Negative: each lane reads its neighbour's element after a __syncwarp.
// warplint: launch grid(1) block(64)
__global__ void neighbours_syncwarp(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = 2 * t;
  __syncwarp();
  out[t] = s[(t & ~31) | ((t + 1) & 31)];
}

// CLEAN-NOT: error
// CLEAN: sites:
