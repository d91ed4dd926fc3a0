// REQUIRES: cuda-sdk
// Cooperative groups with the toolkit's headers: from sm_80 on,
// this_thread_block() reads the reserved shared memory's offset
// (%reserved_smem_offset_1) through inline asm; the run at the default arch
// must count what the sm_75 run (where the header skips the asm) counts.
//
// RUN: %warplint run %s --kernel block_sum --grid 4 --block 256 --buffer in=1024:iota --buffer out=4 --arg n=1000 > %t.default 2>&1; echo "exit=$?" >> %t.default
// RUN: %warplint run %s --arch=sm_75 --kernel block_sum --grid 4 --block 256 --buffer in=1024:iota --buffer out=4 --arg n=1000 > %t.75 2>&1; echo "exit=$?" >> %t.75
// RUN: FileCheck --check-prefix=SUM %s < %t.default
// RUN: FileCheck --check-prefix=SUM %s < %t.75
// RUN: grep -E "l1tex__|_op_shared|sites|B: " %t.default > %t.default.counters
// RUN: grep -E "l1tex__|_op_shared|sites|B: " %t.75 > %t.75.counters
// RUN: diff %t.default.counters %t.75.counters
// RUN: FileCheck --check-prefix=COUNTERS %s < %t.default.counters
//
// A grid-wide sync runs as a cooperative launch (run/grid-sync.cu): the
// write before the sync is ordered with the reads after it, but the update
// after it reads a neighbour's word another thread updates in the same phase:
// a race within a warp and one between blocks.
// RUN: %warplint run %s --kernel grid_sync --grid 2 --block 64 --buffer out=128 > %t.grid 2>&1; echo "exit=$?" >> %t.grid
// RUN: FileCheck --check-prefix=GRID %s < %t.grid

#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

// Sum of in[0..n) per block of 256: a shuffle reduction per 32-thread tile,
// the tiles' sums through shared memory.
__global__ void block_sum(const int *in, int *out, int n) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ int partial[8];
  unsigned rank = cta.thread_rank();
  unsigned i = blockIdx.x * cta.size() + rank;
  int v = i < n ? in[i] : 0;
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  for (int off = tile.size() / 2; off > 0; off /= 2)
    v += tile.shfl_down(v, off);
  if (tile.thread_rank() == 0)
    partial[tile.meta_group_rank()] = v;
  cg::sync(cta);
  if (rank < 8) {
    int s = partial[rank];
    for (int off = 4; off > 0; off /= 2)
      s += __shfl_down_sync(0xff, s, off);
    if (rank == 0) {
      out[blockIdx.x] = s;
      printf("block %d sum %d\n", blockIdx.x, s);
    }
  }
}

__global__ void grid_sync(int *out) {
  cg::grid_group grid = cg::this_grid();
  out[grid.thread_rank()] = 1;
  grid.sync();
  out[grid.thread_rank()] += out[(grid.thread_rank() + 1) % grid.size()];
}

// Sums of 0..255, 256..511, 512..767, 768..999.
// SUM-DAG: block 0 sum 32640
// SUM-DAG: block 1 sum 98176
// SUM-DAG: block 2 sum 163712
// SUM-DAG: block 3 sum 204972
// SUM-NOT: error:
// SUM: exit=0
//
// COUNTERS: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 32
// COUNTERS: cooperative-groups.cu:{{[0-9]+}}:{{[0-9]+}} shared st 4B: 32 requests, 1.00 wavefronts/request
// COUNTERS: shared ld 4B: 4 requests
//
// GRID: kernel grid_sync grid (2,1,1) block (64,1,1): 2 of 2 blocks
// GRID-NOT: cannot run
// GRID: error: global-memory race on byte offset 4 of buffer 'out' in block (0,0,0): thread 1 writes {{.*}}, thread 0 read {{.*}} lanes of one warp with no __syncwarp() between
// GRID: error: global-memory race on byte offset 256 of buffer 'out' between blocks: thread 63 of block (0,0,0) reads {{.*}}, thread 0 of block (1,0,0) writes
// GRID-NOT: error:
// GRID: exit=1
