//===- PtxTypes.cpp - PTX fundamental types and state spaces --------------===//
#include "frontend/ptxisa/PtxTypes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace warplint {
namespace ptx {

std::optional<Type> parseType(StringRef Name) {
  auto Make = [](Type::KindTy K, unsigned W) { return Type{K, W}; };
  return StringSwitch<std::optional<Type>>(Name)
      .Case("pred", Make(Type::Pred, 1))
      .Case("b8", Make(Type::Bits, 8)).Case("b16", Make(Type::Bits, 16))
      .Case("b32", Make(Type::Bits, 32)).Case("b64", Make(Type::Bits, 64))
      .Case("b128", Make(Type::Bits, 128))
      .Case("u8", Make(Type::Unsigned, 8)).Case("u16", Make(Type::Unsigned, 16))
      .Case("u32", Make(Type::Unsigned, 32)).Case("u64", Make(Type::Unsigned, 64))
      .Case("s8", Make(Type::Signed, 8)).Case("s16", Make(Type::Signed, 16))
      .Case("s32", Make(Type::Signed, 32)).Case("s64", Make(Type::Signed, 64))
      .Case("f16", Make(Type::Float, 16)).Case("bf16", Make(Type::Bits, 16))
      .Case("f32", Make(Type::Float, 32)).Case("f64", Make(Type::Float, 64))
      .Cases({"f16x2", "bf16x2"}, Make(Type::Bits, 32))
      .Cases({"e4m3", "e5m2"}, Make(Type::Bits, 8))
      .Cases({"e4m3x2", "e5m2x2"}, Make(Type::Bits, 16))
      .Case("tf32", Make(Type::Bits, 32))
      .Default(std::nullopt);
}

llvm::Type *llvmTypeOf(LLVMContext &Ctx, Type T) {
  switch (T.Kind) {
  case Type::Pred:
    return llvm::Type::getInt1Ty(Ctx);
  case Type::Float:
    if (T.Width == 16)
      return llvm::Type::getHalfTy(Ctx);
    if (T.Width == 32)
      return llvm::Type::getFloatTy(Ctx);
    return llvm::Type::getDoubleTy(Ctx);
  default:
    return llvm::Type::getIntNTy(Ctx, T.Width ? T.Width : 32);
  }
}

Value *convertBits(IRBuilderBase &B, Value *V, llvm::Type *T, bool Signed) {
  llvm::Type *S = V->getType();
  if (S == T)
    return V;
  unsigned WS = S->getPrimitiveSizeInBits(), WT = T->getPrimitiveSizeInBits();
  if (T->isIntegerTy(1))
    return B.CreateICmpNE(convertBits(B, V, B.getIntNTy(WS), false),
                          ConstantInt::get(B.getIntNTy(WS), 0));
  if (WS == WT && !S->isIntegerTy(1))
    return B.CreateBitCast(V, T);
  Value *I = S->isIntegerTy() ? V : B.CreateBitCast(V, B.getIntNTy(WS));
  I = B.CreateIntCast(I, B.getIntNTy(WT), Signed && WS > 1);
  return T->isIntegerTy() ? I : B.CreateBitCast(I, T);
}

unsigned addrSpaceOf(Space S) {
  switch (S) {
  case Space::Generic:
    return 0;
  case Space::Global:
    return 1;
  case Space::Shared:
    return 3;
  case Space::Const:
    return 4;
  case Space::Local:
    return 5;
  case Space::Param:
    return 101;
  case Space::Reg:
    return 0;
  }
  return 0;
}

std::optional<Space> parseSpace(StringRef Name) {
  return StringSwitch<std::optional<Space>>(Name)
      .Case("global", Space::Global)
      .Cases({"shared", "shared::cta", "shared::cluster"}, Space::Shared)
      .Case("const", Space::Const)
      .Case("local", Space::Local)
      .Cases({"param", "param::entry", "param::func"}, Space::Param)
      .Default(std::nullopt);
}

std::pair<Value *, Value *> unpackLanes(IRBuilderBase &B, Value *X, llvm::Type *Elt) {
  llvm::Type *I16 = B.getInt16Ty();
  Value *Lo = B.CreateTrunc(X, I16), *Hi = B.CreateTrunc(B.CreateLShr(X, 16), I16);
  return {B.CreateBitCast(Lo, Elt), B.CreateBitCast(Hi, Elt)};
}

Value *packLanes(IRBuilderBase &B, Value *Lo, Value *Hi) {
  llvm::Type *I16 = B.getInt16Ty(), *I32 = B.getInt32Ty();
  Value *L = B.CreateZExt(B.CreateBitCast(Lo, I16), I32);
  Value *H = B.CreateZExt(B.CreateBitCast(Hi, I16), I32);
  return B.CreateOr(L, B.CreateShl(H, 16));
}

} // namespace ptx
} // namespace warplint
