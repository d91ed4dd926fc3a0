//===- InlineAsmCalls.cpp - The inline asm calls of a module --------------===//
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {

SmallVector<CallInst *, 8> inlineAsmCalls(Function &F) {
  SmallVector<CallInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (isa<InlineAsm>(CI->getCalledOperand()))
        Calls.push_back(CI);
  return Calls;
}

SmallVector<CallInst *, 8> inlineAsmCalls(Module &M) {
  SmallVector<CallInst *, 8> Calls;
  for (Function &F : M)
    Calls.append(inlineAsmCalls(F));
  return Calls;
}

unsigned replaceInlineAsm(ArrayRef<CallInst *> Calls,
                          function_ref<Value *(CallInst &, const InlineAsm &)> Lower) {
  unsigned Replaced = 0;
  for (CallInst *CI : Calls)
    if (Value *V = Lower(*CI, *cast<InlineAsm>(CI->getCalledOperand()))) {
      CI->replaceAllUsesWith(V);
      CI->eraseFromParent();
      ++Replaced;
    }
  return Replaced;
}

void eraseBuiltBefore(CallInst &CI, Instruction *Before) {
  SmallVector<Instruction *, 16> Built;
  for (Instruction *I = Before ? Before->getNextNode() : &CI.getParent()->front(); I != &CI;
       I = I->getNextNode())
    Built.push_back(I);
  for (Instruction *I : llvm::reverse(Built))
    I->eraseFromParent();
}

Value *asmResult(IRBuilderBase &B, CallInst &CI, ArrayRef<Value *> Outputs) {
  if (Outputs.empty())
    return nullptr;
  if (Outputs.size() == 1)
    return Outputs[0];
  Value *S = PoisonValue::get(CI.getType());
  for (unsigned I = 0; I < Outputs.size(); ++I)
    S = B.CreateInsertValue(S, Outputs[I], I);
  return S;
}

Value *operandValue(CallInst &CI, StringRef Tok, Type *Ty) {
  Tok = Tok.trim();
  if (Tok.consume_front("$")) {
    unsigned N;
    if (Tok.getAsInteger(10, N) || N == 0 || N > CI.arg_size())
      return nullptr;
    Value *V = CI.getArgOperand(N - 1);
    return V->getType() == Ty ? V : nullptr;
  }
  uint64_t Imm;
  if (!Ty->isIntegerTy(32) || Tok.getAsInteger(0, Imm) || Imm > UINT32_MAX)
    return nullptr;
  return ConstantInt::get(Ty, Imm);
}

bool splitInstruction(StringRef Text, StringRef &Opcode, SmallVectorImpl<StringRef> &Operands) {
  Text = Text.trim();
  if (!Text.consume_back(";"))
    return false;
  Text = Text.rtrim();
  size_t Space = Text.find_first_of(" \t\n");
  if (Space == StringRef::npos)
    return false;
  Opcode = Text.take_front(Space);
  Text.drop_front(Space).split(Operands, ',');
  for (StringRef &Op : Operands)
    Op = Op.trim();
  return !Operands.empty() && Operands[0] == "$0" &&
         llvm::none_of(Operands, [](StringRef Op) { return Op.contains(';'); });
}

} // namespace warplint
