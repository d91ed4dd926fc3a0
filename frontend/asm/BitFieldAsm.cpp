//===- BitFieldAsm.cpp - Inline asm that extracts or shifts bit fields ----===//
#include "frontend/asm/BitFieldAsm.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

namespace {
/// shf.{l,r}.{wrap,clamp}.b32 $0, lo, hi, n (CUDA 13's __funnelshift_*): the
/// upper (l) or lower (r) word of {hi, lo} shifted by n mod 32 (wrap) or
/// min(n, 32) (clamp), as llvm.fshl/fshr, or null.
Value *lowerFunnelShift(CallInst &CI, const InlineAsm &Asm) {
  static const Regex Shf("^[[:space:]]*shf\\.(l|r)\\.(wrap|clamp)\\.b32[[:space:]]+\\$0[[:space:]]*,"
                         "([^,;]+),([^,;]+),([^,;]+);?[[:space:]]*$");
  SmallVector<StringRef, 6> M;
  if (!Shf.match(Asm.getAsmString(), &M))
    return nullptr;
  Type *I32 = Type::getInt32Ty(CI.getContext());
  Value *Lo = operandValue(CI, M[3], I32), *Hi = operandValue(CI, M[4], I32),
        *N = operandValue(CI, M[5], I32);
  if (!Lo || !Hi || !N)
    return nullptr;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  bool Left = M[1] == "l";
  Intrinsic::ID Id = Left ? Intrinsic::fshl : Intrinsic::fshr;
  if (M[2] == "wrap")
    return B.CreateIntrinsic(Id, {I32}, {Hi, Lo, N});
  Value *Clamped = B.CreateIntrinsic(Intrinsic::umin, {I32}, {N, B.getInt32(32)});
  Value *Shifted = B.CreateIntrinsic(Id, {I32}, {Hi, Lo, Clamped});
  // Shifted by 32, the whole other word.
  return B.CreateSelect(B.CreateICmpEQ(Clamped, B.getInt32(32)), Left ? Lo : Hi, Shifted);
}

/// The extraction or shift CI's assembly does, built before CI, or null.
Value *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  StringRef Constraints = Asm.getConstraintString();
  if (!Constraints.starts_with("=r,") || Constraints.drop_front(3).contains('=') ||
      !CI.getType()->isIntegerTy(32))
    return nullptr;
  if (Value *V = lowerFunnelShift(CI, Asm))
    return V;
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

unsigned lowerBitFieldAsm(Module &M) { return replaceInlineAsm(inlineAsmCalls(M), lowerOne); }

} // namespace warplint
