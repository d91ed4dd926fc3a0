// __half and __nv_bfloat16 arithmetic and conversions run by the device
// model: each of 32 threads takes edge-case inputs (ties to even, subnormals,
// overflow, NaN, infinities, -0, values a conversion through float would
// round twice) and prints every result's bits with its inputs.
// tests/hardware/h100/half-arith.txt is this file's output on an H100
// (nvcc -arch=sm_90, CUDA 13): the device model must print the same through
// the embedded prelude (here) and with the toolkit's headers
// (half-arith-sdk.test); Inputs/half_reference.py recomputes each result
// from the printed inputs with exact rational arithmetic.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer hs=2 --buffer bs=2 > %t.prelude
// RUN: grep -E '^(t|atomics)' %t.prelude | sort > %t.prelude.sorted
// RUN: grep -E '^(t|atomics)' %S/../../hardware/h100/half-arith.txt | sort > %t.gpu
// RUN: diff %t.gpu %t.prelude.sorted
// RUN: %python %S/Inputs/half_reference.py %t.prelude.sorted | FileCheck %s --check-prefix=REF
// REF: checked {{[1-9][0-9]+}} results, 0 wrong
// RUN: FileCheck %s < %t.prelude
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ unsigned mix(unsigned i) { return (i * 2654435761u) ^ (i << 7) ^ 0x5bd1e995u; }

// Halves: 1, -2, 1/3, the largest, the smallest subnormal, the largest
// subnormal, the smallest normal, +-infinity, NaN, -0, 3.14, 100, -100, 0.5,
// 1.5, 2.5, 3.5, -1.0009765625, 2048, 2050; then mixed bits.
__device__ unsigned short edgeH(unsigned t, unsigned salt) {
  const unsigned short E[] = {0x3c00, 0xc000, 0x3555, 0x7bff, 0x0001, 0x03ff, 0x0400, 0x7c00,
                              0xfc00, 0x7e00, 0x8000, 0x4248, 0x5640, 0xd640, 0x3800, 0x3e00,
                              0x4100, 0x4300, 0xbc01, 0x6800, 0x6801};
  unsigned k = (t + salt) % 32;
  return k < 21 ? E[k] : (unsigned short)(mix(k * 7 + salt) & 0xbfff);
}
// Bfloat16s: 1, -2, 1/3, the largest, the smallest subnormal, the largest
// subnormal, the smallest normal, +-infinity, NaN, -0, 3.14, 100, -100, 0.5,
// 1.5, 2.5, 3.5, -1.0078125, 256, 258; then mixed bits.
__device__ unsigned short edgeB(unsigned t, unsigned salt) {
  const unsigned short E[] = {0x3f80, 0xc000, 0x3eab, 0x7f7f, 0x0001, 0x007f, 0x0080, 0x7f80,
                              0xff80, 0x7fc0, 0x8000, 0x4049, 0x42c8, 0xc2c8, 0x3f00, 0x3fc0,
                              0x4020, 0x4060, 0xbf81, 0x4380, 0x4381};
  unsigned k = (t + salt) % 32;
  return k < 21 ? E[k] : (unsigned short)(mix(k * 5 + salt) & 0xbfff);
}
// Floats: ties of half (2049, 2051, 1 + 2^-11) and of bfloat16 (1 + 2^-8,
// 1 + 3 * 2^-8), just below and at half's overflow (65519.99, 65520),
// half's subnormal tie 2^-25 and 3 * 2^-26, NaN, -NaN, +-infinity, -0, 0.1,
// float's largest (bfloat16 overflow), a float subnormal, 1e10, -65520,
// 2^-24, 2050.5, signaling NaNs.
__device__ float edgeF(unsigned t) {
  const unsigned E[] = {0x3f800000, 0x45001000, 0x45003000, 0x3f801000, 0x3f808000, 0x3f818000,
                        0x477fefff, 0x477ff000, 0x33000000, 0x33400000, 0x7fc00000, 0xffc00000,
                        0x7f800000, 0xff800000, 0x80000000, 0x3dcccccd, 0x7f7fffff, 0x00012345,
                        0x501502f9, 0xc77ff000, 0x33800000, 0x45002800, 0x7f800001, 0xffa00000};
  return __uint_as_float(t < 24 ? E[t] : mix(t) & 0xc7ffffff);
}
// Doubles one bit past a tie of half or bfloat16 at float's precision (a
// conversion through float would round them to even), NaNs (quiet, signaling,
// negative, with payloads).
__device__ double edgeD(unsigned t) {
  const unsigned long long E[] = {0x3ff0020000000001ull, 0x3ff0100000000001ull,
                                  0xbff0020000000001ull, 0x40effe0000000001ull,
                                  0x3e70000000000001ull, 0x7ff8000000000000ull,
                                  0xfff8000000000000ull, 0x7ff0000000000001ull,
                                  0x7ff4000000000000ull, 0xfffc000000000123ull};
  return __longlong_as_double(t < 10 ? E[t] : (long long)(mix(t) | 0x3f00000000000000ull) << 1 >> 1);
}
__device__ long long edgeL(unsigned t) {
  const long long E[] = {0, -1, 65519, 65520, -2049, 2051, 0x1010001, -0x1010001,
                         0x7fffffffffffffffll, (-0x7fffffffffffffffll - 1), 3, -3};
  return t < 12 ? E[t] : (long long)mix(t) << (t % 40) >> (t % 7);
}

__global__ void halves(__half *hs, __nv_bfloat16 *bs) {
  unsigned t = threadIdx.x;
  float f = edgeF(t);
  printf("t%u f2h %08x : %04x %04x %04x %04x %04x %04x %04x %04x\n", t, __float_as_uint(f),
         __half_as_ushort(__float2half_rn(f)), __half_as_ushort(__float2half_rz(f)),
         __half_as_ushort(__float2half_rd(f)), __half_as_ushort(__float2half_ru(f)),
         __bfloat16_as_ushort(__float2bfloat16_rn(f)), __bfloat16_as_ushort(__float2bfloat16_rz(f)),
         __bfloat16_as_ushort(__float2bfloat16_rd(f)), __bfloat16_as_ushort(__float2bfloat16_ru(f)));
  double d = edgeD(t);
  printf("t%u d2h %016llx : %04x %04x\n", t, __double_as_longlong(d),
         __half_as_ushort(__double2half(d)), __bfloat16_as_ushort(__double2bfloat16(d)));

  __half a = __ushort_as_half(edgeH(t, 0)), b = __ushort_as_half(edgeH(t, 3));
  unsigned hc = __hlt(a, b) | __hle(a, b) << 1 | __heq(a, b) << 2 | __hne(a, b) << 3 |
                __hge(a, b) << 4 | __hgt(a, b) << 5 | __hltu(a, b) << 6 | __hleu(a, b) << 7 |
                __hequ(a, b) << 8 | __hneu(a, b) << 9 | __hgeu(a, b) << 10 | __hgtu(a, b) << 11;
  printf("t%u hop %04x %04x : %04x %04x %04x %04x %04x %04x %04x %04x %03x\n", t,
         __half_as_ushort(a), __half_as_ushort(b), __half_as_ushort(__hadd(a, b)),
         __half_as_ushort(__hsub(a, b)), __half_as_ushort(__hmul(a, b)),
         __half_as_ushort(a / b), __half_as_ushort(__hfma(a, b, a)),
         __half_as_ushort(__hmin(a, b)), __half_as_ushort(__hmax(a, b)),
         __half_as_ushort(__hadd_sat(a, b)), hc);
  __nv_bfloat16 x = __ushort_as_bfloat16(edgeB(t, 0)), y = __ushort_as_bfloat16(edgeB(t, 3));
  unsigned bc = __hlt(x, y) | __hle(x, y) << 1 | __heq(x, y) << 2 | __hne(x, y) << 3 |
                __hge(x, y) << 4 | __hgt(x, y) << 5 | __hltu(x, y) << 6 | __hleu(x, y) << 7 |
                __hequ(x, y) << 8 | __hneu(x, y) << 9 | __hgeu(x, y) << 10 | __hgtu(x, y) << 11;
  printf("t%u bop %04x %04x : %04x %04x %04x %04x %04x %04x %04x %04x %03x\n", t,
         __bfloat16_as_ushort(x), __bfloat16_as_ushort(y), __bfloat16_as_ushort(__hadd(x, y)),
         __bfloat16_as_ushort(__hsub(x, y)), __bfloat16_as_ushort(__hmul(x, y)),
         __bfloat16_as_ushort(x / y), __bfloat16_as_ushort(__hfma(x, y, x)),
         __bfloat16_as_ushort(__hmin(x, y)), __bfloat16_as_ushort(__hmax(x, y)),
         __bfloat16_as_ushort(__hadd_sat(x, y)), bc);

  printf("t%u h2i %04x : %d %d %d %d %d %u %lld %llu %d %u\n", t, __half_as_ushort(a),
         __half2int_rn(a), __half2int_rz(a), __half2int_rd(a), __half2int_ru(a),
         __half2short_rn(a), __half2ushort_rz(a), __half2ll_rn(a), __half2ull_rz(a),
         __half2char_rz(a), __half2uchar_rz(a));
  printf("t%u b2i %04x : %d %d %d %d %d %u %lld %llu\n", t, __bfloat16_as_ushort(x),
         __bfloat162int_rn(x), __bfloat162int_rz(x), __bfloat162int_rd(x),
         __bfloat162int_ru(x), __bfloat162short_rn(x), __bfloat162ushort_rz(x),
         __bfloat162ll_rd(x), __bfloat162ull_ru(x));
  long long l = edgeL(t);
  int i = (int)l;
  printf("t%u i2h %016llx : %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x\n", t, l,
         __half_as_ushort(__int2half_rn(i)), __half_as_ushort(__int2half_rz(i)),
         __half_as_ushort(__int2half_rd(i)), __half_as_ushort(__int2half_ru(i)),
         __bfloat16_as_ushort(__ll2bfloat16_rn(l)), __bfloat16_as_ushort(__ll2bfloat16_rz(l)),
         __bfloat16_as_ushort(__ll2bfloat16_rd(l)), __bfloat16_as_ushort(__ll2bfloat16_ru(l)),
         __half_as_ushort(__ull2half_rn((unsigned long long)l)),
         __bfloat16_as_ushort(__uint2bfloat16_rn((unsigned)l)),
         __half_as_ushort(__short2half_rd((short)l)));

  printf("t%u hm %04x : %04x %04x %04x %04x %04x %04x %04x %d %d\n", t, __half_as_ushort(a),
         __half_as_ushort(hsqrt(__habs(a))), __half_as_ushort(hrint(a)),
         __half_as_ushort(hfloor(a)), __half_as_ushort(htrunc(a)), __half_as_ushort(hceil(a)),
         __half_as_ushort(__habs(a)), __half_as_ushort(__hneg(a)), (int)__hisnan(a), __hisinf(a));
  printf("t%u bm %04x : %04x %04x %04x %04x %04x %04x %04x %d %d\n", t, __bfloat16_as_ushort(x),
         __bfloat16_as_ushort(hsqrt(__habs(x))), __bfloat16_as_ushort(hrint(x)),
         __bfloat16_as_ushort(hfloor(x)), __bfloat16_as_ushort(htrunc(x)),
         __bfloat16_as_ushort(hceil(x)), __bfloat16_as_ushort(__habs(x)),
         __bfloat16_as_ushort(__hneg(x)), (int)__hisnan(x), __hisinf(x));

  __half2 p = __halves2half2(a, b), q = __halves2half2(b, __float2half(0.25f));
  __half2 s2 = __hadd2(p, q), m2 = __hmul2(p, q), f2 = __hfma2(p, q, p), c2 = __hcmadd(p, q, p);
  printf("t%u h2 %04x %04x %04x %04x : %04x %04x %04x %04x %04x %04x %04x %04x %08x %d\n", t,
         __half_as_ushort(p.x), __half_as_ushort(p.y), __half_as_ushort(q.x),
         __half_as_ushort(q.y), __half_as_ushort(s2.x), __half_as_ushort(s2.y),
         __half_as_ushort(m2.x), __half_as_ushort(m2.y), __half_as_ushort(f2.x),
         __half_as_ushort(f2.y), __half_as_ushort(c2.x), __half_as_ushort(c2.y),
         __hlt2_mask(p, q), (int)__hbltu2(p, q));

  // Shuffles move the bits; atomicAdd of 32 ones and 32 halves.
  __half up = __shfl_xor_sync(0xffffffffu, a, 1);
  __nv_bfloat162 xy = __shfl_down_sync(0xffffffffu, __halves2bfloat162(x, y), 2);
  printf("t%u shfl %04x %04x %04x\n", t, __half_as_ushort(up), __bfloat16_as_ushort(xy.x),
         __bfloat16_as_ushort(xy.y));
  atomicAdd(hs, __float2half(1.0f));
  atomicAdd(bs, __float2bfloat16(0.5f));
  __syncthreads();
  if (t == 0)
    printf("atomics %04x %04x\n", __half_as_ushort(hs[0]), __bfloat16_as_ushort(bs[0]));
}

int main() {
  __half *h;
  __nv_bfloat16 *b;
  cudaMalloc(&h, 4);
  cudaMalloc(&b, 4);
  cudaMemset(h, 0, 4);
  cudaMemset(b, 0, 4);
  halves<<<1, 32>>>(h, b);
  cudaDeviceSynchronize();
  return 0;
}

// Values worked by hand: 2049 and 2051 tie to even (2048, 2052); 65519.99
// rounds to 65504, 65520 to infinity (rz, rd: 65504); 2^-25 ties to 0,
// 3 * 2^-26 rounds up to 2^-24; bfloat16 ties 1 + 2^-8 to 1 and
// 1 + 3 * 2^-8 to 1 + 2^-6; float's largest overflows bfloat16.
// CHECK-DAG: t1 f2h 45001000 : 6800 6800 6800 6801 4500 4500 4500 4501
// CHECK-DAG: t2 f2h 45003000 : 6802 6801 6801 6802 4500 4500 4500 4501
// CHECK-DAG: t6 f2h 477fefff : 7bff 7bff 7bff 7c00 4780 477f 477f 4780
// CHECK-DAG: t7 f2h 477ff000 : 7c00 7bff 7bff 7c00 4780 477f 477f 4780
// CHECK-DAG: t8 f2h 33000000 : 0000 0000 0000 0001 3300 3300 3300 3300
// CHECK-DAG: t9 f2h 33400000 : 0001 0000 0000 0001 3340 3340 3340 3340
// CHECK-DAG: t4 f2h 3f808000 : 3c04 3c04 3c04 3c04 3f80 3f80 3f80 3f81
// CHECK-DAG: t5 f2h 3f818000 : 3c0c 3c0c 3c0c 3c0c 3f82 3f81 3f81 3f82
// CHECK-DAG: t16 f2h 7f7fffff : 7c00 7bff 7bff 7c00 7f80 7f7f 7f7f 7f80
// One bit past a tie: rounded up, where through float they would tie to even.
// CHECK-DAG: t0 d2h 3ff0020000000001 : 3c01 3f80
// CHECK-DAG: t1 d2h 3ff0100000000001 : 3c04 3f81
// 1 + 65504 and fma(1, 65504, 1) round to 65504, 1 - 65504 to -65504,
// 1 / 65504 to the subnormal 2^-16 (0x0100); __hadd_sat clamps to 1; the
// compares: lt le ne ltu leu neu (0x2cb).
// CHECK-DAG: t0 hop 3c00 7bff : 7bff fbff 7bff 0100 7bff 3c00 7bff 3c00 2cb
// NaN: canonical from float and from arithmetic (__hneg too), the payload
// kept from double.
// CHECK-DAG: t10 f2h 7fc00000 : 7fff 7fff 7fff 7fff 7fff 7fff 7fff 7fff
// CHECK-DAG: t9 d2h fffc000000000123 : ff00 ffe0
// CHECK-DAG: t9 hm 7e00 : 7fff 7fff 7fff 7fff 7fff 7fff 7fff 1 0
// 32 atomicAdds of 1 (half) and of 0.5 (bfloat16).
// CHECK-DAG: atomics 5000 4180
// CHECK-NOT: cannot run
