// warplint: device functions nvcc's crt/math_functions.h and
// crt/device_functions.h declare and Clang's CUDA headers do not: the
// classification helpers of its Apple branch (__isfinitef, __isnand,
// __isinfd), __signbit(double) (glibc's __signbit is host code) and the
// approximate __tanhf (PTX tanh.approx.f32, which
// frontend/ptxisa/lower/Math.cpp lowers). Included by the prelude and, with a
// toolkit, by __warplint_sdk_supplement.h; each classifies as libdevice's
// __nv_* function does, which the device model runs.
#ifndef __WARPLINT_NVCC_MATH_H
#define __WARPLINT_NVCC_MATH_H

#define __WL_NVCC_DEV static __device__ __forceinline__

extern "C" __device__ int __nv_finitef(float);
extern "C" __device__ int __nv_isnand(double);
extern "C" __device__ int __nv_isinfd(double);
extern "C" __device__ int __nv_signbitd(double);
__WL_NVCC_DEV int __isfinitef(float x) { return __nv_finitef(x); }
__WL_NVCC_DEV int __isnand(double x) { return __nv_isnand(x); }
__WL_NVCC_DEV int __isinfd(double x) { return __nv_isinfd(x); }
__WL_NVCC_DEV int __signbit(double x) { return __nv_signbitd(x); }
__WL_NVCC_DEV float __tanhf(float x) {
  float r;
  asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}

#undef __WL_NVCC_DEV
#endif
