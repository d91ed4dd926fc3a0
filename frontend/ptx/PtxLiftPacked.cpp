//===- PtxLiftPacked.cpp - Packed half-precision PTX instructions ---------===//
//
// Two halves in one 32-bit register: the low half is element 0. Each half
// is widened to f32, computed, and rounded back once: for add, sub and mul
// that is the f16/bf16 result exactly (f32 holds the exact sum or product
// of two halves before its rounding).
//
//===----------------------------------------------------------------------===//
#include "frontend/ptx/PtxLiftFamilies.h"
#include "frontend/ptxisa/lower/Lower.h"

#include "frontend/ptxisa/PtxTypes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

/// The element type of a packed type modifier, or null.
llvm::Type *packedElement(LLVMContext &Ctx, const Instruction &I) {
  if (I.hasMod("f16x2"))
    return llvm::Type::getHalfTy(Ctx);
  if (I.hasMod("bf16x2"))
    return llvm::Type::getBFloatTy(Ctx);
  return nullptr;
}

/// Lo and Hi (f32) rounded to HalfTy and packed, Lo in bits 15..0.
Value *packHalves(IRBuilder<> &B, Value *Lo, Value *Hi, llvm::Type *HalfTy) {
  return packLanes(B, B.CreateFPTrunc(Lo, HalfTy), B.CreateFPTrunc(Hi, HalfTy));
}

Value *relu(FunctionLifter &L, Value *F) {
  return L.intrinsic("llvm.maxnum", {F, ConstantFP::get(F->getType(), 0.0)}, {F->getType()});
}

/// cvt.rnd[.relu][.satfinite].{f16x2,bf16x2}.f32 d, a, b: d = {a: hi, b: lo}.
Expected<bool> packedConvert(FunctionLifter &L, const Instruction &I, llvm::Type *HalfTy) {
  if (I.Ops.size() != 3 || !I.hasMod("f32"))
    return false;
  Expected<Value *> A = L.read(I.Ops[1], L.B.getFloatTy());
  if (!A)
    return A.takeError();
  Expected<Value *> Bv = L.read(I.Ops[2], L.B.getFloatTy());
  if (!Bv)
    return Bv.takeError();
  Value *Hi = *A, *Lo = *Bv;
  if (I.hasMod("relu")) {
    Hi = relu(L, Hi);
    Lo = relu(L, Lo);
  }
  if (Error E = L.write(I.Ops[0], packHalves(L.B, Lo, Hi, HalfTy)))
    return std::move(E);
  return true;
}

/// One half of an arithmetic instruction, in f32.
Value *apply(FunctionLifter &L, StringRef Op, ArrayRef<Value *> X, bool Nan) {
  IRBuilder<> &B = L.B;
  llvm::Type *F = B.getFloatTy();
  if (Op == "add")
    return B.CreateFAdd(X[0], X[1]);
  if (Op == "sub")
    return B.CreateFSub(X[0], X[1]);
  if (Op == "mul")
    return B.CreateFMul(X[0], X[1]);
  if (Op == "min")
    return L.intrinsic(Nan ? "llvm.minimum" : "llvm.minnum", {X[0], X[1]}, {F});
  if (Op == "max")
    return L.intrinsic(Nan ? "llvm.maximum" : "llvm.maxnum", {X[0], X[1]}, {F});
  if (Op == "fma")
    return L.intrinsic("llvm.fma", {X[0], X[1], X[2]}, {F});
  if (Op == "neg")
    return B.CreateFNeg(X[0]);
  return L.intrinsic("llvm.fabs", {X[0]}, {F}); // abs
}

} // namespace

Expected<bool> lowerPackedHalf(FunctionLifter &L, const Instruction &I) {
  llvm::Type *HalfTy = packedElement(L.ML.Ctx, I);
  if (!HalfTy)
    return false;
  StringRef Op = I.Opcode;
  if (Op == "cvt")
    return packedConvert(L, I, HalfTy);
  unsigned Sources = StringSwitch<unsigned>(Op)
                         .Cases({"add", "sub", "mul", "min", "max"}, 2)
                         .Case("fma", 3)
                         .Cases({"neg", "abs"}, 1)
                         .Default(0);
  if (!Sources || I.Ops.size() != Sources + 1)
    return false;
  SmallVector<Value *, 3> Regs;
  for (unsigned S = 1; S <= Sources; ++S) {
    Expected<Value *> V = L.read(I.Ops[S], L.B.getInt32Ty());
    if (!V)
      return V.takeError();
    Regs.push_back(*V);
  }
  // Each source's halves (bits 15..0 first), widened to f32.
  SmallVector<Value *, 3> Lanes[2];
  for (Value *R : Regs) {
    auto [Lo, Hi] = unpackLanes(L.B, R, HalfTy);
    Lanes[0].push_back(L.B.CreateFPExt(Lo, L.B.getFloatTy()));
    Lanes[1].push_back(L.B.CreateFPExt(Hi, L.B.getFloatTy()));
  }
  Value *Halves[2];
  for (unsigned H = 0; H < 2; ++H) {
    ArrayRef<Value *> X = Lanes[H];
    Halves[H] = apply(L, Op, X, I.hasMod("NaN"));
    if (I.hasMod("relu"))
      Halves[H] = relu(L, Halves[H]);
    if (I.hasMod("sat"))
      Halves[H] = L.intrinsic("llvm.minnum", {relu(L, Halves[H]),
                                              ConstantFP::get(L.B.getFloatTy(), 1.0)},
                              {L.B.getFloatTy()});
  }
  if (Error E = L.write(I.Ops[0], packHalves(L.B, Halves[0], Halves[1], HalfTy)))
    return std::move(E);
  return true;
}

void keepAlive(FunctionLifter &L, ArrayRef<Value *> Values) { ptx::keepAlive(L.B, Values); }

} // namespace ptx
} // namespace warplint
