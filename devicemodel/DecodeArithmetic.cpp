//===- DecodeArithmetic.cpp - Arithmetic, compares, casts, addresses ------===//
//
// The arithmetic family of the decoder: integer and floating-point
// operators, compares and select, casts (an integer made a shared pointer
// gets the shared space's tag), getelementptr as scaled adds, vector and
// aggregate element moves, and LLVM's integer and bit intrinsics. Vectors
// are scalarized here: one instruction per element.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"

#include "frontend/DeviceModule.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"

using namespace llvm;

namespace warplint {
namespace dm {

void ProgramDecoder::decodeValueOp(const Instruction &I) {
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

bool ProgramDecoder::decodeArithmeticIntrinsic(const CallBase &CB, StringRef Name) {
  unsigned Bits = CB.getType()->isVoidTy() ? 0 : scalarBits(CB.getType());
  auto Simple = [&](Op Opc, unsigned NArgs) {
    unsigned N = std::max(1u, flatCount(CB.getType()));
    for (unsigned K = 0; K < N; ++K) {
      Inst D;
      D.Opc = Opc;
      D.Dst = valueSlot(&CB) + K;
      D.A = slot(CB.getArgOperand(0), K);
      if (NArgs > 1)
        D.B = slot(CB.getArgOperand(1), K);
      if (NArgs > 2)
        D.C = slot(CB.getArgOperand(2), K);
      D.Aux = Bits;
      D.Imm = widthMask(Bits);
      emit(D);
    }
    return true;
  };
  if (Name.starts_with("llvm.smin.")) return Simple(Op::SMin, 2);
  if (Name.starts_with("llvm.smax.")) return Simple(Op::SMax, 2);
  if (Name.starts_with("llvm.umin.")) return Simple(Op::UMin, 2);
  if (Name.starts_with("llvm.umax.")) return Simple(Op::UMax, 2);
  if (Name.starts_with("llvm.abs.")) return Simple(Op::Abs, 1);
  if (Name.starts_with("llvm.sadd.sat.")) return Simple(Op::SAddSat, 2);
  if (Name.starts_with("llvm.ssub.sat.")) return Simple(Op::SSubSat, 2);
  if (Name.starts_with("llvm.uadd.sat.")) return Simple(Op::UAddSat, 2);
  if (Name.starts_with("llvm.usub.sat.")) return Simple(Op::USubSat, 2);
  if (Name.starts_with("llvm.ctpop.")) return Simple(Op::CtPop, 1);
  if (Name.starts_with("llvm.ctlz.")) return Simple(Op::Ctlz, 1);
  if (Name.starts_with("llvm.cttz.")) return Simple(Op::Cttz, 1);
  if (Name.starts_with("llvm.bitreverse.")) return Simple(Op::BitRev, 1);
  if (Name.starts_with("llvm.bswap.")) return Simple(Op::BSwap, 1);
  if (Name.starts_with("llvm.fshl.")) return Simple(Op::FShl, 3);
  if (Name.starts_with("llvm.fshr.")) return Simple(Op::FShr, 3);
  if (Name == "llvm.nvvm.mulhi.ui" || Name == "llvm.nvvm.mulhi.ull") return Simple(Op::MulHiU, 2);
  if (Name == "llvm.nvvm.mulhi.i" || Name == "llvm.nvvm.mulhi.ll") return Simple(Op::MulHiS, 2);
  return false;
}

} // namespace dm
} // namespace warplint
