// libdevice's integer, bit and conversion functions, each on 32 threads'
// inputs (edge cases first: 0, -1, INT_MIN, INT_MAX, NaN, infinities,
// halfway values, out-of-range floats), printed bit-exactly (%a for floats).
// tests/hardware/h100/integer-intrinsics.txt is this file's output on an
// H100 (nvcc -arch=sm_90, CUDA 13): the device model must print the same,
// with the toolkit's headers and with the embedded prelude.
// REQUIRES: cuda-sdk
// (integer-intrinsics-prelude.test runs the prelude half everywhere.)
// RUN: %warplint run %s --grid 1 --block 32 --buffer sink=32 > %t.sdk
// RUN: grep '^t' %t.sdk | sort > %t.sdk.sorted
// RUN: sort %S/../../hardware/h100/integer-intrinsics.txt > %t.gpu
// RUN: diff %t.gpu %t.sdk.sorted
#include <cstdio>

__device__ unsigned mix(unsigned i) { return (i * 2654435761u) ^ (i << 7) ^ 0x5bd1e995u; }

__device__ unsigned edgeU(unsigned t) {
  const unsigned E[] = {0u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 1u, 0xff00ff00u, 0x00800000u,
                        0x12345678u};
  return t < 8 ? E[t] : mix(t);
}

__device__ float edgeF(unsigned t) {
  const float E[] = {0.0f, -0.0f, 2.5f, -2.5f, 3.5f, -3.5f, 2147483648.0f, -2147483904.0f,
                     4294967296.0f, 1e20f, -1e20f, __int_as_float(0x7fc00000), __int_as_float(0x7f800000),
                     __int_as_float(0xff800000), 0.49999997f, 1.5e9f};
  return t < 16 ? E[t] : (float(int(mix(t))) / 65536.0f) + 0.5f;
}

__device__ double edgeD(unsigned t) {
  const double E[] = {0.0, -0.0, 2.5, -2.5, 0.5, -1.5, 2147483647.5, -2147483648.5,
                      9.3e18, -9.3e18, 1.9e19, __longlong_as_double(0x7ff8000000000000ll),
                      1e300, -1e300, 4503599627370497.0, 0.1};
  return t < 16 ? E[t] : double((long long)mix(t) << 20) / 4294967296.0 + 0.25;
}

__global__ void intrinsics(int *sink) {
  unsigned t = threadIdx.x;
  unsigned u = edgeU(t), v = edgeU(31 - t) ^ mix(t + 101);
  int a = int(u), b = int(v);
  unsigned long long ul = ((unsigned long long)u << 32) | v;
  long long sl = (long long)ul;
  float f = edgeF(t);
  double d = edgeD(t);
  printf("t%u popc %d %d clz %d %d brev %u %llu ffs %d %d\n", t, __popc(u), __popcll(ul),
         __clz(a), __clzll(sl), __brev(u), __brevll(ul), __ffs(a), __ffsll(sl));
  printf("t%u mul %d %u %d %u %lld %llu\n", t, __mul24(a, b), __umul24(u, v), __mulhi(a, b),
         __umulhi(u, v), __mul64hi(sl, (long long)v), __umul64hi(ul, ul + 7));
  printf("t%u perm %u %u %u sad %u %u hadd %d %d %u %u\n", t, __byte_perm(u, v, t * 0x1111u),
         __byte_perm(u, v, 0x3210u + t), __byte_perm(u, v, 0x8a9bu * (t + 1)), __sad(a, b, t),
         __usad(u, v, t), __hadd(a, b), __rhadd(a, b), __uhadd(u, v), __urhadd(u, v));
  printf("t%u bits %d %a %lld %d %d %a\n", t, __float_as_int(f), __int_as_float(a & 0x7f7fffff),
         __double_as_longlong(d), __double2hiint(d), __double2loint(d),
         __hiloint2double(a & 0x7fefffff, b));
  printf("t%u f2i %d %d %d %d %u %u %u %u\n", t, __float2int_rn(f), __float2int_rz(f),
         __float2int_ru(f), __float2int_rd(f), __float2uint_rn(f), __float2uint_rz(f),
         __float2uint_ru(f), __float2uint_rd(f));
  printf("t%u f2ll %lld %lld %lld %lld %llu %llu\n", t, __float2ll_rn(f), __float2ll_rz(f),
         __float2ll_ru(f), __float2ll_rd(f), __float2ull_rn(f), __float2ull_rz(f));
  printf("t%u d2i %d %d %d %d %u %lld %lld %llu %llu\n", t, __double2int_rn(d),
         __double2int_rz(d), __double2int_ru(d), __double2int_rd(d), __double2uint_rn(d),
         __double2ll_rn(d), __double2ll_rz(d), __double2ull_rn(d), __double2ull_rz(d));
  printf("t%u i2f %a %a %a %a %a %a %a %a\n", t, __int2float_rn(a), __int2float_rz(a),
         __int2float_ru(a), __int2float_rd(a), __uint2float_rn(u), __uint2float_rz(u),
         __ll2float_rn(sl), __ll2float_rz(sl));
  printf("t%u i2f64 %a %a %a %a %a %a\n", t, __ull2float_rn(ul), __ull2float_rd(ul),
         __ll2double_rn(sl), __ll2double_rz(sl), __ull2double_ru(ul), __ull2double_rd(ul));
  printf("t%u minmax %d %d %u %u %lld %lld %d %lld\n", t, min(a, b), max(a, b), umin(u, v),
         umax(u, v), llmin(sl, (long long)b), llmax(sl, (long long)b), abs(a), llabs(sl));
  printf("t%u funnel %u %u %u %u\n", t, __funnelshift_l(u, v, t * 3), __funnelshift_r(u, v, t * 3),
         __funnelshift_lc(u, v, t * 3), __funnelshift_rc(u, v, t * 3));
  sink[t] = a;
}

int main() {
  int *s;
  cudaMalloc(&s, 32 * sizeof(int));
  intrinsics<<<1, 32>>>(s);
  cudaDeviceSynchronize();
  return 0;
}
