//===- ShuffleAsm.h - Inline asm that shuffles across a warp ----*- C++ -*-===//
//
// Libraries and hand-tuned kernels shuffle through inline assembly (CUB's
// ShuffleIndex: asm volatile("shfl.sync.idx.b32 %0, %1, %2, %3, %4;" ...)).
// Neither the analyses nor the device model read assembly; the NVVM shuffle
// intrinsic says the same thing in IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_SHUFFLEASM_H
#define WARPLINT_FRONTEND_ASM_SHUFFLEASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one 32-bit warp shuffle
/// ("shfl.sync.{idx,up,down,bfly}.b32 $0, A, B, C, MASK;", each of A, B, C and
/// MASK an input operand or an integer literal) by the NVVM intrinsic
/// llvm.nvvm.shfl.sync.MODE.{i32,f32}(MASK, A, B, C). Returns how many calls
/// were replaced; any other assembly is left as it is.
unsigned lowerShuffleAsm(llvm::Module &M);

} // namespace warplint

#endif
