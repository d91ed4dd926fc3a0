// warplint prelude: what cuda_fp16.h and cuda_bf16.h share. Both headers
// include __warplint_half_types.h, __warplint_half_convert.h and
// __warplint_half_arith.h once each, with these names defined for their type:
//   __WL_T, __WL_T2      __half, __half2 / __nv_bfloat16, __nv_bfloat162
//   __WL_RAW, __WL_RAW2  __half_raw, __half2_raw / ..._raw
//   __WL_NAT             the Clang type that computes: _Float16 / __bf16
//   __WL_P, __WL_P2      the names' part: half, half2 / bfloat16, bfloat162
//   __WL_CONV, __WL_OPS, __WL_OPS2  1 unless the user's __CUDA_NO_*__ macros
//                        remove the conversions, the operators of __WL_T or
//                        those of __WL_T2, as the toolkit's headers do.
// Arithmetic is Clang's on _Float16 and __bf16 (fadd half, fptrunc float to
// bfloat, llvm.fma.f16, ...), which warplint's device model runs, each
// operation rounded once as PTX's f16 and bf16 instructions are.
#ifndef __WARPLINT_HALF_COMMON_H
#define __WARPLINT_HALF_COMMON_H
#include "__warplint_prelude.h"

#define __WL_HD static __host__ __device__ __forceinline__
#define __WL_HDEV static __device__ __forceinline__
#define __WL_CAT2_(a, b) a##b
#define __WL_CAT2(a, b) __WL_CAT2_(a, b)
#define __WL_CAT3_(a, b, c) a##b##c
#define __WL_CAT3(a, b, c) __WL_CAT3_(a, b, c)
/// The intrinsics are single instructions in the toolkit (add.f16, ...):
/// Clang must not fuse a multiply and an add of two of them into an fma.
#define __WL_NOFUSE _Pragma("clang fp contract(off)")

/// The next 16-bit float toward +infinity / -infinity, by its bits (the sign
/// bit 15, the magnitude's order the bits' order: half and bfloat16 alike).
__WL_HD unsigned short __wl_next_up16(unsigned short b) {
  return (b & 0x8000u) ? (b == 0x8000u ? 1u : b - 1u) : b + 1u; }
__WL_HD unsigned short __wl_next_down16(unsigned short b) {
  return (b & 0x8000u) ? b + 1u : (b == 0u ? 0x8001u : b - 1u); }
/// A 16-bit float widened to float as cvt.f32.f16 / cvt.f32.bf16 do on an
/// H100 (tests/hardware/h100/half-ops.txt): a half NaN is the canonical
/// 0x7fffffff, a bfloat16 NaN keeps its bits (0x7fc0 is 0x7fc00000).
__WL_HD float __wl_widen(_Float16 h) {
  return h != h ? __builtin_bit_cast(float, 0x7fffffffu) : (float)h; }
__WL_HD float __wl_widen(__bf16 h) { return (float)h; }
/// A float narrowed to _Float16 or __bf16 (round to nearest even) as
/// cvt.rn.f16.f32 / cvt.rn.bf16.f32 do: a NaN is 0x7fff whatever its payload,
/// explicitly, since LLVM folds fptrunc(fpext x) back to x, payload and all.
template <class __N> __WL_HD __N __wl_narrow(float f) {
  return f != f ? __builtin_bit_cast(__N, (unsigned short)0x7fffu) : (__N)f; }
/// Rounding modes of the _rz, _rd, _ru conversions.
enum { __WL_RZ, __WL_RD, __WL_RU };
/// The bits R (D rounded to nearest even) moved one step where the mode
/// rounds the other way: R's value Back compared with the exact D. Without
/// branches (the toolkit's conversion is one cvt: no divergence to report).
__WL_HD unsigned short __wl_directed16(unsigned short R, double Back, double D, int Mode) {
  bool Above = Back > D, Below = Back < D; // Both false for NaN.
  if (Mode == __WL_RZ) // Toward zero: one unit less magnitude, R - 1 either sign.
    return (unsigned short)(R - (unsigned)((Above & (D > 0)) | (Below & (D < 0))));
  if (Mode == __WL_RD)
    return Above ? __wl_next_down16(R) : R;
  return Below ? __wl_next_up16(R) : R;
}
#endif
