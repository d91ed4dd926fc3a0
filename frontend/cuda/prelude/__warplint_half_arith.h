// warplint prelude: the arithmetic of __WL_T and __WL_T2 that the toolkit's
// cuda_fp16.h / cuda_bf16.h declare for device code: __hadd ... __hfma
// (_rn, _sat, _relu), __hmin/__hmax (_nan), the comparisons (ordered and
// unordered, per half, as masks, as one bool), NaN and infinity tests, the
// h* math functions, warp shuffles and atomicAdd. Each is Clang's operation
// on _Float16 or __bf16, rounded once, as PTX's f16 and bf16 instructions
// are; the math functions go through float, as the toolkit's do. Included
// once by cuda_fp16.h and once by cuda_bf16.h; no include guard.

// ---- one value -------------------------------------------------------------------
__WL_HD __WL_NAT __wl_sat(__WL_NAT r) { // [0, 1]; NaN and -0 are +0 (an H100's .sat).
  return r > (__WL_NAT)1.0f ? (__WL_NAT)1.0f : (r > (__WL_NAT)0.0f ? r : (__WL_NAT)0.0f); }
__WL_HD __WL_NAT __wl_relu(__WL_NAT r) { return r < (__WL_NAT)0.0f ? (__WL_NAT)0.0f : r; }
#define __WL_BIN(Name, Expr)                                                   \
  __WL_HD __WL_T Name(__WL_T a, __WL_T b) {                                    \
    __WL_NOFUSE __WL_NAT x = __wl_nat(a), y = __wl_nat(b);                     \
    return __wl_wrap(Expr); }
__WL_BIN(__hadd, x + y)
__WL_BIN(__hsub, x - y)
__WL_BIN(__hmul, x * y)
__WL_BIN(__hadd_rn, x + y)
__WL_BIN(__hsub_rn, x - y)
__WL_BIN(__hmul_rn, x * y)
__WL_BIN(__hadd_sat, __wl_sat(x + y))
__WL_BIN(__hsub_sat, __wl_sat(x - y))
__WL_BIN(__hmul_sat, __wl_sat(x * y))
__WL_BIN(__hmin, __builtin_elementwise_min(x, y))
__WL_BIN(__hmax, __builtin_elementwise_max(x, y))
__WL_BIN(__hmin_nan, __builtin_elementwise_minimum(x, y))
__WL_BIN(__hmax_nan, __builtin_elementwise_maximum(x, y))
#undef __WL_BIN
__WL_HD __WL_T __hdiv(__WL_T a, __WL_T b) { return __wl_wrap(__wl_nat(a) / __wl_nat(b)); }
__WL_HD __WL_T2 __h2div(__WL_T2 a, __WL_T2 b) {
  return __WL_T2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
#define __WL_PAIR(Name, One)                                                   \
  __WL_HD __WL_T2 Name(__WL_T2 a, __WL_T2 b) { return __WL_T2(One(a.x, b.x), One(a.y, b.y)); }
__WL_PAIR(__hadd2, __hadd)
__WL_PAIR(__hsub2, __hsub)
__WL_PAIR(__hmul2, __hmul)
__WL_PAIR(__hmin2, __hmin)
__WL_PAIR(__hmax2, __hmax)
__WL_PAIR(__hadd2_rn, __hadd_rn)
__WL_PAIR(__hsub2_rn, __hsub_rn)
__WL_PAIR(__hmul2_rn, __hmul_rn)
__WL_PAIR(__hadd2_sat, __hadd_sat)
__WL_PAIR(__hsub2_sat, __hsub_sat)
__WL_PAIR(__hmul2_sat, __hmul_sat)
__WL_PAIR(__hmin2_nan, __hmin_nan)
__WL_PAIR(__hmax2_nan, __hmax_nan)
#undef __WL_PAIR
#define __WL_FMA(Name, Name2, Expr)                                            \
  __WL_HD __WL_T Name(__WL_T a, __WL_T b, __WL_T c) {                          \
    __WL_NAT r = __builtin_elementwise_fma(__wl_nat(a), __wl_nat(b), __wl_nat(c)); \
    return __wl_wrap(Expr); }                                                  \
  __WL_HD __WL_T2 Name2(__WL_T2 a, __WL_T2 b, __WL_T2 c) {                     \
    return __WL_T2(Name(a.x, b.x, c.x), Name(a.y, b.y, c.y)); }
__WL_FMA(__hfma, __hfma2, r)
__WL_FMA(__hfma_sat, __hfma2_sat, __wl_sat(r))
__WL_FMA(__hfma_relu, __hfma2_relu, __wl_relu(r))
#undef __WL_FMA
__WL_HD __WL_T __hneg(__WL_T a) { return __wl_wrap(-__wl_nat(a)); }
__WL_HD __WL_T2 __hneg2(__WL_T2 a) { return __WL_T2(__hneg(a.x), __hneg(a.y)); }
__WL_HD __WL_T __habs(__WL_T a) { return __wl_wrap(__builtin_elementwise_abs(__wl_nat(a))); }
__WL_HD __WL_T2 __habs2(__WL_T2 a) { return __WL_T2(__habs(a.x), __habs(a.y)); }
/// Complex a * b + c, the real part (c + a.x b.x) - a.y b.y, the imaginary
/// (c + a.x b.y) + a.y b.x, each step one fma.
__WL_HD __WL_T2 __hcmadd(__WL_T2 a, __WL_T2 b, __WL_T2 c) {
  __WL_T re = __hfma(a.x, b.x, c.x), im = __hfma(a.x, b.y, c.y);
  return __WL_T2(__hfma(__hneg(a.y), b.y, re), __hfma(a.y, b.x, im));
}

// ---- comparisons ---------------------------------------------------------------------
// Ordered (false with a NaN) and unordered (u: true with a NaN), as setp.
#define __WL_CMP(Name, Expr)                                                   \
  __WL_HD bool Name(__WL_T a, __WL_T b) {                                      \
    __WL_NAT x = __wl_nat(a), y = __wl_nat(b);                                 \
    return Expr; }                                                             \
  __WL_HD __WL_T2 Name##2(__WL_T2 a, __WL_T2 b) {                              \
    return __WL_T2(__wl_wrap((__WL_NAT)(Name(a.x, b.x) ? 1.0f : 0.0f)),        \
                   __wl_wrap((__WL_NAT)(Name(a.y, b.y) ? 1.0f : 0.0f))); }     \
  __WL_HD unsigned Name##2_mask(__WL_T2 a, __WL_T2 b) {                        \
    return (Name(a.x, b.x) ? 0xffffu : 0u) | (Name(a.y, b.y) ? 0xffff0000u : 0u); }
__WL_CMP(__heq, x == y)
__WL_CMP(__hne, x < y || x > y)
__WL_CMP(__hlt, x < y)
__WL_CMP(__hle, x <= y)
__WL_CMP(__hgt, x > y)
__WL_CMP(__hge, x >= y)
__WL_CMP(__hequ, !(x < y || x > y))
__WL_CMP(__hneu, x != y)
__WL_CMP(__hltu, !(x >= y))
__WL_CMP(__hleu, !(x > y))
__WL_CMP(__hgtu, !(x <= y))
__WL_CMP(__hgeu, !(x < y))
#undef __WL_CMP
// Both halves (__hbeq2 is __heq of each, and'ed).
#define __WL_BCMP(Name, One)                                                   \
  __WL_HD bool Name(__WL_T2 a, __WL_T2 b) { return One(a.x, b.x) && One(a.y, b.y); }
__WL_BCMP(__hbeq2, __heq)
__WL_BCMP(__hbne2, __hne)
__WL_BCMP(__hblt2, __hlt)
__WL_BCMP(__hble2, __hle)
__WL_BCMP(__hbgt2, __hgt)
__WL_BCMP(__hbge2, __hge)
__WL_BCMP(__hbequ2, __hequ)
__WL_BCMP(__hbneu2, __hneu)
__WL_BCMP(__hbltu2, __hltu)
__WL_BCMP(__hbleu2, __hleu)
__WL_BCMP(__hbgtu2, __hgtu)
__WL_BCMP(__hbgeu2, __hgeu)
#undef __WL_BCMP
__WL_HD bool __hisnan(__WL_T a) { return __wl_nat(a) != __wl_nat(a); }
__WL_HD __WL_T2 __hisnan2(__WL_T2 a) {
  return __WL_T2(__wl_wrap((__WL_NAT)(__hisnan(a.x) ? 1.0f : 0.0f)),
                 __wl_wrap((__WL_NAT)(__hisnan(a.y) ? 1.0f : 0.0f))); }
/// 1 for +infinity, -1 for -infinity, else 0.
__WL_HD int __hisinf(__WL_T a) {
  __WL_NAT x = __wl_nat(a);
  return x == __builtin_inff() ? 1 : x == -__builtin_inff() ? -1 : 0; }

// ---- math, through float ---------------------------------------------------------------
#define __WL_MATH_EXACT(Name, Fn)                                              \
  __WL_HD __WL_T Name(__WL_T a) { return __wl_wrap(Fn(__wl_nat(a))); }
__WL_MATH_EXACT(htrunc, __builtin_elementwise_trunc)
__WL_MATH_EXACT(hceil, __builtin_elementwise_ceil)
__WL_MATH_EXACT(hfloor, __builtin_elementwise_floor)
__WL_MATH_EXACT(hrint, __builtin_elementwise_roundeven)
#undef __WL_MATH_EXACT
#define __WL_MATH1(Name, Expr)                                                 \
  __WL_HDEV __WL_T h##Name(__WL_T a) {                                         \
    float x = (float)__wl_nat(a);                                              \
    return __wl_wrap((__WL_NAT)(Expr)); }                                      \
  __WL_HDEV __WL_T2 h2##Name(__WL_T2 a) { return __WL_T2(h##Name(a.x), h##Name(a.y)); }
__WL_MATH1(sqrt, sqrtf(x))
__WL_MATH1(rsqrt, rsqrtf(x))
__WL_MATH1(rcp, 1.0f / x)
__WL_MATH1(log, logf(x))
__WL_MATH1(log2, log2f(x))
__WL_MATH1(log10, log10f(x))
__WL_MATH1(exp, expf(x))
__WL_MATH1(exp2, exp2f(x))
__WL_MATH1(exp10, exp10f(x))
__WL_MATH1(cos, cosf(x))
__WL_MATH1(sin, sinf(x))
__WL_MATH1(tanh, tanhf(x))
__WL_MATH1(tanh_approx, tanhf(x))
#undef __WL_MATH1
__WL_HD __WL_T2 h2trunc(__WL_T2 a) { return __WL_T2(htrunc(a.x), htrunc(a.y)); }
__WL_HD __WL_T2 h2ceil(__WL_T2 a) { return __WL_T2(hceil(a.x), hceil(a.y)); }
__WL_HD __WL_T2 h2floor(__WL_T2 a) { return __WL_T2(hfloor(a.x), hfloor(a.y)); }
__WL_HD __WL_T2 h2rint(__WL_T2 a) { return __WL_T2(hrint(a.x), hrint(a.y)); }

// ---- warp shuffles: the bits, through the 32-bit shuffles ----------------------------
#define __WL_HSHFL(Name, LaneT)                                                \
  __WL_HDEV __WL_T Name(unsigned m, __WL_T v, LaneT l, int w = 32) {           \
    return __builtin_bit_cast(__WL_T,                                          \
        (unsigned short)Name(m, (unsigned)__wl_bits(v), l, w)); }              \
  __WL_HDEV __WL_T2 Name(unsigned m, __WL_T2 v, LaneT l, int w = 32) {         \
    return __builtin_bit_cast(__WL_T2, Name(m, __builtin_bit_cast(unsigned, v), l, w)); }
__WL_HSHFL(__shfl_sync, int)
__WL_HSHFL(__shfl_up_sync, unsigned)
__WL_HSHFL(__shfl_down_sync, unsigned)
__WL_HSHFL(__shfl_xor_sync, int)
#undef __WL_HSHFL

// ---- atomicAdd (atom.add.noftz.f16 / .bf16; a pair as one 4-byte atom.add.noftz.T2,
// as the toolkit's inline asm is, which frontend/asm/HalfAsm.cpp lowers) -------------
typedef __WL_NAT __attribute__((may_alias)) __WL_CAT2(__wl_alias_, __WL_P);
__WL_HDEV __WL_T atomicAdd(__WL_T *p, __WL_T v) {
  return __wl_wrap(__atomic_fetch_add((__WL_CAT2(__wl_alias_, __WL_P) *)p, __wl_nat(v),
                                      __ATOMIC_RELAXED)); }
__WL_HDEV __WL_T2 atomicAdd(__WL_T2 *p, __WL_T2 v) {
  unsigned r;
  asm volatile("{ atom.add.noftz." __WL_PTX2 " %0,[%1],%2; }"
               : "=r"(r) : "l"(p), "r"(__builtin_bit_cast(unsigned, v)) : "memory");
  return __builtin_bit_cast(__WL_T2, r); }
