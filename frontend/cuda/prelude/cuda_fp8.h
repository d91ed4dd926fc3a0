// warplint prelude stand-in for <cuda_fp8.h>: the 8-bit float formats e4m3
// (1 sign, 4 exponent bits of bias 7, 3 mantissa bits; no infinity, NaN
// S.1111.111), e5m2 (bias 15, 2 mantissa bits, IEEE-like infinities and
// NaNs) and the e8m0 scale (2^(code - 127), 0xff NaN), as the CUDA Math API
// documents them: the storage types and enums, the __nv_cvt_* conversions
// and the classes (__warplint_fp8_classes.h). Written in integer and float
// arithmetic that warplint's device model runs; the results are those of an
// H100 running the toolkit's header (tests/lit/run/fp8-convert.cu):
//  * to e4m3/e5m2: round to nearest even; past the largest finite value
//    (448, 57344) __NV_SATFINITE gives it with the input's sign, __NV_NOSAT
//    NaN (e4m3, sign kept) or infinity (e5m2); infinities overflow so.
//    A NaN float, half or bfloat16 gives 0x7f; a NaN double keeps its sign
//    (e4m3 0x7f, e5m2 0x7e | the top two bits of its mantissa).
//  * from e4m3/e5m2: exact; a NaN gives the canonical half NaN 0x7fff.
//  * to e8m0 (cudaRoundZero or cudaRoundPosInf, the two the toolkit takes):
//    |x| to a power of two through bfloat16; below 2^-127 it is 2^-127,
//    above 2^127 __NV_SATFINITE gives 2^127 and __NV_NOSAT NaN. A double is
//    first narrowed to float toward zero with a sticky last bit.
#ifndef __WARPLINT_CUDA_FP8_H
#define __WARPLINT_CUDA_FP8_H
#include "cuda_bf16.h"

#define __CUDA_FP8_TYPES_EXIST__
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
#ifndef __WL_CUDA_ROUND_MODE
#define __WL_CUDA_ROUND_MODE
enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
#endif

#define __WL_F8 static __host__ __device__ __forceinline__

// ---- the formats -------------------------------------------------------------------
/// D rounded to nearest even into e4m3 or e5m2, saturating or not. Every
/// narrower input is exact as a double, so this is the one rounding.
__WL_F8 __nv_fp8_storage_t __wl_fp8_round(double d, __nv_saturation_t Sat,
                                          __nv_fp8_interpretation_t Kind) {
  unsigned long long B = __builtin_bit_cast(unsigned long long, d);
  unsigned long long A = B & 0x7fffffffffffffffull;
  unsigned Sign = (unsigned)(B >> 56) & 0x80u;
  bool E4 = Kind == __NV_E4M3;
  int M = E4 ? 3 : 2, Bias = E4 ? 7 : 15, EMin = 1 - Bias;
  unsigned Max = E4 ? 0x7eu : 0x7bu;
  if (A > 0x7ff0000000000000ull) // NaN
    return (__nv_fp8_storage_t)(Sign | (E4 ? 0x7fu : 0x7eu | ((unsigned)(A >> 50) & 3u)));
  int E = (int)(A >> 52) - 1023;
  unsigned Code = Max + 1; // Past the largest (infinity included).
  if (E < EMin - M - 1) {
    Code = 0; // Below half the smallest subnormal.
  } else if (E <= 16) {
    unsigned long long Mant = (A & 0xfffffffffffffull) | (1ull << 52);
    int Shift = 52 - M + (E < EMin ? EMin - E : 0); // At most 53.
    unsigned long long Q = Mant >> Shift, Rem = Mant & ((1ull << Shift) - 1),
                       Half = 1ull << (Shift - 1);
    Q += (Rem > Half || (Rem == Half && (Q & 1))) ? 1 : 0;
    // A normal value's Q holds the implicit bit: it carries into the exponent.
    Code = E < EMin ? (unsigned)Q : (unsigned)(((unsigned long long)(E + Bias - 1) << M) + Q);
  }
  if (Code > Max)
    Code = Sat == __NV_SATFINITE ? Max : (E4 ? 0x7fu : 0x7cu);
  return (__nv_fp8_storage_t)(Sign | Code);
}
/// A float, half or bfloat16 value (as a float) to fp8: NaN is 0x7f.
__WL_F8 __nv_fp8_storage_t __wl_fp8_from_float(float f, __nv_saturation_t Sat,
                                               __nv_fp8_interpretation_t Kind) {
  return f != f ? (__nv_fp8_storage_t)0x7fu : __wl_fp8_round((double)f, Sat, Kind);
}
/// The half bits of an e4m3 or e5m2 code (exact; NaN 0x7fff).
__WL_F8 unsigned short __wl_fp8_to_half(unsigned Code, __nv_fp8_interpretation_t Kind) {
  unsigned Sign = (Code & 0x80u) << 8, A = Code & 0x7fu;
  if (Kind == __NV_E5M2)
    return (unsigned short)(A > 0x7cu ? 0x7fffu : (Code & 0xffu) << 8);
  if (A == 0x7fu)
    return 0x7fffu;
  if (A >= 8u) // Normal: half's exponent is e4m3's + 8.
    return (unsigned short)(Sign | ((A >> 3) + 8u) << 10 | (A & 7u) << 7);
  return (unsigned short)(Sign | __builtin_bit_cast(unsigned short, (_Float16)((float)A * 0x1p-9f)));
}
/// The float of an e4m3 or e5m2 code: NaN is 0x7fffffff (cvt.f32.f16's).
__WL_F8 float __wl_fp8_to_float(unsigned Code, __nv_fp8_interpretation_t Kind) {
  unsigned short H = __wl_fp8_to_half(Code, Kind);
  return H == 0x7fffu ? __builtin_bit_cast(float, 0x7fffffffu)
                      : (float)__builtin_bit_cast(_Float16, H);
}
/// The bfloat16 bits of an e4m3 or e5m2 code (exact; NaN 0x7fff).
__WL_F8 unsigned short __wl_fp8_to_bf16(unsigned Code, __nv_fp8_interpretation_t Kind) {
  return (unsigned short)(__builtin_bit_cast(unsigned, __wl_fp8_to_float(Code, Kind)) >> 16);
}

/// The e8m0 scale of bfloat16 bits B: its exponent, one up for cudaRoundPosInf
/// when the mantissa is not 0 (above 2^-127, finite), 0xfe for an overflow
/// under __NV_SATFINITE.
__WL_F8 __nv_fp8_storage_t __wl_e8m0_of_bf16(unsigned short B, __nv_saturation_t Sat, bool Up) {
  unsigned A = B & 0x7fffu, R = (B >> 7) & 0xffu;
  if (Up && (B & 0x7fu) && A > 0x40u && A < 0x7f80u)
    ++R;
  if (Sat == __NV_SATFINITE && A <= 0x7f80u && R == 0xffu)
    R = 0xfeu;
  return (__nv_fp8_storage_t)R;
}
/// Float F to e8m0: toward zero through bfloat16 (truncated), or up (|F|
/// rounded up to bfloat16, then to a power of two). NaN is 0xff.
__WL_F8 __nv_fp8_storage_t __wl_e8m0_of_float(float F, __nv_saturation_t Sat, enum cudaRoundMode R) {
  unsigned U = __builtin_bit_cast(unsigned, F);
  bool Up = R == cudaRoundPosInf;
  if (Up)
    U &= 0x7fffffffu;
  unsigned short B = (unsigned short)(U >> 16);
  if ((U & 0x7fffffffu) > 0x7f800000u)
    B = 0x7fffu;
  else if (Up && (U & 0xffffu) && U < 0x7f800000u)
    ++B;
  return __wl_e8m0_of_bf16(B, Sat, Up);
}
/// Double D narrowed to float toward zero, the last bit set when inexact.
__WL_F8 float __wl_e8m0_narrow(double D) {
  float F = (float)D;
  double Back = (double)F;
  unsigned U = __builtin_bit_cast(unsigned, F);
  if ((D > 0.0 && Back > D) || (D < 0.0 && Back < D))
    --U;
  if (Back != D && D == D)
    U |= 1u;
  return __builtin_bit_cast(float, U);
}
/// The bfloat16 bits of an e8m0 code: 2^(code - 127); 0 is 2^-127 (a
/// subnormal), 0xff NaN.
__WL_F8 unsigned short __wl_e8m0_to_bf16(unsigned Code) {
  Code &= 0xffu;
  return (unsigned short)(Code == 0xffu ? 0x7fffu : Code == 0u ? 0x40u : Code << 7);
}
/// The e8m0 scale of an integer's magnitude A, rounded up (0: 2^-127).
__WL_F8 __nv_fp8_storage_t __wl_e8m0_of_magnitude(unsigned long long A) {
  if (A == 0ull)
    return 0;
  unsigned Log = A == 1ull ? 0u : 64u - (unsigned)__builtin_clzll(A - 1ull);
  return (__nv_fp8_storage_t)(127u + Log);
}

// ---- the documented conversions -----------------------------------------------------
#define __WL_PACK2(Lo, Hi) (__nv_fp8x2_storage_t)((unsigned)(Lo) | (unsigned)(Hi) << 8)
__WL_F8 __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                                                  const __nv_fp8_interpretation_t fp8_interpretation) {
  return __wl_fp8_round(x, saturate, fp8_interpretation); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(
    const double2 x, const __nv_saturation_t saturate, const __nv_fp8_interpretation_t fp8_interpretation) {
  return __WL_PACK2(__wl_fp8_round(x.x, saturate, fp8_interpretation),
                    __wl_fp8_round(x.y, saturate, fp8_interpretation)); }
__WL_F8 __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                                                 const __nv_fp8_interpretation_t fp8_interpretation) {
  return __wl_fp8_from_float(x, saturate, fp8_interpretation); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(
    const float2 x, const __nv_saturation_t saturate, const __nv_fp8_interpretation_t fp8_interpretation) {
  return __WL_PACK2(__wl_fp8_from_float(x.x, saturate, fp8_interpretation),
                    __wl_fp8_from_float(x.y, saturate, fp8_interpretation)); }
__WL_F8 __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                                                   const __nv_fp8_interpretation_t fp8_interpretation) {
  return __wl_fp8_from_float((float)__builtin_bit_cast(_Float16, x.x), saturate, fp8_interpretation); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(
    const __half2_raw x, const __nv_saturation_t saturate, const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw Lo, Hi;
  Lo.x = x.x;
  Hi.x = x.y;
  return __WL_PACK2(__nv_cvt_halfraw_to_fp8(Lo, saturate, fp8_interpretation),
                    __nv_cvt_halfraw_to_fp8(Hi, saturate, fp8_interpretation)); }
__WL_F8 __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate, const __nv_fp8_interpretation_t fp8_interpretation) {
  return __wl_fp8_from_float(__builtin_bit_cast(float, (unsigned)x.x << 16), saturate,
                             fp8_interpretation); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(
    const __nv_bfloat162_raw x, const __nv_saturation_t saturate, const __nv_fp8_interpretation_t fp8_interpretation) {
  __nv_bfloat16_raw Lo, Hi;
  Lo.x = x.x;
  Hi.x = x.y;
  return __WL_PACK2(__nv_cvt_bfloat16raw_to_fp8(Lo, saturate, fp8_interpretation),
                    __nv_cvt_bfloat16raw_to_fp8(Hi, saturate, fp8_interpretation)); }
__WL_F8 __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                                           const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw R;
  R.x = __wl_fp8_to_half(x, fp8_interpretation);
  return R; }
__WL_F8 __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                                               const __nv_fp8_interpretation_t fp8_interpretation) {
  __half2_raw R;
  R.x = __wl_fp8_to_half(x & 0xffu, fp8_interpretation);
  R.y = __wl_fp8_to_half((unsigned)x >> 8, fp8_interpretation);
  return R; }

__WL_F8 __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding) {
  return __wl_e8m0_of_bf16(x.x, saturate, rounding == cudaRoundPosInf); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(
    const __nv_bfloat162_raw x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding) {
  return __WL_PACK2(__wl_e8m0_of_bf16(x.x, saturate, rounding == cudaRoundPosInf),
                    __wl_e8m0_of_bf16(x.y, saturate, rounding == cudaRoundPosInf)); }
__WL_F8 __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float x, const __nv_saturation_t saturate,
                                                  const enum cudaRoundMode rounding) {
  return __wl_e8m0_of_float(x, saturate, rounding); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(const float2 x, const __nv_saturation_t saturate,
                                                       const enum cudaRoundMode rounding) {
  return __WL_PACK2(__wl_e8m0_of_float(x.x, saturate, rounding),
                    __wl_e8m0_of_float(x.y, saturate, rounding)); }
__WL_F8 __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double x, const __nv_saturation_t saturate,
                                                   const enum cudaRoundMode rounding) {
  return __wl_e8m0_of_float(__wl_e8m0_narrow(x), saturate, rounding); }
__WL_F8 __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(const double2 x, const __nv_saturation_t saturate,
                                                        const enum cudaRoundMode rounding) {
  return __WL_PACK2(__wl_e8m0_of_float(__wl_e8m0_narrow(x.x), saturate, rounding),
                    __wl_e8m0_of_float(__wl_e8m0_narrow(x.y), saturate, rounding)); }
__WL_F8 __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
  __nv_bfloat16_raw R;
  R.x = __wl_e8m0_to_bf16(x);
  return R; }
__WL_F8 __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
  __nv_bfloat162_raw R;
  R.x = __wl_e8m0_to_bf16(x & 0xffu);
  R.y = __wl_e8m0_to_bf16((unsigned)x >> 8);
  return R; }
#undef __WL_PACK2

#include "__warplint_fp8_classes.h"
#undef __WL_F8
#endif
