// NaN results of f32 and f64 arithmetic as sm_90 writes them, run by the
// device model: each of 32 threads takes signaling and quiet NaNs with and
// without payloads, of either sign, infinities, +-0, the largest finite
// values and ordinary numbers, and prints the bits of +, -, *, /, fma, fmin,
// fmax, sqrt, negation, fabs, x - x and the conversions between float and
// double. tests/hardware/h100/nan-propagation.txt is this file's output on
// an H100 (nvcc -arch=sm_90, CUDA 13.0; the code below unchanged, these
// comments added after): f32 arithmetic writes every NaN as 0x7fffffff
// (negation and fabs too), f64 add/sub/mul/fma keep the second operand's NaN
// where both are NaN, division the dividend's, fmin/fmax ignore one NaN, even
// a signaling one, and order -0 below +0 (devicemodel/GpuNaN.h). Run
// through the embedded prelude here, with the toolkit in
// nan-propagation-sdk.test.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 > %t.prelude 2>&1; echo "exit=$?" >> %t.prelude
// RUN: FileCheck %s < %t.prelude
// RUN: grep '^t' %t.prelude | sort > %t.prelude.sorted
// RUN: sort %S/../../hardware/h100/nan-propagation.txt > %t.gpu
// RUN: diff %t.gpu %t.prelude.sorted
// RUN: grep -c '^t' %t.prelude.sorted | FileCheck --check-prefix=LINES %s
// LINES: 64
// CHECK-NOT: cannot run
// CHECK: exit=0
#include <cstdio>
__device__ float fin(unsigned t) {
  const unsigned E[] = {0x7fc00000u, 0x7f800001u, 0xffc12345u, 0x7fa00000u, 0x7f800000u, 0xff800000u,
                        0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x00000001u, 0x7f7fffffu,
                        0xffffffffu, 0x7fffffffu, 0x40490fdbu, 0xc0000000u};
  return __uint_as_float(E[t % 16]);
}
__device__ double din(unsigned t) {
  const unsigned long long E[] = {0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8123456789abcull,
                                  0x7ff4000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                                  0ull, 0x8000000000000000ull, 0x3ff0000000000000ull,
                                  0xbff0000000000000ull, 1ull, 0x7fefffffffffffffull,
                                  0xffffffffffffffffull, 0x7fffffffffffffffull,
                                  0x400921fb54442d18ull, 0xc000000000000000ull};
  return __longlong_as_double(E[t % 16]);
}
__global__ void k(const int *z) {
  unsigned t = threadIdx.x;
  float a = fin(t), b = fin(t / 16 + 3 * t + *z);
  double x = din(t), y = din(t / 16 + 3 * t + *z);
  printf("t%u f %08x %08x : %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x %016llx\n", t,
         __float_as_uint(a), __float_as_uint(b), __float_as_uint(a + b), __float_as_uint(a - b),
         __float_as_uint(a * b), __float_as_uint(a / b), __float_as_uint(fmaf(a, b, 1.0f)),
         __float_as_uint(fminf(a, b)), __float_as_uint(fmaxf(a, b)), __float_as_uint(sqrtf(a)),
         __float_as_uint(-a), __float_as_uint(fabsf(a)), __float_as_uint(a - a),
         (unsigned long long)__double_as_longlong((double)a));
  printf("t%u d %016llx %016llx : %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx %08x\n", t,
         __double_as_longlong(x), __double_as_longlong(y), __double_as_longlong(x + y),
         __double_as_longlong(x - y), __double_as_longlong(x * y), __double_as_longlong(x / y),
         __double_as_longlong(fma(x, y, 1.0)), __double_as_longlong(fmin(x, y)),
         __double_as_longlong(fmax(x, y)), __double_as_longlong(sqrt(x)), __double_as_longlong(x - x), __float_as_uint((float)x));
}
int main() {
  int *z;
  cudaMalloc(&z, 4);
  cudaMemset(z, 0, 4);
  k<<<1, 32>>>(z);
  cudaDeviceSynchronize();
  return 0;
}
