// REQUIRES: cuda-sdk
// The toolkit's <cuda_fp16.h> and <cuda_bf16.h> compute with inline PTX
// (cvt, fma.rn.f16, atom.add.noftz.f16, ...), which frontend/asm/HalfAsm.cpp
// lowers to IR: the kernel's loads, stores and half atomics are accesses as
// they are through the prelude (half.cu), and the device model runs it.
// RUN: %warplint accesses --cuda-path=%cuda-path %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck %s < %t.acc
// RUN: %warplint run --cuda-path=%cuda-path %s --grid 1 --block 32 --buffer x=32:iota --buffer y=32 --buffer z=32 --buffer acc=2 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=MODEL %s < %t.run
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
// warplint: launch grid(64) block(128)
__global__ void axpy_half(const float *x, __half *y, __nv_bfloat16 *z, __half *acc) {
  int i = blockIdx.x * 128 + threadIdx.x;
  __half a = __float2half(2.0f);
  y[i] = __hfma(a, __float2half_rz(x[i]), __hadd(y[i], __int2half_rd(i)));
  z[i] = __hmax(__float2bfloat16(x[i] / 4), z[i]);
  atomicAdd(acc, __hmul(a, __float2half(0.25f)));
  if (i == 5)
    printf("y=%04x z=%04x\n", __half_as_ushort(y[i]), __bfloat16_as_ushort(z[i]));
}
// CHECK-LABEL: kernel axpy_half
// CHECK-NEXT: half-sdk.cu:17:8 global st 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// CHECK-NEXT: half-sdk.cu:17:36 global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00 merged-with 18:34
// CHECK-NEXT: half-sdk.cu:17:50 global ld 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// CHECK-NEXT: half-sdk.cu:18:8 global st 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// CHECK-NEXT: half-sdk.cu:18:45 global ld 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00
// The atom.add.noftz.f16 of atomicAdd, one address for the warp.
// CHECK-NEXT: half-sdk.cu:19:3 global atom 2B broadcast sectors_per_request=1.00 ideal 1.00
// CHECK-NOT: error
// CHECK: exit=0
// y[5] = 2 * 5 + (0 + 5) = 15 (0x4b80); z[5] = max(5 / 4, 0) = 1.25 (0x3fa0).
// MODEL: y=4b80 z=3fa0
// MODEL-NOT: cannot run
// MODEL: exit=0
