// <cuda_fp8.h> run by the device model: each of 32 threads converts edge
// cases (ties to even, subnormals, the largest finite value, overflow with
// and without saturation, NaN, infinities, -0, doubles a conversion through
// float would round twice) from float, double, __half and __nv_bfloat16 to
// e4m3, e5m2 and e8m0, and all 256 codes of each back, printing bits.
// tests/hardware/h100/fp8-convert.txt is this file's output on an H100
// (nvcc -arch=sm_90, CUDA 13): the device model must print the same through
// the embedded prelude (here) and with the toolkit's headers, whose inline
// PTX cvt it lowers (fp8-convert-sdk.test); Inputs/fp8_reference.py
// recomputes the conversions from the formats' definitions.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 > %t.prelude
// RUN: grep '^t' %t.prelude | sort > %t.prelude.sorted
// RUN: sort %S/../../hardware/h100/fp8-convert.txt > %t.gpu
// RUN: diff %t.gpu %t.prelude.sorted
// RUN: %python %S/Inputs/fp8_reference.py %t.prelude.sorted | FileCheck %s --check-prefix=REF
// REF: checked {{[0-9]+}} results, 0 wrong
#include <cstdio>
#include <cuda_fp8.h>
typedef unsigned U;
typedef unsigned long long L;
#define SAT __NV_SATFINITE
#define NOS __NV_NOSAT
#define E4 __NV_E4M3
#define E5 __NV_E5M2
// Each conversion to fp8 four ways: e4m3 unsaturated, saturated; e5m2 the same.
#define C4(Fn, X) Fn(X, NOS, E4), Fn(X, SAT, E4), Fn(X, NOS, E5), Fn(X, SAT, E5)
#define P4 "%02x %02x %02x %02x"

// 1, ties of e4m3 (1.0625, 1.1875) and e5m2 (1.125, 1.375), e4m3's largest
// 448, its tie 464 (to 448) and 464 + 1 ulp, 480; e5m2's largest 57344, its
// tie 59392 (to infinity) and 1 ulp below; the smallest subnormals 2^-9 and
// 2^-16, their ties 2^-10 and 2^-17 (to 0), 3 * 2^-10 and 2^-17 + 1 ulp (up);
// NaN, -NaN, signaling NaN, +-infinity, -0, -448, 2^-6, 7 * 2^-9, 1e6,
// -1e-10, 3.3, -0.3, 2^-20.
__constant__ U EF[32] = {0x3f800000, 0x3f880000, 0x3f980000, 0x43e00000, 0x43e80000, 0x43e80001,
                         0x43f00000, 0x47600000, 0x47680000, 0x4767ffff, 0x3b000000, 0x3a800000,
                         0x3b400000, 0x37800000, 0x37000000, 0x37000001, 0x7fc00000, 0xffc00000,
                         0x7f800001, 0x7f800000, 0xff800000, 0x80000000, 0xc3e00000, 0x3c800000,
                         0x3c600000, 0x49742400, 0xaedbe6ff, 0x40533333, 0xbe99999a, 0x3f900000,
                         0x3fb00000, 0x35800000};
// One bit past ties of e4m3 (1.0625, 2^-10) and e5m2 (1.125), 464 + 2^-44,
// 1e300, 1e-300, a negative NaN with payload; the other threads take EF.
__constant__ L ED[7] = {0x3ff1000000000001ull, 0x3f50000000000001ull, 0x3ff2000000000001ull,
                        0x407d000000000001ull, 0x7e37e43c8800759cull, 0x01a56e1fc2f8f359ull,
                        0xfff8000000000123ull};

__global__ void fp8() {
  U t = threadIdx.x;
  float f = __uint_as_float(EF[t]), g = __uint_as_float(EF[(t + 7) % 32]);
  printf("t%u f %08x : " P4 " %04x %04x %02x %02x\n", t, EF[t], C4(__nv_cvt_float_to_fp8, f),
         __nv_cvt_float2_to_fp8x2(make_float2(f, g), SAT, E4),
         __nv_cvt_float2_to_fp8x2(make_float2(g, f), NOS, E5), __nv_fp8_e4m3(f).__x,
         __nv_fp8_e5m2(f).__x);
  double d = t < 7 ? __longlong_as_double(ED[t]) : (double)f;
  printf("t%u d %016llx : " P4 " %04x %02x %02x\n", t, __double_as_longlong(d),
         C4(__nv_cvt_double_to_fp8, d), __nv_cvt_double2_to_fp8x2(make_double2(d, g), SAT, E5),
         __nv_fp8_e4m3(d).__x, __nv_fp8_e5m2(d).__x);
  __half h = __float2half_rn(f), hg = __float2half_rn(g);
  __half2_raw h2 = __halves2half2(h, hg);
  printf("t%u h %04x : " P4 " %04x %04x %02x %02x\n", t, __half_as_ushort(h),
         C4(__nv_cvt_halfraw_to_fp8, (__half_raw)h), __nv_cvt_halfraw2_to_fp8x2(h2, SAT, E4),
         __nv_cvt_halfraw2_to_fp8x2(h2, NOS, E5), __nv_fp8_e4m3(h).__x, __nv_fp8_e5m2(h).__x);
  __nv_bfloat16 b = __float2bfloat16_rn(f), bg = __float2bfloat16_rn(g);
  __nv_bfloat162_raw b2 = __halves2bfloat162(b, bg);
  printf("t%u b %04x : " P4 " %04x %04x %02x %02x\n", t, __bfloat16_as_ushort(b),
         C4(__nv_cvt_bfloat16raw_to_fp8, (__nv_bfloat16_raw)b),
         __nv_cvt_bfloat16raw2_to_fp8x2(b2, SAT, E4), __nv_cvt_bfloat16raw2_to_fp8x2(b2, NOS, E5),
         __nv_fp8_e4m3(b).__x, __nv_fp8_e5m2(b).__x);

  // The pairs and fours, and the integer constructors.
  float2 f2 = float2(__nv_fp8x2_e4m3(make_float2(f, g)));
  float4 f4 = float4(__nv_fp8x4_e5m2(make_float4(f, g, -f, 2 * g)));
  __half2 hh = __half2(__nv_fp8x2_e5m2(__halves2half2(h, hg)));
  int n = __float2int_rz(f) - (int)t * 37;
  printf("t%u v %04x %04x %08x %08x : %08x %08x %08x %08x %08x %08x %08x %02x %02x %02x %02x\n",
         t, __nv_fp8x2_e4m3(__halves2half2(h, hg)).__x, __nv_fp8x2_e5m2(b2).__x,
         __nv_fp8x4_e4m3(make_float4(f, g, -f, 2 * g)).__x,
         __nv_fp8x4_e4m3(__halves2half2(h, hg), __halves2half2(hg, h)).__x,
         __float_as_uint(f2.x), __float_as_uint(f2.y), __float_as_uint(f4.x),
         __float_as_uint(f4.y), __float_as_uint(f4.z), __float_as_uint(f4.w), *(U *)&hh,
         __nv_fp8_e4m3(n).__x, __nv_fp8_e5m2((long long)n * 1000).__x, __nv_fp8_e4m3((short)n).__x,
         __nv_fp8_e5m2((unsigned)n).__x);

  // e8m0: toward zero and up (the two modes it takes), saturated and not,
// from float, double, bfloat16.
  printf("t%u e8 %08x : %02x %02x %02x %02x %02x %02x %02x %02x %04x %02x\n", t, EF[t],
         __nv_cvt_float_to_e8m0(f, SAT, cudaRoundZero), __nv_cvt_float_to_e8m0(f, SAT, cudaRoundPosInf),
         __nv_cvt_float_to_e8m0(f, NOS, cudaRoundPosInf), __nv_cvt_float_to_e8m0(f, NOS, cudaRoundZero),
         __nv_cvt_double_to_e8m0(d, SAT, cudaRoundPosInf), __nv_cvt_double_to_e8m0(d, NOS, cudaRoundZero),
         __nv_cvt_bfloat16raw_to_e8m0((__nv_bfloat16_raw)b, SAT, cudaRoundPosInf),
         __nv_fp8_e8m0(f).__x, __nv_cvt_float2_to_e8m0x2(make_float2(f, g), NOS, cudaRoundZero),
         __nv_fp8_e8m0(n).__x);

  // All 256 codes back: to half (e4m3, e5m2, as a pair), to float, int,
  // unsigned char, signed char, unsigned long long, bool and bfloat16 through
  // the classes; e8m0 to bfloat16 and float.
  for (U k = 0; k < 8; ++k) {
    U c = t * 8 + k;
    __half2_raw p = __nv_cvt_fp8x2_to_halfraw2((unsigned short)(c | (c ^ 0x80) << 8), E4);
    __nv_fp8_e4m3 x;
    __nv_fp8_e5m2 y;
    __nv_fp8_e8m0 z;
    x.__x = y.__x = z.__x = (unsigned char)c;
    printf("t%u r %02x : %04x %04x %04x %04x | %08x %d %u %d %llx %d %04x | %08x %d %u %d %llx %d "
           "%04x | %04x %08x\n",
           t, c, __nv_cvt_fp8_to_halfraw(c, E4).x, __nv_cvt_fp8_to_halfraw(c, E5).x, p.x, p.y,
           __float_as_uint(float(x)), int(x), (U)(unsigned char)x, (int)(signed char)x,
           (L)(unsigned long long)x, (int)bool(x), __bfloat16_as_ushort(__nv_bfloat16(x)),
           __float_as_uint(float(y)), int(y), (U)(unsigned char)y, (int)(signed char)y,
           (L)(unsigned long long)y, (int)bool(y), __bfloat16_as_ushort(__nv_bfloat16(y)),
           __nv_cvt_e8m0_to_bf16raw(c).x, __float_as_uint(float(z)));
  }
}

int main() {
  fp8<<<1, 32>>>();
  cudaDeviceSynchronize();
  return 0;
}
