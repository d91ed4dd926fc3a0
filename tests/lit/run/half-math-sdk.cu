// REQUIRES: cuda-sdk
// The toolkit's half and bfloat16 math functions (hexp ... htanh_approx),
// inline PTX sequences of f32 approximations (ex2/lg2/rcp/rsqrt/sqrt.approx),
// fma.rn and f16 fix-ups (set.eq + fma, and/or on the sign) that
// frontend/asm/HalfAsm.cpp lowers, on 128 inputs each: the device model
// prints what an H100 printed (tests/hardware/h100/half-math.txt, this file
// built with nvcc -arch=sm_90, CUDA 13.0) for every function but the last,
// htanh_approx: the hardware's tanh.approx.f16/.bf16 instruction is its own
// approximation, modelled as tanh rounded once (22 of 128 halves and 23 of
// 128 bfloat16s differ by one unit).
// RUN: %warplint run --cuda-path=%cuda-path %s --grid 1 --block 32 > %t.sdk 2>&1; echo "exit=$?" >> %t.sdk
// RUN: FileCheck %s < %t.sdk
// CHECK-NOT: cannot run
// CHECK: exit=0
// RUN: grep -E '^t' %t.sdk | awk '{NF--; print}' | sort > %t.sdk.sorted
// RUN: grep -E '^t' %S/../../hardware/h100/half-math.txt | awk '{NF--; print}' | sort > %t.gpu
// RUN: diff %t.gpu %t.sdk.sorted
// RUN: wc -l < %t.sdk.sorted | FileCheck --check-prefix=LINES %s
// LINES: 256
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ unsigned scr(unsigned i) { return (i * 0x9e3779b9u) ^ (i >> 3) ^ 0x2545f491u; }
__global__ void approx() {
  for (unsigned k = 0; k < 4; ++k) {
    unsigned t = threadIdx.x + 32 * k;
    const unsigned short E[] = {0x3c00, 0xbc00, 0x3800, 0x7bff, 0x0001, 0x8200, 0x7c00, 0xfc00,
                                0x7e00, 0x8000, 0x4248, 0x4a80, 0x3555, 0xc900, 0x2e66, 0x5640};
    __half a = __ushort_as_half(t < 16 ? E[t] : (unsigned short)(scr(t) & 0xcfff));
    const unsigned short F[] = {0x3f80, 0xbf80, 0x3f00, 0x7f7f, 0x0001, 0x8040, 0x7f80, 0xff80,
                                0x7fc0, 0x8000, 0x4049, 0x4150, 0x3eab, 0xc120, 0x3dcd, 0x42c8};
    __nv_bfloat16 x = __ushort_as_bfloat16(t < 16 ? F[t] : (unsigned short)(scr(t + 7) & 0xc1ff));
#define H(f) __half_as_ushort(f(a))
#define B(f) __bfloat16_as_ushort(f(x))
    printf("t%u h %04x : %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x\n", t,
           __half_as_ushort(a), H(hexp), H(hexp2), H(hexp10), H(hlog), H(hlog2), H(hlog10),
           H(hsin), H(hcos), H(hrcp), H(hrsqrt), H(hsqrt), H(htanh), H(htanh_approx));
    printf("t%u b %04x : %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x\n", t,
           __bfloat16_as_ushort(x), B(hexp), B(hexp2), B(hexp10), B(hlog), B(hlog2), B(hlog10),
           B(hsin), B(hcos), B(hrcp), B(hrsqrt), B(hsqrt), B(htanh), B(htanh_approx));
  }
}
int main() { approx<<<1, 32>>>(); cudaDeviceSynchronize(); return 0; }
