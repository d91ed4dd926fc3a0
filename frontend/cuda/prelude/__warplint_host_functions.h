// warplint: host functions that nvcc's headers give host code and Clang's
// CUDA headers (and the prelude's device-side ones) do not: min and max over
// the integer and floating types (nvcc's crt/math_functions.h declares them
// __host__ __device__), isfinite, isnan and isinf unqualified (nvcc's headers
// include <math.h>, which brings std's into the global namespace) and clock()
// (nvcc's headers include <time.h>). Without them the device-side compile
// rejects host code that nvcc builds, and the file's host code, with its
// launch shapes, is lost.
#ifndef __WARPLINT_HOST_FUNCTIONS_H
#define __WARPLINT_HOST_FUNCTIONS_H

#if __has_include(<time.h>)
#include <time.h>
#endif

#define __WL_HOST static inline __host__

// nvcc's set: both operands converted to the result type R.
#define __WL_HOST_MINMAX(R, A, B)                                              \
  __WL_HOST R min(const A __a, const B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
  __WL_HOST R max(const A __a, const B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__WL_HOST_MINMAX(int, int, int)
__WL_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
__WL_HOST_MINMAX(unsigned int, int, unsigned int)
__WL_HOST_MINMAX(unsigned int, unsigned int, int)
__WL_HOST_MINMAX(long, long, long)
__WL_HOST_MINMAX(unsigned long, unsigned long, unsigned long)
__WL_HOST_MINMAX(unsigned long, long, unsigned long)
__WL_HOST_MINMAX(unsigned long, unsigned long, long)
__WL_HOST_MINMAX(long long, long long, long long)
__WL_HOST_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__WL_HOST_MINMAX(unsigned long long, long long, unsigned long long)
__WL_HOST_MINMAX(unsigned long long, unsigned long long, long long)
#undef __WL_HOST_MINMAX
// The floating ones behave as fmin and fmax (a NaN operand loses).
#define __WL_HOST_FMINMAX(R, A, B)                                             \
  __WL_HOST R min(const A __a, const B __b) { return __builtin_fmin((R)__a, (R)__b); } \
  __WL_HOST R max(const A __a, const B __b) { return __builtin_fmax((R)__a, (R)__b); }
__WL_HOST float min(const float __a, const float __b) { return __builtin_fminf(__a, __b); }
__WL_HOST float max(const float __a, const float __b) { return __builtin_fmaxf(__a, __b); }
__WL_HOST_FMINMAX(double, double, double)
__WL_HOST_FMINMAX(double, float, double)
__WL_HOST_FMINMAX(double, double, float)
#undef __WL_HOST_FMINMAX

// isfinite, isnan, isinf of a floating value. Templates: <math.h>'s
// using-declarations of std's (non-templates, preferred where both fit)
// may be in scope too, and must not conflict.
template <class __T> struct __wl_host_floating {};
template <> struct __wl_host_floating<float> { typedef bool type; };
template <> struct __wl_host_floating<double> { typedef bool type; };
template <> struct __wl_host_floating<long double> { typedef bool type; };
template <class __T>
__WL_HOST typename __wl_host_floating<__T>::type isfinite(__T __x) { return __builtin_isfinite(__x); }
template <class __T>
__WL_HOST typename __wl_host_floating<__T>::type isnan(__T __x) { return __builtin_isnan(__x); }
template <class __T>
__WL_HOST typename __wl_host_floating<__T>::type isinf(__T __x) { return __builtin_isinf(__x); }

#undef __WL_HOST
#endif
