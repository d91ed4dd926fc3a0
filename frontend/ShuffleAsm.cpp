//===- ShuffleAsm.cpp - Inline asm that shuffles across a warp ------------===//
#include "frontend/ShuffleAsm.h"
#include "frontend/InlineAsmCalls.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

#include <optional>

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

/// The shuffle that also returns whether the source lane was in range
/// (shfl.sync ... d|p): llvm.nvvm.shfl.sync.MODE.{i32p,f32p}.
Intrinsic::ID predicatedIntrinsic(StringRef Mode, Type *Ty) {
  bool IsFloat = Ty->isFloatTy();
  if (!IsFloat && !Ty->isIntegerTy(32))
    return Intrinsic::not_intrinsic;
  return StringSwitch<Intrinsic::ID>(Mode)
      .Case("idx", IsFloat ? Intrinsic::nvvm_shfl_sync_idx_f32p : Intrinsic::nvvm_shfl_sync_idx_i32p)
      .Case("up", IsFloat ? Intrinsic::nvvm_shfl_sync_up_f32p : Intrinsic::nvvm_shfl_sync_up_i32p)
      .Case("down",
            IsFloat ? Intrinsic::nvvm_shfl_sync_down_f32p : Intrinsic::nvvm_shfl_sync_down_i32p)
      .Case("bfly",
            IsFloat ? Intrinsic::nvvm_shfl_sync_bfly_f32p : Intrinsic::nvvm_shfl_sync_bfly_i32p)
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
/// The statements of a braced asm block "{ a; b; ... }", trimmed, or none
/// when the text is not one.
std::optional<SmallVector<StringRef, 8>> blockStatements(StringRef Text) {
  Text = Text.trim();
  if (!Text.consume_front("{") || !Text.consume_back("}"))
    return std::nullopt;
  SmallVector<StringRef, 8> Parts, Statements;
  Text.split(Parts, ';');
  for (StringRef P : Parts)
    if (!P.trim().empty())
      Statements.push_back(P.trim());
  return Statements;
}

/// A shuffle whose in-range predicate guards one addition of the shuffled
/// value (the step of a warp scan or reduction, as CUB's WarpScanShfl and
/// WarpReduceShfl write it for 32-bit sums):
///   { .reg .T r; .reg .pred p; shfl.sync.MODE.b32 r|p, A, B, C, MASK;
///     @p add.T r, r, X; mov.T $0, r; }
/// becomes the predicate-returning shuffle intrinsic, an add and a select.
CallInst *lowerPredicatedAdd(CallInst &CI, const InlineAsm &Asm) {
  StringRef Constraints = Asm.getConstraintString();
  if (!(Constraints.starts_with("=r,") || Constraints.starts_with("=f,")) ||
      Constraints.drop_front(3).contains('='))
    return nullptr;
  std::optional<SmallVector<StringRef, 8>> S = blockStatements(Asm.getAsmString());
  if (!S || S->size() != 5)
    return nullptr;
  static const Regex RegDecl("^\\.reg[[:space:]]+\\.(s32|u32|b32|f32)[[:space:]]+([a-z_0-9]+)$");
  static const Regex PredDecl("^\\.reg[[:space:]]+\\.pred[[:space:]]+([a-z_0-9]+)$");
  static const Regex Shfl("^shfl\\.sync\\.(idx|up|down|bfly)\\.b32[[:space:]]+([a-z_0-9]+)\\|"
                          "([a-z_0-9]+)[[:space:]]*,([^,]+),([^,]+),([^,]+),([^,]+)$");
  static const Regex Add("^@([a-z_0-9]+)[[:space:]]+add\\.(s32|u32|f32)[[:space:]]+([a-z_0-9]+)"
                         "[[:space:]]*,[[:space:]]*([a-z_0-9]+)[[:space:]]*,[[:space:]]*(\\$[0-9]+)$");
  static const Regex Mov("^mov\\.(s32|u32|b32|f32)[[:space:]]+\\$0[[:space:]]*,[[:space:]]*"
                         "([a-z_0-9]+)$");
  SmallVector<StringRef, 8> R, P, Sh, A, Mv;
  if (!RegDecl.match((*S)[0], &R) || !PredDecl.match((*S)[1], &P) ||
      !Shfl.match((*S)[2], &Sh) || !Add.match((*S)[3], &A) || !Mov.match((*S)[4], &Mv))
    return nullptr;
  StringRef Reg = R[2], Pred = P[1];
  if (Sh[2] != Reg || Sh[3] != Pred || A[1] != Pred || A[3] != Reg || A[4] != Reg ||
      Mv[2] != Reg)
    return nullptr;
  Type *ValTy = CI.getType();
  bool IsFloat = A[2] == "f32";
  if (IsFloat != ValTy->isFloatTy())
    return nullptr;
  Intrinsic::ID ID = predicatedIntrinsic(Sh[1], ValTy);
  if (ID == Intrinsic::not_intrinsic)
    return nullptr;
  Type *I32 = Type::getInt32Ty(CI.getContext());
  Value *Val = operandValue(CI, Sh[4], ValTy);
  Value *Lane = operandValue(CI, Sh[5], I32);
  Value *Clamp = operandValue(CI, Sh[6], I32);
  Value *Mask = operandValue(CI, Sh[7], I32);
  Value *Addend = operandValue(CI, A[5], ValTy);
  if (!Val || !Lane || !Clamp || !Mask || !Addend)
    return nullptr;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  Function *Decl = Intrinsic::getOrInsertDeclaration(CI.getModule(), ID);
  CallInst *Shuffle = B.CreateCall(Decl, {Mask, Val, Lane, Clamp});
  Value *Got = B.CreateExtractValue(Shuffle, 0);
  Value *InRange = B.CreateExtractValue(Shuffle, 1);
  Value *Sum = IsFloat ? B.CreateFAdd(Got, Addend) : B.CreateAdd(Got, Addend);
  Value *Result = B.CreateSelect(InRange, Sum, Got);
  CI.replaceAllUsesWith(Result);
  return Shuffle;
}
} // namespace

unsigned lowerShuffleAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M)) {
    const auto &Asm = *cast<InlineAsm>(CI->getCalledOperand());
    if (CallInst *Shuffle = lowerOne(*CI, Asm)) {
      CI->replaceAllUsesWith(Shuffle);
      CI->eraseFromParent();
      ++Replaced;
    } else if (lowerPredicatedAdd(*CI, Asm)) {
      CI->eraseFromParent();
      ++Replaced;
    }
  }
  return Replaced;
}

} // namespace warplint
