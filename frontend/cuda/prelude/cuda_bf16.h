// warplint prelude stand-in for <cuda_bf16.h>: __nv_bfloat16 and
// __nv_bfloat162 as the toolkit declares them (structs of the raw bits),
// their operators, conversions and intrinsics, computed with Clang's __bf16
// (__warplint_half_*.h, shared with cuda_fp16.h, which the toolkit's
// cuda_bf16.h includes too).
#ifndef __WARPLINT_CUDA_BF16_H
#define __WARPLINT_CUDA_BF16_H
#include "cuda_fp16.h"

#define __WL_T __nv_bfloat16
#define __WL_T2 __nv_bfloat162
#define __WL_RAW __nv_bfloat16_raw
#define __WL_RAW2 __nv_bfloat162_raw
#define __WL_NAT __bf16
#define __WL_P bfloat16
#define __WL_P2 bfloat162
#define __WL_PTX2 "bf16x2" // PTX's name of the pair type
#ifdef __CUDA_NO_BFLOAT16_CONVERSIONS__
#define __WL_CONV 0
#else
#define __WL_CONV 1
#endif
#ifdef __CUDA_NO_BFLOAT16_OPERATORS__
#define __WL_OPS 0
#else
#define __WL_OPS 1
#endif
#ifdef __CUDA_NO_BFLOAT162_OPERATORS__
#define __WL_OPS2 0
#else
#define __WL_OPS2 1
#endif
#include "__warplint_half_types.h"
#include "__warplint_half_convert.h"
#include "__warplint_half_arith.h"
#include "__warplint_half_undef.h"

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef __nv_bfloat16_raw nv_bfloat16_raw;
typedef __nv_bfloat162_raw nv_bfloat162_raw;
__WL_CH_BITWISE(__nv_bfloat16, "b16", unsigned short, "h")
__WL_CH_BITWISE(__nv_bfloat162, "b32", unsigned int, "r")

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)
#endif
