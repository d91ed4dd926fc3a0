// CUB's block and warp primitives (Debian's libcub-dev) through the embedded
// prelude: BlockReduce, WarpScan, BlockRadixSort and a warp-transposed
// BlockStore all compile and analyze, with no error and no finding against
// the coalesced loads and stores the user wrote, and the shared-memory
// traffic inside the primitives found at the calling line.
// REQUIRES: cub
// RUN: %warplint accesses --no-cuda-sdk %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck %s < %t.acc
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_scan.cuh>

// warplint: launch grid(256) block(128)
__global__ void block_sum(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, 128>;
  __shared__ typename Reduce::TempStorage tmp;
  float s = Reduce(tmp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

// warplint: launch grid(256) block(128)
__global__ void warp_prefix(const int *in, int *out) {
  using Scan = cub::WarpScan<int>;
  __shared__ typename Scan::TempStorage tmp[4];
  int i = blockIdx.x * 128 + threadIdx.x;
  int r;
  Scan(tmp[threadIdx.x / 32]).ExclusiveSum(in[i], r);
  out[i] = r;
}

// warplint: launch grid(256) block(128)
__global__ void radix_sort(const unsigned *in, unsigned *out) {
  using Sort = cub::BlockRadixSort<unsigned, 128, 4>;
  using Store = cub::BlockStore<unsigned, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename Sort::TempStorage sort;
    typename Store::TempStorage store;
  } tmp;
  unsigned keys[4];
  for (int k = 0; k < 4; ++k)
    keys[k] = in[blockIdx.x * 512 + k * 128 + threadIdx.x];
  Sort(tmp.sort).Sort(keys);
  __syncthreads();
  Store(tmp.store).Store(out + blockIdx.x * 512, keys);
}

// CHECK-NOT: error
// CHECK-LABEL: kernel block_sum
// CHECK-DAG: cub-primitives.cu:18:{{[0-9]+}} global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00
// CHECK-DAG: cub-primitives.cu:18:{{[0-9]+}} shared ld 4B
// CHECK-DAG: cub-primitives.cu:18:{{[0-9]+}} shared st 4B
// CHECK-LABEL: kernel warp_prefix
// CHECK: cub-primitives.cu:29:{{[0-9]+}} global ld 4B coalesced
// CHECK: cub-primitives.cu:30:{{[0-9]+}} global st 4B coalesced
// CHECK-LABEL: kernel radix_sort
// CHECK: cub-primitives.cu:43:{{[0-9]+}} global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00
// (The sort's shared loads include 16-byte vector loads of its digit
// counters, which the load-store vectorizer writes as masked loads; the
// access shows the widest of its IR sites.)
// CHECK-DAG: cub-primitives.cu:44:{{[0-9]+}} shared ld {{4|16}}B
// CHECK-DAG: cub-primitives.cu:44:{{[0-9]+}} shared st 4B
// CHECK-DAG: cub-primitives.cu:46:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00
// CHECK: exit=0
