//===- ShuffleAsm.cpp - Inline asm that shuffles across a warp ------------===//
#include "frontend/asm/ShuffleAsm.h"
#include "frontend/asm/InlineAsmCalls.h"
#include "frontend/ptxisa/lower/Lower.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {
/// One output register ("=r" or "=f"), inputs only after it.
bool oneOutput(const InlineAsm &Asm) {
  StringRef Constraints = Asm.getConstraintString();
  return (Constraints.starts_with("=r,") || Constraints.starts_with("=f,")) &&
         !Constraints.drop_front(3).contains('=');
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
  if (!oneOutput(Asm))
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
  if (IsFloat != ValTy->isFloatTy() || (!IsFloat && !ValTy->isIntegerTy(32)))
    return nullptr;
  Type *I32 = Type::getInt32Ty(CI.getContext());
  Value *Addend = operandValue(CI, A[5], ValTy), *V = operandValue(CI, Sh[4], ValTy),
        *Lane = operandValue(CI, Sh[5], I32), *Clamp = operandValue(CI, Sh[6], I32),
        *Mask = operandValue(CI, Sh[7], I32);
  if (!Addend || !V || !Lane || !Clamp || !Mask)
    return nullptr;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  // The shuffle as the one instruction table lowers it (ptxisa/lower/Warp.cpp).
  auto *Shuffle =
      cast<CallInst>(ptx::emitShuffle(B, Sh[1], Mask, V, Lane, Clamp, /*Predicated=*/true));
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
  for (CallInst *CI : inlineAsmCalls(M))
    if (lowerPredicatedAdd(*CI, *cast<InlineAsm>(CI->getCalledOperand()))) {
      CI->eraseFromParent();
      ++Replaced;
    }
  return Replaced;
}

} // namespace warplint
