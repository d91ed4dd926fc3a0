// REQUIRES: cuda-sdk
// cooperative_groups::this_grid().sync() with the toolkit's headers: the
// header reads the grid workspace from %envreg1/2, arrives on its counter
// with an atomic and spins on it until every block arrived. The model gives
// the kernel a zeroed workspace and runs the launch's blocks as if all were
// resident at once: a block that waits lets the others run.
//
// Each block writes its partial sum, the grid syncs, block 0 sums the
// partial sums; after a second sync every block reads the total. Accesses
// ordered by a grid sync are not cross-block races.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel grid_sum --grid 8 --block 128 --buffer in=1024:iota --buffer partial=8 --buffer out=1 > %t.sum 2>&1; echo "exit=$?" >> %t.sum
// RUN: FileCheck --check-prefix=SUM %s < %t.sum
// A 2D grid, more blocks than the machine has cores.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel grid_sum --grid 6,5 --block 64 --buffer in=1024:iota --buffer partial=30 --buffer out=1 > %t.sum2 2>&1; echo "exit=$?" >> %t.sum2
// RUN: FileCheck --check-prefix=SUM2 %s < %t.sum2
//
// More blocks than can be resident at once: cudaLaunchCooperativeKernel
// refuses the launch; the model says so and exits 2.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel grid_sum --grid 5000 --block 128 --buffer in=1024:iota --buffer partial=5000 --buffer out=1 > %t.big 2>&1; echo "exit=$?" >> %t.big
// RUN: FileCheck --check-prefix=BIG %s < %t.big
//
// A block returns before the sync: the others wait for it forever.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel early_return --grid 4 --block 64 --buffer out=4 > %t.hang 2>&1; echo "exit=$?" >> %t.hang
// RUN: FileCheck --check-prefix=HANG %s < %t.hang
//
// Block 0 reads the partial sums in the same phase as the blocks write them
// (before the sync): a race the sync does not order.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel sum_before_sync --grid 4 --block 64 --buffer partial=4 --buffer out=1 > %t.race 2>&1; echo "exit=$?" >> %t.race
// RUN: FileCheck --check-prefix=RACE %s < %t.race

#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void grid_sum(const int *in, int *partial, int *out) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int s[128];
  unsigned b = grid.block_rank(), t = threadIdx.x, n = blockDim.x;
  int v = 0;
  for (unsigned i = b * n + t; i < 1024; i += grid.size())
    v += in[i];
  s[t] = v;
  __syncthreads();
  for (unsigned o = n / 2; o > 0; o /= 2) {
    if (t < o)
      s[t] += s[t + o];
    __syncthreads();
  }
  if (t == 0)
    partial[b] = s[0];
  grid.sync();
  if (b == 0 && t == 0) {
    int total = 0;
    for (unsigned k = 0; k < grid.num_blocks(); ++k)
      total += partial[k];
    out[0] = total;
    printf("total %d of %d blocks\n", total, (int)grid.num_blocks());
  }
  grid.sync();
  if (t == 0) {
    int mine = partial[b];
    partial[b] = out[0] - mine;
    if (b < 3 || b + 1 == grid.num_blocks())
      printf("block %u: partial %d, total %d\n", b, mine, out[0]);
  }
}

__global__ void early_return(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == 2)
    return;
  if (threadIdx.x == 0)
    out[blockIdx.x] = 1;
  grid.sync();
  if (threadIdx.x == 0)
    out[blockIdx.x] += out[(blockIdx.x + 1) % 4];
}

__global__ void sum_before_sync(int *partial, int *out) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    partial[blockIdx.x] = blockIdx.x + 1;
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int total = 0;
    for (unsigned k = 0; k < gridDim.x; ++k)
      total += partial[k];
    out[0] = total;
  }
  grid.sync();
}

// 0 + 1 + ... + 1023 = 523776; block b of 128 threads sums b*128 .. b*128+127.
// SUM: total 523776 of 8 blocks
// SUM-NEXT: block 0: partial 8128, total 523776
// SUM-NEXT: block 1: partial 24512, total 523776
// SUM-NEXT: block 2: partial 40896, total 523776
// SUM-NEXT: block 7: partial 122816, total 523776
// SUM-NOT: error
// SUM-NOT: memory race
// SUM: exit=0
//
// 30 blocks of 64 threads stride over the 1024 values: block b sums
// b*64+t, b*64+t+1920 (< 1024 only for b*64+t < 1024, so blocks 16.. get
// nothing): block 0 sums 0..63 = 2016, block 15 sums 960..1023 = 63456.
// SUM2: total 523776 of 30 blocks
// SUM2-NEXT: block 0: partial 2016, total 523776
// SUM2-NEXT: block 1: partial 6112, total 523776
// SUM2-NEXT: block 2: partial 10208, total 523776
// SUM2-NEXT: block 29: partial 0, total 523776
// SUM2-NOT: error
// SUM2-NOT: memory race
// SUM2: exit=0
//
// BIG: error: {{.*}}cannot run: a grid-wide sync needs all 5000 blocks of the launch resident at once, at most 2112 fit on sm_90 (132 SMs x 16 blocks per SM for this kernel): cudaLaunchCooperativeKernel would fail with cudaErrorCooperativeLaunchTooLarge
// BIG: exit=2
//
// HANG: kernel early_return grid (4,1,1) block (64,1,1)
// HANG: error: the kernel does not terminate: warp 0 (threads 0-31) of block (0,0,0) comes back to the same state (registers, branch stack) every 1 pass through the loop at {{.*}}; 1 warp wait at a barrier; every block of the cooperative launch waits or has exited (1 of 4 exited): none can change what the others wait on [hang]
// HANG-NOT: memory race
// HANG: exit=1
//
// RACE: error: global-memory race on byte offset 4 of buffer 'partial' between blocks: thread 0 of block (0,0,0) reads at {{.*}}grid-sync.cu:{{[0-9]+}}, thread 0 of block (1,0,0) writes at {{.*}}grid-sync.cu:{{[0-9]+}}
// RACE: exit=1
