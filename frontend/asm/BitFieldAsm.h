//===- BitFieldAsm.h - Inline asm that extracts a bit field -----*- C++ -*-===//
//
// CUB's BFE() (BlockRadixSort's digit extraction) is inline assembly:
// asm("bfe.u32 %0, %1, %2, %3;"). Neither the analyses nor the device model
// read assembly; shifts, masks and selects say the same thing in IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_BITFIELDASM_H
#define WARPLINT_FRONTEND_ASM_BITFIELDASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one unsigned 32-bit bit-field
/// extraction ("bfe.u32 $0, A, POS, LEN;", each operand an input or an
/// integer literal) by the IR that computes it with PTX's rules (POS and LEN
/// taken mod 256; bits past bit 31 read as zero). Returns how many calls
/// were replaced.
unsigned lowerBitFieldAsm(llvm::Module &M);

} // namespace warplint

#endif
