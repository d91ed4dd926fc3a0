// What mbarrier operations cost in Nsight Compute's shared-memory counters,
// to decide whether warplint counts them as LSU shared accesses: an
// mbarrier is an 8-byte word of shared memory, but on Hopper its operations
// may run outside the LSU pipe.
//
// mbarOps (one block of 128 threads, four warps; every count is known, no
// wait spins):
//   thread 0 initializes two barriers          (2 warp instructions: init)
//   every thread arrives on the first           (4: arrive)
//   thread 0 expects 64 transaction bytes on the second, completes them and
//   arrives                                     (1 expect_tx, 1 complete_tx,
//                                                1 arrive)
//   after __syncthreads every warp test_waits each barrier once: both phases
//   are complete, so each wait succeeds the first time (8: test_wait)
//   every thread stores one float to shared memory and loads a neighbour's
//   (4 st + 4 ld warp instructions, 1 wavefront each: the reference)
// mbarTestOnly: init, arrive and test_wait alone (also built for sm_80, to
// see what those become before Hopper in cuobjdump -sass).
#include <cstdint>
#include <cstdio>

__device__ __forceinline__ unsigned smem(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

__device__ __forceinline__ unsigned testWait(uint64_t *Bar, unsigned Parity) {
  unsigned Done;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2; "
               "selp.u32 %0, 1, 0, p; }"
               : "=r"(Done)
               : "r"(smem(Bar)), "r"(Parity)
               : "memory");
  return Done;
}

__global__ void mbarOps(float *Out) {
  __shared__ alignas(128) float Swap[128];
  __shared__ alignas(8) uint64_t Bars[2];
  unsigned T = threadIdx.x;
  if (T == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(&Bars[0])), "r"(128)
                 : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&Bars[1])) : "memory");
  }
  __syncthreads();
  uint64_t State;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(State)
               : "r"(smem(&Bars[0]))
               : "memory");
#if __CUDA_ARCH__ >= 900 // (expect_tx and complete_tx are Hopper's)
  if (T == 0) {
    asm volatile("mbarrier.expect_tx.shared::cta.b64 [%0], 64;" ::"r"(smem(&Bars[1]))
                 : "memory");
    asm volatile("mbarrier.complete_tx.shared::cta.b64 [%0], 64;" ::"r"(smem(&Bars[1]))
                 : "memory");
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(&Bars[1])) : "memory");
  }
#endif
  __syncthreads();
  unsigned Done = testWait(&Bars[0], 0) + testWait(&Bars[1], 0);
  Swap[T] = float(Done);
  __syncthreads();
  Out[T] = Swap[(T + 1) % 128] + float(State & 1);
}

__global__ void mbarTestOnly(float *Out) {
  __shared__ alignas(8) uint64_t Bar;
  unsigned T = threadIdx.x;
  if (T == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(&Bar)), "r"(128)
                 : "memory");
  __syncthreads();
  uint64_t State;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(State)
               : "r"(smem(&Bar))
               : "memory");
  __syncthreads();
  Out[T] = float(testWait(&Bar, 0)) + float(State & 1);
}

int main() {
  float *Out;
  cudaMalloc(&Out, 4096);
  mbarOps<<<1, 128>>>(Out);
  mbarTestOnly<<<1, 128>>>(Out);
  cudaError_t E = cudaDeviceSynchronize();
  float Host[128];
  cudaMemcpy(Host, Out, sizeof(Host), cudaMemcpyDeviceToHost);
  std::printf("%s out[0] %g\n", cudaGetErrorString(E), Host[0]);
  return E != cudaSuccess;
}
