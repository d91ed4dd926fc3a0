// REQUIRES: cuda-sdk
// The toolkit's __half and __nv_bfloat16 functions beyond half-arith.cu (the
// pairs, _sat/_relu/_rn/_nan forms, masks, the other conversions, atomics on
// pairs) with the toolkit's headers, whose inline PTX frontend/asm/HalfAsm.cpp
// lowers: the device model prints what an H100 printed
// (tests/hardware/h100/half-ops.txt: this file built with nvcc -arch=sm_90,
// CUDA 13.0), line for line, and no asm is left to stop the run.
// RUN: %warplint run --cuda-path=%cuda-path %s --grid 1 --block 32 --buffer h2=2 --buffer b2=2 > %t.sdk 2>&1; echo "exit=$?" >> %t.sdk
// RUN: FileCheck %s < %t.sdk
// RUN: grep -E '^(t|pairs)' %t.sdk | sort > %t.sdk.sorted
// RUN: grep -E '^(t|pairs)' %S/../../hardware/h100/half-ops.txt | sort > %t.gpu
// RUN: diff %t.gpu %t.sdk.sorted
// RUN: grep -c '^t' %t.sdk.sorted | FileCheck --check-prefix=LINES %s
// LINES: 320
// CHECK-NOT: cannot run
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ unsigned scramble(unsigned i) { return (i * 0x9e3779b9u) ^ (i >> 3) ^ 0x2545f491u; }
// Edge values (1, -1, 0.5, the largest, subnormals, infinities, NaN, -0,
// ties) in the first lanes, then mixed bits.
__device__ unsigned short halfIn(unsigned t, unsigned salt) {
  const unsigned short E[] = {0x3c00, 0xbc00, 0x3800, 0x7bff, 0x0001, 0x8200, 0x7c00, 0xfc00,
                              0x7e00, 0x8000, 0x3bff, 0x3c01, 0xfbff, 0x0400, 0x4900, 0xc300};
  unsigned k = (t + salt) % 32;
  return k < 16 ? E[k] : (unsigned short)(scramble(k + 11 * salt) & 0xbfff);
}
__device__ unsigned short bf16In(unsigned t, unsigned salt) {
  const unsigned short E[] = {0x3f80, 0xbf80, 0x3f00, 0x7f7f, 0x0001, 0x8040, 0x7f80, 0xff80,
                              0x7fc0, 0x8000, 0x3f7f, 0x3f81, 0xff7f, 0x0080, 0x4120, 0xc060};
  unsigned k = (t + salt) % 32;
  return k < 16 ? E[k] : (unsigned short)(scramble(k + 13 * salt) & 0xbfff);
}
// Floats: NaNs, infinities, -0, ties and overflows of half and bfloat16,
// subnormals; then mixed bits. Doubles one bit past a tie, NaNs; then mixed.
__device__ float floatIn(unsigned t) {
  const unsigned E[] = {0x7fc00000, 0xff800001, 0x7f800000, 0x80000000, 0x477ff000, 0x45003000,
                        0x3f818000, 0x33400000, 0xc77fefff, 0x00800000, 0x7f7fffff, 0x3f808000};
  return __uint_as_float(t % 32 < 12 ? E[t % 32] : scramble(t) & 0xc7ffffff);
}
__device__ double doubleIn(unsigned t) {
  const unsigned long long E[] = {0x3ff0100000000001ull, 0x7ff4000000000001ull,
                                  0xbff0300000000000ull, 0x47efffffffffffffull};
  return __longlong_as_double(t < 4 ? E[t] : (long long)(scramble(t) | 0x3f00000000000000ull) << 1 >> 1);
}
__device__ unsigned bits2(__half2 v) { return __half_as_ushort(v.x) | (unsigned)__half_as_ushort(v.y) << 16; }
__device__ unsigned bits2(__nv_bfloat162 v) {
  return __bfloat16_as_ushort(v.x) | (unsigned)__bfloat16_as_ushort(v.y) << 16;
}

__global__ void ops(__half2 *h2, __nv_bfloat162 *b2) {
  unsigned t = threadIdx.x;
  __half a = __ushort_as_half(halfIn(t, 0)), b = __ushort_as_half(halfIn(t, 5)),
         c = __ushort_as_half(halfIn(t, 9));
  printf("t%u h1 %04x %04x %04x : %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x\n", t,
         __half_as_ushort(a), __half_as_ushort(b), __half_as_ushort(c),
         __half_as_ushort(__hadd_rn(a, b)), __half_as_ushort(__hsub_rn(a, b)),
         __half_as_ushort(__hmul_rn(a, b)), __half_as_ushort(__hsub_sat(a, b)),
         __half_as_ushort(__hmul_sat(a, b)), __half_as_ushort(__hfma_sat(a, b, c)),
         __half_as_ushort(__hfma_relu(a, b, c)), __half_as_ushort(__hmin_nan(a, b)),
         __half_as_ushort(__hmax_nan(a, b)), __half_as_ushort(__hneg(b)),
         __half_as_ushort(__hsub(a, c)));
  __half2 p = __halves2half2(a, b), q = __halves2half2(c, a), r = __halves2half2(b, c);
  printf("t%u h2 %08x %08x %08x : %08x %08x %08x %08x %08x %08x %08x %08x\n", t, bits2(p),
         bits2(q), bits2(r), bits2(__hsub2(p, q)), bits2(__hadd2_sat(p, q)),
         bits2(__hsub2_sat(p, q)), bits2(__hmul2_sat(p, q)), bits2(__hfma2_sat(p, q, r)),
         bits2(__hfma2_relu(p, q, r)), bits2(__hneg2(p)), bits2(__habs2(q)));
  printf("t%u h2m %08x %08x : %08x %08x %08x %08x %08x %08x %08x %08x\n", t, bits2(p), bits2(q),
         bits2(__hmin2(p, q)), bits2(__hmax2(p, q)), bits2(__hmin2_nan(p, q)),
         bits2(__hmax2_nan(p, q)), bits2(__hadd2_rn(p, q)), bits2(__hmul2_rn(p, q)),
         bits2(__heq2(p, q)), bits2(__hgtu2(p, q)));
  printf("t%u h2c %08x %08x : %08x %08x %08x %08x %08x %d %d %d %08x\n", t, bits2(p), bits2(q),
         __heq2_mask(p, q), __hne2_mask(p, q), __hgeu2_mask(p, q), __hleu2_mask(p, q),
         __hequ2_mask(p, q), (int)__hbeq2(p, q), (int)__hbgeu2(p, q), (int)__hbneu2(p, q),
         bits2(__hisnan2(p)));
  float f = floatIn(t);
  float2 ff = __half22float2(p);
  printf("t%u hcv %08x : %08x %08x %08x %08x %08x %u %u %lld %llu %04x %04x %04x %04x %04x\n",
         t, __float_as_uint(f), bits2(__float2half2_rn(f)), bits2(__floats2half2_rn(f, ff.y)),
         bits2(__float22half2_rn(ff)), __float_as_uint(__low2float(q)),
         __float_as_uint(__high2float(q)), __half2uint_rn(a), (unsigned)__half2ushort_rd(a),
         __half2ll_ru(a), __half2ull_rd(a), __half_as_ushort(__uint2half_rz(t * 4099u)),
         __half_as_ushort(__ushort2half_ru((unsigned short)(t * 2053u))),
         __half_as_ushort(__short2half_rn((short)(t * -1031))),
         __half_as_ushort(__ll2half_rd(-(long long)t * 70001)),
         __half_as_ushort(__ull2half_ru((unsigned long long)t << 40)));

  __nv_bfloat16 x = __ushort_as_bfloat16(bf16In(t, 0)), y = __ushort_as_bfloat16(bf16In(t, 5)),
                z = __ushort_as_bfloat16(bf16In(t, 9));
  printf("t%u b1 %04x %04x %04x : %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x\n", t,
         __bfloat16_as_ushort(x), __bfloat16_as_ushort(y), __bfloat16_as_ushort(z),
         __bfloat16_as_ushort(__hadd_rn(x, y)), __bfloat16_as_ushort(__hsub_rn(x, y)),
         __bfloat16_as_ushort(__hmul_rn(x, y)), __bfloat16_as_ushort(__hsub_sat(x, y)),
         __bfloat16_as_ushort(__hmul_sat(x, y)), __bfloat16_as_ushort(__hfma_sat(x, y, z)),
         __bfloat16_as_ushort(__hfma_relu(x, y, z)), __bfloat16_as_ushort(__hmin_nan(x, y)),
         __bfloat16_as_ushort(__hmax_nan(x, y)), __bfloat16_as_ushort(__hneg(y)));
  __nv_bfloat162 u = __halves2bfloat162(x, y), v = __halves2bfloat162(z, x),
                 w = __halves2bfloat162(y, z);
  printf("t%u b2 %08x %08x %08x : %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n", t,
         bits2(u), bits2(v), bits2(w), bits2(__hadd2(u, v)), bits2(__hsub2(u, v)),
         bits2(__hmul2(u, v)), bits2(__hfma2(u, v, w)), bits2(__hfma2_relu(u, v, w)),
         bits2(__hmin2(u, v)), bits2(__hmax2_nan(u, v)), bits2(__hneg2(u)), bits2(__habs2(v)),
         bits2(__hadd2_sat(u, v)));
  printf("t%u b2c %08x %08x : %08x %08x %08x %d %d %08x %08x\n", t, bits2(u), bits2(v),
         __hlt2_mask(u, v), __hneu2_mask(u, v), __hgtu2_mask(u, v), (int)__hbltu2(u, v),
         (int)__hble2(u, v), bits2(__hisnan2(u)), bits2(__hle2(u, v)));
  float g = floatIn(t + 5);
  float2 gg = __bfloat1622float2(u);
  printf("t%u bcv %08x : %08x %08x %08x %08x %u %u %lld %llu %04x %04x %04x %04x %04x %04x\n",
         t, __float_as_uint(g), bits2(__float2bfloat162_rn(g)),
         bits2(__floats2bfloat162_rn(g, gg.y)), bits2(__float22bfloat162_rn(gg)),
         __float_as_uint(__low2float(v)), __bfloat162uint_rz(x),
         (unsigned)__bfloat162ushort_rd(x), __bfloat162ll_rn(x), __bfloat162ull_rz(x),
         __bfloat16_as_ushort(__uint2bfloat16_rz(t * 4099u)),
         __bfloat16_as_ushort(__ushort2bfloat16_ru((unsigned short)(t * 2053u))),
         __bfloat16_as_ushort(__short2bfloat16_rd((short)(t * -1031))),
         __bfloat16_as_ushort(__int2bfloat16_ru((int)(t * -70001))),
         __bfloat16_as_ushort(__ull2bfloat16_rd((unsigned long long)t << 40 | 12345)),
         __bfloat16_as_ushort(__double2bfloat16(doubleIn(t))));
  printf("t%u rnd %04x %04x : %08x %08x %08x %08x %d %d\n", t, __half_as_ushort(a),
         __bfloat16_as_ushort(x), bits2(h2trunc(p)), bits2(h2ceil(q)), bits2(h2floor(u)),
         bits2(h2rint(v)), __hisinf(b), __hisinf(y));

  // Pairs added atomically: 32 x (1, 0.25) and 32 x (0.5, 2).
  atomicAdd(h2, __floats2half2_rn(1.0f, 0.25f));
  atomicAdd(b2, __floats2bfloat162_rn(0.5f, 2.0f));
  __syncthreads();
  if (t == 0)
    printf("pairs %08x %08x\n", bits2(h2[0]), bits2(b2[0]));
  // CHECK: pairs 48005000 42804180
  // CHECK-NOT: cannot run
  // CHECK: exit=0
}

int main() {
  __half2 *h;
  __nv_bfloat162 *b;
  cudaMalloc(&h, 4);
  cudaMalloc(&b, 4);
  cudaMemset(h, 0, 4);
  cudaMemset(b, 0, 4);
  ops<<<1, 32>>>(h, b);
  cudaDeviceSynchronize();
  return 0;
}
