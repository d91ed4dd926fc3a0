// The prelude's <cuda_fp16.h>: __half is a 2-byte struct (as in the toolkit,
// and as Thrust's `struct __half;` declares it), __half2 4 bytes; arithmetic
// through float compiles, and the accesses keep their sizes.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
#include <cuda_fp16.h>
// warplint: launch grid(64) block(128)
__global__ void axpy_half(const __half *x, __half *y, __half2 *z) {
  int i = blockIdx.x * 128 + threadIdx.x;
  __half a = __float2half(2.0f);
  y[i] = __hfma(a, x[i], y[i]);
  z[i] = __hmul2(z[i], __floats2half2_rn(__half2float(x[i]), 1.0f));
}
// CHECK-LABEL: kernel axpy_half
// CHECK-NEXT: half.cu:10:8 global st 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// CHECK-NEXT: half.cu:10:20 global ld 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// CHECK-NEXT: half.cu:10:26 global ld 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// CHECK-NEXT: half.cu:11:8 global st 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00
// CHECK-NEXT: half.cu:11:18 global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00
// CHECK-NEXT: half.cu:11:55 global ld 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
