// warplint prelude stand-in for <cuda_bf16.h>: __nv_bfloat16 as Clang's __bf16
// (libraries such as CUB name the type in their traits even when no kernel
// uses it).
#ifndef __WARPLINT_CUDA_BF16_H
#define __WARPLINT_CUDA_BF16_H
#include "__warplint_prelude.h"
typedef __bf16 __nv_bfloat16;
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
__WL_CH_BITWISE(__nv_bfloat16, "b16", unsigned short, "h")
__WL_CH_BITWISE(__nv_bfloat162, "b32", unsigned int, "r")
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16(float f) {
  return (__nv_bfloat16)f; }
static __host__ __device__ __forceinline__ float __bfloat162float(__nv_bfloat16 h) {
  return (float)h; }
#endif
