//===- ShuffleAsm.h - Inline asm that shuffles across a warp ----*- C++ -*-===//
//
// Libraries and hand-tuned kernels shuffle through inline assembly (CUB's
// ShuffleIndex: asm volatile("shfl.sync.idx.b32 %0, %1, %2, %3, %4;" ...)).
// Neither the analyses nor the device model read assembly; the NVVM shuffle
// intrinsic says the same thing in IR. A single shfl.sync is the one
// instruction table's (IsaAsm.h, ptxisa/lower/Warp.cpp); this file keeps the
// scan step CUB writes around one, in a braced block.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_SHUFFLEASM_H
#define WARPLINT_FRONTEND_ASM_SHUFFLEASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is the step of a warp scan or
/// reduction CUB writes ("{ .reg .T r; .reg .pred p; shfl.sync.MODE.b32 r|p,
/// A, B, C, MASK; @p add.T r, r, X; mov.T $0, r; }") by the predicated
/// shuffle intrinsic, an add and a select. Returns how many calls were
/// replaced; any other assembly is left as it is.
unsigned lowerShuffleAsm(llvm::Module &M);

} // namespace warplint

#endif
