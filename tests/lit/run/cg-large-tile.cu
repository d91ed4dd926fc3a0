// REQUIRES: cuda-sdk
// cooperative_groups::reduce over a thread_block_tile larger than a warp
// (64 or 128 threads of a block of 256; the tile's memory is the reserved
// shared memory of sm_80 on). The toolkit's header has each warp store its
// partial result in shared scratch and arrive on a barrier word with
// atom.or.acq_rel.cta; the last warp to arrive reads the scratch, writes the
// results and releases the others (red.and.release.cta), which poll with
// ld.acquire.cta. The race detector takes a release that an acquire reads
// as ordering (devicemodel/HappensBefore.h): the correct reduction reports
// no race, and the polls yield to the warps they wait on (a few loads, not
// millions).
//
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel 'tile_sum<64u>' --grid 2 --block 256 --buffer in=512:iota --buffer out=8 > %t.64 2>&1; echo "exit=$?" >> %t.64
// RUN: FileCheck --check-prefix=SUM64 %s < %t.64
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel 'tile_sum<128u>' --grid 2 --block 256 --buffer in=512:iota --buffer out=4 > %t.128 2>&1; echo "exit=$?" >> %t.128
// RUN: FileCheck --check-prefix=SUM128 %s < %t.128
//
// A real race next to the reduction: after it, each thread reads the word of
// the thread 32 away (the tile's other warp), which that thread updates with
// no sync between. The words written before the reduction and read after it
// are ordered by it and are not reported.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel tile_race --grid 1 --block 256 --buffer out=256 > %t.race 2>&1; echo "exit=$?" >> %t.race
// RUN: FileCheck --check-prefix=RACE %s < %t.race

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

template <unsigned Size> __global__ void tile_sum(const int *in, int *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(cta);
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int sum = cg::reduce(tile, v, cg::plus<int>());
  // A second reduction reuses the scratch and the barrier word.
  int most = cg::reduce(tile, v, cg::greater<int>());
  if (tile.thread_rank() == 0) {
    unsigned slot = blockIdx.x * (blockDim.x / Size) + tile.meta_group_rank();
    out[slot] = sum;
    printf("tile %u sum %d max %d\n", slot, sum, most);
  }
}
template __global__ void tile_sum<64>(const int *, int *);
template __global__ void tile_sum<128>(const int *, int *);

__global__ void tile_race(int *out) {
  __shared__ int s[256];
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
  s[threadIdx.x] = threadIdx.x;
  int sum = cg::reduce(tile, 1, cg::plus<int>());
  int ordered = s[threadIdx.x ^ 32];
  s[threadIdx.x] += sum;
  out[threadIdx.x] = s[threadIdx.x ^ 32] + ordered;
}

// Sums of 64 consecutive values from 64k: 2016 + 4096k.
// SUM64-DAG: tile 0 sum 2016 max 63
// SUM64-DAG: tile 1 sum 6112 max 127
// SUM64-DAG: tile 3 sum 14304 max 255
// SUM64-DAG: tile 4 sum 18400 max 319
// SUM64-DAG: tile 7 sum 30688 max 511
// SUM64: kernel tile_sum<64u> grid (2,1,1) block (256,1,1): 2 of 2 blocks
// The polls: a few per warp and reduction, not a spin of millions.
// SUM64-NOT: shared ld 4B: {{[0-9][0-9][0-9][0-9]+}} requests
// SUM64-NOT: memory race
// SUM64: exit=0
//
// SUM128-DAG: tile 0 sum 8128 max 127
// SUM128-DAG: tile 1 sum 24512 max 255
// SUM128-DAG: tile 2 sum 40896 max 383
// SUM128-DAG: tile 3 sum 57280 max 511
// SUM128: kernel tile_sum<128u>
// SUM128-NOT: shared ld 4B: {{[0-9][0-9][0-9][0-9]+}} requests
// SUM128-NOT: memory race
// SUM128: exit=0
//
// RACE: kernel tile_race
// RACE-NOT: {{at .*cg-large-tile.cu:49,|cg-large-tile.cu:49:[0-9]+: (error|note)}}
// RACE: cg-large-tile.cu:51:{{[0-9]+}}: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread {{[0-9]+}} reads at {{.*}}cg-large-tile.cu:51, thread {{[0-9]+}} wrote at {{.*}}cg-large-tile.cu:52, with no barrier between [shared-race]
// RACE-NOT: {{at .*cg-large-tile.cu:49,|cg-large-tile.cu:49:[0-9]+: (error|note)}}
// RACE: exit=1
