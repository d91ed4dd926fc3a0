//===- DecodeCalls.cpp - Calls, terminators, traps ------------------------===//
//
// The control family of the decoder and the call dispatch: a call goes to
// inline asm, or to the first family that claims it (ProgramDecoder.h), or
// becomes a call of a device function with a frame of its own. Branches,
// switches and returns carry their phi moves on their edges.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"

#include "frontend/DeviceModule.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace warplint {
namespace dm {

void ProgramDecoder::decodeCall(const CallBase &CB) {
  const llvm::Function *Callee = CB.getCalledFunction();
  if (const auto *Asm = dyn_cast<InlineAsm>(CB.getCalledOperand()))
    return decodeInlineAsm(CB, *Asm);
  if (!Callee)
    return decodeIndirectCall(CB);
  StringRef Name = Callee->getName();
  // Each family claims the calls it knows, in this order (a name two
  // families could take goes to the first).
  using Family = bool (ProgramDecoder::*)(const CallBase &, StringRef);
  static constexpr Family Families[] = {
      &ProgramDecoder::decodeAsyncCall,           // DecodeAsync.cpp
      &ProgramDecoder::decodeThreadIntrinsic,     // DecodeIntrinsics.cpp
      &ProgramDecoder::decodeMemoryCall,          // DecodeMemory.cpp
      &ProgramDecoder::decodeArithmeticIntrinsic, // DecodeArithmetic.cpp
      &ProgramDecoder::decodeLibdeviceCall,       // DecodeLibdevice.cpp
      &ProgramDecoder::decodeTrapCall,            // here
  };
  for (Family Decode : Families)
    if ((this->*Decode)(CB, Name))
      return;
  decodeDeviceCall(CB, *Callee);
}

bool ProgramDecoder::decodeTrapCall(const CallBase &CB, StringRef Name) {
  if (Name == "llvm.trap" || Name == "llvm.nvvm.trap" || Name == "llvm.ubsantrap") {
    Inst D;
    D.Opc = Op::Unreachable;
    D.Aux = 1;
    emit(D);
    return true;
  }
  const llvm::Function *Callee = CB.getCalledFunction();
  if (Callee->isDeclaration() && Name == "__assertfail" && CB.arg_size() >= 1) {
    Inst D;
    D.Opc = Op::Unreachable;
    D.Aux = 2;
    D.A = slot(CB.getArgOperand(0));
    emit(D);
    return true;
  }
  return false;
}

/// Whether Callee only reads through its by-value aggregate argument A
/// (loads, through offsets and casts) and lets its address go nowhere else.
/// A call then passes the caller's aggregate itself: the callee reads the
/// bytes a copy would hold, as the PTX parameter space gives them.
static bool onlyReadsByValArg(const Argument &A) {
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 16> Seen{&A};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (const auto *L = dyn_cast<LoadInst>(U); L && !L->isVolatile())
        continue;
      const auto *GEP = dyn_cast<GetElementPtrInst>(U);
      if ((GEP && GEP->getPointerOperand() == V) || isa<BitCastInst>(U) ||
          isa<AddrSpaceCastInst>(U)) {
        if (Seen.insert(U).second)
          Work.push_back(U);
        continue;
      }
      return false;
    }
  }
  return true;
}

/// Why Callee cannot be a call's frame, or "".
static std::string refusedCallee(const llvm::Function &Callee) {
  for (const Argument &A : Callee.args())
    if (A.hasByValAttr() && !onlyReadsByValArg(A))
      return "by-value aggregate argument the callee writes or whose address it passes on";
  return "";
}

void ProgramDecoder::decodeDeviceCall(const CallBase &CB, const llvm::Function &Callee) {
  StringRef Name = Callee.getName();
  if (Callee.isDeclaration() && !Name.starts_with("llvm.") && !Name.starts_with("__nv_") &&
      !Callee.isIntrinsic())
    return refuse("cannot run: " + demangle(Name) + " is declared but not defined (no " +
                  "definition of this device function is in the translation unit)");
  if (Callee.isDeclaration())
    return unsupported(CB, "call to unknown function " + Name.str() + " in");
  if (std::string Why = refusedCallee(Callee); !Why.empty())
    return unsupported(CB, Why + " in");
  Inst D;
  D.Opc = Op::Call;
  // functionIndex may grow P.Funcs, which moves the function being decoded.
  size_t Current = Out - P.Funcs.data();
  D.Aux = functionIndex(Callee);
  Out = &P.Funcs[Current];
  Out->Callees.push_back(D.Aux);
  emitCallArgs(CB, D);
}

void ProgramDecoder::emitCallArgs(const CallBase &CB, Inst &D) {
  D.B = Out->CallArgs.size();
  for (const Use &U : CB.args()) {
    unsigned N = std::max(1u, flatCount(U->getType()));
    for (unsigned K = 0; K < N; ++K)
      Out->CallArgs.push_back(slot(U.get(), K));
  }
  D.C = Out->CallArgs.size() - D.B;
  D.Elems = flatCount(CB.getType());
  D.Dst = D.Elems ? valueSlot(&CB) : NoSlot;
  emit(D);
}

/// A call through a function pointer: its possible targets are the defined
/// functions of the call's type whose address device code takes; each is
/// decoded, and the interpreter maps each lane's pointer to one of them.
void ProgramDecoder::decodeIndirectCall(const CallBase &CB) {
  for (const Value *Arg : CB.args())
    for (unsigned K = 0, N = flatCount(Arg->getType()); K < N; ++K)
      if (!supportedScalar(flatElementType(Arg->getType(), K)))
        return unsupported(CB, "unsupported type in");
  if (P.CodeTargets.empty()) {
    P.CodeTargets.assign(Layout.functions().size(), NoSlot);
    P.CodeRefusals.assign(Layout.functions().size(), "");
    for (const llvm::Function *Fn : Layout.functions())
      P.CodeNames.push_back(sourceName(*Fn));
  }
  size_t Current = Out - P.Funcs.data();
  const std::vector<const llvm::Function *> &Code = Layout.functions();
  for (uint32_t Id = 0; Id < Code.size(); ++Id) {
    const llvm::Function &Target = *Code[Id];
    if (Target.isDeclaration() || !Target.hasAddressTaken() ||
        Target.getFunctionType() != CB.getFunctionType())
      continue;
    if (std::string Why = refusedCallee(Target); !Why.empty()) {
      P.CodeRefusals[Id] = Why;
      continue;
    }
    uint32_t Idx = functionIndex(Target);
    Out = &P.Funcs[Current];
    P.CodeTargets[Id] = Idx;
    Out->IndirectCallees.push_back(Idx);
  }
  Inst D;
  D.Opc = Op::CallIndirect;
  D.A = slot(CB.getCalledOperand());
  emitCallArgs(CB, D);
}

void ProgramDecoder::decodeTerminator(const Instruction &I) {
  const BasicBlock *BB = I.getParent();
  if (auto *Br = dyn_cast<BranchInst>(&I)) {
    Inst D;
    if (Br->isUnconditional()) {
      D.Opc = Op::Br;
      D.Aux = edgeTo(BB, Br->getSuccessor(0));
    } else {
      D.Opc = Op::CondBr;
      D.A = slot(Br->getCondition());
      D.Aux = edgeTo(BB, Br->getSuccessor(0));
      D.B = edgeTo(BB, Br->getSuccessor(1));
    }
    return emit(D);
  }
  if (auto *SW = dyn_cast<SwitchInst>(&I)) {
    Inst D;
    D.Opc = Op::Switch;
    D.A = slot(SW->getCondition());
    D.Aux = Out->CaseEdges.size();
    for (auto &Case : SW->cases()) {
      Out->CaseValues.push_back(Case.getCaseValue()->getZExtValue());
      Out->CaseEdges.push_back(edgeTo(BB, Case.getCaseSuccessor()));
    }
    D.B = SW->getNumCases();
    D.C = edgeTo(BB, SW->getDefaultDest());
    return emit(D);
  }
  if (auto *R = dyn_cast<ReturnInst>(&I)) {
    Inst D;
    D.Opc = Op::Ret;
    if (const Value *V = R->getReturnValue()) {
      D.Elems = flatCount(V->getType());
      if (isa<Constant>(V)) {
        uint32_t Tmp = allocValues(D.Elems);
        for (unsigned K = 0; K < D.Elems; ++K) {
          Inst C;
          C.Opc = Op::Copy;
          C.Dst = Tmp + K;
          C.A = slot(V, K);
          emit(C);
        }
        D.A = Tmp;
      } else {
        D.A = slot(V);
      }
    }
    return emit(D);
  }
  if (isa<UnreachableInst>(I)) {
    Inst D;
    D.Opc = Op::Unreachable;
    return emit(D);
  }
  unsupported(I, "unsupported terminator");
}

} // namespace dm
} // namespace warplint
