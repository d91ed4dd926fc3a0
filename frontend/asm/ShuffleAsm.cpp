//===- ShuffleAsm.cpp - Inline asm that shuffles across a warp ------------===//
#include "frontend/asm/ShuffleAsm.h"
#include "frontend/asm/InlineAsmCalls.h"

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
/// The intrinsic for shuffle mode Mode on values of type Ty (i32 or float),
/// or not_intrinsic. Predicated: the form that also returns whether the source
/// lane was in range (shfl.sync ... d|p, llvm.nvvm.shfl.sync.MODE.{i32p,f32p}).
Intrinsic::ID shuffleIntrinsic(StringRef Mode, Type *Ty, bool Predicated) {
  struct Forms {
    Intrinsic::ID I32, F32, I32P, F32P;
  };
  std::optional<Forms> F =
      StringSwitch<std::optional<Forms>>(Mode)
          .Case("idx", Forms{Intrinsic::nvvm_shfl_sync_idx_i32, Intrinsic::nvvm_shfl_sync_idx_f32,
                             Intrinsic::nvvm_shfl_sync_idx_i32p,
                             Intrinsic::nvvm_shfl_sync_idx_f32p})
          .Case("up", Forms{Intrinsic::nvvm_shfl_sync_up_i32, Intrinsic::nvvm_shfl_sync_up_f32,
                            Intrinsic::nvvm_shfl_sync_up_i32p, Intrinsic::nvvm_shfl_sync_up_f32p})
          .Case("down",
                Forms{Intrinsic::nvvm_shfl_sync_down_i32, Intrinsic::nvvm_shfl_sync_down_f32,
                      Intrinsic::nvvm_shfl_sync_down_i32p, Intrinsic::nvvm_shfl_sync_down_f32p})
          .Case("bfly",
                Forms{Intrinsic::nvvm_shfl_sync_bfly_i32, Intrinsic::nvvm_shfl_sync_bfly_f32,
                      Intrinsic::nvvm_shfl_sync_bfly_i32p, Intrinsic::nvvm_shfl_sync_bfly_f32p})
          .Default(std::nullopt);
  bool IsFloat = Ty->isFloatTy();
  if (!F || (!IsFloat && !Ty->isIntegerTy(32)))
    return Intrinsic::not_intrinsic;
  if (Predicated)
    return IsFloat ? F->F32P : F->I32P;
  return IsFloat ? F->F32 : F->I32;
}

/// One output register ("=r" or "=f"), inputs only after it.
bool oneOutput(const InlineAsm &Asm) {
  StringRef Constraints = Asm.getConstraintString();
  return (Constraints.starts_with("=r,") || Constraints.starts_with("=f,")) &&
         !Constraints.drop_front(3).contains('=');
}

/// The call of shuffle intrinsic ID on CI's operands named by the asm's
/// tokens Val, Lane, Clamp and Mask (shfl.sync's order), built before CI and
/// named Name; null when one of them is not an operand or literal of its type.
CallInst *createShuffle(CallInst &CI, Intrinsic::ID ID, Type *ValTy, StringRef Val,
                        StringRef Lane, StringRef Clamp, StringRef Mask, const Twine &Name) {
  Type *I32 = Type::getInt32Ty(CI.getContext());
  Value *V = operandValue(CI, Val, ValTy), *L = operandValue(CI, Lane, I32),
        *C = operandValue(CI, Clamp, I32), *M = operandValue(CI, Mask, I32);
  if (!V || !L || !C || !M)
    return nullptr;
  Function *Decl = Intrinsic::getOrInsertDeclaration(CI.getModule(), ID);
  CallInst *Shuffle = CallInst::Create(Decl, {M, V, L, C}, Name, CI.getIterator());
  Shuffle->setDebugLoc(CI.getDebugLoc());
  return Shuffle;
}

/// The intrinsic call that does what CI's assembly does, built before CI, or
/// null when CI is not a single shuffle.
CallInst *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  if (!oneOutput(Asm))
    return nullptr;
  static const Regex Shfl(
      "^[[:space:]]*shfl\\.sync\\.(idx|up|down|bfly)\\.b32[[:space:]]+\\$0[[:space:]]*,"
      "([^,;|]+),([^,;]+),([^,;]+),([^,;]+);?[[:space:]]*$");
  SmallVector<StringRef, 6> Match;
  // The toolkit's half shuffles brace the one instruction: "{shfl...;\n}".
  StringRef Text = Asm.getAsmString();
  if (StringRef Inner = Text.trim(); Inner.consume_front("{") && Inner.consume_back("}"))
    Text = Inner;
  if (!Shfl.match(Text, &Match))
    return nullptr;
  Type *ValTy = CI.getType();
  Intrinsic::ID ID = shuffleIntrinsic(Match[1], ValTy, /*Predicated=*/false);
  if (ID == Intrinsic::not_intrinsic)
    return nullptr;
  return createShuffle(CI, ID, ValTy, Match[2], Match[3], Match[4], Match[5], CI.getName());
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
  if (IsFloat != ValTy->isFloatTy())
    return nullptr;
  Intrinsic::ID ID = shuffleIntrinsic(Sh[1], ValTy, /*Predicated=*/true);
  Value *Addend = operandValue(CI, A[5], ValTy);
  if (ID == Intrinsic::not_intrinsic || !Addend)
    return nullptr;
  CallInst *Shuffle = createShuffle(CI, ID, ValTy, Sh[4], Sh[5], Sh[6], Sh[7], "");
  if (!Shuffle)
    return nullptr;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
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
