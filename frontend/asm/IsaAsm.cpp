//===- IsaAsm.cpp - Inline asm through the one instruction table ----------===//
#include "frontend/asm/IsaAsm.h"
#include "frontend/asm/InlineAsmCalls.h"
#include "frontend/ptxisa/SpecialRegisters.h"
#include "frontend/ptxisa/lower/Lower.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {

namespace {
/// The operands of one asm call: "$N" (or "%N", as CUDA source spells it)
/// is output N, or input N minus the outputs; the outputs are the call's
/// result (a structure of them when there are several).
class AsmBinder final : public ptx::OperandBinder {
public:
  AsmBinder(CallInst &CI, ArrayRef<std::string> Tokens)
      : CI(CI), Tokens(Tokens), Builder(CI.getContext()) {}

  /// Reads the constraints; false when one is a form this binder does not
  /// bind (an indirect output, a memory operand).
  bool bindConstraints() {
    const auto &Asm = *cast<InlineAsm>(CI.getCalledOperand());
    unsigned Arg = 0;
    for (const InlineAsm::ConstraintInfo &C : Asm.ParseConstraints()) {
      if (C.Type == InlineAsm::isClobber)
        continue;
      if (C.isIndirect)
        return false;
      if (C.Type == InlineAsm::isOutput) {
        OutputTypes.push_back(outputType(OutputTypes.size()));
        continue;
      }
      Value *V = CI.getArgOperand(Arg++);
      Inputs.push_back(V);
      TiedTo.push_back(-1);
      if (!C.Codes.empty() && !C.Codes[0].empty() && isDigit(C.Codes[0][0]))
        TiedTo.back() = std::stoi(C.Codes[0]);
    }
    Outputs.assign(OutputTypes.size(), nullptr);
    return Arg == CI.arg_size() && !OutputTypes.empty() && llvm::all_of(OutputTypes, [](Type *T) { return T; });
  }

  unsigned size() const override { return Tokens.size(); }

  Expected<Value *> read(unsigned N, Type *T, bool Signed) override {
    Value *V = value(first(N));
    if (!V || V->getType()->isPointerTy() || T->isPointerTy() || !V->getType()->isSized())
      return error("operand '" + Tokens[N] + "' is not a value");
    IRBuilder<> &B = builder();
    return ptx::convertBits(B, V, T, Signed);
  }

  Error write(unsigned N, Value *V, bool Signed) override { return store(first(N), V, Signed); }

  bool hasPair(unsigned N) const override { return StringRef(Tokens[N]).contains('|'); }

  Error writePair(unsigned N, Value *V) override {
    return store(StringRef(Tokens[N]).split('|').second.trim(), V, false);
  }

  std::optional<int64_t> immediate(unsigned N) const override {
    if (auto *C = dyn_cast_or_null<ConstantInt>(const_cast<AsmBinder *>(this)->value(first(N))))
      return C->getSExtValue();
    return std::nullopt;
  }

  Error error(const Twine &Msg) override { return createStringError(Msg); }

  /// The call's result from the outputs written, or null when one is not.
  Value *result(IRBuilder<> &B) {
    if (llvm::is_contained(Outputs, nullptr))
      return nullptr;
    return asmResult(B, CI, Outputs);
  }

private:
  /// A builder before the call, at its line.
  IRBuilder<> &builder() {
    Builder.SetInsertPoint(&CI);
    Builder.SetCurrentDebugLocation(CI.getDebugLoc());
    return Builder;
  }

  static StringRef first(StringRef Tok) { return Tok.split('|').first.trim(); }
  StringRef first(unsigned N) const { return first(StringRef(Tokens[N])); }

  /// The type of output K: the call's, or the K-th field of its structure.
  Type *outputType(unsigned K) {
    Type *T = CI.getType();
    if (auto *ST = dyn_cast<StructType>(T))
      return K < ST->getNumElements() ? ST->getElementType(K) : nullptr;
    return K == 0 && !T->isVoidTy() ? T : nullptr;
  }

  /// The operand number of "$N" / "%N", or -1.
  static int number(StringRef Tok) {
    unsigned N;
    if ((Tok.consume_front("$") || Tok.consume_front("%")) && !Tok.getAsInteger(10, N))
      return N;
    return -1;
  }

  /// What Tok names: an input, an output read back (its tied input), an
  /// integer literal or a special register; null otherwise.
  Value *value(StringRef Tok) {
    LLVMContext &Ctx = CI.getContext();
    if (int N = number(Tok); N >= 0) {
      unsigned Outs = OutputTypes.size();
      if (unsigned(N) >= Outs)
        return unsigned(N) - Outs < Inputs.size() ? Inputs[N - Outs] : nullptr;
      for (unsigned K = 0; K < Inputs.size(); ++K)
        if (TiedTo[K] == N)
          return Inputs[K];
      return nullptr;
    }
    int64_t Imm;
    if (!Tok.getAsInteger(0, Imm))
      return ConstantInt::get(Type::getInt64Ty(Ctx), Imm, true);
    if (Tok.starts_with("%")) {
      IRBuilder<> &B = builder();
      return ptx::readSpecialRegister(B, Tok);
    }
    return nullptr;
  }

  Error store(StringRef Tok, Value *V, bool Signed) {
    int N = number(Tok);
    if (N < 0 || unsigned(N) >= Outputs.size())
      return error("'" + Tok + "' is not an output");
    IRBuilder<> &B = builder();
    Outputs[N] = ptx::convertBits(B, V, OutputTypes[N], Signed);
    return Error::success();
  }

  CallInst &CI;
  ArrayRef<std::string> Tokens;
  SmallVector<Type *, 2> OutputTypes;
  SmallVector<Value *, 2> Outputs;
  SmallVector<Value *, 4> Inputs;
  SmallVector<int, 4> TiedTo; ///< The output an input is tied to, or -1.
  IRBuilder<> Builder;
};

/// Lowers CI when it is one shared-family instruction; erases what it built
/// otherwise.
bool lowerOne(CallInst &CI, const InlineAsm &Asm) {
  std::optional<ptx::ParsedInstruction> P = ptx::parseInstruction(Asm.getAsmString());
  if (!P || P->Inst.info().Fam == ptx::Family::Lifter)
    return false;
  AsmBinder Ops(CI, P->Operands);
  if (!Ops.bindConstraints())
    return false;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  Instruction *Before = CI.getPrevNode();
  Expected<ptx::Lowered> R = ptx::lowerInstruction(P->Inst, Ops, B);
  Value *Result = nullptr;
  if (R && R->Kind == ptx::Lowered::Done)
    Result = Ops.result(B);
  if (!R)
    consumeError(R.takeError());
  if (!Result) {
    eraseBuiltBefore(CI, Before);
    return false;
  }
  CI.replaceAllUsesWith(Result);
  CI.eraseFromParent();
  return true;
}
} // namespace

unsigned lowerIsaAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M))
    Replaced += lowerOne(*CI, *cast<InlineAsm>(CI->getCalledOperand()));
  return Replaced;
}

} // namespace warplint
