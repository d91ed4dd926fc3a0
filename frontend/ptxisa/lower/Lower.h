//===- Lower.h - The lowerings both inputs share ----------------*- C++ -*-===//
//
// One LLVM lowering per instruction family (PtxOpcodes.def's Family
// column): Arith (sad, mul24, mad24), Bits, Video, Math, Warp, Async
// (mbarriers, bulk copies) and Wgmma (the warpgroup's tensor cores). The .ptx
// lifter and the inline-asm lowering both call lowerInstruction, each with
// its own OperandBinder; what the lowering builds is the same IR.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_LOWER_LOWER_H
#define WARPLINT_FRONTEND_PTXISA_LOWER_LOWER_H

#include "frontend/ptxisa/OperandBinder.h"
#include "frontend/ptxisa/PtxInstruction.h"

#include "llvm/IR/IRBuilder.h"

#include <string>

namespace warplint {
namespace ptx {

/// What a shared lowering made of an instruction.
struct Lowered {
  enum KindTy {
    Done,        ///< Lowered at the builder's insert point.
    NotShared,   ///< Its family is the lifter's own (Family::Lifter).
    Unsupported, ///< A form the lowering does not model: Why says which.
  } Kind = Done;
  std::string Why;
};

/// Lowers I with its operands in Ops at B's insert point, by I's family.
/// An error is a malformed instruction (a missing operand, one the binder
/// cannot read).
llvm::Expected<Lowered> lowerInstruction(const PtxInst &I, OperandBinder &Ops,
                                         llvm::IRBuilder<> &B);

/// shfl.sync.MODE of Value from lane Lane (clamp C, mask Mask) through the
/// NVVM intrinsic; with Predicated, the {value, in range} pair. Value is i32
/// or float. Null for a mode other than idx, up, down, bfly.
llvm::Value *emitShuffle(llvm::IRBuilder<> &B, llvm::StringRef Mode, llvm::Value *Mask,
                         llvm::Value *Value, llvm::Value *Lane, llvm::Value *Clamp,
                         bool Predicated);

/// A call of __warplint_ptx_use with Values, which keeps them (loads the
/// GPU does for their bytes and banks) alive; null and nothing built when
/// Values is empty.
llvm::CallInst *keepAlive(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Values);

/// A data-dependent value of type T: a call of __warplint_ptx_opaque.<T>.
llvm::Value *opaqueValue(llvm::IRBuilder<> &B, llvm::Type *T);

} // namespace ptx
} // namespace warplint

#endif
