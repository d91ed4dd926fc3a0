//===- AtomicAsm.cpp - Inline asm that is one atomic or ordered access ----===//
#include "frontend/asm/AtomicAsm.h"
#include "frontend/ptxisa/AtomicOp.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {
/// The qualifiers of one PTX memory instruction.
struct Qualifiers {
  bool Global = false;
  bool Volatile = false;
  std::optional<AtomicOrdering> Order;
  SyncScope::ID Scope = SyncScope::System;
  StringRef Op;  // atom's operation
  char Kind = 0; // b, s, u or f
  unsigned Bits = 0;
};

std::optional<AtomicOrdering> ordering(StringRef Q) {
  return StringSwitch<std::optional<AtomicOrdering>>(Q)
      .Case("relaxed", AtomicOrdering::Monotonic)
      .Case("acquire", AtomicOrdering::Acquire)
      .Case("release", AtomicOrdering::Release)
      .Case("acq_rel", AtomicOrdering::AcquireRelease)
      .Case("sc", AtomicOrdering::SequentiallyConsistent)
      .Default(std::nullopt);
}

/// The scope's name in NVPTX's IR (sys is LLVM's default, system scope).
std::optional<StringRef> scopeName(StringRef Q) {
  return StringSwitch<std::optional<StringRef>>(Q)
      .Case("cta", StringRef("block"))
      .Case("cluster", StringRef("cluster"))
      .Case("gpu", StringRef("device"))
      .Case("sys", StringRef(""))
      .Default(std::nullopt);
}

bool isAtomOp(StringRef Q) {
  return StringSwitch<bool>(Q)
      .Cases({"add", "exch", "cas", "min", "max", "and", "or", "xor", "inc", "dec"}, true)
      .Default(false);
}

/// Parses ".global.relaxed.gpu.add.s32"; none when a qualifier is not one
/// of those above (vectors, .shared, .f16, cache hints, ...).
std::optional<Qualifiers> parseQualifiers(StringRef Dotted, LLVMContext &Ctx) {
  Qualifiers Q;
  SmallVector<StringRef, 6> Parts;
  Dotted.drop_front().split(Parts, '.');
  for (StringRef P : Parts) {
    if (P == "global") {
      Q.Global = true;
    } else if (P == "volatile") {
      Q.Volatile = true;
    } else if (std::optional<AtomicOrdering> O = ordering(P)) {
      Q.Order = O;
    } else if (std::optional<StringRef> S = scopeName(P)) {
      Q.Scope = S->empty() ? SyncScope::System : Ctx.getOrInsertSyncScopeID(*S);
    } else if (isAtomOp(P)) {
      Q.Op = P;
    } else if (P.size() == 3 && StringRef("bsuf").contains(P[0]) &&
               (P.drop_front() == "32" || P.drop_front() == "64")) {
      Q.Kind = P[0];
      Q.Bits = P[1] == '3' ? 32 : 64;
    } else {
      return std::nullopt;
    }
  }
  if (!Q.Bits)
    return std::nullopt;
  return Q;
}

/// Builds the IR for one asm call; false (and nothing built) when the call
/// is not one of the forms lowerAtomicAsm knows.
class AsmLowering {
public:
  AsmLowering(CallInst &CI, const InlineAsm &Asm)
      : CI(CI), B(&CI), Text(Asm.getAsmString()),
        Outputs(StringRef(Asm.getConstraintString()).starts_with("=") ? 1 : 0) {
    B.SetCurrentDebugLocation(CI.getDebugLoc());
  }

  bool run() {
    if (StringRef(Text).trim().starts_with("fence") ||
        StringRef(Text).trim().starts_with("membar"))
      return lowerFence();
    SmallVector<StringRef, 8> M;
    static const Regex Atom("^[[:space:]]*atom((\\.[a-z_0-9]+)+)[[:space:]]+\\$0[[:space:]]*,"
                            "[[:space:]]*\\[[[:space:]]*(\\$[0-9]+)[[:space:]]*\\][[:space:]]*,"
                            "[[:space:]]*(\\$[0-9]+)[[:space:]]*(,[[:space:]]*(\\$[0-9]+))?"
                            "[[:space:]]*;?[[:space:]]*$");
    static const Regex Load("^[[:space:]]*ld((\\.[a-z_0-9]+)+)[[:space:]]+\\$0[[:space:]]*,"
                            "[[:space:]]*\\[[[:space:]]*(\\$[0-9]+)[[:space:]]*\\]"
                            "[[:space:]]*;?[[:space:]]*$");
    static const Regex Store("^[[:space:]]*st((\\.[a-z_0-9]+)+)[[:space:]]+\\[[[:space:]]*"
                             "(\\$[0-9]+)[[:space:]]*\\][[:space:]]*,[[:space:]]*(\\$[0-9]+)"
                             "[[:space:]]*;?[[:space:]]*$");
    static const Regex Red("^[[:space:]]*red((\\.[a-z_0-9]+)+)[[:space:]]+\\[[[:space:]]*"
                           "(\\$[0-9]+)[[:space:]]*\\][[:space:]]*,[[:space:]]*(\\$[0-9]+)"
                           "[[:space:]]*;?[[:space:]]*$");
    static const Regex VecAtom("^[[:space:]]*atom((\\.[a-z_0-9]+)*)\\.v([24])\\.f32[[:space:]]+"
                               "\\{([^}]*)\\}[[:space:]]*,[[:space:]]*\\[[[:space:]]*(\\$[0-9]+)"
                               "[[:space:]]*\\][[:space:]]*,[[:space:]]*\\{([^}]*)\\}"
                               "[[:space:]]*;?[[:space:]]*$");
    if (Atom.match(Text, &M))
      return lowerAtom(M[1], M[3], M[4], M[6]);
    if (VecAtom.match(Text, &M))
      return lowerVectorAtom(M[1], M[3] == "2" ? 2 : 4, M[4], M[5], M[6]);
    if (Red.match(Text, &M))
      return lowerRed(M[1], M[3], M[4]);
    if (Load.match(Text, &M))
      return lowerLoad(M[1], M[3]);
    if (Store.match(Text, &M))
      return lowerStore(M[1], M[3], M[4]);
    return false;
  }

private:
  /// The input "$N" names, or null.
  Value *input(StringRef Tok) {
    unsigned N;
    if (!Tok.consume_front("$") || Tok.getAsInteger(10, N) || N < Outputs ||
        N - Outputs >= CI.arg_size())
      return nullptr;
    return CI.getArgOperand(N - Outputs);
  }

  /// The address "[$N]" names, as a pointer, or null (and nothing built).
  /// The last thing each form builds before its access.
  /// Clang passes a pointer bound to an "l" operand as the pointer itself;
  /// an integer address is a 64-bit one.
  Value *address(StringRef Tok, const Qualifiers &Q) {
    Value *V = input(Tok);
    if (!V)
      return nullptr;
    PointerType *Want = B.getPtrTy(Q.Global ? 1 : 0);
    if (auto *P = dyn_cast<PointerType>(V->getType())) {
      if (P->getAddressSpace() == Want->getAddressSpace())
        return V;
      return P->getAddressSpace() == 0 ? B.CreateAddrSpaceCast(V, Want) : nullptr;
    }
    return V->getType()->isIntegerTy(64) ? B.CreateIntToPtr(V, Want) : nullptr;
  }

  /// Whether T is the type the qualifiers name.
  static bool fits(Type *T, const Qualifiers &Q) {
    if (T->getPrimitiveSizeInBits() != Q.Bits)
      return false;
    return Q.Kind == 'f' ? T->isFloatingPointTy() : T->isIntegerTy() || Q.Kind == 'b';
  }

  bool lowerAtom(StringRef Dotted, StringRef Addr, StringRef ValTok, StringRef CmpTok) {
    std::optional<Qualifiers> Q = parseQualifiers(Dotted, CI.getContext());
    if (!Q || Q->Op.empty() || Q->Volatile || Outputs != 1 || !fits(CI.getType(), *Q))
      return false;
    Value *A = input(ValTok);
    if (!A || A->getType() != CI.getType())
      return false;
    AtomicOrdering Order = Q->Order.value_or(AtomicOrdering::Monotonic);
    Align Al(Q->Bits / 8);
    if (Q->Op == "cas") {
      Value *New = CmpTok.empty() ? nullptr : input(CmpTok);
      if (!New || New->getType() != A->getType() || !A->getType()->isIntegerTy())
        return false;
      Value *Ptr = address(Addr, *Q);
      if (!Ptr)
        return false;
      AtomicCmpXchgInst *X =
          B.CreateAtomicCmpXchg(Ptr, A, New, Al, Order,
                                AtomicCmpXchgInst::getStrongestFailureOrdering(Order), Q->Scope);
      return finish(B.CreateExtractValue(X, 0));
    }
    if (!CmpTok.empty())
      return false;
    bool Float = Q->Kind == 'f';
    std::optional<AtomicRMWInst::BinOp> Op = ptxAtomicOp(Q->Op, Float, Q->Kind == 's');
    if (!Op || (Float != A->getType()->isFloatingPointTy() && *Op != AtomicRMWInst::Xchg))
      return false;
    Value *Ptr = address(Addr, *Q);
    if (!Ptr)
      return false;
    return finish(B.CreateAtomicRMW(*Op, Ptr, A, Al, Order, Q->Scope));
  }

  /// atom[.SEM][.SCOPE].add.v2.f32 / .v4.f32 {$0, ...}, [$a], {$b, ...}:
  /// PTX performs a vector atom as one atomic per element, so it becomes
  /// one atomicrmw fadd per element (sm_90's atomicAdd on float2/float4).
  bool lowerVectorAtom(StringRef Dotted, unsigned N, StringRef OutList, StringRef Addr,
                       StringRef ValList) {
    std::string Scalar = (Dotted + ".f32").str();
    std::optional<Qualifiers> Q = parseQualifiers(Scalar, CI.getContext());
    auto *ST = dyn_cast<StructType>(CI.getType());
    if (!Q || Q->Op != "add" || Q->Volatile || !ST || ST->getNumElements() != N)
      return false;
    SmallVector<StringRef, 4> Outs, Vals;
    OutList.split(Outs, ',');
    ValList.split(Vals, ',');
    if (Outs.size() != N || Vals.size() != N)
      return false;
    for (unsigned K = 0; K < N; ++K)
      if (Outs[K].trim() != ("$" + Twine(K)).str() || !ST->getElementType(K)->isFloatTy())
        return false;
    Outputs = N;
    SmallVector<Value *, 4> Args;
    for (StringRef V : Vals) {
      Value *A = input(V.trim());
      if (!A || !A->getType()->isFloatTy())
        return false;
      Args.push_back(A);
    }
    Value *Ptr = address(Addr, *Q);
    if (!Ptr)
      return false;
    Value *Result = PoisonValue::get(ST);
    for (unsigned K = 0; K < N; ++K) {
      Value *Elem = K ? B.CreateConstInBoundsGEP1_32(B.getFloatTy(), Ptr, K) : Ptr;
      Value *Old = B.CreateAtomicRMW(AtomicRMWInst::FAdd, Elem, Args[K], Align(4),
                                     Q->Order.value_or(AtomicOrdering::Monotonic), Q->Scope);
      Result = B.CreateInsertValue(Result, Old, K);
    }
    return finish(Result);
  }

  /// red: an atom whose old value nobody reads (cooperative groups'
  /// multi-warp barriers: red.and.release.cta.b32 [$0], $1;).
  bool lowerRed(StringRef Dotted, StringRef Addr, StringRef ValTok) {
    std::optional<Qualifiers> Q = parseQualifiers(Dotted, CI.getContext());
    if (!Q || Q->Op.empty() || Q->Op == "cas" || Q->Op == "exch" || Q->Volatile || Outputs)
      return false;
    Value *A = input(ValTok);
    if (!A || !fits(A->getType(), *Q))
      return false;
    bool Float = Q->Kind == 'f';
    std::optional<AtomicRMWInst::BinOp> Op = ptxAtomicOp(Q->Op, Float, Q->Kind == 's');
    if (!Op || Float != A->getType()->isFloatingPointTy())
      return false;
    Value *Ptr = address(Addr, *Q);
    if (!Ptr)
      return false;
    B.CreateAtomicRMW(*Op, Ptr, A, Align(Q->Bits / 8), Q->Order.value_or(AtomicOrdering::Monotonic),
                      Q->Scope);
    return finish(nullptr);
  }

  bool lowerLoad(StringRef Dotted, StringRef Addr) {
    std::optional<Qualifiers> Q = parseQualifiers(Dotted, CI.getContext());
    if (!Q || !Q->Op.empty() || Outputs != 1 || !fits(CI.getType(), *Q) ||
        (Q->Order && *Q->Order != AtomicOrdering::Monotonic &&
         *Q->Order != AtomicOrdering::Acquire))
      return false;
    Value *Ptr = address(Addr, *Q);
    if (!Ptr)
      return false;
    LoadInst *L = B.CreateAlignedLoad(CI.getType(), Ptr, Align(Q->Bits / 8), Q->Volatile);
    if (Q->Order)
      L->setAtomic(*Q->Order, Q->Scope);
    return finish(L);
  }

  bool lowerStore(StringRef Dotted, StringRef Addr, StringRef ValTok) {
    std::optional<Qualifiers> Q = parseQualifiers(Dotted, CI.getContext());
    if (!Q || !Q->Op.empty() || Outputs != 0 ||
        (Q->Order && *Q->Order != AtomicOrdering::Monotonic &&
         *Q->Order != AtomicOrdering::Release))
      return false;
    Value *V = input(ValTok);
    if (!V || !fits(V->getType(), *Q))
      return false;
    Value *Ptr = address(Addr, *Q);
    if (!Ptr)
      return false;
    StoreInst *S = B.CreateAlignedStore(V, Ptr, Align(Q->Bits / 8), Q->Volatile);
    if (Q->Order)
      S->setAtomic(*Q->Order, Q->Scope);
    return finish(nullptr);
  }

  bool lowerFence() {
    static const Regex Fence("^[[:space:]]*(fence\\.(sc|acq_rel)\\.(cta|cluster|gpu|sys)|"
                             "membar\\.(cta|gl|sys))[[:space:]]*;?[[:space:]]*$");
    SmallVector<StringRef, 5> M;
    if (Outputs || CI.arg_size() || !Fence.match(Text, &M))
      return false;
    B.CreateFence(M[2] == "acq_rel" ? AtomicOrdering::AcquireRelease
                                    : AtomicOrdering::SequentiallyConsistent);
    return finish(nullptr);
  }

  /// Replaces the asm call by Result (null when it has no result).
  bool finish(Value *Result) {
    if (Result)
      CI.replaceAllUsesWith(Result);
    CI.eraseFromParent();
    return true;
  }

  CallInst &CI;
  IRBuilder<> B;
  std::string Text;
  unsigned Outputs;
};
} // namespace

unsigned lowerAtomicAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M))
    if (AsmLowering(*CI, *cast<InlineAsm>(CI->getCalledOperand())).run())
      ++Replaced;
  return Replaced;
}

} // namespace warplint
