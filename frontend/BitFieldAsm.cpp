//===- BitFieldAsm.cpp - Inline asm that extracts a bit field -------------===//
#include "frontend/BitFieldAsm.h"
#include "frontend/InlineAsmCalls.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

namespace {
/// The extraction CI's assembly does, built before CI, or null.
Value *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  StringRef Constraints = Asm.getConstraintString();
  if (!Constraints.starts_with("=r,") || Constraints.drop_front(3).contains('=') ||
      !CI.getType()->isIntegerTy(32))
    return nullptr;
  static const Regex Bfe("^[[:space:]]*bfe\\.u32[[:space:]]+\\$0[[:space:]]*,([^,;]+),"
                         "([^,;]+),([^,;]+);?[[:space:]]*$");
  SmallVector<StringRef, 4> M;
  if (!Bfe.match(Asm.getAsmString(), &M))
    return nullptr;
  Type *I32 = Type::getInt32Ty(CI.getContext());
  Value *A = operandValue(CI, M[1], I32), *Pos = operandValue(CI, M[2], I32),
        *Len = operandValue(CI, M[3], I32);
  if (!A || !Pos || !Len)
    return nullptr;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  Value *P = B.CreateAnd(Pos, 0xff);
  Value *L = B.CreateAnd(Len, 0xff);
  // Shifts by 32 or more are poison in IR: clamp, then select PTX's answer.
  Value *Shifted = B.CreateLShr(A, B.CreateAnd(P, 31));
  Value *Mask = B.CreateSub(B.CreateShl(B.getInt32(1), B.CreateAnd(L, 31)), B.getInt32(1));
  Mask = B.CreateSelect(B.CreateICmpUGE(L, B.getInt32(32)), B.getInt32(~0u), Mask);
  Value *Field = B.CreateAnd(Shifted, Mask);
  return B.CreateSelect(B.CreateICmpUGE(P, B.getInt32(32)), B.getInt32(0), Field);
}
} // namespace

unsigned lowerBitFieldAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M))
    if (Value *V = lowerOne(*CI, *cast<InlineAsm>(CI->getCalledOperand()))) {
      CI->replaceAllUsesWith(V);
      CI->eraseFromParent();
      ++Replaced;
    }
  return Replaced;
}

} // namespace warplint
