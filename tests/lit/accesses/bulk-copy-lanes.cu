// Bulk copies issued by several lanes of a warp: the TMA reads each lane's
// copy in its own 128-byte pieces, so a warp's requests are the pieces of
// every active lane's copy (the device model counts them lane by lane).
// Here lanes 0-3 of each block copy 1 KiB each: 4 x 8 = 32 pieces a block,
// 64 for the grid of 2. Before, the analyzer counted one lane's pieces per
// warp: 16.
// RUN: %warplint accesses --no-cuda-sdk --format=json --grid 2 --block 128 %s | FileCheck %s --check-prefix=PRED
// RUN: %warplint run --no-cuda-sdk --grid 2 --block 128 --buffer Src=8192 --buffer Out=256 %s | FileCheck %s --check-prefix=MODEL
#include <cstdint>

__device__ __forceinline__ unsigned smemOf(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

__global__ void lanesCopy(const char *Src, float *Out) {
  __shared__ alignas(128) float Tile[1024];
  __shared__ alignas(8) uint64_t Full;
  unsigned T = threadIdx.x;
  if (T == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smemOf(&Full)) : "memory");
  __syncthreads();
  if (T == 0)
    asm volatile("mbarrier.expect_tx.shared::cta.b64 [%0], 4096;" ::"r"(smemOf(&Full))
                 : "memory");
  __syncwarp();
  if (T < 4)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], "
                 "[%1], 1024, [%2];" ::"r"(smemOf(Tile + T * 256)),
                 "l"(Src + blockIdx.x * 4096 + T * 1024), "r"(smemOf(&Full))
                 : "memory");
  if (T == 0)
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smemOf(&Full)) : "memory");
  unsigned Done = 0;
  while (!Done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; "
                 "selp.u32 %0, 1, 0, p; }"
                 : "=r"(Done)
                 : "r"(smemOf(&Full))
                 : "memory");
  Out[blockIdx.x * blockDim.x + T] = Tile[T];
}

// PRED: "op": "ld"
// PRED: "pattern": "bulk-copy"
// PRED: "requests": 64
// MODEL: l1tex__tmain_requests.sum 8
// MODEL: warplint__tma_pieces_mem_global_op_ld.sum 64
