//===- Decoder.cpp - Decode a kernel's IR once into a Program -------------===//
#include "devicemodel/Decoder.h"

#include "analyzer/arch/MemoryCost.h"
#include "devicemodel/GlobalLayout.h"
#include "devicemodel/InlineAsm.h"
#include "devicemodel/IntegerFunctions.h"
#include "devicemodel/MathFunctions.h"
#include "devicemodel/StructArgs.h"
#include "devicemodel/WarpReduce.h"
#include "frontend/CacheHintAsm.h"
#include "frontend/DeviceModule.h"
#include "frontend/TypeNames.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

constexpr uint32_t ConstFlag = 0x80000000u;

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
         T->isFloatTy() || T->isDoubleTy();
}


/// The constant C of a byte offset X * C or X << log2(C) (through integer
/// casts), or 0.
uint64_t byteStride(const Value *Offset) {
  while (const auto *Cast = dyn_cast<CastInst>(Offset))
    Offset = Cast->getOperand(0);
  const auto *BO = dyn_cast<BinaryOperator>(Offset);
  const auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
  if (!C || C->getBitWidth() > 64)
    return 0;
  if (BO->getOpcode() == Instruction::Mul)
    return C->getZExtValue();
  if (BO->getOpcode() == Instruction::Shl && C->getZExtValue() < 16)
    return uint64_t(1) << C->getZExtValue();
  return 0;
}

/// Infers the element type of a pointer parameter from how it is used; for
/// a class whose size nothing tells (Class), from the stride of its indexing.
void inferPointee(const Argument &A, const DataLayout &DL, ParamInfo &P, bool Class) {
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 16> Seen;
  Type *FromAccess = nullptr;
  uint64_t FromStride = 0;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        if (GEP->getPointerOperand() != V)
          continue;
        Type *T = GEP->getSourceElementType();
        if (!T->isIntegerTy(8) || GEP->getNumIndices() != 1) {
          P.Bytes = DL.getTypeAllocSize(T);
          P.ElemType = cTypeName(T);
          return;
        }
        if (Class && !FromStride)
          FromStride = byteStride(GEP->getOperand(1));
        Work.push_back(GEP);
      } else if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U)) {
        Work.push_back(U);
      } else if (auto *L = dyn_cast<LoadInst>(U)) {
        FromAccess = FromAccess ? FromAccess : L->getType();
      } else if (auto *S = dyn_cast<StoreInst>(U)) {
        if (S->getPointerOperand() == V && !FromAccess)
          FromAccess = S->getValueOperand()->getType();
      } else if (auto *RMW = dyn_cast<AtomicRMWInst>(U)) {
        FromAccess = FromAccess ? FromAccess : RMW->getType();
      }
    }
  }
  if (Class && FromStride) { // A class of unknown size: the stride between threads.
    P.Bytes = FromStride;
    return;
  }
  if (FromAccess) {
    // A vector load or store moves one element of a vector type.
    P.Bytes = DL.getTypeAllocSize(FromAccess);
    P.ElemType = cTypeName(FromAccess);
  }
}

/// Decodes the functions of one kernel.
/// The alignment a memory access of Bytes needs when the IR promises Align:
/// the largest power of two dividing its size, at most Align (the backend
/// splits an access the IR does not promise to be aligned).
uint64_t requiredAlign(uint64_t Bytes, uint64_t Align) {
  uint64_t Natural = Bytes ? (Bytes & (~Bytes + 1)) : 1;
  return std::max<uint64_t>(1, std::min(Natural, Align));
}

class ProgramDecoder {
public:
  ProgramDecoder(Program &P, const Module &M, const GlobalLayout &Layout)
      : P(P), DL(M.getDataLayout()), Layout(Layout) {}

  uint32_t functionIndex(const llvm::Function &F) {
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

  void run() {
    while (!Work.empty()) {
      uint32_t Idx = Work.back();
      Work.pop_back();
      decodeFunction(Idx);
    }
  }

  uint32_t locationIndex(const Instruction &I) {
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

  uint32_t siteIndex(const Instruction &I, unsigned Space, unsigned OpKind,
                     unsigned Bytes) {
    SourceLoc L = userLocation(I);
    bool Combines = OpKind >= 2 && atomicCombinesLanes(I);
    std::string Hint = cacheHint(I);
    auto Key = std::make_tuple(L.File, L.Line, L.Column, Space, OpKind, Bytes, Combines, Hint);
    auto It = SiteIndex.find(Key);
    if (It != SiteIndex.end())
      return It->second;
    uint32_t Idx = P.Sites.size();
    P.Sites.push_back(Site{L, Space, OpKind, Bytes, Combines, Hint});
    SiteIndex[Key] = Idx;
    return Idx;
  }

private:
  // ---- per-function state ------------------------------------------------
  Function *Out = nullptr;
  const llvm::Function *F = nullptr;
  DenseMap<const Value *, uint32_t> Slots;
  DenseMap<const BasicBlock *, uint32_t> BlockIdx;
  std::map<uint64_t, uint32_t> ConstIdx;
  uint32_t NextValue = 0;
  uint32_t CurLoc = 0;
  const BasicBlock *CurBB = nullptr;

  uint32_t allocValues(unsigned N) {
    uint32_t S = NextValue;
    NextValue += N;
    return S;
  }

  uint32_t constSlot(uint64_t V) {
    auto It = ConstIdx.find(V);
    if (It != ConstIdx.end())
      return It->second;
    uint32_t S = ConstFlag | Out->ConstValues.size();
    Out->ConstValues.push_back(V);
    ConstIdx[V] = S;
    return S;
  }

  /// The first slot of an instruction or argument's value; allocated on first
  /// reference.
  uint32_t valueSlot(const Value *V) {
    auto It = Slots.find(V);
    if (It != Slots.end())
      return It->second;
    uint32_t S = allocValues(std::max(1u, flatCount(V->getType())));
    Slots[V] = S;
    return S;
  }

  /// The slot of flat element Elem of V.
  uint32_t slot(const Value *V, unsigned Elem = 0) {
    if (auto *C = dyn_cast<Constant>(V)) {
      if (C->getType()->isVectorTy() || C->getType()->isAggregateType()) {
        const Constant *E = elementOf(C, Elem);
        return constSlot(E ? Layout.evaluate(E) : 0);
      }
      return constSlot(Layout.evaluate(C));
    }
    return valueSlot(V) + Elem;
  }

  const Constant *elementOf(const Constant *C, unsigned Elem) {
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

  /// Makes V's value be slot S (an alias), or copies when V already has one.
  void alias(const Value *V, uint32_t S, unsigned Elem = 0, unsigned Count = 1) {
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

  void emit(Inst I) {
    Out->Insts.push_back(I);
    Out->InstLoc.push_back(CurLoc);
  }

  /// An instruction the interpreter cannot run: stops the kernel when
  /// reached with "cannot run: Why 'instruction'".
  void unsupported(const Instruction &I, StringRef Why) {
    std::string Text;
    raw_string_ostream OS(Text);
    I.print(OS);
    StringRef T = StringRef(Text).trim();
    refuse(("cannot run: " + Why + " '" + T + "'").str());
  }

  /// Stops the kernel with Msg when reached.
  void refuse(std::string Msg) {
    Inst D;
    D.Opc = Op::Unsupported;
    D.Aux = P.Messages.size();
    P.Messages.push_back(Msg);
    emit(D);
  }

  uint32_t edgeTo(const BasicBlock *From, const BasicBlock *To) {
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

  void decodeFunction(uint32_t Idx);
  void decodeInstruction(const Instruction &I);
  void decodeBinary(const BinaryOperator &I);
  void decodeCast(const CastInst &I);
  void decodeGep(const GetElementPtrInst &I);
  void decodeMemory(const Instruction &I);
  void decodeCall(const CallBase &CB);
  void decodeInlineAsm(const CallBase &CB, const InlineAsm &Asm);
  void sharedFromInteger(const CastInst &I, const Value *Src, unsigned FromBits);
  bool decodeIntrinsic(const CallBase &CB, StringRef Name);
  bool decodeHeapCall(const CallBase &CB, StringRef Name);
  void decodeTerminator(const Instruction &I);
  void remapSlots();

  Program &P;
  const DataLayout &DL;
  const GlobalLayout &Layout;
  DenseMap<const llvm::Function *, uint32_t> FuncIndex;
  std::vector<uint32_t> Work;
  std::map<std::tuple<std::string, unsigned, unsigned>, uint32_t> LocIndex;
  std::map<std::tuple<std::string, unsigned, unsigned, unsigned, unsigned, unsigned, bool,
                      std::string>,
           uint32_t>
      SiteIndex;
};

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
  if (auto *BO = dyn_cast<BinaryOperator>(&I))
    return decodeBinary(*BO);
  if (auto *CI = dyn_cast<CastInst>(&I))
    return decodeCast(*CI);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return decodeGep(*GEP);
  if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) ||
      isa<AtomicCmpXchgInst>(I))
    return decodeMemory(I);
  if (isa<FenceInst>(I))
    return;
  if (auto *CB = dyn_cast<CallBase>(&I))
    return decodeCall(*CB);
  unsigned N = flatCount(I.getType());
  if (auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    static const Op Ops[] = {Op::ICmpEq,  Op::ICmpNe,  Op::ICmpUgt, Op::ICmpUge,
                             Op::ICmpUlt, Op::ICmpUle, Op::ICmpSgt, Op::ICmpSge,
                             Op::ICmpSlt, Op::ICmpSle};
    unsigned PI = Cmp->getPredicate() - CmpInst::FIRST_ICMP_PREDICATE;
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Ops[PI];
      D.Dst = valueSlot(&I) + K;
      D.A = slot(I.getOperand(0), K);
      D.B = slot(I.getOperand(1), K);
      D.Aux = scalarBits(I.getOperand(0)->getType());
      emit(D);
    }
    return;
  }
  if (auto *Cmp = dyn_cast<FCmpInst>(&I)) {
    bool Is64 = Cmp->getOperand(0)->getType()->getScalarType()->isDoubleTy();
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Is64 ? Op::FCmp64 : Op::FCmp32;
      D.Dst = valueSlot(&I) + K;
      D.A = slot(I.getOperand(0), K);
      D.B = slot(I.getOperand(1), K);
      D.Aux = Cmp->getPredicate();
      emit(D);
    }
    return;
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    bool VecCond = Sel->getCondition()->getType()->isVectorTy();
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Op::Select;
      D.Dst = valueSlot(&I) + K;
      D.A = slot(Sel->getCondition(), VecCond ? K : 0);
      D.B = slot(Sel->getTrueValue(), K);
      D.C = slot(Sel->getFalseValue(), K);
      emit(D);
    }
    return;
  }
  if (auto *FN = dyn_cast<UnaryOperator>(&I)) {
    bool Is64 = I.getType()->getScalarType()->isDoubleTy();
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Is64 ? Op::FNeg64 : Op::FNeg32;
      D.Dst = valueSlot(&I) + K;
      D.A = slot(FN->getOperand(0), K);
      emit(D);
    }
    return;
  }
  if (auto *EE = dyn_cast<ExtractElementInst>(&I)) {
    auto *Idx = dyn_cast<ConstantInt>(EE->getIndexOperand());
    if (!Idx)
      return unsupported(I, "dynamic vector index in");
    return alias(&I, slot(EE->getVectorOperand(), Idx->getZExtValue()));
  }
  if (auto *IE = dyn_cast<InsertElementInst>(&I)) {
    auto *Idx = dyn_cast<ConstantInt>(IE->getOperand(2));
    if (!Idx)
      return unsupported(I, "dynamic vector index in");
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Op::Copy;
      D.Dst = valueSlot(&I) + K;
      D.A = K == Idx->getZExtValue() ? slot(IE->getOperand(1)) : slot(IE->getOperand(0), K);
      emit(D);
    }
    return;
  }
  if (auto *SV = dyn_cast<ShuffleVectorInst>(&I)) {
    unsigned NIn = cast<FixedVectorType>(SV->getOperand(0)->getType())->getNumElements();
    for (unsigned K = 0; K < N; ++K) {
      int M = SV->getMaskValue(K);
      Inst D;
      D.Opc = Op::Copy;
      D.Dst = valueSlot(&I) + K;
      D.A = M < 0 ? constSlot(0)
                  : ((unsigned)M < NIn ? slot(SV->getOperand(0), M)
                                       : slot(SV->getOperand(1), M - NIn));
      emit(D);
    }
    return;
  }
  if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
    unsigned Off = flatOffset(EV->getAggregateOperand()->getType(), EV->getIndices());
    const Value *Agg = EV->getAggregateOperand();
    if (isa<Constant>(Agg)) {
      for (unsigned K = 0; K < N; ++K) {
        Inst D;
        D.Opc = Op::Copy;
        D.Dst = valueSlot(&I) + K;
        D.A = slot(Agg, Off + K);
        emit(D);
      }
      return;
    }
    return alias(&I, slot(Agg, Off), 0, N);
  }
  if (auto *IV = dyn_cast<InsertValueInst>(&I)) {
    unsigned Off = flatOffset(I.getType(), IV->getIndices());
    unsigned NIns = flatCount(IV->getInsertedValueOperand()->getType());
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Op::Copy;
      D.Dst = valueSlot(&I) + K;
      D.A = (K >= Off && K < Off + NIns) ? slot(IV->getInsertedValueOperand(), K - Off)
                                         : slot(IV->getAggregateOperand(), K);
      emit(D);
    }
    return;
  }
  if (isa<FreezeInst>(I)) {
    const Value *Src = I.getOperand(0);
    if (isa<Constant>(Src)) {
      for (unsigned K = 0; K < N; ++K) {
        Inst D;
        D.Opc = Op::Copy;
        D.Dst = valueSlot(&I) + K;
        D.A = slot(Src, K);
        emit(D);
      }
      return;
    }
    return alias(&I, slot(Src), 0, N);
  }
  unsupported(I, "unsupported instruction");
}

void ProgramDecoder::decodeBinary(const BinaryOperator &I) {
  Type *T = I.getType()->getScalarType();
  unsigned N = flatCount(I.getType());
  Op Opc;
  bool FP = T->isFloatingPointTy();
  bool D64 = T->isDoubleTy();
  switch (I.getOpcode()) {
  case Instruction::Add: Opc = Op::Add; break;
  case Instruction::Sub: Opc = Op::Sub; break;
  case Instruction::Mul: Opc = Op::Mul; break;
  case Instruction::UDiv: Opc = Op::UDiv; break;
  case Instruction::SDiv: Opc = Op::SDiv; break;
  case Instruction::URem: Opc = Op::URem; break;
  case Instruction::SRem: Opc = Op::SRem; break;
  case Instruction::Shl: Opc = Op::Shl; break;
  case Instruction::LShr: Opc = Op::LShr; break;
  case Instruction::AShr: Opc = Op::AShr; break;
  case Instruction::And: Opc = Op::And; break;
  case Instruction::Or: Opc = Op::Or; break;
  case Instruction::Xor: Opc = Op::Xor; break;
  case Instruction::FAdd: Opc = D64 ? Op::FAdd64 : Op::FAdd32; break;
  case Instruction::FSub: Opc = D64 ? Op::FSub64 : Op::FSub32; break;
  case Instruction::FMul: Opc = D64 ? Op::FMul64 : Op::FMul32; break;
  case Instruction::FDiv: Opc = D64 ? Op::FDiv64 : Op::FDiv32; break;
  case Instruction::FRem: Opc = D64 ? Op::FRem64 : Op::FRem32; break;
  default:
    return unsupported(I, "unsupported operator");
  }
  if (FP && !T->isFloatTy() && !T->isDoubleTy())
    return unsupported(I, "unsupported floating-point type in");
  for (unsigned K = 0; K < N; ++K) {
    Inst D;
    D.Opc = Opc;
    D.Dst = valueSlot(&I) + K;
    D.A = slot(I.getOperand(0), K);
    D.B = slot(I.getOperand(1), K);
    D.Aux = scalarBits(T);
    D.Imm = widthMask(D.Aux);
    emit(D);
  }
}

void ProgramDecoder::sharedFromInteger(const CastInst &I, const Value *Src, unsigned FromBits) {
  for (unsigned K = 0, N = flatCount(I.getType()); K < N; ++K) {
    uint32_t Off = slot(Src, K);
    if (FromBits < 64) {
      Inst T;
      T.Opc = Op::Trunc;
      T.Dst = allocValues(1);
      T.A = Off;
      T.Imm = widthMask(FromBits);
      emit(T);
      Off = T.Dst;
    }
    Inst D;
    D.Opc = Op::Or;
    D.Dst = valueSlot(&I) + K;
    D.A = Off;
    D.B = constSlot(tagOf(AS_Shared));
    D.Aux = 64;
    D.Imm = widthMask(64);
    emit(D);
  }
}

/// Inline asm the frontend left: a special-register read the interpreter
/// models, or a stop that quotes the asm.
void ProgramDecoder::decodeInlineAsm(const CallBase &CB, const InlineAsm &Asm) {
  AsmMeaning M = asmMeaning(Asm);
  if (M.K == AsmMeaning::Refused)
    return refuse("cannot run: " + M.Why + ": inline asm " + asmText(Asm));
  if (M.K == AsmMeaning::NotUnderstood || CB.getType()->isVoidTy())
    return refuse("cannot run: inline asm not understood: " + asmText(Asm));
  if (M.Reg >= SR_ReservedBegin)
    P.UsesReservedShared = true;
  Inst D;
  D.Opc = Op::SReg;
  D.Aux = M.Reg;
  D.Dst = valueSlot(&CB);
  emit(D);
}

void ProgramDecoder::decodeCast(const CastInst &I) {
  Type *From = I.getSrcTy()->getScalarType(), *To = I.getDestTy()->getScalarType();
  unsigned N = flatCount(I.getType());
  unsigned FromBits = scalarBits(From), ToBits = scalarBits(To);
  const Value *Src = I.getOperand(0);
  auto Each = [&](Op Opc, uint32_t Aux, uint64_t Imm) {
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Opc;
      D.Dst = valueSlot(&I) + K;
      D.A = slot(Src, K);
      D.Aux = Aux;
      D.Imm = Imm;
      emit(D);
    }
  };
  auto AliasOrCopy = [&] {
    if (isa<Constant>(Src))
      return Each(Op::Copy, 0, 0);
    alias(&I, slot(Src), 0, N);
  };
  if (!supportedScalar(From))
    return unsupported(I, "unsupported type in");
  switch (I.getOpcode()) {
  case Instruction::IntToPtr:
    // An integer made a shared pointer is an offset of the shared window
    // (cvta.shared, the reserved shared memory): give it the space's tag.
    if (To->getPointerAddressSpace() == AS_Shared)
      return sharedFromInteger(I, Src, FromBits);
    [[fallthrough]];
  case Instruction::ZExt:
  case Instruction::AddrSpaceCast:
    if (I.getOpcode() == Instruction::IntToPtr && FromBits < 64)
      return Each(Op::Trunc, 0, widthMask(FromBits));
    return AliasOrCopy();
  case Instruction::Trunc:
  case Instruction::PtrToInt:
    if (ToBits >= 64)
      return AliasOrCopy();
    return Each(Op::Trunc, 0, widthMask(ToBits));
  case Instruction::SExt:
    return Each(Op::SExt, FromBits, widthMask(ToBits));
  case Instruction::BitCast:
    if (flatCount(I.getSrcTy()) != N || FromBits != ToBits)
      return unsupported(I, "unsupported bitcast");
    return AliasOrCopy();
  case Instruction::FPExt:
    return Each(Op::FPExt, 0, 0);
  case Instruction::FPTrunc:
    return Each(Op::FPTrunc, 0, 0);
  case Instruction::FPToSI:
    return Each(From->isDoubleTy() ? Op::FPToSI64 : Op::FPToSI32, ToBits, widthMask(ToBits));
  case Instruction::FPToUI:
    return Each(From->isDoubleTy() ? Op::FPToUI64 : Op::FPToUI32, ToBits, widthMask(ToBits));
  case Instruction::SIToFP:
    return Each(To->isDoubleTy() ? Op::SIToFP64 : Op::SIToFP32, FromBits, 0);
  case Instruction::UIToFP:
    return Each(To->isDoubleTy() ? Op::UIToFP64 : Op::UIToFP32, FromBits, 0);
  default:
    return unsupported(I, "unsupported cast");
  }
}

void ProgramDecoder::decodeGep(const GetElementPtrInst &I) {
  if (I.getType()->isVectorTy())
    return unsupported(I, "vector getelementptr");
  uint32_t Cur = slot(I.getPointerOperand());
  int64_t ConstOff = 0;
  bool Emitted = false;
  auto Step = [&](Op Opc, uint32_t B, uint64_t Imm, uint32_t Aux) {
    Inst D;
    D.Opc = Opc;
    D.A = Cur;
    D.B = B;
    D.Imm = Imm;
    D.Aux = Aux;
    D.Dst = valueSlot(&I);
    emit(D);
    Cur = D.Dst;
    Emitted = true;
  };
  for (gep_type_iterator GTI = gep_type_begin(I), E = gep_type_end(I); GTI != E; ++GTI) {
    const Value *Idx = GTI.getOperand();
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      unsigned Field = cast<ConstantInt>(Idx)->getZExtValue();
      ConstOff += DL.getStructLayout(ST)->getElementOffset(Field);
      continue;
    }
    uint64_t Scale = GTI.getSequentialElementStride(DL);
    if (auto *CI = dyn_cast<ConstantInt>(Idx)) {
      ConstOff += CI->getSExtValue() * (int64_t)Scale;
      continue;
    }
    Step(Op::AddScaled, slot(Idx), Scale, scalarBits(Idx->getType()));
  }
  if (ConstOff != 0 || (!Emitted && isa<Constant>(I.getPointerOperand())))
    Step(Op::AddImm, NoSlot, (uint64_t)ConstOff, 0);
  if (!Emitted)
    alias(&I, Cur);
}

void ProgramDecoder::decodeMemory(const Instruction &I) {
  const Value *Ptr = getLoadStorePointerOperand(&I);
  if (!Ptr)
    Ptr = I.getOperand(0);
  unsigned Space = Ptr->getType()->getPointerAddressSpace();
  Inst D;
  D.Space = Space;
  D.A = slot(Ptr);
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    Type *T = L->getType();
    unsigned N = flatCount(T);
    Type *E = flatElementType(T, 0);
    D.Opc = Op::Load;
    D.Elems = N;
    D.Aux = DL.getTypeStoreSize(E);
    D.Dst = valueSlot(&I);
    D.Site = siteIndex(I, Space, 0, N * D.Aux);
    D.Imm = requiredAlign(N * D.Aux, L->getAlign().value());
    if (T->isStructTy() || T->isArrayTy())
      return unsupported(I, "aggregate load");
    return emit(D);
  }
  if (auto *S = dyn_cast<StoreInst>(&I)) {
    Type *T = S->getValueOperand()->getType();
    unsigned N = flatCount(T);
    if (T->isStructTy() || T->isArrayTy())
      return unsupported(I, "aggregate store");
    for (unsigned K = 0; K < N; ++K)
      if (!supportedScalar(flatElementType(T, K)))
        return unsupported(I, "unsupported type in");
    D.Opc = Op::Store;
    D.Elems = N;
    D.Aux = DL.getTypeStoreSize(flatElementType(T, 0));
    D.B = slot(S->getValueOperand());
    if (isa<Constant>(S->getValueOperand()) && N > 1) {
      // Constant vectors: materialize into consecutive slots.
      uint32_t Tmp = allocValues(N);
      for (unsigned K = 0; K < N; ++K) {
        Inst C;
        C.Opc = Op::Copy;
        C.Dst = Tmp + K;
        C.A = slot(S->getValueOperand(), K);
        emit(C);
      }
      D.B = Tmp;
    }
    D.Site = siteIndex(I, Space, 1, N * D.Aux);
    D.Imm = requiredAlign(N * D.Aux, S->getAlign().value());
    return emit(D);
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Type *T = RMW->getType();
    bool Is64 = T->isDoubleTy();
    AtomicKind K;
    switch (RMW->getOperation()) {
    case AtomicRMWInst::Xchg: K = AK_Xchg; break;
    case AtomicRMWInst::Add: K = AK_Add; break;
    case AtomicRMWInst::Sub: K = AK_Sub; break;
    case AtomicRMWInst::And: K = AK_And; break;
    case AtomicRMWInst::Or: K = AK_Or; break;
    case AtomicRMWInst::Xor: K = AK_Xor; break;
    case AtomicRMWInst::Max: K = AK_Max; break;
    case AtomicRMWInst::Min: K = AK_Min; break;
    case AtomicRMWInst::UMax: K = AK_UMax; break;
    case AtomicRMWInst::UMin: K = AK_UMin; break;
    case AtomicRMWInst::FAdd: K = Is64 ? AK_FAdd64 : AK_FAdd32; break;
    case AtomicRMWInst::FSub: K = Is64 ? AK_FSub64 : AK_FSub32; break;
    case AtomicRMWInst::FMax: K = AK_FMax32; break;
    case AtomicRMWInst::FMin: K = AK_FMin32; break;
    case AtomicRMWInst::UIncWrap: K = AK_UIncWrap; break;
    case AtomicRMWInst::UDecWrap: K = AK_UDecWrap; break;
    default:
      return unsupported(I, "unsupported atomic operation");
    }
    if (!supportedScalar(T) || ((K == AK_FMax32 || K == AK_FMin32) && Is64))
      return unsupported(I, "unsupported atomic type in");
    D.Opc = Op::AtomicRMW;
    D.Aux = K;
    D.Imm = DL.getTypeStoreSize(T);
    D.B = slot(RMW->getValOperand());
    D.Dst = valueSlot(&I);
    D.Site = siteIndex(I, Space, RMW->use_empty() ? 3 : 2, D.Imm);
    return emit(D);
  }
  auto *CX = cast<AtomicCmpXchgInst>(&I);
  Type *T = CX->getCompareOperand()->getType();
  if (!supportedScalar(T))
    return unsupported(I, "unsupported atomic type in");
  D.Opc = Op::CmpXchg;
  D.Imm = DL.getTypeStoreSize(T);
  D.B = slot(CX->getCompareOperand());
  D.C = slot(CX->getNewValOperand());
  D.Dst = valueSlot(&I);
  D.Site = siteIndex(I, Space, 2, D.Imm);
  emit(D);
}

void ProgramDecoder::decodeCall(const CallBase &CB) {
  const llvm::Function *Callee = CB.getCalledFunction();
  if (const auto *Asm = dyn_cast<InlineAsm>(CB.getCalledOperand()))
    return decodeInlineAsm(CB, *Asm);
  if (!Callee)
    return unsupported(CB, "indirect call (a call through a function pointer) in");
  StringRef Name = Callee->getName();
  if (decodeIntrinsic(CB, Name))
    return;
  // A native function of up to three arguments (Math32/64, BitFn).
  auto Native = [&](Op Opc, unsigned Arity, const void *Fn) {
    Inst D;
    D.Opc = Opc;
    D.Dst = valueSlot(&CB);
    D.A = slot(CB.getArgOperand(0));
    if (Arity > 1)
      D.B = slot(CB.getArgOperand(1));
    if (Arity > 2)
      D.C = slot(CB.getArgOperand(2));
    D.Aux = Arity;
    D.Imm = reinterpret_cast<uint64_t>(Fn);
    emit(D);
  };
  if (MathFunction MF = lookupMathFunction(Name); MF.Arity)
    return Native(MF.IsDouble ? Op::Math64 : Op::Math32, MF.Arity, MF.Fn);
  if (BitFunction BF = lookupBitFunction(Name); BF.Arity)
    return Native(Op::BitFn, BF.Arity, reinterpret_cast<const void *>(BF.Fn));
  if (Name == "__nv_sincosf" || Name == "__nv_sincos") {
    bool Is64 = Name == "__nv_sincos";
    const char *Parts[] = {Is64 ? "__nv_sin" : "__nv_sinf", Is64 ? "__nv_cos" : "__nv_cosf"};
    for (unsigned K = 0; K < 2; ++K) {
      MathFunction Fn = lookupMathFunction(Parts[K]);
      uint32_t Tmp = allocValues(1);
      Inst M;
      M.Opc = Is64 ? Op::Math64 : Op::Math32;
      M.Dst = Tmp;
      M.A = slot(CB.getArgOperand(0));
      M.Aux = 1;
      M.Imm = reinterpret_cast<uint64_t>(Fn.Fn);
      emit(M);
      const Value *Ptr = CB.getArgOperand(1 + K);
      Inst S;
      S.Opc = Op::Store;
      S.Space = Ptr->getType()->getPointerAddressSpace();
      S.A = slot(Ptr);
      S.B = Tmp;
      S.Aux = Is64 ? 8 : 4;
      S.Imm = S.Aux;
      S.Site = siteIndex(CB, S.Space, 1, S.Aux);
      emit(S);
    }
    return;
  }
  if (Name == "vprintf") {
    Inst D;
    D.Opc = Op::Printf;
    D.A = slot(CB.getArgOperand(0));
    D.B = slot(CB.getArgOperand(1));
    D.Dst = valueSlot(&CB);
    return emit(D);
  }
  if (Callee->isDeclaration() && decodeHeapCall(CB, Name))
    return;
  if (Callee->isDeclaration() && Name == "__assertfail" && CB.arg_size() >= 1) {
    Inst D;
    D.Opc = Op::Unreachable;
    D.Aux = 2;
    D.A = slot(CB.getArgOperand(0));
    return emit(D);
  }
  if (Callee->isDeclaration() && !Name.starts_with("llvm.") && !Name.starts_with("__nv_") &&
      !Callee->isIntrinsic())
    return refuse("cannot run: " + demangle(Name) + " is declared but not defined (no " +
                  "definition of this device function is in the translation unit)");
  if (Callee->isDeclaration())
    return unsupported(CB, "call to unknown function " + Name.str() + " in");
  for (const Argument &A : Callee->args())
    if (A.hasByValAttr())
      return unsupported(CB, "by-value aggregate argument in");
  Inst D;
  D.Opc = Op::Call;
  // functionIndex may grow P.Funcs, which moves the function being decoded.
  size_t Current = Out - P.Funcs.data();
  D.Aux = functionIndex(*Callee);
  Out = &P.Funcs[Current];
  Out->Callees.push_back(D.Aux);
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

/// malloc/free and the global operators new/delete (their plain and sized
/// forms) of device code.
bool ProgramDecoder::decodeHeapCall(const CallBase &CB, StringRef Name) {
  static const std::pair<const char *, std::pair<Op, HeapKind>> Calls[] = {
      {"malloc", {Op::Malloc, HK_Malloc}}, {"_Znwm", {Op::Malloc, HK_New}},
      {"_Znam", {Op::Malloc, HK_NewArray}}, {"free", {Op::Free, HK_Malloc}},
      {"_ZdlPv", {Op::Free, HK_New}},     {"_ZdlPvm", {Op::Free, HK_New}},
      {"_ZdaPv", {Op::Free, HK_NewArray}}, {"_ZdaPvm", {Op::Free, HK_NewArray}}};
  for (const auto &C : Calls) {
    if (Name != C.first || CB.arg_size() < 1)
      continue;
    Inst D;
    D.Opc = C.second.first;
    D.Aux = C.second.second;
    D.A = slot(CB.getArgOperand(0));
    if (D.Opc == Op::Malloc)
      D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  return false;
}

bool ProgramDecoder::decodeIntrinsic(const CallBase &CB, StringRef Name) {
  if (!Name.starts_with("llvm."))
    return false;
  auto Arg = [&](unsigned K, unsigned Elem = 0) { return slot(CB.getArgOperand(K), Elem); };
  unsigned Bits = CB.getType()->isVoidTy() ? 0 : scalarBits(CB.getType());
  auto Simple = [&](Op Opc, unsigned NArgs) {
    unsigned N = std::max(1u, flatCount(CB.getType()));
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Opc;
      D.Dst = valueSlot(&CB) + K;
      D.A = Arg(0, K);
      if (NArgs > 1)
        D.B = Arg(1, K);
      if (NArgs > 2)
        D.C = Arg(2, K);
      D.Aux = Bits;
      D.Imm = widthMask(Bits);
      emit(D);
    }
    return true;
  };
  if (Name.starts_with("llvm.nvvm.read.ptx.sreg.")) {
    static const std::pair<const char *, SRegKind> Regs[] = {
        {"tid.x", SR_TidX},         {"tid.y", SR_TidY},         {"tid.z", SR_TidZ},
        {"ntid.x", SR_NTidX},       {"ntid.y", SR_NTidY},       {"ntid.z", SR_NTidZ},
        {"ctaid.x", SR_CtaIdX},     {"ctaid.y", SR_CtaIdY},     {"ctaid.z", SR_CtaIdZ},
        {"nctaid.x", SR_NCtaIdX},   {"nctaid.y", SR_NCtaIdY},   {"nctaid.z", SR_NCtaIdZ},
        {"laneid", SR_LaneId},      {"warpid", SR_WarpId},      {"warpsize", SR_WarpSize},
        {"lanemask.lt", SR_LaneMaskLt}, {"lanemask.le", SR_LaneMaskLe},
        {"lanemask.gt", SR_LaneMaskGt}, {"lanemask.ge", SR_LaneMaskGe},
        {"lanemask.eq", SR_LaneMaskEq}, {"clock64", SR_Clock64}, {"clock", SR_Clock},
        {"smid", SR_SmId}, {"nsmid", SR_NSmId}, {"globaltimer", SR_Clock64},
        {"dynamic_smem_size", SR_DynSmemSize}};
    StringRef Reg = Name.drop_front(strlen("llvm.nvvm.read.ptx.sreg."));
    if (Reg.starts_with("envreg")) {
      refuse("cannot run: " + envregRefusal(Reg));
      return true;
    }
    for (auto &R : Regs)
      if (Reg == R.first) {
        Inst D;
        D.Opc = Op::SReg;
        D.Aux = R.second;
        D.Dst = valueSlot(&CB);
        emit(D);
        return true;
      }
    return false;
  }
  if (Name.starts_with("llvm.lifetime.") || Name.starts_with("llvm.assume") ||
      Name.starts_with("llvm.dbg.") || Name.starts_with("llvm.experimental.noalias") ||
      Name.starts_with("llvm.invariant.") || Name == "llvm.sideeffect" ||
      Name == "llvm.donothing" || Name.starts_with("llvm.nvvm.membar") ||
      Name.starts_with("llvm.nvvm.fence") || Name.starts_with("llvm.prefetch") ||
      Name.starts_with("llvm.nvvm.prefetch") || Name.starts_with("llvm.nvvm.barrier.cta.arrive") ||
      Name.starts_with("llvm.nvvm.nanosleep"))
    return true;
  if (Name.starts_with("llvm.expect") || Name.starts_with("llvm.ssa.copy") ||
      Name.starts_with("llvm.launder") || Name.starts_with("llvm.strip")) {
    alias(&CB, Arg(0));
    return true;
  }
  if (Name.starts_with("llvm.nvvm.barrier") || Name == "llvm.nvvm.bar.sync") {
    Inst D;
    D.Opc = Op::Barrier;
    D.Aux = Name.contains("popc") ? BK_Popc
            : Name.contains(".and") ? BK_And
            : Name.contains(".or") ? BK_Or
                                   : BK_Sync;
    if (D.Aux != BK_Sync) {
      D.A = Arg(CB.arg_size() - 1);
      D.Dst = valueSlot(&CB);
    }
    emit(D);
    return true;
  }
  if (Name == "llvm.nvvm.bar.warp.sync") {
    Inst D;
    D.Opc = Op::WarpSync;
    D.A = Arg(0);
    emit(D);
    return true;
  }
  if (Name.starts_with("llvm.nvvm.shfl.sync.")) {
    StringRef Mode = Name.drop_front(strlen("llvm.nvvm.shfl.sync.")).split('.').first;
    Inst D;
    D.Opc = Op::Shfl;
    D.Aux = Mode == "idx" ? SH_Idx : Mode == "up" ? SH_Up : Mode == "down" ? SH_Down : SH_Bfly;
    if (Name.ends_with("p"))
      D.Aux |= 16;
    D.A = Arg(1);
    D.B = Arg(2);
    D.C = Arg(3);
    D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  if (Name.starts_with("llvm.nvvm.redux.sync.")) {
    std::optional<ReduxKind> K = reduxKind(Name.drop_front(strlen("llvm.nvvm.redux.sync.")));
    if (!K || CB.arg_size() != 2 || !CB.getType()->isIntegerTy(32))
      return false;
    Inst D;
    D.Opc = Op::Redux;
    D.Aux = *K;
    D.A = Arg(0);
    D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  if (Name.starts_with("llvm.nvvm.vote.")) {
    StringRef Mode = Name.drop_front(strlen("llvm.nvvm.vote.")).split('.').first;
    Inst D;
    D.Opc = Op::Vote;
    D.Aux = Mode == "all" ? VK_All : Mode == "any" ? VK_Any : Mode == "uni" ? VK_Uni : VK_Ballot;
    D.A = Arg(CB.arg_size() - 1);
    D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  if (Name.starts_with("llvm.memcpy") || Name.starts_with("llvm.memmove") ||
      Name.starts_with("llvm.memset")) {
    bool Set = Name.starts_with("llvm.memset");
    const Value *Dst = CB.getArgOperand(0);
    uint64_t Align = cast<MemIntrinsic>(CB).getDestAlign().valueOrOne().value();
    if (!Set)
      Align = std::min<uint64_t>(
          Align, cast<MemTransferInst>(CB).getSourceAlign().valueOrOne().value());
    Align = std::min<uint64_t>(Align, 16);
    if (auto *Len = dyn_cast<ConstantInt>(CB.getArgOperand(2)))
      while (Align > 1 && Len->getZExtValue() % Align)
        Align /= 2;
    Inst D;
    D.Opc = Set ? Op::MemSet : Op::MemCpy;
    D.A = Arg(0);
    D.B = Arg(1);
    D.C = Arg(2);
    D.Aux = Align;
    D.Space = Dst->getType()->getPointerAddressSpace();
    if (Set) {
      D.Site = siteIndex(CB, D.Space, 1, Align);
    } else {
      unsigned SrcSpace = CB.getArgOperand(1)->getType()->getPointerAddressSpace();
      D.Site = siteIndex(CB, SrcSpace, 0, Align);
      D.Imm = siteIndex(CB, D.Space, 1, Align);
      D.Elems = SrcSpace;
    }
    emit(D);
    return true;
  }
  if (Name.starts_with("llvm.smin.")) return Simple(Op::SMin, 2);
  if (Name.starts_with("llvm.smax.")) return Simple(Op::SMax, 2);
  if (Name.starts_with("llvm.umin.")) return Simple(Op::UMin, 2);
  if (Name.starts_with("llvm.umax.")) return Simple(Op::UMax, 2);
  if (Name.starts_with("llvm.abs.")) return Simple(Op::Abs, 1);
  if (Name.starts_with("llvm.ctpop.")) return Simple(Op::CtPop, 1);
  if (Name.starts_with("llvm.ctlz.")) return Simple(Op::Ctlz, 1);
  if (Name.starts_with("llvm.cttz.")) return Simple(Op::Cttz, 1);
  if (Name.starts_with("llvm.bitreverse.")) return Simple(Op::BitRev, 1);
  if (Name.starts_with("llvm.bswap.")) return Simple(Op::BSwap, 1);
  if (Name.starts_with("llvm.fshl.")) return Simple(Op::FShl, 3);
  if (Name.starts_with("llvm.fshr.")) return Simple(Op::FShr, 3);
  if (Name == "llvm.nvvm.mulhi.ui" || Name == "llvm.nvvm.mulhi.ull") return Simple(Op::MulHiU, 2);
  if (Name == "llvm.nvvm.mulhi.i" || Name == "llvm.nvvm.mulhi.ll") return Simple(Op::MulHiS, 2);
  if (Name.starts_with("llvm.fabs.") || Name.starts_with("llvm.sqrt.") ||
      Name.starts_with("llvm.fma.") || Name.starts_with("llvm.fmuladd.") ||
      Name.starts_with("llvm.minnum.") || Name.starts_with("llvm.maxnum.") ||
      Name.starts_with("llvm.floor.") || Name.starts_with("llvm.ceil.") ||
      Name.starts_with("llvm.trunc.") || Name.starts_with("llvm.rint.") ||
      Name.starts_with("llvm.nearbyint.") || Name.starts_with("llvm.round") ||
      Name.starts_with("llvm.copysign.") || Name.starts_with("llvm.minimum") ||
      Name.starts_with("llvm.maximum") || Name.starts_with("llvm.exp") ||
      Name.starts_with("llvm.log") || Name.starts_with("llvm.sin.") ||
      Name.starts_with("llvm.cos.") || Name.starts_with("llvm.pow.")) {
    // Vector forms: scalarize.
    unsigned N = std::max(1u, flatCount(CB.getType()));
    std::string Scalar = Name.str();
    if (CB.getType()->isVectorTy()) {
      bool D64 = CB.getType()->getScalarType()->isDoubleTy();
      Scalar = Name.rsplit('.').first.str() + (D64 ? ".f64" : ".f32");
    }
    MathFunction MF = lookupMathFunction(Scalar);
    if (!MF.Arity)
      return false;
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = MF.IsDouble ? Op::Math64 : Op::Math32;
      D.Dst = valueSlot(&CB) + K;
      D.A = Arg(0, K);
      if (MF.Arity > 1)
        D.B = Arg(1, K);
      if (MF.Arity > 2)
        D.C = Arg(2, K);
      D.Aux = MF.Arity;
      D.Imm = reinterpret_cast<uint64_t>(MF.Fn);
      emit(D);
    }
    return true;
  }
  if (Name == "llvm.trap" || Name == "llvm.nvvm.trap" || Name == "llvm.ubsantrap") {
    Inst D;
    D.Opc = Op::Unreachable;
    D.Aux = 1;
    emit(D);
    return true;
  }
  return false;
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

uint32_t maxLocalBytes(const Program &P, uint32_t F, std::vector<int> &State,
                       std::vector<uint32_t> &Memo, bool &Recursive) {
  if (State[F] == 2)
    return Memo[F];
  if (State[F] == 1) {
    Recursive = true;
    return 0;
  }
  State[F] = 1;
  uint32_t Deepest = 0;
  for (uint32_t C : P.Funcs[F].Callees)
    Deepest = std::max(Deepest, maxLocalBytes(P, C, State, Memo, Recursive));
  State[F] = 2;
  Memo[F] = P.Funcs[F].FrameBytes + Deepest;
  return Memo[F];
}

} // namespace

Expected<std::unique_ptr<Program>> decodeKernel(const llvm::Function &Kernel) {
  auto P = std::make_unique<Program>();
  P->KernelName = sourceName(Kernel);
  const Module &M = *Kernel.getParent();
  const DataLayout &DL = M.getDataLayout();
  Expected<GlobalLayout> Layout = GlobalLayout::build(Kernel);
  if (!Layout)
    return Layout.takeError();
  ProgramDecoder D(*P, M, *Layout);
  D.functionIndex(Kernel);
  D.run();
  std::vector<int> State(P->Funcs.size(), 0);
  std::vector<uint32_t> Memo(P->Funcs.size(), 0);
  bool Recursive = false;
  P->MaxLocalBytes = maxLocalBytes(*P, 0, State, Memo, Recursive);
  if (Recursive)
    return createStringError(inconvertibleErrorCode(),
                             "kernel '%s' calls a recursive device function, which "
                             "the device model does not run",
                             P->KernelName.c_str());
  unsigned ArgNo = 0;
  uint64_t ConstEnd = Layout->constBytes();
  for (const Argument &A : Kernel.args()) {
    ParamInfo PI;
    PI.Name = A.hasName() ? A.getName().str() : "arg" + std::to_string(ArgNo);
    Type *T = A.getType();
    if (T->isPointerTy() && A.hasByValAttr()) {
      // In the constant bank, after the module's __constant__ variables.
      PI.IsStruct = true;
      PI.StructBytes = DL.getTypeAllocSize(A.getParamByValType());
      ConstEnd = alignTo(ConstEnd, 8);
      PI.StructOffset = ConstEnd;
      ConstEnd += PI.StructBytes;
      PI.Leaves = structLeaves(Kernel.getAttributes().getParamAttr(ArgNo, StructFieldsAttr),
                               A.getParamByValType(), DL);
    } else if (T->isPointerTy()) {
      PI.IsPointer = true;
      PI.Bytes = 4;
      PI.ElemType = "float";
      Attribute Said = Kernel.getAttributes().getParamAttr(ArgNo, PointeeAttr);
      auto [SaidName, SaidBytes] =
          Said.isValid() ? Said.getValueAsString().rsplit(':') : std::pair<StringRef, StringRef>();
      unsigned Bytes = 0;
      if (!SaidBytes.getAsInteger(10, Bytes) && Bytes) {
        PI.Bytes = Bytes;
        PI.ElemType = SaidName.str();
      } else {
        inferPointee(A, DL, PI, !SaidName.empty());
        if (!SaidName.empty() && PI.Bytes != 4)
          PI.ElemType = SaidName.str();
      }
    } else if (supportedScalar(T)) {
      PI.IsFloat = T->isFloatingPointTy();
      PI.Bytes = DL.getTypeStoreSize(T);
      PI.ElemType = cTypeName(T);
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "kernel '%s': parameter '%s' has a type the device "
                               "model does not support",
                               P->KernelName.c_str(), PI.Name.c_str());
    }
    P->Params.push_back(PI);
    ++ArgNo;
  }
  P->Globals = Layout->images();
  P->SharedStaticBytes = Layout->sharedBytes();
  P->ConstBytes = ConstEnd;
  P->FirstFreeBuffer = Layout->firstFreeBuffer();
  return std::move(P);
}

} // namespace dm
} // namespace warplint
