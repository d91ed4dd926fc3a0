//===- IsaAsm.h - Inline asm through the one instruction table --*- C++ -*-===//
//
// An asm statement of one PTX instruction whose family both inputs share
// (frontend/ptxisa/PtxOpcodes.def: Arith, Bits, Video, Math, Warp) becomes
// what the .ptx lifter makes of the same instruction: the text is parsed by
// the table's parser, "$N"/"%N" bound to the call's outputs and inputs by
// their constraints, and the shared lowering (frontend/ptxisa/lower/) builds
// the IR. __dp4a, __vadd4, __funnelshift_l, __tanhf, lop3 and prmt written
// in asm() all take this road.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_ISAASM_H
#define WARPLINT_FRONTEND_ASM_ISAASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one such instruction (every
/// operand an output, an input of a register constraint, an integer literal
/// or a special register); returns how many were replaced. Any other
/// assembly, and a form the lowering does not model, is left as it is.
unsigned lowerIsaAsm(llvm::Module &M);

} // namespace warplint

#endif
