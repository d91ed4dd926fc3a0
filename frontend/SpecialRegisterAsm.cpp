//===- SpecialRegisterAsm.cpp - Inline asm that reads a special register --===//
#include "frontend/SpecialRegisterAsm.h"
#include "frontend/InlineAsmCalls.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

namespace {
/// The intrinsic that reads the register a "mov.u32 $0, %reg;" asm names,
/// or not_intrinsic.
Intrinsic::ID registerIntrinsic(const InlineAsm &Asm) {
  if (!StringRef(Asm.getConstraintString()).starts_with("=r") || Asm.hasSideEffects())
    return Intrinsic::not_intrinsic;
  static const Regex Mov("^[[:space:]]*mov\\.u32[[:space:]]+\\$0[[:space:]]*,[[:space:]]*"
                         "%([a-z_0-9.]+)[[:space:]]*;?[[:space:]]*$");
  SmallVector<StringRef, 2> Match;
  if (!Mov.match(Asm.getAsmString(), &Match))
    return Intrinsic::not_intrinsic;
  // PTX spells %lanemask_lt, the intrinsic lanemask.lt.
  std::string Reg = Match[1].str();
  llvm::replace(Reg, '_', '.');
  return Intrinsic::lookupIntrinsicID("llvm.nvvm.read.ptx.sreg." + Reg);
}
} // namespace

unsigned lowerSpecialRegisterAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M)) {
    Intrinsic::ID ID = registerIntrinsic(*cast<InlineAsm>(CI->getCalledOperand()));
    if (!ID)
      continue;
    Function *Decl = Intrinsic::getOrInsertDeclaration(&M, ID);
    if (Decl->getReturnType() != CI->getType() || Decl->arg_size())
      continue;
    CallInst *Read = CallInst::Create(Decl, {}, CI->getName(), CI->getIterator());
    Read->setDebugLoc(CI->getDebugLoc());
    CI->replaceAllUsesWith(Read);
    CI->eraseFromParent();
    ++Replaced;
  }
  return Replaced;
}

} // namespace warplint
