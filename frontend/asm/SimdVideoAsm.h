//===- SimdVideoAsm.h - Inline asm of the SIMD video and dot products -*- C++ -*-===//
//
// The CUDA headers implement the SIMD intrinsics (__vadd2, __vsubss4,
// __vabsdiffu2, __vsetgts2, __vavgs4, __vmaxs2, __vsads4, ...) and the dot
// products (__dp4a, __dp2a_lo, __dp2a_hi) as one PTX instruction each,
// through inline assembly: vadd2/vsub2/vavrg2/vabsdiff2/vmin2/vmax2 and their
// four-byte forms, vset2/vset4, dp4a, dp2a. Neither the analyses nor the
// device model read assembly; lane extractions, arithmetic, clamps and a
// repack say the same thing in IR, for every input. __tanhf is
// tanh.approx.f32, LLVM's approximate llvm.tanh.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_SIMDVIDEOASM_H
#define WARPLINT_FRONTEND_ASM_SIMDVIDEOASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one of these instructions, as
/// the PTX ISA defines them (every operand an input or an integer literal;
/// the default lane selectors and mask only):
///   vop2.dtype.atype.btype{.sat,.add} $0, a, b, c;  (vadd2, vsub2, vavrg2,
///       vabsdiff2, vmin2, vmax2; the same with 4 for bytes)
///   vset2.atype.btype.cmp{.add} $0, a, b, c;        (and vset4)
///   dp4a.atype.btype $0, a, b, c;   dp2a.{lo,hi}.atype.btype $0, a, b, c;
///   tanh.approx.f32 $0, a;
/// Returns how many calls were replaced; any other assembly is left as it is.
unsigned lowerSimdVideoAsm(llvm::Module &M);

} // namespace warplint

#endif
