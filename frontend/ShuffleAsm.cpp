//===- ShuffleAsm.cpp - Inline asm that shuffles across a warp ------------===//
#include "frontend/ShuffleAsm.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

namespace {
/// The intrinsic for shuffle mode Mode on values of type Ty, or
/// not_intrinsic.
Intrinsic::ID shuffleIntrinsic(StringRef Mode, Type *Ty) {
  bool IsFloat = Ty->isFloatTy();
  if (!IsFloat && !Ty->isIntegerTy(32))
    return Intrinsic::not_intrinsic;
  return StringSwitch<Intrinsic::ID>(Mode)
      .Case("idx", IsFloat ? Intrinsic::nvvm_shfl_sync_idx_f32 : Intrinsic::nvvm_shfl_sync_idx_i32)
      .Case("up", IsFloat ? Intrinsic::nvvm_shfl_sync_up_f32 : Intrinsic::nvvm_shfl_sync_up_i32)
      .Case("down",
            IsFloat ? Intrinsic::nvvm_shfl_sync_down_f32 : Intrinsic::nvvm_shfl_sync_down_i32)
      .Case("bfly",
            IsFloat ? Intrinsic::nvvm_shfl_sync_bfly_f32 : Intrinsic::nvvm_shfl_sync_bfly_i32)
      .Default(Intrinsic::not_intrinsic);
}

/// The value operand Tok of the asm string names: "$N" is input N (the call's
/// argument N - 1, after the one output), a PTX integer literal a constant.
/// Null when it is neither or its type is not Ty.
Value *operandValue(CallInst &CI, StringRef Tok, Type *Ty) {
  Tok = Tok.trim();
  if (Tok.consume_front("$")) {
    unsigned N;
    if (Tok.getAsInteger(10, N) || N == 0 || N > CI.arg_size())
      return nullptr;
    Value *V = CI.getArgOperand(N - 1);
    return V->getType() == Ty ? V : nullptr;
  }
  uint64_t Imm;
  if (!Ty->isIntegerTy(32) || Tok.getAsInteger(0, Imm) || Imm > UINT32_MAX)
    return nullptr;
  return ConstantInt::get(Ty, Imm);
}

/// The intrinsic call that does what CI's assembly does, built before CI, or
/// null when CI is not a single shuffle.
CallInst *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  // One output register ("=r" or "=f"), inputs only after it.
  StringRef Constraints = Asm.getConstraintString();
  if (!(Constraints.starts_with("=r,") || Constraints.starts_with("=f,")) ||
      Constraints.drop_front(3).contains('='))
    return nullptr;
  static const Regex Shfl(
      "^[[:space:]]*shfl\\.sync\\.(idx|up|down|bfly)\\.b32[[:space:]]+\\$0[[:space:]]*,"
      "([^,;|]+),([^,;]+),([^,;]+),([^,;]+);?[[:space:]]*$");
  SmallVector<StringRef, 6> Match;
  if (!Shfl.match(Asm.getAsmString(), &Match))
    return nullptr;
  Type *ValTy = CI.getType();
  Intrinsic::ID ID = shuffleIntrinsic(Match[1], ValTy);
  if (ID == Intrinsic::not_intrinsic)
    return nullptr;
  Type *I32 = Type::getInt32Ty(CI.getContext());
  Value *Val = operandValue(CI, Match[2], ValTy);
  Value *Lane = operandValue(CI, Match[3], I32);
  Value *Clamp = operandValue(CI, Match[4], I32);
  Value *Mask = operandValue(CI, Match[5], I32);
  if (!Val || !Lane || !Clamp || !Mask)
    return nullptr;
  Function *Decl = Intrinsic::getOrInsertDeclaration(CI.getModule(), ID);
  CallInst *Shuffle =
      CallInst::Create(Decl, {Mask, Val, Lane, Clamp}, CI.getName(), CI.getIterator());
  Shuffle->setDebugLoc(CI.getDebugLoc());
  return Shuffle;
}
} // namespace

unsigned lowerShuffleAsm(Module &M) {
  SmallVector<CallInst *, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (isa<InlineAsm>(CI->getCalledOperand()))
          Calls.push_back(CI);
  unsigned Replaced = 0;
  for (CallInst *CI : Calls) {
    if (CallInst *Shuffle = lowerOne(*CI, *cast<InlineAsm>(CI->getCalledOperand()))) {
      CI->replaceAllUsesWith(Shuffle);
      CI->eraseFromParent();
      ++Replaced;
    }
  }
  return Replaced;
}

} // namespace warplint
