//===- SpecialRegisterAsm.h - Inline asm that reads a special register -*- C++ -*-===//
//
// Libraries read PTX special registers through inline assembly (CUB's
// LaneId(): asm("mov.u32 %0, %%laneid;")). Neither the analyses nor the
// device model read assembly; the NVVM intrinsic for the same register says
// the same thing in IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_SPECIALREGISTERASM_H
#define WARPLINT_FRONTEND_SPECIALREGISTERASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that only moves a special register
/// into its result ("mov.u32 $0, %laneid;") by the NVVM intrinsic that reads
/// that register. Returns how many calls were replaced.
unsigned lowerSpecialRegisterAsm(llvm::Module &M);

} // namespace warplint

#endif
