// warplint prelude: math functions. They call libdevice's __nv_* functions,
// as CUDA's own headers do; warplint's device model implements them.
#ifndef __WARPLINT_MATH_H
#define __WARPLINT_MATH_H

#define __WL_MATH_DEV static __device__ __forceinline__
#define __WL_UNARY(F)                                                           \
  extern "C" __device__ float __nv_##F##f(float);                               \
  extern "C" __device__ double __nv_##F(double);                                \
  __WL_MATH_DEV float F##f(float x) { return __nv_##F##f(x); }                  \
  __WL_MATH_DEV double F(double x) { return __nv_##F(x); }                      \
  __WL_MATH_DEV float F(float x) { return __nv_##F##f(x); }
#define __WL_BINARY(F)                                                          \
  extern "C" __device__ float __nv_##F##f(float, float);                        \
  extern "C" __device__ double __nv_##F(double, double);                        \
  __WL_MATH_DEV float F##f(float x, float y) { return __nv_##F##f(x, y); }      \
  __WL_MATH_DEV double F(double x, double y) { return __nv_##F(x, y); }         \
  __WL_MATH_DEV float F(float x, float y) { return __nv_##F##f(x, y); }
__WL_UNARY(sqrt) __WL_UNARY(rsqrt) __WL_UNARY(cbrt) __WL_UNARY(exp) __WL_UNARY(exp2)
__WL_UNARY(exp10) __WL_UNARY(expm1) __WL_UNARY(log) __WL_UNARY(log2) __WL_UNARY(log10)
__WL_UNARY(log1p) __WL_UNARY(sin) __WL_UNARY(cos) __WL_UNARY(tan) __WL_UNARY(asin)
__WL_UNARY(acos) __WL_UNARY(atan) __WL_UNARY(sinh) __WL_UNARY(cosh) __WL_UNARY(tanh)
__WL_UNARY(erf) __WL_UNARY(erfc) __WL_UNARY(floor) __WL_UNARY(ceil) __WL_UNARY(round)
__WL_UNARY(trunc) __WL_UNARY(fabs) __WL_UNARY(rint) __WL_UNARY(nearbyint)
__WL_UNARY(asinh) __WL_UNARY(acosh) __WL_UNARY(atanh) __WL_UNARY(tgamma) __WL_UNARY(lgamma)
__WL_BINARY(pow) __WL_BINARY(atan2) __WL_BINARY(fmod) __WL_BINARY(hypot)
__WL_BINARY(fmin) __WL_BINARY(fmax) __WL_BINARY(copysign) __WL_BINARY(fdim)
__WL_BINARY(remainder)
extern "C" __device__ float __nv_fmaf(float, float, float);
extern "C" __device__ double __nv_fma(double, double, double);
__WL_MATH_DEV float fmaf(float a, float b, float c) { return __nv_fmaf(a, b, c); }
__WL_MATH_DEV double fma(double a, double b, double c) { return __nv_fma(a, b, c); }
__WL_MATH_DEV float fma(float a, float b, float c) { return __nv_fmaf(a, b, c); }
extern "C" __device__ void __nv_sincosf(float, float *, float *);
__WL_MATH_DEV void sincosf(float x, float *s, float *c) { __nv_sincosf(x, s, c); }
extern "C" __device__ void __nv_sincos(double, double *, double *);
__WL_MATH_DEV void sincos(double x, double *s, double *c) { __nv_sincos(x, s, c); }
__WL_MATH_DEV int isnan(float x) { return __builtin_isnan(x); }
__WL_MATH_DEV int isnan(double x) { return __builtin_isnan(x); }
__WL_MATH_DEV int isinf(float x) { return __builtin_isinf(x); }
__WL_MATH_DEV int isinf(double x) { return __builtin_isinf(x); }
__WL_MATH_DEV int isfinite(float x) { return __builtin_isfinite(x); }
__WL_MATH_DEV int isfinite(double x) { return __builtin_isfinite(x); }
// The classification helpers Clang's CUDA headers define too (with a
// toolkit); __warplint_nvcc_math.h has the ones only nvcc's headers declare.
extern "C" __device__ int __nv_isnanf(float);
extern "C" __device__ int __nv_isinff(float);
extern "C" __device__ int __nv_finitef(float);
extern "C" __device__ int __nv_signbitf(float);
extern "C" __device__ int __nv_isnand(double);
extern "C" __device__ int __nv_isinfd(double);
extern "C" __device__ int __nv_isfinited(double);
extern "C" __device__ int __nv_signbitd(double);
__WL_MATH_DEV int __isnanf(float x) { return __nv_isnanf(x); }
__WL_MATH_DEV int __isinff(float x) { return __nv_isinff(x); }
__WL_MATH_DEV int __finitef(float x) { return __nv_finitef(x); }
__WL_MATH_DEV int __signbitf(float x) { return __nv_signbitf(x); }
__WL_MATH_DEV int __isnan(double x) { return __nv_isnand(x); }
__WL_MATH_DEV int __isinf(double x) { return __nv_isinfd(x); }
__WL_MATH_DEV int __finite(double x) { return __nv_isfinited(x); }
__WL_MATH_DEV int __isfinited(double x) { return __nv_isfinited(x); }
__WL_MATH_DEV int __signbitd(double x) { return __nv_signbitd(x); }

// Fast intrinsics.
extern "C" __device__ float __nv_fast_expf(float);
extern "C" __device__ float __nv_fast_logf(float);
extern "C" __device__ float __nv_fast_sinf(float);
extern "C" __device__ float __nv_fast_cosf(float);
extern "C" __device__ float __nv_fast_powf(float, float);
extern "C" __device__ float __nv_fast_exp10f(float);
extern "C" __device__ float __nv_fast_log2f(float);
extern "C" __device__ float __nv_fast_log10f(float);
extern "C" __device__ float __nv_fast_tanf(float);
__WL_MATH_DEV float __expf(float x) { return __nv_fast_expf(x); }
__WL_MATH_DEV float __logf(float x) { return __nv_fast_logf(x); }
__WL_MATH_DEV float __log2f(float x) { return __nv_fast_log2f(x); }
__WL_MATH_DEV float __log10f(float x) { return __nv_fast_log10f(x); }
__WL_MATH_DEV float __tanf(float x) { return __nv_fast_tanf(x); }
__WL_MATH_DEV float __sinf(float x) { return __nv_fast_sinf(x); }
__WL_MATH_DEV float __cosf(float x) { return __nv_fast_cosf(x); }
__WL_MATH_DEV float __powf(float x, float y) { return __nv_fast_powf(x, y); }
__WL_MATH_DEV float __exp10f(float x) { return __nv_fast_exp10f(x); }
__WL_MATH_DEV float __fdividef(float x, float y) { return x / y; }
__WL_MATH_DEV float __frcp_rn(float x) { return 1.0f / x; }
__WL_MATH_DEV float __fsqrt_rn(float x) { return __nv_sqrtf(x); }
__WL_MATH_DEV float __saturatef(float x) { return !(x > 0.0f) ? 0.0f : (x > 1.0f ? 1.0f : x); } // NaN: +0
__WL_MATH_DEV float __fmaf_rn(float a, float b, float c) { return __nv_fmaf(a, b, c); }
__WL_MATH_DEV float __fadd_rn(float a, float b) { return a + b; }
__WL_MATH_DEV float __fmul_rn(float a, float b) { return a * b; }
__WL_MATH_DEV float __fsub_rn(float a, float b) { return a - b; }
__WL_MATH_DEV float __fdiv_rn(float a, float b) { return a / b; }
__WL_MATH_DEV double __dadd_rn(double a, double b) { return a + b; }
__WL_MATH_DEV double __dmul_rn(double a, double b) { return a * b; }
__WL_MATH_DEV double __fma_rn(double a, double b, double c) { return __nv_fma(a, b, c); }
__WL_MATH_DEV int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__WL_MATH_DEV unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
__WL_MATH_DEV float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__WL_MATH_DEV float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
__WL_MATH_DEV long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
__WL_MATH_DEV double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }

#include "__warplint_nvcc_math.h"
#include "__warplint_nvcc_atomics.h"

#endif
