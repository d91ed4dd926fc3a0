// warplint prelude stand-in for <cuda_fp16.h>: __half and __half2 as the
// toolkit declares them (structs of the raw bits: Thrust declares `struct
// __half;`), their operators, conversions and intrinsics, computed with
// Clang's _Float16 (__warplint_half_*.h, shared with cuda_bf16.h).
#ifndef __WARPLINT_CUDA_FP16_H
#define __WARPLINT_CUDA_FP16_H
#include "__warplint_half_common.h"

#define __WL_T __half
#define __WL_T2 __half2
#define __WL_RAW __half_raw
#define __WL_RAW2 __half2_raw
#define __WL_NAT _Float16
#define __WL_P half
#define __WL_P2 half2
#define __WL_PTX2 "f16x2" // PTX's name of the pair type
#ifdef __CUDA_NO_HALF_CONVERSIONS__
#define __WL_CONV 0
#else
#define __WL_CONV 1
#endif
#ifdef __CUDA_NO_HALF_OPERATORS__
#define __WL_OPS 0
#else
#define __WL_OPS 1
#endif
#ifdef __CUDA_NO_HALF2_OPERATORS__
#define __WL_OPS2 0
#else
#define __WL_OPS2 1
#endif
#include "__warplint_half_types.h"
#include "__warplint_half_convert.h"
#include "__warplint_half_arith.h"
#include "__warplint_half_undef.h"

typedef __half half;
typedef __half2 half2;
typedef __half_raw half_raw;
typedef __half2_raw half2_raw;
__WL_CH_BITWISE(__half, "b16", unsigned short, "h")
__WL_CH_BITWISE(__half2, "b32", unsigned int, "r")

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)
#endif
