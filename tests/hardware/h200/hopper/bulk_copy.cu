// What a non-tensor bulk copy (cp.async.bulk global -> shared) costs in
// Nsight Compute's counters, to decide how warplint counts it: as one request
// of its whole length, or as 16-byte pieces of one sector each.
//
// One thread of a 128-thread block copies Bytes bytes from Src + Offset into
// shared memory, completing on an mbarrier; then every thread sums its share
// of the shared floats and stores it (one coalesced store per warp).
// The program launches three shapes: (offset 0, 8192 bytes), (offset 16,
// 8192 bytes) and (offset 0, 2048 bytes), and a plain coalesced load of the
// same 8192 bytes for comparison.
#include <cstdint>
#include <cstdio>

__device__ __forceinline__ unsigned smem(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

__global__ void bulkSum(const char *Src, unsigned Offset, unsigned Bytes, float *Out) {
  __shared__ alignas(128) float Tile[2048];
  __shared__ alignas(8) uint64_t Full;
  unsigned T = threadIdx.x;
  if (T == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&Full)) : "memory");
  __syncthreads();
  if (T == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&Full)),
                 "r"(Bytes)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], "
                 "[%1], %2, [%3];" ::"r"(smem(Tile)),
                 "l"(Src + Offset), "r"(Bytes), "r"(smem(&Full))
                 : "memory");
  }
  unsigned Done = 0;
  while (!Done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; "
                 "selp.u32 %0, 1, 0, p; }"
                 : "=r"(Done)
                 : "r"(smem(&Full))
                 : "memory");
  float Sum = 0.0f;
  for (unsigned I = T; I < Bytes / 4; I += blockDim.x)
    Sum += Tile[I];
  Out[blockIdx.x * blockDim.x + T] = Sum;
}

__global__ void plainSum(const float *Src, unsigned Bytes, float *Out) {
  float Sum = 0.0f;
  for (unsigned I = threadIdx.x; I < Bytes / 4; I += blockDim.x)
    Sum += Src[I];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}

int main() {
  char *Src;
  float *Out;
  cudaMalloc(&Src, 1 << 16);
  cudaMalloc(&Out, 1 << 12);
  cudaMemset(Src, 0, 1 << 16);
  bulkSum<<<1, 128>>>(Src, 0, 8192, Out);
  bulkSum<<<1, 128>>>(Src, 16, 8192, Out);
  bulkSum<<<1, 128>>>(Src, 0, 2048, Out);
  plainSum<<<1, 128>>>(reinterpret_cast<const float *>(Src), 8192, Out);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
