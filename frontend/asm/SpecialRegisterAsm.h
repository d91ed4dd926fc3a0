//===- SpecialRegisterAsm.h - Inline asm that reads a special register -*- C++ -*-===//
//
// Libraries read PTX special registers through inline assembly (CUB's
// LaneId(): asm("mov.u32 %0, %%laneid;")). Neither the analyses nor the
// device model read assembly; the NVVM intrinsic for the same register says
// the same thing in IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_SPECIALREGISTERASM_H
#define WARPLINT_FRONTEND_ASM_SPECIALREGISTERASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that only moves a special register
/// into its result ("mov.u32 $0, %laneid;") by the NVVM intrinsic that reads
/// that register. A block that makes a generic pointer of a shared-window
/// offset register (cooperative groups' reserved_shared_ptr(): mov.u32 from
/// %reserved_smem_offset_1, cvt.u64.u32, cvta.shared.u64) becomes the one
/// register read (asm still: LLVM has no intrinsic for it) and the casts that
/// say "a shared address" in IR. Returns how many calls were replaced.
unsigned lowerSpecialRegisterAsm(llvm::Module &M);

} // namespace warplint

#endif
