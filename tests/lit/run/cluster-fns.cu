// The cluster functions and __fns on the device model, which launches
// clusters of one block: cluster dimensions 1, the block rank 0 in its
// cluster, the cluster index the block index and the grid of clusters the
// grid, no explicit cluster dimensions, __cluster_map_shared_rank to rank 0
// the same address, __cluster_query_shared_rank 0, __isClusterShared true
// exactly for shared addresses. __fns finds the n-th set bit as PTX's fns
// defines it (the PTX ISA's four examples first, then 64 mixed cases). An
// H100 printed the same (nvcc -arch=sm_90, CUDA 13, launched without cluster
// dimensions: a cluster of one block each). A map to another rank stops.
// RUN: %warplint run --no-cuda-sdk %s --kernel clusters --grid 3,2 --block 64 --buffer out=384 2>&1 | FileCheck %s
// RUN: %warplint run --no-cuda-sdk %s --kernel fnsCases --grid 1 --block 64 --buffer out=64 2>&1 | FileCheck --check-prefix=FNS %s
// RUN: %warplint run --no-cuda-sdk %s --kernel mapOtherRank --grid 1 --block 32 --buffer out=32 > %t.rank 2>&1; echo "exit=$?" >> %t.rank
// RUN: FileCheck --check-prefix=RANK %s < %t.rank
// cluster-fns-sdk.test runs the same with the toolkit's headers.
#include <cstdio>

__global__ void clusters(unsigned *out) {
  __shared__ int tile[64];
  unsigned t = threadIdx.x, b = blockIdx.x + gridDim.x * blockIdx.y;
  tile[t] = int(t);
  __syncthreads();
  dim3 dim = __clusterDim(), idx = __clusterIdx(), rel = __clusterRelativeBlockIdx(),
       grid = __clusterGridDimInClusters();
  unsigned rank = __clusterRelativeBlockRank(), size = __clusterSizeInBlocks();
  unsigned expl = __clusterDimIsSpecified();
  int *mapped = (int *)__cluster_map_shared_rank(&tile[(t + 1) % 64], 0);
  // Shared or global by the thread's parity: the optimizer cannot fold it.
  const void *p = (t & 1) ? (const void *)&tile[t] : (const void *)(out + b * 64 + t);
  unsigned where = __cluster_query_shared_rank(&tile[t]);
  unsigned cs = __isClusterShared(p), cta = __isCtaShared(p);
  out[b * 64 + t] = (mapped == &tile[(t + 1) % 64]) + 2 * (*mapped == int((t + 1) % 64));
  if (t == 3 || t == 40)
    printf("block %u,%u t%u dim=%u,%u,%u idx=%u,%u,%u rel=%u,%u,%u grid=%u,%u,%u rank=%u size=%u "
           "explicit=%u where=%u cluster-shared=%u cta-shared=%u mapped=%u\n",
           blockIdx.x, blockIdx.y, t, dim.x, dim.y, dim.z, idx.x, idx.y, idx.z, rel.x, rel.y, rel.z,
           grid.x, grid.y, grid.z, rank, size, expl, where, cs, cta, out[b * 64 + t]);
}

// CHECK-DAG: block 0,0 t3 dim=1,1,1 idx=0,0,0 rel=0,0,0 grid=3,2,1 rank=0 size=1 explicit=0 where=0 cluster-shared=1 cta-shared=1 mapped=3
// CHECK-DAG: block 0,0 t40 dim=1,1,1 idx=0,0,0 rel=0,0,0 grid=3,2,1 rank=0 size=1 explicit=0 where=0 cluster-shared=0 cta-shared=0 mapped=3
// CHECK-DAG: block 2,1 t3 dim=1,1,1 idx=2,1,0 rel=0,0,0 grid=3,2,1 rank=0 size=1 explicit=0 where=0 cluster-shared=1 cta-shared=1 mapped=3
// CHECK-DAG: block 1,1 t40 dim=1,1,1 idx=1,1,0 rel=0,0,0 grid=3,2,1 rank=0 size=1 explicit=0 where=0 cluster-shared=0 cta-shared=0 mapped=3
// CHECK-NOT: cannot run

__global__ void fnsCases(unsigned *out) {
  unsigned t = threadIdx.x;
  const unsigned Masks[8] = {0xaaaaaaaau, 0u, 0xffffffffu, 0x80000001u,
                             0x00f0f000u, 0x12345678u, 0x80000000u, 0x00000001u};
  const int Offsets[8] = {1, -1, 0, 2, -3, 5, -9, 31};
  unsigned r = __fns(Masks[t % 8], (t * 7) % 32, Offsets[(t / 8) % 8]);
  out[t] = r;
  __syncthreads();
  if (t == 0) {
    printf("fns examples %u %u %u %u\n", __fns(0xaaaaaaaau, 3, 1), __fns(0xaaaaaaaau, 3, -1),
           __fns(0xaaaaaaaau, 2, 1), __fns(0xaaaaaaaau, 2, -1));
    for (int row = 0; row < 4; ++row) {
      printf("fns row %d:", row);
      for (int k = 0; k < 16; ++k)
        printf(" %d", int(out[row * 16 + k]));
      printf("\n");
    }
  }
}

// FNS: fns examples 3 3 3 1
// FNS-NEXT: fns row 0: 1 -1 14 31 -1 3 31 -1 23 -1 6 0 20 25 -1 0
// FNS-NEXT: fns row 1: -1 -1 30 -1 12 -1 -1 -1 11 -1 23 -1 13 14 -1 -1
// FNS-NEXT: fns row 2: -1 -1 12 -1 21 -1 -1 -1 -1 -1 10 -1 -1 -1 -1 -1
// FNS-NEXT: fns row 3: -1 -1 22 -1 -1 3 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
// FNS-NOT: cannot run

__global__ void mapOtherRank(unsigned *out) {
  __shared__ int tile[32];
  tile[threadIdx.x] = 1;
  int *other = (int *)__cluster_map_shared_rank(&tile[threadIdx.x], threadIdx.x / 16);
  out[threadIdx.x] = *other;
}

// RANK: cannot run: __cluster_map_shared_rank (mapa) to block rank 1 by lane 16, thread (16,0,0) of block (0,0,0): the device model launches clusters of one block (rank 0)
// RANK: exit=2

int main() {
  unsigned *out;
  cudaMalloc(&out, 6 * 64 * sizeof(unsigned));
  clusters<<<dim3(3, 2), 64>>>(out);
  cudaDeviceSynchronize();
  fnsCases<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
