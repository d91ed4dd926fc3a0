//===- Family.h - What every family's lowering uses -------------*- C++ -*-===//
//
// Internal to frontend/ptxisa/lower/: the instruction, its operands and the
// builder, with the reads, writes and intrinsic calls every family makes.
// Not a public API.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_LOWER_FAMILY_H
#define WARPLINT_FRONTEND_PTXISA_LOWER_FAMILY_H

#include "frontend/ptxisa/lower/Lower.h"

namespace warplint {
namespace ptx {

/// Unwraps an Expected<T> into a new variable or returns its error.
#define PTXISA_TRY(Var, Expr)                                                                      \
  auto Var##OrErr = (Expr);                                                                        \
  if (!Var##OrErr)                                                                                 \
    return Var##OrErr.takeError();                                                                 \
  auto Var = *Var##OrErr

/// One instruction being lowered.
class FamilyLowering {
public:
  FamilyLowering(const PtxInst &I, OperandBinder &Ops, llvm::IRBuilder<> &B)
      : I(I), Ops(Ops), B(B) {}

  /// An error unless the instruction has N operands.
  llvm::Error need(unsigned N);
  /// Reads source operand N as T.
  llvm::Expected<llvm::Value *> src(unsigned N, llvm::Type *T, bool Signed = false);
  /// Writes the destination (operand 0).
  llvm::Error dst(llvm::Value *V, bool Signed = false);
  /// dst(V), then Done.
  llvm::Expected<Lowered> done(llvm::Value *V, bool Signed = false);
  /// The instruction's FromEnd-th type from its last, or an error.
  llvm::Expected<Type> type(unsigned FromEnd = 0);
  /// The LLVM type of T.
  llvm::Type *ty(Type T) { return llvmTypeOf(B.getContext(), T); }
  /// Calls intrinsic Name, its arguments converted to its parameter types.
  llvm::Value *intrinsic(llvm::StringRef Name, llvm::ArrayRef<llvm::Value *> Args,
                         llvm::ArrayRef<llvm::Type *> Overloads = {});
  /// Unsupported, with the reason.
  Lowered unsupported(const llvm::Twine &Why = "");

  const PtxInst &I;
  OperandBinder &Ops;
  llvm::IRBuilder<> &B;
};

/// The families (lower/<Family>.cpp).
llvm::Expected<Lowered> lowerArith(FamilyLowering &L);
llvm::Expected<Lowered> lowerBits(FamilyLowering &L);
llvm::Expected<Lowered> lowerVideo(FamilyLowering &L);
llvm::Expected<Lowered> lowerMath(FamilyLowering &L);
llvm::Expected<Lowered> lowerWarp(FamilyLowering &L);
llvm::Expected<Lowered> lowerAsync(FamilyLowering &L);
llvm::Expected<Lowered> lowerWgmma(FamilyLowering &L);

} // namespace ptx
} // namespace warplint

#endif
