//===- GlobalLayout.cpp - Where a kernel's global variables live ----------===//
#include "devicemodel/GlobalLayout.h"

#include "frontend/DeviceModule.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <cstring>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// Collects the globals a value mentions, through constant expressions and
/// initializers, and the functions whose addresses they hold (vtables,
/// function-pointer tables).
void collectGlobals(const Value *V, SmallPtrSetImpl<const Value *> &Seen,
                    std::vector<const GlobalVariable *> &Out,
                    std::vector<const llvm::Function *> &Funcs) {
  if (!isa<Constant>(V) || !Seen.insert(V).second)
    return;
  if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    Out.push_back(GV);
    if (GV->hasInitializer())
      collectGlobals(GV->getInitializer(), Seen, Out, Funcs);
    return;
  }
  if (auto *F = dyn_cast<llvm::Function>(V)) {
    Funcs.push_back(F);
    return;
  }
  if (isa<GlobalValue>(V))
    return;
  for (const Use &U : cast<Constant>(V)->operands())
    collectGlobals(U.get(), Seen, Out, Funcs);
}

/// A call through a pointer, not inline asm.
bool isIndirectCall(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && !CB->getCalledFunction() && !CB->isInlineAsm();
}

uint64_t alignTo(uint64_t V, uint64_t A) { return (V + A - 1) / A * A; }

} // namespace

Expected<GlobalLayout> GlobalLayout::build(const llvm::Function &Kernel) {
  GlobalLayout L;
  const Module &M = *Kernel.getParent();
  L.DL = &M.getDataLayout();
  // The kernel and every function it reaches; where it calls through a
  // pointer, every function whose address device code takes (a target).
  SmallPtrSet<const llvm::Function *, 8> Funcs;
  std::vector<const llvm::Function *> Work{&Kernel};
  SmallPtrSet<const Value *, 32> Seen;
  std::vector<const GlobalVariable *> Used;
  bool Indirect = false, TargetsAdded = false;
  while (!Work.empty()) {
    const llvm::Function *F = Work.back();
    Work.pop_back();
    if (!Funcs.insert(F).second)
      continue;
    L.CodeIndex[F] = L.Code.size();
    L.Code.push_back(F);
    if (!F->isDeclaration())
      for (const BasicBlock &BB : *F)
        for (const Instruction &I : BB) {
          Indirect |= isIndirectCall(I);
          for (const Use &U : I.operands()) {
            if (auto *Callee = dyn_cast<llvm::Function>(U.get()))
              Work.push_back(Callee);
            else
              collectGlobals(U.get(), Seen, Used, Work);
          }
        }
    if (Work.empty() && Indirect && !TargetsAdded) {
      TargetsAdded = true;
      for (const llvm::Function &Target : M)
        if (!Target.isDeclaration() && Target.hasAddressTaken())
          Work.push_back(&Target);
      std::reverse(Work.begin(), Work.end()); // In the module's order.
    }
  }
  uint64_t SharedAlign = 1;
  std::vector<const GlobalVariable *> ExternShared;
  for (const GlobalVariable *GV : Used) {
    if (GV->getName().starts_with("llvm."))
      continue;
    GlobalImage Img;
    Img.Name = GV->getName().str();
    Img.Bytes = L.DL->getTypeAllocSize(GV->getValueType());
    uint64_t Align = std::max<uint64_t>(GV->getAlign().valueOrOne().value(),
                                        L.DL->getABITypeAlign(GV->getValueType()).value());
    unsigned AS = GV->getAddressSpace();
    if (AS == AS_Shared) {
      Img.Space = AS_Shared;
      if (Img.Bytes == 0) {
        ExternShared.push_back(GV);
        L.Placed[GV] = Img;
        continue;
      }
      L.SharedBytes = alignTo(L.SharedBytes, Align);
      Img.Address = tagOf(AS_Shared) | L.SharedBytes;
      L.SharedBytes += Img.Bytes;
      SharedAlign = std::max(SharedAlign, Align);
    } else if (AS == AS_Const) {
      Img.Space = AS_Const;
      L.ConstBytes = alignTo(L.ConstBytes, Align);
      Img.Address = tagOf(AS_Const) | L.ConstBytes;
      L.ConstBytes += Img.Bytes;
    } else if (AS == AS_Global || AS == AS_Generic) {
      Img.Space = AS_Global;
      Img.BufferIndex = L.NextBuffer++;
      Img.Address = tagOf(AS_Global) | (uint64_t(Img.BufferIndex) << BufferShift);
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "global '%s' is in address space %u, which the "
                               "device model does not support",
                               Img.Name.c_str(), AS);
    }
    L.Placed[GV] = Img;
    L.Order.push_back(GV);
  }
  // Dynamic shared memory follows the static variables, 16-byte aligned.
  L.SharedBytes = alignTo(L.SharedBytes, 16);
  for (const GlobalVariable *GV : ExternShared)
    L.Placed[GV].Address = tagOf(AS_Shared) | L.SharedBytes;
  for (const GlobalVariable *GV : L.Order) {
    GlobalImage &Img = L.Placed[GV];
    if (Img.Space == AS_Shared || !GV->hasInitializer())
      continue;
    const Constant *Init = GV->getInitializer();
    if (isa<ConstantAggregateZero>(Init) || isa<UndefValue>(Init))
      continue;
    Img.Init.assign(Img.Bytes, 0);
    L.serialize(Init, Img.Init.data());
  }
  return std::move(L);
}

uint64_t GlobalLayout::evaluate(const Constant *C) const {
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return CI->getBitWidth() > 64 ? CI->getValue().getLoBits(64).getZExtValue()
                                  : CI->getZExtValue();
  if (auto *CF = dyn_cast<ConstantFP>(C))
    return CF->getValueAPF().bitcastToAPInt().getZExtValue();
  if (isa<ConstantPointerNull>(C) || isa<UndefValue>(C) || isa<ConstantAggregateZero>(C))
    return 0;
  if (auto *GV = dyn_cast<GlobalVariable>(C)) {
    auto It = Placed.find(GV);
    return It == Placed.end() ? 0 : It->second.Address;
  }
  if (auto *F = dyn_cast<llvm::Function>(C)) {
    auto It = CodeIndex.find(F);
    return It == CodeIndex.end() ? 0 : codeAddress(It->second);
  }
  if (auto *GEP = dyn_cast<GEPOperator>(C)) {
    APInt Off(64, 0);
    uint64_t Base = evaluate(cast<Constant>(GEP->getPointerOperand()));
    if (GEP->accumulateConstantOffset(*DL, Off))
      return Base + Off.getSExtValue();
    return Base;
  }
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    switch (CE->getOpcode()) {
    case Instruction::AddrSpaceCast:
    case Instruction::BitCast:
    case Instruction::IntToPtr:
      return evaluate(CE->getOperand(0));
    case Instruction::PtrToInt:
    case Instruction::Trunc: {
      uint64_t V = evaluate(CE->getOperand(0));
      unsigned Bits = CE->getType()->getScalarSizeInBits();
      return Bits >= 64 ? V : V & ((uint64_t(1) << Bits) - 1);
    }
    case Instruction::Add:
      return evaluate(CE->getOperand(0)) + evaluate(CE->getOperand(1));
    case Instruction::Sub:
      return evaluate(CE->getOperand(0)) - evaluate(CE->getOperand(1));
    default:
      return 0;
    }
  }
  return 0;
}

void GlobalLayout::serialize(const Constant *C, uint8_t *Out) const {
  Type *T = C->getType();
  if (isa<ConstantAggregateZero>(C) || isa<UndefValue>(C))
    return;
  if (auto *CDS = dyn_cast<ConstantDataSequential>(C)) {
    StringRef Raw = CDS->getRawDataValues();
    memcpy(Out, Raw.data(), Raw.size());
    return;
  }
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL->getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      if (const Constant *E = C->getAggregateElement(I))
        serialize(E, Out + SL->getElementOffset(I));
    return;
  }
  if (T->isArrayTy() || T->isVectorTy()) {
    Type *E = T->isArrayTy() ? T->getArrayElementType()
                             : cast<VectorType>(T)->getElementType();
    uint64_t Stride = DL->getTypeAllocSize(E);
    unsigned N = T->isArrayTy() ? T->getArrayNumElements()
                                : cast<FixedVectorType>(T)->getNumElements();
    for (unsigned I = 0; I < N; ++I)
      if (const Constant *Sub = C->getAggregateElement(I))
        serialize(Sub, Out + I * Stride);
    return;
  }
  uint64_t V = evaluate(C);
  uint64_t Bytes = DL->getTypeStoreSize(T);
  memcpy(Out, &V, std::min<uint64_t>(Bytes, 8));
}

std::vector<GlobalImage> GlobalLayout::images() const {
  std::vector<GlobalImage> Out;
  for (const GlobalVariable *GV : Order)
    Out.push_back(Placed.find(GV)->second);
  return Out;
}

} // namespace dm
} // namespace warplint
