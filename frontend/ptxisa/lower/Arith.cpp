//===- Arith.cpp - sad, mul24, mad24 ---===//
//
// The integer arithmetic whose meaning is the same in every input. add,
// sub, mul, mad and the others stay the lifter's (PtxLiftInstructions.cpp):
// on address registers they are pointer arithmetic.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

Expected<Lowered> mul24(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  bool Mad = I.Op == Opcode::Mad24;
  if (Error E = L.need(Mad ? 4 : 3))
    return std::move(E);
  PTXISA_TRY(T, L.type());
  bool S = T.isSigned();
  PTXISA_TRY(A, L.src(1, B.getInt32Ty()));
  PTXISA_TRY(Bv, L.src(2, B.getInt32Ty()));
  auto Low24 = [&](Value *V) {
    return B.CreateIntCast(B.CreateTrunc(V, B.getIntNTy(24)), B.getInt64Ty(), S);
  };
  Value *P = B.CreateMul(Low24(A), Low24(Bv));
  Value *R = I.hasMod("hi") ? B.CreateTrunc(B.CreateLShr(P, 16), B.getInt32Ty())
                            : B.CreateTrunc(P, B.getInt32Ty());
  if (Mad) {
    PTXISA_TRY(C, L.src(3, B.getInt32Ty()));
    R = B.CreateAdd(R, C);
  }
  return L.done(R);
}

Expected<Lowered> sad(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  if (Error E = L.need(4))
    return std::move(E);
  PTXISA_TRY(T, L.type());
  llvm::Type *OT = L.ty(T);
  bool S = T.isSigned();
  PTXISA_TRY(A, L.src(1, OT, S));
  PTXISA_TRY(Bv, L.src(2, OT, S));
  PTXISA_TRY(C, L.src(3, OT, S));
  Value *Gt = S ? B.CreateICmpSGT(A, Bv) : B.CreateICmpUGT(A, Bv);
  Value *D = B.CreateSelect(Gt, B.CreateSub(A, Bv), B.CreateSub(Bv, A));
  return L.done(B.CreateAdd(D, C));
}

} // namespace

Expected<Lowered> lowerArith(FamilyLowering &L) {
  switch (L.I.Op) {
  case Opcode::Mul24:
  case Opcode::Mad24:
    return mul24(L);
  case Opcode::Sad:
    return sad(L);
  default:
    return L.unsupported();
  }
}

} // namespace ptx
} // namespace warplint
