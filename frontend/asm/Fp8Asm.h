//===- Fp8Asm.h - Inline asm of the toolkit's cuda_fp8.h ----------*- C++ -*-===//
//
// The CUDA toolkit's cuda_fp8.hpp converts to and from the 8-bit float
// formats with one PTX cvt each on sm_89 and later (sm_100 for the e8m0
// scales): cvt.rn.satfinite.{e4m3x2,e5m2x2}.{f32,f16x2},
// cvt.rn.f16x2.{e4m3x2,e5m2x2}, cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32,bf16x2},
// cvt.rn.bf16x2.ue8m0x2, and, around its e8m0 paths, cvt.rn.f32.f64 and
// cvt.f64.f32. Neither the analyses nor the device model read assembly; the
// same conversions in integer IR (the source's bits rounded to nearest even
// into the 8-bit format, the packing as PTX states it) say the same thing.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_FP8ASM_H
#define WARPLINT_FRONTEND_ASM_FP8ASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one of these conversions (one
/// instruction, braces allowed, every operand one of the asm's $N), as the
/// PTX ISA defines them:
///   cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32  $0, a, b;  (a the high byte)
///   cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 $0, a;   (a's halves, in order)
///   cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} $0, a;
///   cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 $0, a, b;   cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2 $0, a;
///   cvt.rn.bf16x2.ue8m0x2 $0, a;   cvt.rn.f32.f64 $0, a;   cvt.f64.f32 $0, a;
/// To e4m3/e5m2: round to nearest even, saturating to the largest finite
/// value (448, 57344; infinities too), NaN 0x7f; .relu makes a negative
/// result +0. From them: exact, NaN the canonical half NaN 0x7fff. To e8m0:
/// |x|'s power of two below (.rz) or above (.rp), at least 2^-127; NaN 0xff,
/// past 2^127 0xff or, under .satfinite, 0xfe. From e8m0: 2^(code - 127) as
/// bfloat16 (0x0040 for code 0), NaN 0x7fff. Returns how many calls were
/// replaced; any other assembly is left as it is.
unsigned lowerFp8Asm(llvm::Module &M);

} // namespace warplint

#endif
