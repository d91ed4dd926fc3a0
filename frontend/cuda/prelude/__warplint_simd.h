// warplint prelude: the SIMD intrinsics of nvcc's crt/device_functions.h
// (__vadd2, __vsubss4, __vabsdiffu2, __vcmpgts2, __vsetltu4, __vavgs2,
// __vsads4, ...) and the dot products of sm_61_intrinsics.h (__dp4a,
// __dp2a_lo, __dp2a_hi), each the PTX instruction that computes it, as
// inline assembly (frontend/ptxisa/lower/Video.cpp lowers it to IR, as it does
// the toolkit's headers' own). __vhaddu2/4, which no PTX instruction is, are
// plain arithmetic.
#ifndef __WARPLINT_SIMD_H
#define __WARPLINT_SIMD_H

#define __WL_SIMD_DEV static __device__ __forceinline__

/// NAME(a, b) is the instruction INSN on a, b (and c = 0).
#define __WL_VIDEO(NAME, INSN)                                                 \
  __WL_SIMD_DEV unsigned NAME(unsigned a, unsigned b) {                         \
    unsigned r;                                                                \
    asm(INSN " %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(0u));          \
    return r; }
/// Both lane widths: NAME2 (half-words) and NAME4 (bytes) of OP2 / OP4 with
/// the type suffix TYPES.
#define __WL_VIDEO24(NAME, OP, TYPES)                                          \
  __WL_VIDEO(NAME##2, #OP "2" TYPES) __WL_VIDEO(NAME##4, #OP "4" TYPES)
__WL_VIDEO24(__vadd, vadd, ".u32.u32.u32")
__WL_VIDEO24(__vaddss, vadd, ".s32.s32.s32.sat")
__WL_VIDEO24(__vaddus, vadd, ".u32.u32.u32.sat")
__WL_VIDEO24(__vsub, vsub, ".u32.u32.u32")
__WL_VIDEO24(__vsubss, vsub, ".s32.s32.s32.sat")
__WL_VIDEO24(__vsubus, vsub, ".u32.u32.u32.sat")
__WL_VIDEO24(__vavgs, vavrg, ".s32.s32.s32")
__WL_VIDEO24(__vavgu, vavrg, ".u32.u32.u32")
__WL_VIDEO24(__vabsdiffs, vabsdiff, ".s32.s32.s32")
__WL_VIDEO24(__vabsdiffu, vabsdiff, ".u32.u32.u32")
__WL_VIDEO24(__vmaxs, vmax, ".s32.s32.s32")
__WL_VIDEO24(__vmaxu, vmax, ".u32.u32.u32")
__WL_VIDEO24(__vmins, vmin, ".s32.s32.s32")
__WL_VIDEO24(__vminu, vmin, ".u32.u32.u32")
// Sums of absolute differences: vabsdiff's secondary accumulate onto c = 0.
__WL_VIDEO24(__vsads, vabsdiff, ".s32.s32.s32.add")
__WL_VIDEO24(__vsadu, vabsdiff, ".u32.u32.u32.add")
__WL_VIDEO24(__wl_vabsdiffss, vabsdiff, ".s32.s32.s32.sat")
// Comparisons: __vsetXX gives each lane 1 or 0, __vcmpXX all ones or 0.
#define __WL_COMPARE(CMP, TYPES, SUFFIX)                                       \
  __WL_VIDEO24(__vset##CMP, vset, TYPES "." SUFFIX)                             \
  __WL_SIMD_DEV unsigned __vcmp##CMP##2(unsigned a, unsigned b) {               \
    return __vset##CMP##2(a, b) * 0xffffu; }                                    \
  __WL_SIMD_DEV unsigned __vcmp##CMP##4(unsigned a, unsigned b) {               \
    return __vset##CMP##4(a, b) * 0xffu; }
__WL_COMPARE(eq, ".u32.u32", "eq") __WL_COMPARE(ne, ".u32.u32", "ne")
__WL_COMPARE(ges, ".s32.s32", "ge") __WL_COMPARE(geu, ".u32.u32", "ge")
__WL_COMPARE(gts, ".s32.s32", "gt") __WL_COMPARE(gtu, ".u32.u32", "gt")
__WL_COMPARE(les, ".s32.s32", "le") __WL_COMPARE(leu, ".u32.u32", "le")
__WL_COMPARE(lts, ".s32.s32", "lt") __WL_COMPARE(ltu, ".u32.u32", "lt")
#undef __WL_COMPARE
// One-operand forms: |a - 0| and 0 - a.
#define __WL_UNARY24(NAME, FROM, X, Y)                                         \
  __WL_SIMD_DEV unsigned NAME##2(unsigned a) { return FROM##2(X, Y); }          \
  __WL_SIMD_DEV unsigned NAME##4(unsigned a) { return FROM##4(X, Y); }
__WL_UNARY24(__vabs, __vabsdiffs, a, 0u)
__WL_UNARY24(__vabsss, __wl_vabsdiffss, a, 0u)
__WL_UNARY24(__vneg, __vsub, 0u, a)
__WL_UNARY24(__vnegss, __vsubss, 0u, a)
#undef __WL_UNARY24
#undef __WL_VIDEO24
#undef __WL_VIDEO

/// The truncated average of each lane pair, lanes BITS wide.
__WL_SIMD_DEV unsigned __wl_vhaddu(unsigned a, unsigned b, unsigned bits) {
  unsigned r = 0, m = (1u << bits) - 1;
  for (unsigned s = 0; s < 32; s += bits)
    r |= ((((a >> s) & m) + ((b >> s) & m)) >> 1) << s;
  return r;
}
__WL_SIMD_DEV unsigned __vhaddu2(unsigned a, unsigned b) { return __wl_vhaddu(a, b, 16); }
__WL_SIMD_DEV unsigned __vhaddu4(unsigned a, unsigned b) { return __wl_vhaddu(a, b, 8); }

// ---- dot products ------------------------------------------------------------
#define __WL_DOT(NAME, INSN, R, A, B, TA, TB)                                  \
  __WL_SIMD_DEV R NAME(A a, B b, R c) {                                         \
    R r;                                                                       \
    asm(INSN " %0, %1, %2, %3;"                                                \
        : "=r"(r) : "r"(__builtin_bit_cast(TA, a)), "r"(__builtin_bit_cast(TB, b)), "r"(c)); \
    return r; }
#define __WL_DOTS(NAME, INSN, SA, SB, UA, UB)                                  \
  __WL_DOT(NAME, INSN ".s32.s32", int, int, int, int, int)                      \
  __WL_DOT(NAME, INSN ".u32.u32", unsigned, unsigned, unsigned, unsigned, unsigned) \
  __WL_DOT(NAME, INSN ".s32.s32", int, SA, SB, int, int)                        \
  __WL_DOT(NAME, INSN ".u32.u32", unsigned, UA, UB, unsigned, unsigned)
__WL_DOTS(__dp4a, "dp4a", char4, char4, uchar4, uchar4)
__WL_DOTS(__dp2a_lo, "dp2a.lo", short2, char4, ushort2, uchar4)
__WL_DOTS(__dp2a_hi, "dp2a.hi", short2, char4, ushort2, uchar4)
#undef __WL_DOTS
#undef __WL_DOT

#undef __WL_SIMD_DEV
#endif
