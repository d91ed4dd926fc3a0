// warplint prelude stand-in for <cuda_fp16.h>: __half is a struct (as in the
// toolkit: Thrust declares `struct __half;`) holding Clang's _Float16, with
// arithmetic through float.
#ifndef __WARPLINT_CUDA_FP16_H
#define __WARPLINT_CUDA_FP16_H
#include "__warplint_prelude.h"
struct __align__(2) __half {
  _Float16 __x;
  __half() = default;
  __host__ __device__ __half(float f) : __x((_Float16)f) {}
  __host__ __device__ operator float() const { return (float)__x; }
};
struct __align__(4) __half2 { __half x, y; };
__WL_CH_BITWISE(__half, "b16", unsigned short, "h")
__WL_CH_BITWISE(__half2, "b32", unsigned int, "r")
typedef __half half;
typedef __half2 half2;
static __host__ __device__ __forceinline__ __half __float2half(float f) { return (__half)f; }
static __host__ __device__ __forceinline__ __half __float2half_rn(float f) { return (__half)f; }
static __host__ __device__ __forceinline__ float __half2float(__half h) { return (float)h; }
static __host__ __device__ __forceinline__ __half2 __floats2half2_rn(float a, float b) {
  __half2 r; r.x = (__half)a; r.y = (__half)b; return r; }
static __host__ __device__ __forceinline__ __half2 __float2half2_rn(float a) {
  return __floats2half2_rn(a, a); }
static __device__ __forceinline__ __half2 __hadd2(__half2 a, __half2 b) {
  __half2 r; r.x = a.x + b.x; r.y = a.y + b.y; return r; }
static __device__ __forceinline__ __half2 __hmul2(__half2 a, __half2 b) {
  __half2 r; r.x = a.x * b.x; r.y = a.y * b.y; return r; }
static __device__ __forceinline__ __half __hadd(__half a, __half b) { return a + b; }
static __device__ __forceinline__ __half __hmul(__half a, __half b) { return a * b; }
static __device__ __forceinline__ __half __hfma(__half a, __half b, __half c) { return a * b + c; }
static __device__ __forceinline__ float __low2float(__half2 h) { return (float)h.x; }
static __device__ __forceinline__ float __high2float(__half2 h) { return (float)h.y; }
#endif
