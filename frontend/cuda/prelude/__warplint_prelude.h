// warplint's embedded CUDA prelude: enough of the CUDA language and runtime
// headers for ordinary kernels to compile for the device without a CUDA SDK.
// Force-included before the user's file when no SDK is used.
#ifndef __WARPLINT_PRELUDE_H
#define __WARPLINT_PRELUDE_H

#define __CUDACC__ 1
#define __WARPLINT_PRELUDE__ 1
#ifndef CUDART_VERSION
#define CUDART_VERSION 12080
#endif
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 8

// The include guards of the toolkit headers the prelude stands in for: Thrust
// (guarded_cuda_runtime_api.h, guarded_driver_types.h) undefines __host__ and
// __device__ before including the runtime's headers unless these say that
// the runtime's own definitions are in place.
#define __HOST_DEFINES_H__
#define __DRIVER_TYPES_H__

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define CUDART_CB

typedef __SIZE_TYPE__ size_t;

// ---- vector types --------------------------------------------------------
#define __WL_VEC2(T, N, A) struct __align__(A) N##2 { T x, y; };                \
  __host__ __device__ inline N##2 make_##N##2(T x, T y) { N##2 r; r.x = x; r.y = y; return r; }
#define __WL_VEC3(T, N) struct N##3 { T x, y, z; };                              \
  __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) { N##3 r; r.x = x; r.y = y; r.z = z; return r; }
#define __WL_VEC4(T, N, A) struct __align__(A) N##4 { T x, y, z, w; };          \
  __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) {             \
    N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define __WL_VEC1(T, N) struct N##1 { T x; };                                    \
  __host__ __device__ inline N##1 make_##N##1(T x) { N##1 r; r.x = x; return r; }
#define __WL_VECS(T, N, S) __WL_VEC1(T, N) __WL_VEC2(T, N, 2 * S) __WL_VEC3(T, N) __WL_VEC4(T, N, 4 * S)
__WL_VECS(signed char, char, 1)
__WL_VECS(unsigned char, uchar, 1)
__WL_VECS(short, short, 2)
__WL_VECS(unsigned short, ushort, 2)
__WL_VECS(int, int, 4)
__WL_VECS(unsigned int, uint, 4)
__WL_VECS(long, long, 8)
__WL_VECS(unsigned long, ulong, 8)
__WL_VECS(float, float, 4)
__WL_VEC1(long long, longlong) __WL_VEC2(long long, longlong, 16) __WL_VEC3(long long, longlong)
__WL_VEC1(unsigned long long, ulonglong) __WL_VEC2(unsigned long long, ulonglong, 16)
__WL_VEC3(unsigned long long, ulonglong)
__WL_VEC1(double, double) __WL_VEC2(double, double, 16) __WL_VEC3(double, double)
struct __align__(16) longlong4 { long long x, y, z, w; };
struct __align__(16) ulonglong4 { unsigned long long x, y, z, w; };
struct __align__(16) double4 { double x, y, z, w; };
__host__ __device__ inline double4 make_double4(double x, double y, double z, double w) {
  double4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

// ---- builtin variables ---------------------------------------------------
#define __WL_BUILTIN_VAR(Type, Reg)                                             \
  struct Type {                                                                \
    static __device__ __forceinline__ unsigned int __fetch_builtin_x() {       \
      return __nvvm_read_ptx_sreg_##Reg##_x(); }                               \
    static __device__ __forceinline__ unsigned int __fetch_builtin_y() {       \
      return __nvvm_read_ptx_sreg_##Reg##_y(); }                               \
    static __device__ __forceinline__ unsigned int __fetch_builtin_z() {       \
      return __nvvm_read_ptx_sreg_##Reg##_z(); }                               \
    __declspec(property(get = __fetch_builtin_x)) unsigned int x;              \
    __declspec(property(get = __fetch_builtin_y)) unsigned int y;              \
    __declspec(property(get = __fetch_builtin_z)) unsigned int z;              \
    __device__ operator dim3() const {                                         \
      return dim3(__fetch_builtin_x(), __fetch_builtin_y(), __fetch_builtin_z()); } \
    __device__ operator uint3() const {                                        \
      return uint3{__fetch_builtin_x(), __fetch_builtin_y(), __fetch_builtin_z()}; } \
  private:                                                                     \
    __device__ Type() = delete;                                                \
    __device__ Type(const Type &) = delete;                                    \
    __device__ void operator=(const Type &) const = delete;                    \
    __device__ Type *operator&() const = delete;                               \
  };
__WL_BUILTIN_VAR(__wl_threadIdx_t, tid)
__WL_BUILTIN_VAR(__wl_blockIdx_t, ctaid)
__WL_BUILTIN_VAR(__wl_blockDim_t, ntid)
__WL_BUILTIN_VAR(__wl_gridDim_t, nctaid)
extern const __device__ __wl_threadIdx_t threadIdx;
extern const __device__ __wl_blockIdx_t blockIdx;
extern const __device__ __wl_blockDim_t blockDim;
extern const __device__ __wl_gridDim_t gridDim;
static const __device__ int warpSize = 32;

#include "__warplint_device_functions.h"
#include "__warplint_runtime_api.h"
#include "__warplint_host_functions.h"

#endif
