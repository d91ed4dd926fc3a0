//===- SpecialRegisters.cpp - The PTX special registers -------------------===//
#include "frontend/ptxisa/SpecialRegisters.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {
namespace ptx {

namespace {
const SpecialRegister Table[] = {
#define PTX_SREG(Name, Intr, Model) {Name, Intr, 0},
#include "frontend/ptxisa/SpecialRegisters.def"
};
} // namespace

Intrinsic::ID SpecialRegister::intrinsicID() const {
  if (Intrinsic.empty())
    return Intrinsic::not_intrinsic;
  return Intrinsic::lookupIntrinsicID(("llvm.nvvm.read.ptx.sreg." + Intrinsic).str());
}

ArrayRef<SpecialRegister> specialRegisters() {
  static const std::vector<SpecialRegister> Rows = [] {
    std::vector<SpecialRegister> R(std::begin(Table), std::end(Table));
    for (unsigned K = 0; K < R.size(); ++K)
      R[K].Row = K;
    return R;
  }();
  return Rows;
}

const SpecialRegister *lookupSpecialRegister(StringRef Name) {
  Name.consume_front("%");
  for (const SpecialRegister &R : specialRegisters())
    if (R.Name == Name)
      return &R;
  return nullptr;
}

const SpecialRegister *specialRegisterOfIntrinsic(StringRef Suffix) {
  for (const SpecialRegister &R : specialRegisters())
    if (!R.Intrinsic.empty() && R.Intrinsic == Suffix)
      return &R;
  return nullptr;
}

Value *readSpecialRegister(IRBuilderBase &B, StringRef Name) {
  const SpecialRegister *R = lookupSpecialRegister(Name);
  if (!R)
    return nullptr;
  Intrinsic::ID ID = R->intrinsicID();
  if (ID == Intrinsic::not_intrinsic)
    return nullptr;
  Module *M = B.GetInsertBlock()->getModule();
  return B.CreateCall(Intrinsic::getOrInsertDeclaration(M, ID), {});
}

} // namespace ptx
} // namespace warplint
