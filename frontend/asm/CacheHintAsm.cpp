//===- CacheHintAsm.cpp - Inline asm that is a load or store with a cache hint ===//
#include "frontend/asm/CacheHintAsm.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {
/// One ld.global or st.global instruction, parsed.
struct MemInstr {
  bool Load = true;
  std::string Hint;
  unsigned Lanes = 1; ///< Vector elements.
  char Kind = 0;      ///< b, s, u or f
  unsigned Bits = 0;  ///< Of one element.
  SmallVector<unsigned, 4> Data; ///< Operand numbers ($N) of the values.
  unsigned Addr = 0;             ///< Operand number of the address.
  int64_t Offset = 0;            ///< Bytes added to the address.
};


/// "$N" as N.
std::optional<unsigned> operandNumber(StringRef Tok) {
  unsigned N;
  Tok = Tok.trim();
  if (!Tok.consume_front("$") || Tok.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

/// "$N" or "{$a, $b, ...}" as operand numbers.
bool parseData(StringRef Tok, SmallVectorImpl<unsigned> &Out) {
  Tok = Tok.trim();
  if (Tok.consume_front("{")) {
    if (!Tok.consume_back("}"))
      return false;
    SmallVector<StringRef, 4> Parts;
    Tok.split(Parts, ',');
    for (StringRef P : Parts) {
      std::optional<unsigned> N = operandNumber(P);
      if (!N)
        return false;
      Out.push_back(*N);
    }
    return true;
  }
  std::optional<unsigned> N = operandNumber(Tok);
  if (N)
    Out.push_back(*N);
  return N.has_value();
}

/// "[$N]" or "[$N+IMM]".
bool parseAddress(StringRef Tok, MemInstr &I) {
  Tok = Tok.trim();
  if (!Tok.consume_front("[") || !Tok.consume_back("]"))
    return false;
  auto [Base, Off] = Tok.split('+');
  std::optional<unsigned> N = operandNumber(Base);
  if (!N)
    return false;
  I.Addr = *N;
  return Off.trim().empty() || !Off.trim().getAsInteger(0, I.Offset);
}

/// The qualifiers after "ld.global" / "st.global": a cache operator, L1/L2
/// qualifiers, .weak, .vN and the type. False for anything else (ordered or
/// volatile accesses are AtomicAsm's).
bool parseQualifiers(ArrayRef<StringRef> Quals, MemInstr &I) {
  if (Quals.empty())
    return false;
  SmallVector<std::string, 3> Hint;
  for (StringRef Q : Quals.drop_back()) {
    if (isCacheOperator(Q, I.Load) && Hint.empty())
      Hint.push_back(Q.str());
    else if (Q.starts_with("L1::") || Q.starts_with("L2::"))
      Hint.push_back(Q.str());
    else if (Q == "v2" || Q == "v4")
      I.Lanes = Q[1] - '0';
    else if (Q != "weak")
      return false;
  }
  I.Hint = join(Hint, ".");
  StringRef T = Quals.back();
  if (T.size() < 2 || !StringRef("bsuf").contains(T[0]) || T.drop_front().getAsInteger(10, I.Bits))
    return false;
  I.Kind = T[0];
  if (I.Bits != 8 && I.Bits != 16 && I.Bits != 32 && I.Bits != 64)
    return false;
  return I.Kind != 'f' || I.Bits >= 16;
}

std::optional<MemInstr> parse(StringRef Text) {
  Text = Text.trim();
  Text.consume_back(";");
  Text = Text.trim();
  if (Text.contains(';') || Text.contains('\n'))
    return std::nullopt; // More than one instruction.
  auto [Opcode, Operands] = Text.split(' ');
  SmallVector<StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  if (Parts.size() < 3 || (Parts[0] != "ld" && Parts[0] != "st") || Parts[1] != "global")
    return std::nullopt;
  MemInstr I;
  I.Load = Parts[0] == "ld";
  if (!parseQualifiers(ArrayRef(Parts).drop_front(2), I))
    return std::nullopt;
  // The data operand holds commas inside its braces: split at the address.
  size_t Open = Operands.find('['), Close = Operands.find(']');
  if (Open == StringRef::npos || Close == StringRef::npos || Close < Open)
    return std::nullopt;
  if (!parseAddress(Operands.slice(Open, Close + 1), I))
    return std::nullopt;
  StringRef Before = Operands.take_front(Open).trim(), After = Operands.drop_front(Close + 1).trim();
  StringRef Data;
  if (I.Load) {
    if (!After.empty() || !Before.consume_back(","))
      return std::nullopt;
    Data = Before;
  } else {
    if (!Before.empty() || !After.consume_front(","))
      return std::nullopt;
    Data = After;
  }
  if (!parseData(Data, I.Data) || I.Data.size() != I.Lanes)
    return std::nullopt;
  return I;
}

/// The type of one element in memory.
Type *elementType(const MemInstr &I, LLVMContext &Ctx) {
  if (I.Kind == 'f')
    return I.Bits == 16 ? Type::getHalfTy(Ctx)
                        : I.Bits == 32 ? Type::getFloatTy(Ctx) : Type::getDoubleTy(Ctx);
  return Type::getIntNTy(Ctx, I.Bits);
}

/// Whether a register of type Reg holds an element of type Mem: the same
/// bits, or an integer register wider or narrower than an integer element
/// (an 8-bit element lives in a 32-bit register).
bool converts(Type *Reg, Type *Mem) {
  if (Reg == Mem)
    return true;
  if (Reg->isIntegerTy() && Mem->isIntegerTy())
    return true;
  return Reg->getPrimitiveSizeInBits() == Mem->getPrimitiveSizeInBits() &&
         Reg->getPrimitiveSizeInBits() != 0;
}

Value *convert(IRBuilder<> &B, Value *V, Type *To, bool Signed) {
  if (V->getType() == To)
    return V;
  if (V->getType()->isIntegerTy() && To->isIntegerTy())
    return B.CreateIntCast(V, To, Signed);
  return B.CreateBitCast(V, To);
}

class Lowering {
public:
  Lowering(CallInst &CI, const MemInstr &I) : CI(CI), I(I), B(&CI) {
    B.SetCurrentDebugLocation(CI.getDebugLoc());
  }

  bool run() {
    unsigned Outputs = I.Load ? I.Lanes : 0;
    // The outputs are $0 .. $(Lanes-1), in order; the inputs follow.
    for (unsigned K = 0; K < Outputs; ++K)
      if (I.Data[K] != K)
        return false;
    if (!I.Load)
      for (unsigned N : I.Data)
        if (N < Outputs || N - Outputs >= CI.arg_size())
          return false;
    if (I.Addr < Outputs || I.Addr - Outputs >= CI.arg_size())
      return false;
    SmallVector<Type *, 4> Regs = registerTypes(Outputs);
    Type *Elem = elementType(I, CI.getContext());
    if (Regs.size() != I.Lanes || !all_of(Regs, [&](Type *R) { return converts(R, Elem); }))
      return false;
    Value *Addr = CI.getArgOperand(I.Addr - Outputs);
    if (!addressFits(Addr))
      return false;
    Value *Ptr = address(Addr);
    Type *MemTy = I.Lanes == 1 ? Elem : FixedVectorType::get(Elem, I.Lanes);
    Align Al(I.Bits / 8 * I.Lanes);
    bool Signed = I.Kind == 's';
    Instruction *Access;
    if (I.Load) {
      LoadInst *L = B.CreateAlignedLoad(MemTy, Ptr, Al, /*isVolatile=*/true);
      Access = L;
      Value *Result = PoisonValue::get(CI.getType());
      for (unsigned K = 0; K < I.Lanes; ++K) {
        Value *E = I.Lanes == 1 ? L : B.CreateExtractElement(L, K);
        E = convert(B, E, Regs[K], Signed);
        Result = I.Lanes == 1 ? E : B.CreateInsertValue(Result, E, K);
      }
      CI.replaceAllUsesWith(Result);
    } else {
      Value *V = PoisonValue::get(MemTy);
      for (unsigned K = 0; K < I.Lanes; ++K) {
        Value *E = convert(B, CI.getArgOperand(I.Data[K]), Elem, Signed);
        V = I.Lanes == 1 ? E : B.CreateInsertElement(V, E, K);
      }
      Access = B.CreateAlignedStore(V, Ptr, Al, /*isVolatile=*/true);
    }
    if (!I.Hint.empty())
      setCacheHint(*Access, I.Hint);
    CI.eraseFromParent();
    return true;
  }

private:
  /// The types of the registers that hold the data, in order.
  SmallVector<Type *, 4> registerTypes(unsigned Outputs) {
    SmallVector<Type *, 4> Regs;
    if (!I.Load) {
      for (unsigned N : I.Data)
        Regs.push_back(CI.getArgOperand(N)->getType());
    } else if (Outputs == 1) {
      Regs.push_back(CI.getType());
    } else if (auto *ST = dyn_cast<StructType>(CI.getType());
               ST && ST->getNumElements() == Outputs) {
      Regs.append(ST->element_begin(), ST->element_end());
    }
    return Regs;
  }

  static bool addressFits(Value *V) {
    if (auto *P = dyn_cast<PointerType>(V->getType()))
      return P->getAddressSpace() == 0 || P->getAddressSpace() == 1;
    return V->getType()->isIntegerTy(64);
  }

  /// The global-space pointer the address names (checked by addressFits).
  Value *address(Value *V) {
    PointerType *Global = B.getPtrTy(1);
    Value *P = V->getType()->isPointerTy()
                   ? (V->getType() == Global ? V : B.CreateAddrSpaceCast(V, Global))
                   : B.CreateIntToPtr(V, Global);
    return I.Offset ? B.CreateConstGEP1_64(B.getInt8Ty(), P, I.Offset) : P;
  }

  CallInst &CI;
  const MemInstr &I;
  IRBuilder<> B;
};
} // namespace

unsigned lowerCacheHintAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M)) {
    std::optional<MemInstr> I = parse(cast<InlineAsm>(CI->getCalledOperand())->getAsmString());
    if (I && Lowering(*CI, *I).run())
      ++Replaced;
  }
  // Clang's __ldg: an invariant load of the global space (ld.global.nc).
  for (Function &F : M)
    for (Instruction &Inst : instructions(F))
      if (auto *L = dyn_cast<LoadInst>(&Inst))
        if (L->getPointerAddressSpace() == 1 && L->hasMetadata(LLVMContext::MD_invariant_load) &&
            !L->hasMetadata(CacheHintKind)) {
          setCacheHint(*L, "nc");
          L->setVolatile(true); // As the asm's loads: kept whole.
        }
  return Replaced;
}

} // namespace warplint
