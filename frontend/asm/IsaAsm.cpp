//===- IsaAsm.cpp - Inline asm through the one instruction table ----------===//
#include "frontend/asm/IsaAsm.h"
#include "frontend/asm/InlineAsmCalls.h"
#include "frontend/ptxisa/SpecialRegisters.h"
#include "frontend/ptxisa/lower/Lower.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {

namespace {
/// The operands of one asm call: "$N" (or "%N", as CUDA source spells it)
/// is output N, or input N minus the outputs; the outputs are the call's
/// result (a structure of them when there are several). A brace list
/// ("{%0, ..., %31}", wgmma's accumulators) is its elements, each bound so.
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
    return Arg == CI.arg_size() && llvm::all_of(OutputTypes, [](Type *T) { return T; });
  }

  unsigned size() const override { return Tokens.size(); }

  Expected<Value *> read(unsigned N, Type *T, bool Signed) override {
    return readToken(first(N), T, Signed);
  }

  /// Reads token Tok ("$1", a literal, a predicate the block declared).
  Expected<Value *> readToken(StringRef Tok, Type *T, bool Signed) {
    Value *V = value(Tok);
    if (!V)
      return error("operand '" + Tok + "' is not a value");
    if (V->getType()->isPointerTy() || T->isPointerTy() || !V->getType()->isSized())
      return error("operand '" + Tok + "' is not a value");
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

  bool isAddress(unsigned N) const override { return StringRef(Tokens[N]).starts_with("["); }

  bool isSink(unsigned N) const override { return Tokens[N] == "_"; }

  /// "[$N]" or "[%N]": input N as a pointer of space AS (the pointer a
  /// 32-bit shared address was converted from, or the integer made one).
  Expected<Value *> address(unsigned N, unsigned AS) override {
    StringRef Tok = StringRef(Tokens[N]).trim();
    if (!Tok.consume_front("[") || !Tok.consume_back("]"))
      return error("operand '" + Tokens[N] + "' is not an address");
    Value *V = value(Tok.trim());
    if (!V)
      return error("address '" + Tokens[N] + "' is not one input");
    IRBuilder<> &B = builder();
    Value *Int = V;
    if (auto *T = dyn_cast<TruncInst>(Int))
      Int = T->getOperand(0);
    if (auto *Z = dyn_cast<ZExtInst>(Int))
      Int = Z->getOperand(0);
    if (auto *P2I = dyn_cast<PtrToIntInst>(Int))
      V = P2I->getPointerOperand();
    PointerType *Want = B.getPtrTy(AS);
    if (auto *P = dyn_cast<PointerType>(V->getType()))
      return P == Want ? V : B.CreateAddrSpaceCast(V, Want);
    if (!V->getType()->isIntegerTy())
      return error("address '" + Tokens[N] + "' is not an integer or a pointer");
    return B.CreateIntToPtr(B.CreateZExtOrTrunc(V, B.getInt64Ty()), Want);
  }

  unsigned elements(unsigned N) const override { return braceList(N).size(); }

  Expected<Value *> readElement(unsigned N, unsigned E, Type *T) override {
    return readToken(braceList(N)[E], T, false);
  }

  Error writeElement(unsigned N, unsigned E, Value *V) override {
    return store(braceList(N)[E], V, false);
  }

  Expected<Type *> elementType(unsigned N, unsigned E) override {
    StringRef Tok = braceList(N)[E];
    int K = number(Tok);
    if (K < 0 || unsigned(K) >= OutputTypes.size())
      return error("'" + Tok + "' is not an output");
    return OutputTypes[K];
  }

  Error error(const Twine &Msg) override { return createStringError(Msg); }

  /// Declares predicate Name of the asm block (".reg .pred p;").
  void declareLocal(StringRef Name) { Locals[Name] = nullptr; }
  /// Sets a declared predicate (setp's result).
  void setLocal(StringRef Name, Value *V) { Locals[Name] = V; }
  /// Writes output token Tok ("$0", "%0").
  Error writeToken(StringRef Tok, Value *V) { return store(Tok, V, false); }

  /// Whether every output was written.
  bool complete() const { return !llvm::is_contained(Outputs, nullptr); }
  /// The call's result from the outputs written, or null when one is not.
  Value *result(IRBuilder<> &B) {
    if (!complete())
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

  /// The elements of brace list operand N ("{$0, $1}"), none when it is not one.
  SmallVector<StringRef, 32> braceList(unsigned N) const {
    SmallVector<StringRef, 32> Out;
    StringRef Tok = StringRef(Tokens[N]).trim();
    if (!Tok.consume_front("{") || !Tok.consume_back("}"))
      return Out;
    Tok.split(Out, ',');
    for (StringRef &E : Out)
      E = E.trim();
    return Out;
  }

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
    if (auto It = Locals.find(Tok); It != Locals.end())
      return It->second;
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
    if (auto It = Locals.find(Tok); It != Locals.end()) {
      It->second = V;
      return Error::success();
    }
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
  StringMap<Value *> Locals;  ///< The block's predicates.
  IRBuilder<> Builder;
};

/// An asm block of one table instruction with the predicates it needs:
/// ".reg .pred p;" declarations, "setp.ne.{b,u,s}32 p, TOK, 0" before it (a
/// predicate from an input: wgmma's scale-d) and "selp.{b,u,s}32 TOK, 1, 0,
/// p" after it (an output from a predicate: an mbarrier wait's result).
struct AsmBlock {
  SmallVector<std::string, 2> Locals;
  SmallVector<std::pair<std::string, std::string>, 2> Setp; ///< (p, TOK)
  SmallVector<std::pair<std::string, std::string>, 2> Selp; ///< (TOK, p)
  ptx::ParsedInstruction Inst;
};

std::optional<AsmBlock> parseBlock(StringRef Text) {
  if (std::optional<ptx::ParsedInstruction> P = ptx::parseInstruction(Text)) {
    AsmBlock B;
    B.Inst = std::move(*P);
    return B;
  }
  Text = Text.trim();
  if (!Text.consume_front("{") || !Text.consume_back("}"))
    return std::nullopt;
  SmallVector<StringRef, 6> Stmts;
  Text.split(Stmts, ';', -1, /*KeepEmpty=*/false);
  AsmBlock B;
  bool HaveInst = false;
  for (StringRef S : Stmts) {
    S = S.trim();
    if (S.empty())
      continue;
    if (S.consume_front(".reg")) {
      S = S.trim();
      if (!S.consume_front(".pred"))
        return std::nullopt;
      SmallVector<StringRef, 2> Names;
      S.split(Names, ',');
      for (StringRef N : Names)
        B.Locals.push_back(N.trim().str());
      continue;
    }
    SmallVector<StringRef, 4> Ops;
    StringRef Head = S.take_until([](char C) { return isSpace(C); });
    S.drop_front(Head.size()).split(Ops, ',');
    for (StringRef &O : Ops)
      O = O.trim();
    bool Int32 = Head.ends_with(".b32") || Head.ends_with(".u32") || Head.ends_with(".s32");
    if (Head.starts_with("setp.ne.") && Int32 && Ops.size() == 3 && Ops[2] == "0") {
      if (HaveInst)
        return std::nullopt;
      B.Setp.push_back({Ops[0].str(), Ops[1].str()});
      continue;
    }
    if (Head.starts_with("selp.") && Int32 && Ops.size() == 4 && Ops[1] == "1" && Ops[2] == "0") {
      if (!HaveInst)
        return std::nullopt;
      B.Selp.push_back({Ops[0].str(), Ops[3].str()});
      continue;
    }
    std::optional<ptx::ParsedInstruction> P = ptx::parseInstruction(S);
    if (!P || HaveInst)
      return std::nullopt;
    B.Inst = std::move(*P);
    HaveInst = true;
  }
  auto Declared = [&](const std::string &N) { return llvm::is_contained(B.Locals, N); };
  if (!HaveInst || !llvm::all_of(B.Setp, [&](auto &P) { return Declared(P.first); }) ||
      !llvm::all_of(B.Selp, [&](auto &P) { return Declared(P.second); }))
    return std::nullopt;
  return B;
}

/// Lowers CI when it is one shared-family instruction (or such a block);
/// erases what it built otherwise.
bool lowerOne(CallInst &CI, const InlineAsm &Asm) {
  std::optional<AsmBlock> P = parseBlock(Asm.getAsmString());
  if (!P || P->Inst.Inst.info().Fam == ptx::Family::Lifter)
    return false;
  AsmBinder Ops(CI, P->Inst.Operands);
  if (!Ops.bindConstraints())
    return false;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  Instruction *Before = CI.getPrevNode();
  for (const std::string &L : P->Locals)
    Ops.declareLocal(L);
  bool Ok = true;
  for (auto &[Pred, Tok] : P->Setp) {
    Expected<Value *> V = Ops.readToken(Tok, B.getInt32Ty(), false);
    if (!V) {
      consumeError(V.takeError());
      Ok = false;
      break;
    }
    Ops.setLocal(Pred, B.CreateICmpNE(*V, B.getInt32(0)));
  }
  Expected<ptx::Lowered> R = Ok ? ptx::lowerInstruction(P->Inst.Inst, Ops, B)
                                : Expected<ptx::Lowered>(ptx::Lowered{ptx::Lowered::Unsupported, ""});
  Ok = R && R->Kind == ptx::Lowered::Done;
  if (!R)
    consumeError(R.takeError());
  for (auto &[Tok, Pred] : P->Selp) {
    if (!Ok)
      break;
    Expected<Value *> V = Ops.readToken(Pred, B.getInt1Ty(), false);
    if (!V) {
      consumeError(V.takeError());
      Ok = false;
      break;
    }
    if (!*V) {
      Ok = false;
      break;
    }
    if (Error E = Ops.writeToken(Tok, B.CreateZExt(*V, B.getInt32Ty()))) {
      consumeError(std::move(E));
      Ok = false;
    }
  }
  Value *Result = nullptr;
  if (Ok && !CI.getType()->isVoidTy())
    Result = Ops.result(B);
  if (!Ok || (!CI.getType()->isVoidTy() && !Result)) {
    eraseBuiltBefore(CI, Before);
    return false;
  }
  if (Result)
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
