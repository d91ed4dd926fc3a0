//===- StateSpaces.cpp - The state space of every memory access -----------===//
#include "analyzer/StateSpaces.h"
#include "frontend/Libdevice.h"
#include "frontend/ptxisa/CacheHint.h"
#include "frontend/ptxisa/Metadata.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace warplint {

StringRef accessOpName(AccessOp Op) {
  switch (Op) {
  case AccessOp::Load:
    return "ld";
  case AccessOp::Store:
    return "st";
  case AccessOp::Atomic:
    return "atom";
  }
  return "?";
}

namespace {

unsigned storeSize(const Instruction &I, Type *T) {
  return I.getModule()->getDataLayout().getTypeStoreSize(T).getFixedValue();
}

/// Why an alloca stayed in memory.
std::string localReason(const AllocaInst &AI) {
  bool Dynamic = false, Escapes = false;
  SmallVector<const Value *, 16> Work = {&AI};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      if (const auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
        if (!GEP->hasAllConstantIndices())
          Dynamic = true;
        Work.push_back(GEP);
      } else if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U) ||
                 isa<PHINode>(U) || isa<SelectInst>(U)) {
        Work.push_back(U);
      } else if (const auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() == V)
          Escapes = true;
      } else if (const auto *CB = dyn_cast<CallBase>(U)) {
        if (!CB->isLifetimeStartOrEnd() && !isa<DbgInfoIntrinsic>(CB))
          Escapes = true;
      } else if (isa<PtrToIntInst>(U)) {
        Escapes = true;
      }
    }
  }
  if (Dynamic && Escapes)
    return "dynamic index; address escapes";
  if (Dynamic)
    return "dynamic index";
  if (Escapes)
    return "address escapes";
  return "not promoted by the optimizer (size or type)";
}

/// The space of one underlying object of a generic pointer.
unsigned spaceOfObject(const Value *O, std::string &Reason, unsigned Depth);

unsigned spaceOfImpl(const Value *Ptr, std::string &Reason, unsigned Depth) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS != AS_Generic) {
    if (AS == AS_Local)
      if (const auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr)))
        Reason = localReason(*AI);
    return AS;
  }
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects);
  std::optional<unsigned> Space;
  std::string Why;
  for (const Value *O : Objects) {
    std::string R;
    unsigned S = spaceOfObject(O, R, Depth);
    if (Space && *Space != S) {
      Reason = "may point to " + addrSpaceName(*Space).str() + " or " +
               addrSpaceName(S).str() + " memory";
      return AS_Generic;
    }
    Space = S;
    if (Why.empty())
      Why = R;
  }
  Reason = Why;
  return Space.value_or(AS_Generic);
}

unsigned spaceOfObject(const Value *O, std::string &Reason, unsigned Depth) {
  if (const auto *C = dyn_cast<AddrSpaceCastOperator>(O))
    return C->getSrcAddressSpace() == AS_Generic
               ? spaceOfImpl(C->getPointerOperand(), Reason, Depth)
               : C->getSrcAddressSpace();
  if (const auto *GV = dyn_cast<GlobalVariable>(O))
    return GV->getAddressSpace() == AS_Generic ? AS_Global : GV->getAddressSpace();
  if (const auto *AI = dyn_cast<AllocaInst>(O)) {
    Reason = localReason(*AI);
    return AS_Local;
  }
  if (const auto *A = dyn_cast<Argument>(O)) {
    const Function &F = *A->getParent();
    if (isKernel(F))
      return A->hasByValAttr() ? AS_Param : AS_Global;
    // A device function's pointer parameter: the space its callers pass.
    std::optional<unsigned> Space;
    for (const User *U : F.users()) {
      const auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledFunction() != &F || Depth > 4) {
        Space = AS_Generic;
        break;
      }
      std::string R;
      unsigned S = spaceOfImpl(CB->getArgOperand(A->getArgNo()), R, Depth + 1);
      if (Space && *Space != S) {
        Space = AS_Generic;
        break;
      }
      Space = S;
    }
    if (Space && *Space != AS_Generic)
      return *Space;
    Reason = "pointer parameter of device function '" + sourceName(F) +
             "' whose callers disagree or are unknown";
    return AS_Generic;
  }
  if (const auto *L = dyn_cast<LoadInst>(O)) {
    // What the host wrote in a kernel's parameters or in __constant__ memory
    // can only be a global address (the host has no other): a pointer field
    // of a parameter or __constant__ structure points to global memory.
    std::string R;
    unsigned From = Depth > 4 ? AS_Generic : spaceOfImpl(L->getPointerOperand(), R, Depth + 1);
    if (From == AS_Param || From == AS_Const)
      return AS_Global;
    Reason = "pointer loaded from " +
             (From == AS_Generic ? std::string("memory") : addrSpaceName(From).str() + " memory");
    return AS_Generic;
  }
  if (const auto *CB = dyn_cast<CallBase>(O)) {
    const Function *Callee = CB->getCalledFunction();
    if (Callee && (Callee->getName() == "malloc" || Callee->getName() == "__nv_malloc"))
      return AS_Global; // The device heap is global memory.
    Reason = "pointer returned by a call" +
             (Callee ? " to '" + sourceName(*Callee) + "'" : std::string());
    return AS_Generic;
  }
  if (isa<IntToPtrInst>(O)) {
    Reason = "pointer made from an integer";
    return AS_Generic;
  }
  if (isa<PHINode>(O) || isa<SelectInst>(O)) {
    Reason = "pointer chosen at run time among several objects";
    return AS_Generic;
  }
  Reason = "pointer origin could not be traced";
  return AS_Generic;
}

void addAccess(const Instruction &I, const Value *Ptr, AccessOp Op, unsigned Bytes,
               std::vector<IrAccess> &Out) {
  IrAccess A;
  A.Inst = &I;
  A.Pointer = Ptr;
  A.Op = Op;
  A.Bytes = Bytes;
  A.Space = StateSpaces::spaceOf(Ptr, &A.Reason);
  if (isa<LoadInst>(I) || isa<StoreInst>(I))
    A.CacheHint = cacheHint(I);
  Out.push_back(std::move(A));
}

/// Bytes moved by a cp.async intrinsic, from its name (".4", ".8", ".16").
unsigned cpAsyncBytes(StringRef Name) {
  unsigned Bytes = 0;
  Name.substr(Name.rfind('.') + 1).getAsInteger(10, Bytes);
  return Bytes;
}

} // namespace

unsigned StateSpaces::spaceOf(const Value *Ptr, std::string *Reason) {
  std::string R;
  unsigned S = spaceOfImpl(Ptr, R, 0);
  if (Reason)
    *Reason = (S == AS_Generic || S == AS_Local) ? R : "";
  return S;
}

void collectIrAccesses(const Instruction &I, std::vector<IrAccess> &Out) {
  // Linked library code's tables and scratch are not the program's accesses
  // (the device model counts them apart).
  if (isLibraryCode(I))
    return;
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return addAccess(I, LI->getPointerOperand(), AccessOp::Load,
                     storeSize(I, LI->getType()), Out);
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    return addAccess(I, SI->getPointerOperand(), AccessOp::Store,
                     storeSize(I, SI->getValueOperand()->getType()), Out);
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return addAccess(I, RMW->getPointerOperand(), AccessOp::Atomic,
                     storeSize(I, RMW->getValOperand()->getType()), Out);
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return addAccess(I, CX->getPointerOperand(), AccessOp::Atomic,
                     storeSize(I, CX->getNewValOperand()->getType()), Out);
  if (const auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    unsigned Bytes = 0;
    if (const auto *Len = dyn_cast<ConstantInt>(MI->getLength()))
      Bytes = Len->getZExtValue();
    const auto *MT = dyn_cast<MemTransferInst>(MI);
    if (MT)
      addAccess(I, MT->getRawSource(), AccessOp::Load, Bytes, Out);
    // A bulk copy's shared memory is written by the TMA, not by the LSU
    // pipe: no wavefronts, no bank conflicts.
    if (MT && I.hasMetadata(BulkCopyMetadata)) {
      Out.back().BulkCopy = true;
      if (!Bytes)
        Out.back().BulkLength = MI->getLength();
      return;
    }
    return addAccess(I, MI->getRawDest(), AccessOp::Store, Bytes, Out);
  }
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    // A vector access with a constant mask (the load-store vectorizer fills
    // a gap with one): one instruction of the vector's width, as NVPTX
    // lowers it.
    if (II->getIntrinsicID() == Intrinsic::masked_load)
      return addAccess(I, II->getArgOperand(0), AccessOp::Load, storeSize(I, II->getType()),
                       Out);
    if (II->getIntrinsicID() == Intrinsic::masked_store)
      return addAccess(I, II->getArgOperand(1), AccessOp::Store,
                       storeSize(I, II->getArgOperand(0)->getType()), Out);
    StringRef Name = II->getCalledFunction()->getName();
    if (Name.contains("nvvm.cp.async") && Name.contains(".shared.global.") &&
        II->arg_size() >= 2) {
      unsigned Bytes = cpAsyncBytes(Name);
      addAccess(I, II->getArgOperand(1), AccessOp::Load, Bytes, Out);
      addAccess(I, II->getArgOperand(0), AccessOp::Store, Bytes, Out);
    } else if (Name.starts_with("llvm.nvvm.mbarrier.") && II->arg_size() >= 1 &&
               II->getArgOperand(0)->getType()->isPointerTy()) {
      // An mbarrier is an 8-byte shared word: init writes it, the waits
      // read it, the arrivals and transaction counts update it atomically.
      StringRef Op = Name.drop_front(strlen("llvm.nvvm.mbarrier."));
      AccessOp K = Op.starts_with("init") || Op.starts_with("inval") ? AccessOp::Store
                   : Op.starts_with("test.wait") || Op.starts_with("try.wait")
                       ? AccessOp::Load
                       : AccessOp::Atomic;
      addAccess(I, II->getArgOperand(0), K, 8, Out);
      Out.back().Mbarrier = true;
    } else if (Name.starts_with("llvm.nvvm.ldu.global") ||
               Name.starts_with("llvm.nvvm.ldg.global")) {
      addAccess(I, II->getArgOperand(0), AccessOp::Load, storeSize(I, II->getType()),
                Out);
    }
  }
}

StateSpaces StateSpaces::analyze(const DeviceModule &DM, const Function &Kernel) {
  StateSpaces R;
  R.Kernel = &Kernel;
  // The kernel and every defined function it calls, with the kernel-side call
  // site of the first call that reaches each.
  SetVector<const Function *> Funcs;
  std::map<const Function *, SourceLoc> CallSiteOf;
  Funcs.insert(&Kernel);
  for (size_t I = 0; I < Funcs.size(); ++I)
    for (const Instruction &Inst : instructions(*Funcs[I]))
      if (const auto *CB = dyn_cast<CallBase>(&Inst))
        if (const Function *Callee = CB->getCalledFunction())
          if (!Callee->isDeclaration() && Funcs.insert(Callee))
            CallSiteOf[Callee] = Funcs[I] == &Kernel ? outermostLocation(Inst)
                                                     : CallSiteOf[Funcs[I]];

  std::map<std::tuple<SourceLoc, unsigned, AccessOp>, size_t> Index;
  for (const Function *F : Funcs)
    for (const Instruction &Inst : instructions(*F)) {
      std::vector<IrAccess> IrAccesses;
      collectIrAccesses(Inst, IrAccesses);
      for (IrAccess &A : IrAccesses) {
        SourceLoc Loc = userLocation(Inst);
        SourceLoc Outer = F == &Kernel ? outermostLocation(Inst) : CallSiteOf[F];
        auto Key = std::make_tuple(Loc, A.Space, A.Op);
        auto [It, New] = Index.try_emplace(Key, R.Accesses.size());
        if (New) {
          MemoryAccess M;
          M.Loc = Loc;
          if (!(Outer == Loc))
            M.CallSite = Outer;
          M.Op = A.Op;
          M.Space = A.Space;
          M.Reason = A.Reason;
          M.CacheHint = A.CacheHint;
          R.Accesses.push_back(std::move(M));
        }
        MemoryAccess &M = R.Accesses[It->second];
        if (M.CacheHint != A.CacheHint)
          M.CacheHint = "mixed";
        M.Bytes = std::max(M.Bytes, A.Bytes);
        for (SourceLoc &L : mergedLocations(Inst))
          if (!(L == M.Loc) && !llvm::is_contained(M.MergedWith, L))
            M.MergedWith.insert(llvm::upper_bound(M.MergedWith, L), std::move(L));
        M.Sites.push_back(std::move(A));
      }
    }
  std::stable_sort(R.Accesses.begin(), R.Accesses.end(),
                   [](const MemoryAccess &A, const MemoryAccess &B) {
                     return std::tie(A.Loc, A.Space, A.Op) < std::tie(B.Loc, B.Space, B.Op);
                   });
  for (MemoryAccess &M : R.Accesses) {
    StructFieldUse Key{M.Loc.File, M.Loc.Line, M.Loc.Column, 0};
    for (auto It = llvm::lower_bound(DM.StructFields, Key);
         It != DM.StructFields.end() && It->File == Key.File && It->Line == Key.Line &&
         It->Column == Key.Column;
         ++It)
      M.StructSizes.push_back(It->StructBytes);
  }

  // Private arrays: promoted unless an alloca of that name survives.
  for (const LocalArrayDecl &D : DM.LocalArrays) {
    const Function *Owner = DM.M->getFunction(D.Function);
    bool Reached = Owner && Funcs.contains(Owner);
    if (Owner && !Reached && isKernel(*Owner))
      continue; // Another kernel's array that happens to share a name.
    const AllocaInst *Survivor = nullptr;
    for (const Function *F : Funcs)
      for (const Instruction &Inst : instructions(*F))
        if (const auto *AI = dyn_cast<AllocaInst>(&Inst)) {
          StringRef N = AI->getName();
          if (N == D.Name || (N.starts_with(D.Name + ".") && !Owner))
            Survivor = AI;
        }
    if (!Reached && !Survivor)
      continue;
    LocalArrayStatus S;
    S.Decl = D;
    S.Promoted = !Survivor;
    S.Alloca = Survivor;
    if (Survivor)
      S.Reason = localReason(*Survivor);
    R.Locals.push_back(std::move(S));
  }
  return R;
}

const MemoryAccess *StateSpaces::accessFor(const Instruction *I) const {
  for (const MemoryAccess &A : Accesses)
    for (const IrAccess &S : A.Sites)
      if (S.Inst == I)
        return &A;
  return nullptr;
}

void StateSpaces::print(raw_ostream &OS) const {
  OS << "kernel " << sourceName(*Kernel) << "\n";
  for (const MemoryAccess &A : Accesses) {
    OS << "  " << A.Loc.File << ":" << A.Loc.Line << ":" << A.Loc.Column << " "
       << addrSpaceName(A.Space) << " " << accessOpName(A.Op) << " " << A.Bytes
       << "B";
    if (A.Sites.size() > 1)
      OS << " x" << A.Sites.size();
    if (!A.Reason.empty())
      OS << " (" << A.Reason << ")";
    if (!A.CacheHint.empty())
      OS << " cache=" << A.CacheHint;
    OS << "\n";
  }
  for (const LocalArrayStatus &L : Locals)
    OS << "  array " << L.Decl.Name << " [" << L.Decl.Bytes << "B] "
       << (L.Promoted ? "promoted to registers" : "local: " + L.Reason) << "\n";
}

} // namespace warplint
