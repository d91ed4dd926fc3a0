// Bit-field extraction written as inline assembly (CUB's BFE(), used by
// BlockRadixSort for its digits) becomes shifts, masks and selects with PTX's
// rules, so the analyses evaluate it lane by lane: bits 3..7 of threadIdx.x*8
// are the lane (4-byte stride, coalesced); a field starting past bit 31 is 0
// (every lane the same address); a length of 32 or more keeps every bit
// above the start.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint run --no-cuda-sdk %s --kernel fields --grid 1 --block 32 --buffer a=32 --buffer b=32 --buffer c=32 | FileCheck --check-prefix=MODEL %s

__device__ unsigned bfe(unsigned v, unsigned pos, unsigned len) {
  unsigned d;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(v), "r"(pos), "r"(len));
  return d;
}

// warplint: launch grid(1) block(32)
__global__ void fields(int *a, int *b, int *c) {
  a[bfe(threadIdx.x * 8, 3, 5)] = 1;
  b[bfe(threadIdx.x, 40, 5)] = 2;
  c[bfe(threadIdx.x * 8, 3, 300)] = 3;
}

// CHECK-LABEL: kernel fields
// CHECK: asm-bfe.cu:18:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00
// CHECK: asm-bfe.cu:19:{{[0-9]+}} global st 4B broadcast sectors_per_request=1.00
// CHECK: asm-bfe.cu:20:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00
// MODEL-NOT: error
// MODEL: asm-bfe.cu:18:{{[0-9]+}} global st 4B: 1 requests, 4.00 sectors/request
// MODEL: asm-bfe.cu:19:{{[0-9]+}} global st 4B: 1 requests, 1.00 sectors/request
// MODEL: asm-bfe.cu:20:{{[0-9]+}} global st 4B: 1 requests, 4.00 sectors/request
