// warplint prelude: the conversions of __WL_T and __WL_T2 that the toolkit's
// cuda_fp16.h / cuda_bf16.h declare: from and to float (in each rounding
// mode), double and the integer types, the pairs' packing and unpacking, and
// reinterpretation as short. Round to nearest even is Clang's conversion
// (fptrunc, sitofp, ...; from float a NaN is 0x7fff, __wl_narrow; to float
// __wl_widen); _rz, _rd, _ru round to nearest and step one unit back where
// that went the other way (__wl_directed16). Included once by
// cuda_fp16.h and once by cuda_bf16.h; no include guard.

/// D rounded to __WL_T in Mode (the first argument picks the type).
__WL_HD __WL_T __wl_round16(const __WL_T *, double d, int Mode) {
  __WL_NAT r = (__WL_NAT)d;
  return __builtin_bit_cast(
      __WL_T, __wl_directed16(__builtin_bit_cast(unsigned short, r), (double)r, d, Mode));
}

// ---- float and double --------------------------------------------------------
__WL_HD __WL_T __WL_CAT3(__float2, __WL_P, _rn)(float f) { return __wl_wrap(__wl_narrow<__WL_NAT>(f)); }
__WL_HD __WL_T __WL_CAT2(__float2, __WL_P)(float f) { return __wl_wrap(__wl_narrow<__WL_NAT>(f)); }
__WL_HD __WL_T __WL_CAT3(__float2, __WL_P, _rz)(float f) {
  return f != f ? __wl_wrap(__wl_narrow<__WL_NAT>(f)) : __wl_round16((const __WL_T *)0, f, __WL_RZ); }
__WL_HD __WL_T __WL_CAT3(__float2, __WL_P, _rd)(float f) {
  return f != f ? __wl_wrap(__wl_narrow<__WL_NAT>(f)) : __wl_round16((const __WL_T *)0, f, __WL_RD); }
__WL_HD __WL_T __WL_CAT3(__float2, __WL_P, _ru)(float f) {
  return f != f ? __wl_wrap(__wl_narrow<__WL_NAT>(f)) : __wl_round16((const __WL_T *)0, f, __WL_RU); }
__WL_HD __WL_T __WL_CAT2(__double2, __WL_P)(double d) { return __wl_wrap((__WL_NAT)d); }
__WL_HD float __WL_CAT3(__, __WL_P, 2float)(__WL_T h) { return __wl_widen(__wl_nat(h)); }

// ---- pairs -------------------------------------------------------------------
__WL_HD __WL_T2 __WL_CAT2(make_, __WL_P2)(__WL_T a, __WL_T b) { return __WL_T2(a, b); }
__WL_HD __WL_T2 __WL_CAT2(__halves2, __WL_P2)(__WL_T a, __WL_T b) { return __WL_T2(a, b); }
__WL_HD __WL_T2 __WL_CAT3(__floats2, __WL_P2, _rn)(float a, float b) {
  return __WL_T2(__wl_wrap(__wl_narrow<__WL_NAT>(a)), __wl_wrap(__wl_narrow<__WL_NAT>(b))); }
__WL_HD __WL_T2 __WL_CAT3(__float2, __WL_P2, _rn)(float a) {
  return __WL_T2(__wl_wrap(__wl_narrow<__WL_NAT>(a)), __wl_wrap(__wl_narrow<__WL_NAT>(a))); }
__WL_HD __WL_T2 __WL_CAT3(__float22, __WL_P2, _rn)(float2 f) {
  return __WL_T2(__wl_wrap(__wl_narrow<__WL_NAT>(f.x)), __wl_wrap(__wl_narrow<__WL_NAT>(f.y))); }
__WL_HD float2 __WL_CAT3(__, __WL_P2, 2float2)(__WL_T2 h) {
  float2 r;
  r.x = __wl_widen(__wl_nat(h.x));
  r.y = __wl_widen(__wl_nat(h.y));
  return r;
}
__WL_HD float __low2float(__WL_T2 h) { return __wl_widen(__wl_nat(h.x)); }
__WL_HD float __high2float(__WL_T2 h) { return __wl_widen(__wl_nat(h.y)); }
__WL_HD __WL_T __WL_CAT2(__low2, __WL_P)(__WL_T2 h) { return h.x; }
__WL_HD __WL_T __WL_CAT2(__high2, __WL_P)(__WL_T2 h) { return h.y; }
__WL_HD __WL_T2 __WL_CAT3(__, __WL_P, __WL_CAT2(2, __WL_P2))(__WL_T h) { return __WL_T2(h, h); }
__WL_HD __WL_T2 __WL_CAT2(__low2, __WL_P2)(__WL_T2 h) { return __WL_T2(h.x, h.x); }
__WL_HD __WL_T2 __WL_CAT2(__high2, __WL_P2)(__WL_T2 h) { return __WL_T2(h.y, h.y); }
__WL_HD __WL_T2 __WL_CAT2(__lows2, __WL_P2)(__WL_T2 a, __WL_T2 b) { return __WL_T2(a.x, b.x); }
__WL_HD __WL_T2 __WL_CAT2(__highs2, __WL_P2)(__WL_T2 a, __WL_T2 b) { return __WL_T2(a.y, b.y); }
__WL_HD __WL_T2 __lowhigh2highlow(__WL_T2 h) { return __WL_T2(h.y, h.x); }

// ---- reinterpretation ----------------------------------------------------------
__WL_HD short __WL_CAT3(__, __WL_P, _as_short)(__WL_T h) { return (short)__wl_bits(h); }
__WL_HD unsigned short __WL_CAT3(__, __WL_P, _as_ushort)(__WL_T h) { return __wl_bits(h); }
__WL_HD __WL_T __WL_CAT2(__short_as_, __WL_P)(short s) {
  return __builtin_bit_cast(__WL_T, (unsigned short)s); }
__WL_HD __WL_T __WL_CAT2(__ushort_as_, __WL_P)(unsigned short s) {
  return __builtin_bit_cast(__WL_T, s); }

// ---- from the integer types ------------------------------------------------------
// Round to nearest is the conversion itself; the directed modes go through
// double, exactly for 32 bits and in the same mode for 64 (rounding twice
// toward the same side is rounding once).
#define __WL_FROM_INT(Name, I, Wide)                                           \
  __WL_HD __WL_T __WL_CAT3(__##Name##2, __WL_P, _rn)(I v) { return __wl_wrap((__WL_NAT)v); } \
  __WL_HDEV __WL_T __WL_CAT3(__##Name##2, __WL_P, _rz)(I v) {                  \
    return __wl_round16((const __WL_T *)0, Wide(v, rz), __WL_RZ); }            \
  __WL_HDEV __WL_T __WL_CAT3(__##Name##2, __WL_P, _rd)(I v) {                  \
    return __wl_round16((const __WL_T *)0, Wide(v, rd), __WL_RD); }            \
  __WL_HDEV __WL_T __WL_CAT3(__##Name##2, __WL_P, _ru)(I v) {                  \
    return __wl_round16((const __WL_T *)0, Wide(v, ru), __WL_RU); }
#define __WL_EXACT(v, Mode) ((double)(v))
#define __WL_LL(v, Mode) __ll2double_##Mode(v)
#define __WL_ULL(v, Mode) __ull2double_##Mode(v)
__WL_FROM_INT(short, short, __WL_EXACT)
__WL_FROM_INT(ushort, unsigned short, __WL_EXACT)
__WL_FROM_INT(int, int, __WL_EXACT)
__WL_FROM_INT(uint, unsigned int, __WL_EXACT)
__WL_FROM_INT(ll, long long, __WL_LL)
__WL_FROM_INT(ull, unsigned long long, __WL_ULL)
#undef __WL_FROM_INT
#undef __WL_EXACT
#undef __WL_LL
#undef __WL_ULL

// ---- to the integer types ------------------------------------------------------
// The value as a float (exact), converted as cvt.rXi does: NaN 0 (64-bit:
// 0x8000000000000000, as __float2ll_rn), saturating; the short and char
// forms clamp the int conversion to their range.
#define __WL_TO_INT(Name, I, Via, Lo, Hi)                                      \
  __WL_HDEV I __WL_CAT3(__, __WL_P, 2##Name##_rn)(__WL_T h) {                 \
    return (I)__wl_clamp(__float2##Via##_rn((float)__wl_nat(h)), Lo, Hi); }    \
  __WL_HDEV I __WL_CAT3(__, __WL_P, 2##Name##_rz)(__WL_T h) {                 \
    return (I)__wl_clamp(__float2##Via##_rz((float)__wl_nat(h)), Lo, Hi); }    \
  __WL_HDEV I __WL_CAT3(__, __WL_P, 2##Name##_rd)(__WL_T h) {                 \
    return (I)__wl_clamp(__float2##Via##_rd((float)__wl_nat(h)), Lo, Hi); }    \
  __WL_HDEV I __WL_CAT3(__, __WL_P, 2##Name##_ru)(__WL_T h) {                 \
    return (I)__wl_clamp(__float2##Via##_ru((float)__wl_nat(h)), Lo, Hi); }
#ifndef __WL_HALF_CLAMP
#define __WL_HALF_CLAMP
template <class __I> __WL_HDEV __I __wl_clamp(__I v, __I lo, __I hi) {
  return v < lo ? lo : v > hi ? hi : v; }
#endif
__WL_TO_INT(short, short, int, -32768, 32767)
__WL_TO_INT(ushort, unsigned short, uint, 0u, 65535u)
__WL_TO_INT(int, int, int, (-2147483647 - 1), 2147483647)
__WL_TO_INT(uint, unsigned int, uint, 0u, 4294967295u)
__WL_TO_INT(ll, long long, ll, (-9223372036854775807ll - 1), 9223372036854775807ll)
__WL_TO_INT(ull, unsigned long long, ull, 0ull, 18446744073709551615ull)
#undef __WL_TO_INT
__WL_HDEV signed char __WL_CAT3(__, __WL_P, 2char_rz)(__WL_T h) {
  return (signed char)__wl_clamp(__float2int_rz((float)__wl_nat(h)), -128, 127); }
__WL_HDEV unsigned char __WL_CAT3(__, __WL_P, 2uchar_rz)(__WL_T h) {
  return (unsigned char)__wl_clamp(__float2uint_rz((float)__wl_nat(h)), 0u, 255u); }
