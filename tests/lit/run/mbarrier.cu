// mbarrier objects, run: a producer thread fills a two-stage ring in shared
// memory with non-tensor bulk copies (cp.async.bulk ... mbarrier::
// complete_tx::bytes) that complete their bytes on the stage's "full"
// barrier; three consumer warps wait on it (try_wait.parity), use the tile
// and arrive on the stage's "empty" barrier, which the producer waits on
// before reusing the stage. Phases flip once per use, so stage s's k-th use
// waits for parity k&1. The same kernel as nvcc's PTX (Inputs/mbarrier.ptx,
// nvcc 13 -arch=sm_90a) runs the same. A wait no thread can complete (the
// expect_tx names more bytes than are copied) is a hang that names the
// barrier and its pending bytes.
// REQUIRES: cuda-sdk
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel ring --grid 1 --block 128 --buffer in=2048:iota --buffer out=2048 --arg tiles=8 2>&1 | FileCheck %s --check-prefix=RING
// RUN: %warplint run %S/Inputs/mbarrier.ptx --kernel ring --grid 1 --block 128 --buffer ring_param_0=2048:iota --buffer ring_param_1=2048 --arg ring_param_2=8 2>&1 | FileCheck %s --check-prefix=RING
// RUN: not %warplint run --cuda-path=%cuda-path %s --kernel shortCopy --grid 1 --block 64 --buffer in=256:iota --buffer out=256 2>&1 | FileCheck %s --check-prefix=HANG
// RUN: not %warplint run %S/Inputs/mbarrier.ptx --kernel shortCopy --grid 1 --block 64 --buffer shortCopy_param_0=256:iota --buffer shortCopy_param_1=256 2>&1 | FileCheck %s --check-prefix=HANG
#include <cstdint>
#include <cstdio>

__device__ __forceinline__ unsigned smem(const void *P) {
  return unsigned(__cvta_generic_to_shared(P));
}
__device__ __forceinline__ void mbarInit(uint64_t *Bar, unsigned Count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(Bar)), "r"(Count)
               : "memory");
}
__device__ __forceinline__ void mbarExpectTx(uint64_t *Bar, unsigned Bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(Bar)),
               "r"(Bytes)
               : "memory");
}
__device__ __forceinline__ uint64_t mbarArrive(uint64_t *Bar) {
  uint64_t State;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(State)
               : "r"(smem(Bar))
               : "memory");
  return State;
}
__device__ __forceinline__ bool mbarTryWait(uint64_t *Bar, unsigned Parity) {
  unsigned Done;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; "
               "selp.u32 %0, 1, 0, p; }"
               : "=r"(Done)
               : "r"(smem(Bar)), "r"(Parity)
               : "memory");
  return Done;
}
__device__ __forceinline__ void mbarWait(uint64_t *Bar, unsigned Parity) {
  while (!mbarTryWait(Bar, Parity)) {
  }
}
__device__ __forceinline__ void bulkCopy(void *Dst, const void *Src, unsigned Bytes,
                                         uint64_t *Bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], "
               "%2, [%3];" ::"r"(smem(Dst)),
               "l"(Src), "r"(Bytes), "r"(smem(Bar))
               : "memory");
}

constexpr int Tile = 256, Consumers = 96;

extern "C" __global__ void ring(const float *in, float *out, int tiles) {
  __shared__ alignas(128) float buf[2][Tile];
  __shared__ alignas(8) uint64_t full[2], empty[2];
  unsigned T = threadIdx.x;
  if (T == 0) {
    for (int S = 0; S < 2; ++S) {
      mbarInit(&full[S], 1);
      mbarInit(&empty[S], Consumers);
    }
  }
  __syncthreads();
  if (T < 32) {
    if (T == 0)
      for (int K = 0; K < tiles; ++K) {
        int S = K % 2;
        if (K >= 2)
          mbarWait(&empty[S], (K / 2 - 1) & 1);
        mbarExpectTx(&full[S], Tile * sizeof(float));
        bulkCopy(buf[S], in + K * Tile, Tile * sizeof(float), &full[S]);
      }
  } else {
    unsigned C = T - 32;
    for (int K = 0; K < tiles; ++K) {
      int S = K % 2;
      mbarWait(&full[S], (K / 2) & 1);
      for (unsigned I = C; I < Tile; I += Consumers)
        out[K * Tile + I] = buf[S][I] * 2.0f + float(K);
      mbarArrive(&empty[S]);
    }
  }
  __syncthreads();
  if (T == 0) {
    double Sum = 0;
    for (int I = 0; I < tiles * Tile; ++I)
      Sum += out[I];
    printf("ring: sum %.1f out[0] %g out[257] %g out[2047] %g\n", Sum, out[0], out[257],
           out[tiles * Tile - 1]);
  }
}

extern "C" __global__ void shortCopy(const float *in, float *out) {
  __shared__ alignas(128) float buf[Tile];
  __shared__ alignas(8) uint64_t ready;
  unsigned T = threadIdx.x;
  if (T == 0)
    mbarInit(&ready, 1);
  __syncthreads();
  if (T == 0) {
    // Expects the whole tile, copies half of it: the phase never completes.
    mbarExpectTx(&ready, Tile * sizeof(float));
    bulkCopy(buf, in, Tile * sizeof(float) / 2, &ready);
  }
  mbarWait(&ready, 0);
  out[T] = buf[T];
}

// RING: ring: sum 4199424.0 out[0] 0 out[257] 515 out[2047] 4101
// RING-NOT: error
// RING-NOT: cannot run
// HANG: error: the kernel does not terminate: warp 0
// HANG-SAME: it waits on the mbarrier at byte offset {{[0-9]+}} of shared memory ('shortCopy::ready') (its current phase, of parity 0, has 0 of 1 arrivals and 512 transaction bytes pending) for its phase of parity 0 to complete{{.*}}[hang]
