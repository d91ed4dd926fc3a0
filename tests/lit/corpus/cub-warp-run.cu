// The device model runs CUB's warp-level sums (Debian's libcub-dev): their
// scan and reduction steps are inline-asm blocks of a predicated shuffle and
// an add ({ shfl.sync.up.b32 r0|p, ...; @p add.s32 r0, r0, ...; }), which
// warplint lowers to the shuffle intrinsic that also returns the predicate.
// The results are right: an exclusive warp sum of 2s gives lane l the value
// 2l (stores 8 bytes apart: 8 sectors per request), and a block sum of
// 128 threads' 3s is 384 (out[384] is the last element of its buffer).
// REQUIRES: cub
// RUN: %warplint run --no-cuda-sdk %s --kernel scan_index --grid 2 --block 128 --buffer in=256:const:2 --buffer out=512 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: %warplint run --no-cuda-sdk %s --kernel block_total --grid 2 --block 128 --buffer in=256:const:3 --buffer out=385 >> %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck %s < %t.run
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

__global__ void scan_index(const int *in, int *out) {
  using Scan = cub::WarpScan<int>;
  __shared__ typename Scan::TempStorage tmp[4];
  int r;
  Scan(tmp[threadIdx.x / 32]).ExclusiveSum(in[blockIdx.x * 128 + threadIdx.x], r);
  out[blockIdx.x * 256 + (threadIdx.x / 32) * 64 + r] = 1;
}

__global__ void block_total(const int *in, int *out) {
  using Reduce = cub::BlockReduce<int, 128>;
  __shared__ typename Reduce::TempStorage tmp;
  int s = Reduce(tmp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
  if (threadIdx.x == 0)
    out[s] = s; // Both blocks store 384 there: a benign race.
}

// CHECK-NOT: error
// CHECK-LABEL: kernel scan_index
// CHECK: cub-warp-run.cu:20:{{[0-9]+}} global st 4B: 8 requests, 8.00 sectors/request
// CHECK: exit=0
// CHECK-LABEL: kernel block_total
// CHECK: cub-warp-run.cu:28:{{[0-9]+}} global st 4B: 2 requests, 1.00 sectors/request
// CHECK: exit=0
