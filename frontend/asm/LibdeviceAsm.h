//===- LibdeviceAsm.h - The inline asm of libdevice's own code --*- C++ -*-===//
//
// libdevice's bitcode (linked from a toolkit, frontend/Libdevice.h) holds a
// few kinds of inline assembly: subtraction in a rounding mode, approximate
// reciprocals, the extended-precision multiplications of the trigonometric
// argument reduction (mad.lo.cc / madc.hi chains), 128-bit additions and
// subtractions with carries, a compare-and-select and bfind. Each is replaced
// by the IR that computes it (NVVM intrinsics the device model runs), so the
// device model never meets assembly in linked code.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_LIBDEVICEASM_H
#define WARPLINT_FRONTEND_ASM_LIBDEVICEASM_H

namespace llvm {
class Function;
} // namespace llvm

namespace warplint {

/// Replaces the inline asm calls of F that are one of libdevice's forms.
/// Returns how many calls were replaced.
unsigned lowerLibdeviceAsm(llvm::Function &F);

} // namespace warplint

#endif
