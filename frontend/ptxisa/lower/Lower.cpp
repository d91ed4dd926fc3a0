//===- Lower.cpp - The lowerings both inputs share ------------------------===//
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {
namespace ptx {

Error FamilyLowering::need(unsigned N) {
  if (Ops.size() < N)
    return Ops.error("'" + I.name() + "' needs " + Twine(N) + " operands");
  return Error::success();
}

Expected<Value *> FamilyLowering::src(unsigned N, llvm::Type *T, bool Signed) {
  if (N >= Ops.size())
    return Ops.error("'" + I.name() + "' is missing operand " + Twine(N + 1));
  return Ops.read(N, T, Signed);
}

Error FamilyLowering::dst(Value *V, bool Signed) {
  if (!Ops.size())
    return Ops.error("'" + I.name() + "' needs a destination");
  return Ops.write(0, V, Signed);
}

Expected<Lowered> FamilyLowering::done(Value *V, bool Signed) {
  if (Error E = dst(V, Signed))
    return std::move(E);
  return Lowered{};
}

Expected<Type> FamilyLowering::type(unsigned FromEnd) {
  if (std::optional<Type> T = I.type(FromEnd))
    return *T;
  return Ops.error("instruction '" + I.name() + "' has no type");
}

Value *FamilyLowering::intrinsic(StringRef Name, ArrayRef<Value *> Args,
                                 ArrayRef<llvm::Type *> Overloads) {
  Intrinsic::ID ID = Intrinsic::lookupIntrinsicID(Name);
  Module *M = B.GetInsertBlock()->getModule();
  Function *Fn = Intrinsic::getOrInsertDeclaration(M, ID, Overloads);
  FunctionType *FT = Fn->getFunctionType();
  SmallVector<Value *, 6> Converted;
  for (size_t K = 0; K < Args.size() && K < FT->getNumParams(); ++K)
    Converted.push_back(convertBits(B, Args[K], FT->getParamType(K), false));
  return B.CreateCall(Fn, Converted);
}

Lowered FamilyLowering::unsupported(const Twine &Why) {
  return Lowered{Lowered::Unsupported, Why.str()};
}

namespace {
/// A call, at B, of the model's helper Name of type FT (declared once: no
/// unwinding, touching only memory no code can see).
CallInst *callModelHelper(IRBuilder<> &B, StringRef Name, FunctionType *FT,
                          ArrayRef<Value *> Args) {
  Module *M = B.GetInsertBlock()->getModule();
  FunctionCallee C = M->getOrInsertFunction(Name, FT);
  if (auto *Fn = dyn_cast<Function>(C.getCallee())) {
    Fn->addFnAttr(Attribute::NoUnwind);
    Fn->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
  }
  return B.CreateCall(C, Args);
}
} // namespace

CallInst *keepAlive(IRBuilder<> &B, ArrayRef<Value *> Values) {
  if (Values.empty())
    return nullptr;
  return callModelHelper(B, "__warplint_ptx_use",
                         FunctionType::get(B.getVoidTy(), /*isVarArg=*/true), Values);
}

Value *opaqueValue(IRBuilder<> &B, llvm::Type *T) {
  std::string Name = "__warplint_ptx_opaque.";
  raw_string_ostream OS(Name);
  T->print(OS);
  return callModelHelper(B, Name, FunctionType::get(T, false), {});
}

Expected<Lowered> lowerInstruction(const PtxInst &I, OperandBinder &Ops, IRBuilder<> &B) {
  FamilyLowering L(I, Ops, B);
  switch (I.info().Fam) {
  case Family::Lifter:
    return Lowered{Lowered::NotShared, ""};
  case Family::Arith:
    return lowerArith(L);
  case Family::Bits:
    return lowerBits(L);
  case Family::Video:
    return lowerVideo(L);
  case Family::Math:
    return lowerMath(L);
  case Family::Warp:
    return lowerWarp(L);
  case Family::Async:
    return lowerAsync(L);
  case Family::Wgmma:
    return lowerWgmma(L);
  }
  llvm_unreachable("every family");
}

} // namespace ptx
} // namespace warplint
