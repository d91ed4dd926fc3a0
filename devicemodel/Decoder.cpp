//===- Decoder.cpp - Decode a kernel's IR once into a Program -------------===//
//
// Functions, blocks, slots and the dispatch: decodeInstruction and
// decodeCall (DecodeCalls.cpp) hand each instruction to the file of its
// family (ProgramDecoder.h lists them).
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"

#include "analyzer/arch/MemoryCost.h"
#include "analyzer/arch/SassCount.h"
#include "frontend/Libdevice.h"
#include "frontend/ptxisa/CacheHint.h"
#include "frontend/DeviceModule.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/AtomicOrdering.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {
namespace dm {

unsigned flatCount(Type *T) {
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return VT->getNumElements() * flatCount(VT->getElementType());
  if (auto *ST = dyn_cast<StructType>(T)) {
    unsigned N = 0;
    for (Type *E : ST->elements())
      N += flatCount(E);
    return N;
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return AT->getNumElements() * flatCount(AT->getElementType());
  return T->isVoidTy() ? 0 : 1;
}

/// The scalar type of element Idx of a flattened type.
Type *flatElementType(Type *T, unsigned Idx) {
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return flatElementType(VT->getElementType(), Idx % flatCount(VT->getElementType()));
  if (auto *ST = dyn_cast<StructType>(T)) {
    for (Type *E : ST->elements()) {
      unsigned N = flatCount(E);
      if (Idx < N)
        return flatElementType(E, Idx);
      Idx -= N;
    }
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return flatElementType(AT->getElementType(), Idx % flatCount(AT->getElementType()));
  return T;
}

/// First flat element of aggregate index path Idxs in T.
unsigned flatOffset(Type *T, ArrayRef<unsigned> Idxs) {
  unsigned Off = 0;
  for (unsigned I : Idxs) {
    if (auto *ST = dyn_cast<StructType>(T)) {
      for (unsigned K = 0; K < I; ++K)
        Off += flatCount(ST->getElementType(K));
      T = ST->getElementType(I);
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      Off += I * flatCount(AT->getElementType());
      T = AT->getElementType();
    }
  }
  return Off;
}

uint64_t widthMask(unsigned Bits) {
  return Bits >= 64 ? ~uint64_t(0) : ((uint64_t(1) << Bits) - 1);
}

unsigned scalarBits(Type *T) {
  T = T->getScalarType();
  if (T->isPointerTy())
    return 64;
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  if (T->isFloatTy())
    return 32;
  if (T->isDoubleTy())
    return 64;
  if (T->isHalfTy() || T->isBFloatTy())
    return 16;
  return 0;
}

bool supportedScalar(Type *T) {
  return T->isPointerTy() || (T->isIntegerTy() && T->getIntegerBitWidth() <= 64) ||
         T->isFloatTy() || T->isDoubleTy() || T->isHalfTy() || T->isBFloatTy();
}

uint64_t requiredAlign(uint64_t Bytes, uint64_t Align) {
  uint64_t Natural = Bytes ? (Bytes & (~Bytes + 1)) : 1;
  return std::max<uint64_t>(1, std::min(Natural, Align));
}

ProgramDecoder::ProgramDecoder(Program &P, const Module &M, const GlobalLayout &Layout)
    : P(P), DL(M.getDataLayout()), Layout(Layout) {}

uint32_t ProgramDecoder::functionIndex(const llvm::Function &F) {
  auto It = FuncIndex.find(&F);
  if (It != FuncIndex.end())
    return It->second;
  uint32_t Idx = P.Funcs.size();
  // Growing Funcs moves the function being decoded: keep Out pointing at it.
  size_t OutIdx = Out ? size_t(Out - P.Funcs.data()) : 0;
  P.Funcs.emplace_back();
  if (Out)
    Out = &P.Funcs[OutIdx];
  P.Funcs.back().F = &F;
  P.Funcs.back().Name = F.getName().str();
  FuncIndex[&F] = Idx;
  Work.push_back(Idx);
  return Idx;
}

void ProgramDecoder::run() {
  while (!Work.empty()) {
    uint32_t Idx = Work.back();
    Work.pop_back();
    decodeFunction(Idx);
  }
}

uint32_t ProgramDecoder::locationIndex(const Instruction &I) {
  SourceLoc L = userLocation(I);
  auto Key = std::make_tuple(L.File, L.Line, L.Column);
  auto It = LocIndex.find(Key);
  if (It != LocIndex.end())
    return It->second;
  uint32_t Idx = P.Locations.size();
  P.Locations.push_back(L);
  LocIndex[Key] = Idx;
  return Idx;
}

uint32_t ProgramDecoder::siteIndex(const Instruction &I, unsigned Space, unsigned OpKind,
                                   unsigned Bytes, bool ForceAcquire, bool ForceRelease) {
  SourceLoc L = userLocation(I);
  // Linked libdevice code (the slow path of trigonometric argument
  // reduction): counted, as nvcc's binary makes these accesses, but never
  // one site with the program's access at the call's line.
  if (isLibraryCode(I))
    L = SourceLoc{"libdevice", 0, 0};
  bool Combines = OpKind >= 2 && atomicCombinesLanes(I);
  std::string Hint = cacheHint(I);
  bool Volatile = false;
  AtomicOrdering Order = AtomicOrdering::NotAtomic;
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    Volatile = LI->isVolatile();
    Order = LI->getOrdering();
  } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
    Volatile = SI->isVolatile();
    Order = SI->getOrdering();
  } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Order = RMW->getOrdering();
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Order = CX->getMergedOrdering();
  }
  bool Atomic = Order != AtomicOrdering::NotAtomic && OpKind < 2;
  bool Acquire = !isa<StoreInst>(I) && isAcquireOrStronger(Order);
  bool Release = !isa<LoadInst>(I) && isReleaseOrStronger(Order);
  Acquire |= ForceAcquire;
  Release |= ForceRelease;
  auto Key = std::make_tuple(L.File, L.Line, L.Column, Space, OpKind, Bytes, Combines, Hint,
                             Volatile, Atomic, Acquire, Release);
  auto It = SiteIndex.find(Key);
  if (It != SiteIndex.end())
    return It->second;
  uint32_t Idx = P.Sites.size();
  P.Sites.push_back(
      Site{L, Space, OpKind, Bytes, Combines, Hint, Volatile, Atomic, Acquire, Release});
  SiteIndex[Key] = Idx;
  return Idx;
}

uint32_t ProgramDecoder::constSlot(uint64_t V) {
  auto It = ConstIdx.find(V);
  if (It != ConstIdx.end())
    return It->second;
  uint32_t S = ConstFlag | Out->ConstValues.size();
  Out->ConstValues.push_back(V);
  ConstIdx[V] = S;
  return S;
}

uint32_t ProgramDecoder::valueSlot(const Value *V) {
  auto It = Slots.find(V);
  if (It != Slots.end())
    return It->second;
  uint32_t S = allocValues(std::max(1u, flatCount(V->getType())));
  Slots[V] = S;
  return S;
}

uint32_t ProgramDecoder::slot(const Value *V, unsigned Elem) {
  if (auto *C = dyn_cast<Constant>(V)) {
    if (C->getType()->isVectorTy() || C->getType()->isAggregateType()) {
      const Constant *E = elementOf(C, Elem);
      return constSlot(E ? Layout.evaluate(E) : 0);
    }
    return constSlot(Layout.evaluate(C));
  }
  return valueSlot(V) + Elem;
}

uint32_t ProgramDecoder::lanesSlot(const Value *V, unsigned N) {
  if (!isa<Constant>(V) || N < 2)
    return slot(V);
  // A constant's lanes are constant slots, not consecutive ones: copy them.
  uint32_t Tmp = allocValues(N);
  for (unsigned K = 0; K < N; ++K) {
    Inst C;
    C.Opc = Op::Copy;
    C.Dst = Tmp + K;
    C.A = slot(V, K);
    emit(C);
  }
  return Tmp;
}

const Constant *ProgramDecoder::elementOf(const Constant *C, unsigned Elem) {
  Type *T = C->getType();
  if (!T->isVectorTy() && !T->isAggregateType())
    return Elem == 0 ? C : nullptr;
  unsigned N = T->isVectorTy() ? cast<FixedVectorType>(T)->getNumElements()
                               : (T->isStructTy() ? T->getStructNumElements()
                                                  : T->getArrayNumElements());
  for (unsigned I = 0; I < N; ++I) {
    const Constant *Sub = C->getAggregateElement(I);
    if (!Sub)
      return nullptr;
    unsigned Cnt = flatCount(Sub->getType());
    if (Elem < Cnt)
      return elementOf(Sub, Elem);
    Elem -= Cnt;
  }
  return nullptr;
}

void ProgramDecoder::alias(const Value *V, uint32_t S, unsigned Elem, unsigned Count) {
  auto It = Slots.find(V);
  if (It == Slots.end() && Elem == 0 && Count == flatCount(V->getType()) &&
      !(S & ConstFlag)) {
    Slots[V] = S;
    return;
  }
  for (unsigned E = 0; E < Count; ++E) {
    Inst I;
    I.Opc = Op::Copy;
    I.Dst = valueSlot(V) + Elem + E;
    I.A = (S & ConstFlag) ? S : S + E;
    emit(I);
  }
}

void ProgramDecoder::unsupported(const Instruction &I, StringRef Why) {
  std::string Text;
  raw_string_ostream OS(Text);
  I.print(OS);
  StringRef T = StringRef(Text).trim();
  refuse(("cannot run: " + Why + " '" + T + "'").str());
}

void ProgramDecoder::refuse(std::string Msg) {
  Inst D;
  D.Opc = Op::Unsupported;
  D.Aux = P.Messages.size();
  P.Messages.push_back(Msg);
  emit(D);
}

uint32_t ProgramDecoder::edgeTo(const BasicBlock *From, const BasicBlock *To) {
  Edge E;
  E.Target = BlockIdx.lookup(To);
  E.MoveBegin = Out->Moves.size();
  for (const PHINode &Phi : To->phis()) {
    const Value *In = Phi.getIncomingValueForBlock(From);
    unsigned N = flatCount(Phi.getType());
    for (unsigned K = 0; K < N; ++K) {
      uint32_t Dst = valueSlot(&Phi) + K;
      uint32_t Src = slot(In, K);
      if (Dst != Src)
        Out->Moves.push_back({Dst, Src});
    }
  }
  E.MoveEnd = Out->Moves.size();
  for (uint32_t I = E.MoveBegin; I < E.MoveEnd; ++I)
    for (uint32_t J = E.MoveBegin; J < E.MoveEnd; ++J)
      if (I != J && Out->Moves[I].second == Out->Moves[J].first)
        E.Parallel = true;
  Out->Edges.push_back(E);
  return Out->Edges.size() - 1;
}

void ProgramDecoder::decodeFunction(uint32_t Idx) {
  Out = &P.Funcs[Idx];
  F = Out->F;
  Slots.clear();
  BlockIdx.clear();
  ConstIdx.clear();
  NextValue = 0;

  Out->FrameSlot = allocValues(1);
  for (const Argument &A : F->args()) {
    Out->ArgSlots.push_back(valueSlot(&A));
    Out->ArgElems.push_back(std::max(1u, flatCount(A.getType())));
  }
  Out->RetElems = flatCount(F->getReturnType());

  ReversePostOrderTraversal<const llvm::Function *> RPO(F);
  std::vector<const BasicBlock *> Order(RPO.begin(), RPO.end());
  for (const BasicBlock *BB : Order)
    BlockIdx[BB] = BlockIdx.size();
  Out->Blocks.resize(Order.size());

  PostDominatorTree PDT(const_cast<llvm::Function &>(*F));
  // What ptxas makes of each block: the count smsp__inst_executed reports.
  DominatorTree DT(const_cast<llvm::Function &>(*F));
  LoopInfo LI(DT);
  SassCount Sass(*F, LI, DT);
  // Allocas: static frame offsets.
  uint64_t Frame = 0;
  for (const BasicBlock *BB : Order) {
    uint32_t BI = BlockIdx[BB];
    Block &B = Out->Blocks[BI];
    B.First = Out->Insts.size();
    CurBB = BB;
    for (const Instruction &I : *BB) {
      if (isa<PHINode>(I)) {
        valueSlot(&I);
        continue;
      }
      CurLoc = locationIndex(I);
      if (auto *AI = dyn_cast<AllocaInst>(&I)) {
        auto *Size = dyn_cast<ConstantInt>(AI->getArraySize());
        if (!Size || !AI->isStaticAlloca()) {
          unsupported(I, "dynamic alloca");
          continue;
        }
        uint64_t Align = AI->getAlign().value();
        Frame = (Frame + Align - 1) / Align * Align;
        Inst D;
        D.Opc = Op::AddImm;
        D.Dst = valueSlot(AI);
        D.A = Out->FrameSlot;
        D.Imm = Frame;
        emit(D);
        Frame += DL.getTypeAllocSize(AI->getAllocatedType()) * Size->getZExtValue();
        continue;
      }
      if (I.isTerminator())
        decodeTerminator(I);
      else
        decodeInstruction(I);
    }
    Block &B2 = Out->Blocks[BI];
    B2.Last = Out->Insts.size();
    B2.Counted = B2.Last - B2.First;
    for (uint32_t K = B2.First; K < B2.Last; ++K)
      B2.Counted -= Out->Insts[K].Opc == Op::Fence;
    B2.Sass = Sass.of(*BB).Instructions;
    const DomTreeNode *N = PDT.getNode(BB);
    const DomTreeNode *Dom = N ? N->getIDom() : nullptr;
    const BasicBlock *IP = Dom ? Dom->getBlock() : nullptr;
    B2.IPDom = IP && BlockIdx.count(IP) ? BlockIdx[IP] : Order.size();
    (void)B;
  }
  Out->FrameBytes = (Frame + 15) / 16 * 16;
  remapSlots();
}

void ProgramDecoder::remapSlots() {
  uint32_t NC = Out->ConstValues.size();
  auto Map = [&](uint32_t &S) {
    if (S == NoSlot)
      return;
    S = (S & ConstFlag) ? (S & ~ConstFlag) : S + NC;
  };
  for (Inst &I : Out->Insts) {
    Map(I.Dst);
    switch (I.Opc) {
    case Op::Br:
    case Op::Unsupported:
    case Op::Nop:
      break;
    case Op::Unreachable:
      Map(I.A);
      break;
    case Op::CondBr:
      Map(I.A);
      break;
    case Op::Switch:
      Map(I.A);
      break;
    case Op::Call:
      break;
    case Op::CallIndirect:
      Map(I.A);
      break;
    case Op::Wgmma: {
      // Imm holds scale-d's slot.
      uint32_t S = uint32_t(I.Imm);
      Map(S);
      I.Imm = S;
      Map(I.A);
      Map(I.B);
      Map(I.C);
      break;
    }
    default:
      Map(I.A);
      Map(I.B);
      Map(I.C);
    }
  }
  for (auto &M : Out->Moves) {
    Map(M.first);
    Map(M.second);
  }
  for (uint32_t &S : Out->ArgSlots)
    Map(S);
  for (uint32_t &S : Out->CallArgs)
    Map(S);
  Map(Out->FrameSlot);
  Out->NumConsts = NC;
  Out->NumSlots = NC + NextValue;
}

void ProgramDecoder::decodeInstruction(const Instruction &I) {
  for (Type *T : {I.getType()}) {
    if (T->isVoidTy())
      break;
    unsigned N = flatCount(T);
    for (unsigned K = 0; K < N; ++K)
      if (!supportedScalar(flatElementType(T, K)))
        return unsupported(I, "unsupported type in");
  }
  if (decodeSmallFloat(I))
    return;
  if (auto *BO = dyn_cast<BinaryOperator>(&I))
    return decodeBinary(*BO);
  if (auto *CI = dyn_cast<CastInst>(&I))
    return decodeCast(*CI);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return decodeGep(*GEP);
  if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) ||
      isa<AtomicCmpXchgInst>(I))
    return decodeMemory(I);
  if (auto *FI = dyn_cast<FenceInst>(&I)) {
    // NVPTX's scopes: "block" (and "singlethread") order the block only.
    SmallVector<StringRef, 8> Scopes;
    I.getContext().getSyncScopeNames(Scopes);
    StringRef Scope = FI->getSyncScopeID() < Scopes.size() ? Scopes[FI->getSyncScopeID()] : "";
    Inst D;
    D.Opc = Op::Fence;
    D.Aux = Scope == "block" || Scope == "singlethread" ? 0 : 1;
    emit(D);
    return;
  }
  if (auto *CB = dyn_cast<CallBase>(&I))
    return decodeCall(*CB);
  if (isValueOp(I))
    return decodeValueOp(I);
  unsupported(I, "unsupported instruction");
}

/// The local memory of F and its deepest call chain (through calls via
/// function pointers too when Indirect); Recursive when a chain comes back.
static uint32_t maxLocalBytes(const Program &P, uint32_t F, std::vector<int> &State,
                              std::vector<uint32_t> &Memo, bool &Recursive, bool Indirect) {
  if (State[F] == 2)
    return Memo[F];
  if (State[F] == 1) {
    Recursive = true;
    return 0;
  }
  State[F] = 1;
  uint32_t Deepest = 0;
  for (uint32_t C : P.Funcs[F].Callees)
    Deepest = std::max(Deepest, maxLocalBytes(P, C, State, Memo, Recursive, Indirect));
  if (Indirect)
    for (uint32_t C : P.Funcs[F].IndirectCallees)
      Deepest = std::max(Deepest, maxLocalBytes(P, C, State, Memo, Recursive, Indirect));
  State[F] = 2;
  Memo[F] = P.Funcs[F].FrameBytes + Deepest;
  return Memo[F];
}

Expected<std::unique_ptr<Program>> decodeKernel(const llvm::Function &Kernel) {
  auto P = std::make_unique<Program>();
  P->KernelName = sourceName(Kernel);
  const Module &M = *Kernel.getParent();
  Expected<GlobalLayout> Layout = GlobalLayout::build(Kernel);
  if (!Layout)
    return Layout.takeError();
  ProgramDecoder D(*P, M, *Layout);
  D.functionIndex(Kernel);
  D.run();
  std::vector<int> State(P->Funcs.size(), 0);
  std::vector<uint32_t> Memo(P->Funcs.size(), 0);
  bool Recursive = false;
  P->MaxLocalBytes = maxLocalBytes(*P, 0, State, Memo, Recursive, false);
  if (Recursive)
    return createStringError(inconvertibleErrorCode(),
                             "kernel '%s' calls a recursive device function, which "
                             "the device model does not run",
                             P->KernelName.c_str());
  if (!P->CodeTargets.empty()) {
    // Calls through pointers may reach any target of their type. A cycle
    // among them is recursion only if a run takes it (the interpreter stops
    // there); a run that does not never has a function twice on its stack,
    // which every function's frame at once bounds.
    std::fill(State.begin(), State.end(), 0);
    bool Cycle = false;
    uint32_t Deepest = maxLocalBytes(*P, 0, State, Memo, Cycle, true);
    uint32_t All = 0;
    for (const Function &Fn : P->Funcs)
      All += Fn.FrameBytes;
    P->MaxLocalBytes = Cycle ? All : Deepest;
  }
  if (Error E = decodeParams(Kernel, *Layout, *P))
    return std::move(E);
  P->Globals = Layout->images();
  P->SharedStaticBytes = Layout->sharedBytes();
  P->FirstFreeBuffer = Layout->firstFreeBuffer();
  return std::move(P);
}

} // namespace dm
} // namespace warplint
