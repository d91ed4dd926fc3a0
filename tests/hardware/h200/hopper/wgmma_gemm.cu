// One warpgroup's 64x64 wgmma GEMM, written for warplint's tests: the 128
// threads write A (64xK) and B (64xK, K-major: B's column n is row n) in
// global memory already in the shared-memory layout wgmma reads, one
// thread copies both into shared memory with non-tensor bulk copies that
// complete on an mbarrier, every thread waits on it, and the warpgroup runs
// K/16 wgmma.mma_async.m64n64k16.f32 steps with descriptors, then writes D
// from the accumulator fragment and checks each element against a sum
// computed on the CUDA cores. A and B hold small integers, so every sum is
// exact in f32 whatever the order of its additions.
//
// Layouts (PTX ISA, "Shared Memory Matrix Layout"): interleave (no
// swizzle), 8x8 core matrices of 16-byte rows, LBO = 128 bytes between
// core matrices along K and SBO = 512 along M/N; and 128-byte swizzle, rows
// of 64 elements (128 bytes), 8-row atoms SBO = 1024 apart, each row's
// 16-byte chunks XORed with the row's index in its atom, a k16 step
// advancing the descriptor's start address by 32 bytes.
//
// Build: nvcc -std=c++17 -gencode arch=compute_90a,code=sm_90a -o wgmma_gemm wgmma_gemm.cu
// PTX for warplint: nvcc -std=c++17 -arch=compute_90a -ptx -o wgmma_gemm.ptx wgmma_gemm.cu
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

namespace {

constexpr int M = 64, N = 64;

__device__ __forceinline__ unsigned smem(const void *P) {
  return unsigned(__cvta_generic_to_shared(P));
}

__device__ __forceinline__ int valueA(int Row, int K) { return (Row * 3 + K * 5) % 11 - 5; }
__device__ __forceinline__ int valueB(int Col, int K) { return (Col * 7 + K * 3) % 13 - 6; }

/// The 16 bits of small integer V as f16 or bf16.
__device__ __forceinline__ unsigned short bits16(int V, bool BF16) {
  float F = float(V);
  unsigned U = __float_as_uint(F);
  if (BF16)
    return (unsigned short)(U >> 16); // Exact: V has few significant bits.
  // f16: sign, exponent rebiased from 127 to 15, 10 mantissa bits.
  if (V == 0)
    return 0;
  unsigned Sign = (U >> 16) & 0x8000, Exp = ((U >> 23) & 0xff) - 127 + 15;
  return (unsigned short)(Sign | (Exp << 10) | ((U >> 13) & 0x3ff));
}

/// The byte offset of element (Row, K) of a K-major operand of KDim columns.
__device__ __forceinline__ unsigned layoutOffset(int Row, int K, bool Swizzle128, int KDim) {
  if (!Swizzle128)
    return (K / 8) * 128 + (Row / 8) * (KDim / 8) * 128 + (Row % 8) * 16 + (K % 8) * 2;
  unsigned Linear = (Row / 8) * 1024 + (Row % 8) * 128 + K * 2;
  return Linear ^ (((Linear >> 7) & 7) << 4);
}

__device__ __forceinline__ uint64_t descriptor(const void *Start, unsigned LBO, unsigned SBO,
                                               unsigned Mode) {
  return uint64_t((smem(Start) >> 4) & 0x3fff) | uint64_t((LBO >> 4) & 0x3fff) << 16 |
         uint64_t((SBO >> 4) & 0x3fff) << 32 | uint64_t(Mode) << 62;
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
__device__ __forceinline__ void mbarWait(uint64_t *Bar, unsigned Parity) {
  unsigned Done = 0;
  while (!Done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; "
                 "selp.u32 %0, 1, 0, p; }"
                 : "=r"(Done)
                 : "r"(smem(Bar)), "r"(Parity)
                 : "memory");
}
__device__ __forceinline__ void bulkCopy(void *Dst, const void *Src, unsigned Bytes,
                                         uint64_t *Bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], "
               "%2, [%3];" ::"r"(smem(Dst)),
               "l"(Src), "r"(Bytes), "r"(smem(Bar))
               : "memory");
}

template <bool BF16>
__device__ __forceinline__ void wgmmaStep(float *D, uint64_t DescA, uint64_t DescB,
                                          unsigned ScaleD) {
  if (BF16)
    asm volatile("{ .reg .pred p; setp.ne.b32 p, %34, 0; "
                 "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0; }"
                 : "+f"(D[0]),
        "+f"(D[1]),
        "+f"(D[2]),
        "+f"(D[3]),
        "+f"(D[4]),
        "+f"(D[5]),
        "+f"(D[6]),
        "+f"(D[7]),
        "+f"(D[8]),
        "+f"(D[9]),
        "+f"(D[10]),
        "+f"(D[11]),
        "+f"(D[12]),
        "+f"(D[13]),
        "+f"(D[14]),
        "+f"(D[15]),
        "+f"(D[16]),
        "+f"(D[17]),
        "+f"(D[18]),
        "+f"(D[19]),
        "+f"(D[20]),
        "+f"(D[21]),
        "+f"(D[22]),
        "+f"(D[23]),
        "+f"(D[24]),
        "+f"(D[25]),
        "+f"(D[26]),
        "+f"(D[27]),
        "+f"(D[28]),
        "+f"(D[29]),
        "+f"(D[30]),
        "+f"(D[31])
                 : "l"(DescA), "l"(DescB), "r"(ScaleD));
  else
    asm volatile("{ .reg .pred p; setp.ne.b32 p, %34, 0; "
                 "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0; }"
                 : "+f"(D[0]),
        "+f"(D[1]),
        "+f"(D[2]),
        "+f"(D[3]),
        "+f"(D[4]),
        "+f"(D[5]),
        "+f"(D[6]),
        "+f"(D[7]),
        "+f"(D[8]),
        "+f"(D[9]),
        "+f"(D[10]),
        "+f"(D[11]),
        "+f"(D[12]),
        "+f"(D[13]),
        "+f"(D[14]),
        "+f"(D[15]),
        "+f"(D[16]),
        "+f"(D[17]),
        "+f"(D[18]),
        "+f"(D[19]),
        "+f"(D[20]),
        "+f"(D[21]),
        "+f"(D[22]),
        "+f"(D[23]),
        "+f"(D[24]),
        "+f"(D[25]),
        "+f"(D[26]),
        "+f"(D[27]),
        "+f"(D[28]),
        "+f"(D[29]),
        "+f"(D[30]),
        "+f"(D[31])
                 : "l"(DescA), "l"(DescB), "r"(ScaleD));
}

template <bool Swizzle128, bool BF16, int KDim>
__device__ __forceinline__ void gemm(unsigned short *A, unsigned short *B, float *Out,
                                     const char *Name) {
  __shared__ alignas(1024) unsigned short SA[M * 64];
  __shared__ alignas(1024) unsigned short SB[N * 64];
  __shared__ alignas(8) uint64_t Full;
  __shared__ unsigned Bad;
  unsigned T = threadIdx.x, Warp = T / 32, Lane = T % 32;
  // A and B in global memory, in the layout the descriptors describe.
  for (int E = T; E < M * KDim; E += blockDim.x) {
    int Row = E / KDim, K = E % KDim;
    A[layoutOffset(Row, K, Swizzle128, KDim) / 2] = bits16(valueA(Row, K), BF16);
    B[layoutOffset(Row, K, Swizzle128, KDim) / 2] = bits16(valueB(Row, K), BF16);
  }
  // The bulk copies read through the async proxy.
  asm volatile("fence.proxy.async;" ::: "memory");
  if (T == 0) {
    mbarInit(&Full, 1);
    Bad = 0;
  }
  __syncthreads();
  constexpr unsigned Bytes = M * KDim * 2;
  if (T == 0) {
    mbarExpectTx(&Full, 2 * Bytes);
    bulkCopy(SA, A, Bytes, &Full);
    bulkCopy(SB, B, Bytes, &Full);
  }
  mbarWait(&Full, 0);
  float D[32];
  for (int I = 0; I < 32; ++I)
    D[I] = 0.0f;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (int S = 0; S < KDim / 16; ++S) {
    uint64_t DA, DB;
    if (Swizzle128) {
      DA = descriptor(SA + S * 16, 16, 1024, 1);
      DB = descriptor(SB + S * 16, 16, 1024, 1);
    } else {
      DA = descriptor(SA + S * 128, 128, (KDim / 8) * 128, 0);
      DB = descriptor(SB + S * 128, 128, (KDim / 8) * 128, 0);
    }
    wgmmaStep<BF16>(D, DA, DB, S > 0);
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  // The D fragment: element I of lane L of warp W is row 16W + L/4 (+8 when
  // I's bit 1 is set), column 8(I/4) + 2(L%4) + I%2.
  for (int I = 0; I < 32; ++I) {
    int Row = 16 * Warp + Lane / 4 + 8 * ((I >> 1) & 1);
    int Col = 8 * (I >> 2) + 2 * (Lane % 4) + (I & 1);
    int Ref = 0;
    for (int K = 0; K < KDim; ++K)
      Ref += valueA(Row, K) * valueB(Col, K);
    if (D[I] != float(Ref))
      atomicAdd(&Bad, 1u);
    Out[Row * N + Col] = D[I];
  }
  __syncthreads();
  if (T == 0) {
    double Sum = 0, Weighted = 0;
    for (int I = 0; I < M * N; ++I) {
      Sum += Out[I];
      Weighted += Out[I] * double(I % 97 + 1);
    }
    printf("%s: K %d sum %.1f weighted %.1f mismatches %u D[0][0] %g D[1][2] %g D[17][40] %g "
           "D[63][63] %g\n",
           Name, KDim, Sum, Weighted, Bad, Out[0], Out[1 * N + 2], Out[17 * N + 40],
           Out[63 * N + 63]);
  }
}

} // namespace

extern "C" __global__ void gemm_interleave_f16(unsigned short *A, unsigned short *B, float *D) {
  gemm<false, false, 32>(A, B, D, "interleave f16");
}
extern "C" __global__ void gemm_swizzle128_f16(unsigned short *A, unsigned short *B, float *D) {
  gemm<true, false, 64>(A, B, D, "swizzle128 f16");
}
extern "C" __global__ void gemm_swizzle128_bf16(unsigned short *A, unsigned short *B, float *D) {
  gemm<true, true, 64>(A, B, D, "swizzle128 bf16");
}

int main() {
  unsigned short *A, *B;
  float *D;
  cudaMalloc(&A, M * 64 * 2);
  cudaMalloc(&B, N * 64 * 2);
  cudaMalloc(&D, M * N * 4);
  void (*Kernels[])(unsigned short *, unsigned short *, float *) = {
      gemm_interleave_f16, gemm_swizzle128_f16, gemm_swizzle128_bf16};
  for (auto *K : Kernels) {
    cudaMemset(A, 0, M * 64 * 2);
    cudaMemset(B, 0, N * 64 * 2);
    K<<<1, 128>>>(A, B, D);
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("error: %s\n", cudaGetErrorString(E));
      return 1;
    }
  }
  cudaFree(A);
  cudaFree(B);
  cudaFree(D);
  return 0;
}
