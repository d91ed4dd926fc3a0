//===- HalfAsm.h - Inline asm of the toolkit's __half and bfloat16 -*- C++ -*-===//
//
// The CUDA toolkit's cuda_fp16.hpp and cuda_bf16.hpp implement __half and
// __nv_bfloat16 with inline PTX: conversions (cvt in every rounding mode,
// between f16/bf16, their pairs, f32, f64 and the integer types), the pairs'
// packing (mov.b32 {a,b}), add/sub/mul/fma (.rn, .sat, .relu), neg, abs,
// min/max (.NaN), setp/selp and set comparisons (ordered and unordered),
// approximations (tanh.approx, ex2.approx, rcp/sqrt/rsqrt/lg2/div.approx
// .f32 in their float helpers) and atom.add.noftz on the half types, often
// several instructions with .reg temporaries in one asm statement. Neither
// the analyses nor the device model read assembly; each such statement is
// translated, instruction by instruction, into the IR Clang makes of the
// same operation on _Float16 and __bf16 (fptrunc, fadd half, llvm.fma.f16,
// atomicrmw fadd, ...), which the device model runs rounded once, as PTX
// does; the directed conversions round to nearest and step one unit back
// where that went the other way.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_HALFASM_H
#define WARPLINT_FRONTEND_ASM_HALFASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M whose text is a sequence of the
/// instructions above (braces for scopes, .reg declarations, operands that
/// are the asm's own $N, its temporaries or literals) with the IR that
/// computes it. A text with any other instruction, qualifier or operand is
/// left whole, as it is (the device model then stops with its text).
/// Returns how many calls were replaced.
unsigned lowerHalfAsm(llvm::Module &M);

} // namespace warplint

#endif
