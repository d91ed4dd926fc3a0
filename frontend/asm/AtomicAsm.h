//===- AtomicAsm.h - Inline asm that is one atomic or ordered access -*- C++ -*-===//
//
// libcu++ (cuda::atomic_ref, cuda::std::atomic, as the CUDA toolkit ships it)
// writes its atomics, ordered loads and stores and fences as inline assembly
// ("atom.add.relaxed.gpu.s32 %0,[%1],%2;"). Neither the analyses nor the
// device model read assembly; LLVM's atomicrmw, cmpxchg, atomic load and
// store and fence say the same thing in IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_ATOMICASM_H
#define WARPLINT_FRONTEND_ASM_ATOMICASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one of
///   atom[.global][.SEM][.SCOPE].OP.TYPE  $0, [$a], $b[, $c];
///   atom[.global][.SEM][.SCOPE].add.v2.f32  {$0, $1}, [$a], {$b, $c};  (and .v4)
///   ld[.global][.relaxed|.acquire|.volatile][.SCOPE].TYPE  $0, [$a];
///   st[.global][.relaxed|.release|.volatile][.SCOPE].TYPE  [$a], $b;
///   fence.{sc,acq_rel}.SCOPE;  membar.{cta,gl,sys};
/// (SEM relaxed, acquire, release or acq_rel; SCOPE cta, cluster, gpu or sys;
/// TYPE b, s, u or f of 32 or 64 bits; the address a 64-bit generic or global
/// address) by the LLVM instruction that does the same. Returns how many
/// calls were replaced; any other assembly is left as it is.
unsigned lowerAtomicAsm(llvm::Module &M);

} // namespace warplint

#endif
