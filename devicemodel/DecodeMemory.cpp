//===- DecodeMemory.cpp - Loads, stores, atomics, copies, the heap --------===//
//
// The memory family of the decoder: every instruction that touches memory
// gets a site (DESIGN.md's key of an access: location, space, op, bytes)
// the counters and fault reports name; loads and stores carry the
// alignment the interpreter checks.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"
#include "frontend/ptxisa/Metadata.h"

#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace warplint {
namespace dm {

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
    D.B = lanesSlot(S->getValueOperand(), N);
    D.Site = siteIndex(I, Space, 1, N * D.Aux);
    D.Imm = requiredAlign(N * D.Aux, S->getAlign().value());
    return emit(D);
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Type *T = RMW->getType();
    bool Is64 = T->isDoubleTy();
    // A pair of halves added at once (atom.add.noftz.f16x2): two slots.
    auto *Vec = dyn_cast<FixedVectorType>(T);
    if (Vec && Vec->getNumElements() == 2 && RMW->getOperation() == AtomicRMWInst::FAdd &&
        (Vec->getElementType()->isHalfTy() || Vec->getElementType()->isBFloatTy())) {
      D.Opc = Op::AtomicRMW;
      D.Aux = Vec->getElementType()->isHalfTy() ? AK_FAddHalf2 : AK_FAddBF16x2;
      D.Elems = 2;
      D.Imm = DL.getTypeStoreSize(T);
      D.B = lanesSlot(RMW->getValOperand(), 2);
      D.Dst = valueSlot(&I);
      D.Site = siteIndex(I, Space, RMW->use_empty() ? 3 : 2, D.Imm);
      return emit(D);
    }
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
    case AtomicRMWInst::FAdd:
      K = Is64 ? AK_FAdd64
               : T->isHalfTy() ? AK_FAddHalf : T->isBFloatTy() ? AK_FAddBF16 : AK_FAdd32;
      break;
    case AtomicRMWInst::FSub: K = Is64 ? AK_FSub64 : AK_FSub32; break;
    case AtomicRMWInst::FMax: K = AK_FMax32; break;
    case AtomicRMWInst::FMin: K = AK_FMin32; break;
    case AtomicRMWInst::UIncWrap: K = AK_UIncWrap; break;
    case AtomicRMWInst::UDecWrap: K = AK_UDecWrap; break;
    default:
      return unsupported(I, "unsupported atomic operation");
    }
    bool Small = T->isHalfTy() || T->isBFloatTy();
    if (!supportedScalar(T) || ((K == AK_FMax32 || K == AK_FMin32) && Is64) ||
        (Small && K != AK_FAddHalf && K != AK_FAddBF16 && K != AK_Xchg))
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

bool ProgramDecoder::decodeMemoryCall(const CallBase &CB, StringRef Name) {
  if (Name.starts_with("llvm.masked.load.") || Name.starts_with("llvm.masked.store.")) {
    decodeMaskedAccess(CB, Name.starts_with("llvm.masked.store."));
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
    D.A = slot(CB.getArgOperand(0));
    D.B = slot(CB.getArgOperand(1));
    D.C = slot(CB.getArgOperand(2));
    D.Aux = Align;
    D.Space = Dst->getType()->getPointerAddressSpace();
    if (Set) {
      D.Site = siteIndex(CB, D.Space, 1, Align);
    } else {
      unsigned SrcSpace = CB.getArgOperand(1)->getType()->getPointerAddressSpace();
      D.Site = siteIndex(CB, SrcSpace, 0, Align);
      D.Imm = siteIndex(CB, D.Space, 1, Align);
      D.Elems = SrcSpace;
      if (CB.hasMetadata(BulkCopyMetadata))
        P.Sites[D.Site].Bulk = P.Sites[D.Imm].Bulk = true;
    }
    emit(D);
    return true;
  }
  const llvm::Function *Callee = CB.getCalledFunction();
  return Callee && Callee->isDeclaration() && decodeHeapCall(CB, Name);
}

/// A masked load or store with a constant mask (the load-store vectorizer
/// fills a gap of a vector access with one: `float4 me = p[i]` of which .w
/// is unused), as NVPTX lowers it: one vector instruction of the full width
/// (its site's bytes), moving the enabled elements. Enabled elements from the
/// first on are moved (a masked-off tail is not read, so a buffer that ends
/// there does not fault); a load gives the others the pass-through value.
/// A mask that is not constant, or a store with a gap, is refused.
void ProgramDecoder::decodeMaskedAccess(const CallBase &CB, bool Store) {
  if (CB.arg_size() != 3)
    return unsupported(CB, "masked access of an unknown form in");
  const Value *Ptr = CB.getArgOperand(Store ? 1 : 0);
  const Value *Val = Store ? CB.getArgOperand(0) : &CB;
  auto *VT = dyn_cast<FixedVectorType>(Val->getType());
  auto *Mask = dyn_cast<Constant>(CB.getArgOperand(Store ? 2 : 1));
  if (!VT || !Mask || !Ptr->getType()->isPointerTy())
    return unsupported(CB, "masked access with a mask known only at run time in");
  unsigned N = VT->getNumElements();
  SmallVector<bool, 8> On(N);
  unsigned Last = 0; // One past the last enabled element.
  for (unsigned K = 0; K < N; ++K) {
    const Constant *E = Mask->getAggregateElement(K);
    On[K] = E && E->isOneValue();
    if (On[K])
      Last = K + 1;
  }
  if (Store && llvm::count(On, true) != Last)
    return unsupported(CB, "masked store with a gap in");
  if (!supportedScalar(VT->getElementType()))
    return unsupported(CB, "unsupported type in");
  unsigned Space = Ptr->getType()->getPointerAddressSpace();
  unsigned Elem = DL.getTypeStoreSize(VT->getElementType());
  Inst D;
  D.Space = Space;
  D.A = slot(Ptr);
  D.Elems = std::max(Last, 1u);
  D.Aux = Elem;
  D.Site = siteIndex(CB, Space, Store ? 1 : 0, N * Elem);
  D.Imm = requiredAlign(N * Elem, CB.getParamAlign(Store ? 1 : 0).valueOrOne().value());
  if (Store) {
    D.Opc = Op::Store;
    D.B = slot(Val);
    return emit(D);
  }
  D.Opc = Op::Load;
  uint32_t Loaded = allocValues(N);
  D.Dst = Loaded;
  emit(D);
  const Value *PassThru = CB.getArgOperand(2);
  for (unsigned K = 0; K < N; ++K) {
    Inst C;
    C.Opc = Op::Copy;
    C.Dst = valueSlot(&CB) + K;
    C.A = On[K] ? Loaded + K : slot(PassThru, K);
    emit(C);
  }
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

} // namespace dm
} // namespace warplint
