//===- InlineAsmCalls.cpp - The inline asm calls of a module --------------===//
#include "frontend/InlineAsmCalls.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {

SmallVector<CallInst *, 8> inlineAsmCalls(Module &M) {
  SmallVector<CallInst *, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (isa<InlineAsm>(CI->getCalledOperand()))
          Calls.push_back(CI);
  return Calls;
}

} // namespace warplint
