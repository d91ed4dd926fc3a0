//===- DecodeSmallFloat.cpp - half and bfloat16 IR, decoded --------------===//
//
// The 16-bit floating-point family of the decoder: Clang's _Float16 and
// __bf16 (the prelude's __half and __nv_bfloat16) compile to IR on half and
// bfloat: fadd/fsub/fmul/fdiv/frem (Op::FBin16), fcmp and the math
// intrinsics (through float, exactly: the operands widened with
// Op::SmallToF32, the results rounded back with Op::ToSmall), fneg (as the
// neg.f16 it compiles to: NaN canonical), llvm.fma/fmuladd (Op::FMA16, rounded once), and the conversions to
// and from float, double and the integer types, each rounded once to
// nearest even (SmallFloat.h). Vectors of them are scalarized here.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"

#include "devicemodel/MathFunctions.h"
#include "devicemodel/SmallFloat.h"

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

bool isSmall(Type *T) {
  T = T->getScalarType();
  return T->isHalfTy() || T->isBFloatTy();
}
unsigned formatOf(Type *T) { return T->getScalarType()->isBFloatTy() ? SF_BFloat : SF_Half; }

} // namespace

uint32_t ProgramDecoder::emitSmall(Op Opc, uint32_t Aux, uint64_t Imm, uint32_t A, uint32_t B,
                                   uint32_t C, uint32_t Dst) {
  Inst D;
  D.Opc = Opc;
  D.Dst = Dst == NoSlot ? allocValues(1) : Dst;
  D.A = A;
  D.B = B;
  D.C = C;
  D.Aux = Aux;
  D.Imm = Imm;
  emit(D);
  return D.Dst;
}

bool ProgramDecoder::decodeSmallFloat(const Instruction &I) {
  unsigned N = flatCount(I.getType());
  auto Widen = [&](const Value *V, unsigned K) {
    return emitSmall(Op::SmallToF32, formatOf(V->getType()), 0, slot(V, K));
  };
  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    if (!isSmall(I.getType()))
      return false;
    SmallBinary Kind;
    switch (BO->getOpcode()) {
    case Instruction::FAdd: Kind = SB_Add; break;
    case Instruction::FSub: Kind = SB_Sub; break;
    case Instruction::FMul: Kind = SB_Mul; break;
    case Instruction::FDiv: Kind = SB_Div; break;
    case Instruction::FRem: Kind = SB_Rem; break;
    default: return false;
    }
    for (unsigned K = 0; K < N; ++K)
      emitSmall(Op::FBin16, (Kind << 1) | formatOf(I.getType()), 0, slot(BO->getOperand(0), K),
                slot(BO->getOperand(1), K), NoSlot, valueSlot(&I) + K);
    return true;
  }
  if (auto *Cmp = dyn_cast<FCmpInst>(&I)) {
    if (!isSmall(Cmp->getOperand(0)->getType()))
      return false;
    for (unsigned K = 0; K < N; ++K) {
      uint32_t A = Widen(Cmp->getOperand(0), K), B = Widen(Cmp->getOperand(1), K);
      Inst D;
      D.Opc = Op::FCmp32;
      D.Dst = valueSlot(&I) + K;
      D.A = A;
      D.B = B;
      D.Aux = Cmp->getPredicate();
      emit(D);
    }
    return true;
  }
  if (auto *Neg = dyn_cast<UnaryOperator>(&I)) {
    if (!isSmall(I.getType()) || Neg->getOpcode() != Instruction::FNeg)
      return false;
    for (unsigned K = 0; K < N; ++K) { // neg.f16 / neg.bf16: NaN canonical.
      uint32_t A = slot(Neg->getOperand(0), K);
      emitSmall(Op::FBin16, (SB_Neg << 1) | formatOf(I.getType()), 0, A, A, NoSlot,
                valueSlot(&I) + K);
    }
    return true;
  }
  auto *Cast = dyn_cast<CastInst>(&I);
  if (!Cast)
    return false;
  Type *From = Cast->getSrcTy(), *To = Cast->getDestTy();
  if (!isSmall(From) && !isSmall(To))
    return false;
  const Value *Src = Cast->getOperand(0);
  unsigned FromBits = scalarBits(From);
  for (unsigned K = 0; K < N; ++K) {
    uint32_t Dst = valueSlot(&I) + K;
    switch (Cast->getOpcode()) {
    case Instruction::FPExt: { // From half or bfloat: exact.
      if (!To->getScalarType()->isDoubleTy()) {
        emitSmall(Op::SmallToF32, formatOf(From), 0, slot(Src, K), NoSlot, NoSlot, Dst);
        break;
      }
      uint32_t F = Widen(Src, K);
      Inst D;
      D.Opc = Op::FPExt;
      D.Dst = Dst;
      D.A = F;
      emit(D);
      break;
    }
    case Instruction::FPTrunc: // To half or bfloat, from float or double.
      emitSmall(Op::ToSmall, formatOf(To),
                From->getScalarType()->isDoubleTy() ? SS_Double : SS_Float, slot(Src, K), NoSlot,
                NoSlot, Dst);
      break;
    case Instruction::SIToFP: {
      uint32_t V = slot(Src, K);
      if (FromBits < 64)
        V = emitSmall(Op::SExt, FromBits, widthMask(64), V);
      emitSmall(Op::ToSmall, formatOf(To), SS_Signed, V, NoSlot, NoSlot, Dst);
      break;
    }
    case Instruction::UIToFP:
      emitSmall(Op::ToSmall, formatOf(To), SS_Unsigned, slot(Src, K), NoSlot, NoSlot, Dst);
      break;
    case Instruction::FPToSI:
    case Instruction::FPToUI: {
      unsigned ToBits = scalarBits(To);
      emitSmall(Cast->getOpcode() == Instruction::FPToSI ? Op::FPToSI32 : Op::FPToUI32, ToBits,
                widthMask(ToBits), Widen(Src, K), NoSlot, NoSlot, Dst);
      break;
    }
    default:
      return false; // Bitcasts: the bits, as any other type's.
    }
  }
  return true;
}

bool ProgramDecoder::decodeSmallMath(const CallBase &CB, StringRef Name) {
  if (CB.getType()->isVoidTy() || !isSmall(CB.getType()) || !Name.starts_with("llvm."))
    return false;
  unsigned N = flatCount(CB.getType()), Fmt = formatOf(CB.getType());
  if (Name.starts_with("llvm.fma.") || Name.starts_with("llvm.fmuladd.")) {
    for (unsigned K = 0; K < N; ++K)
      emitSmall(Op::FMA16, Fmt, 0, slot(CB.getArgOperand(0), K), slot(CB.getArgOperand(1), K),
                slot(CB.getArgOperand(2), K), valueSlot(&CB) + K);
    return true;
  }
  // The float function of the same name (llvm.sqrt.f16 -> llvm.sqrt.f32):
  // exact for the rounding, min/max, abs and copysign functions, and rounded
  // twice innocuously for sqrt (24 >= 2 * 11 + 2).
  std::string F32 = Name.rsplit('.').first.str() + ".f32";
  MathFunction MF = lookupMathFunction(F32);
  if (!MF.Arity || MF.IsDouble || MF.Arity != CB.arg_size())
    return false;
  for (unsigned K = 0; K < N; ++K) {
    uint32_t Args[3] = {NoSlot, NoSlot, NoSlot};
    for (unsigned A = 0; A < MF.Arity; ++A)
      Args[A] = emitSmall(Op::SmallToF32, Fmt, 0, slot(CB.getArgOperand(A), K));
    uint32_t R = emitSmall(Op::Math32, MF.Arity, reinterpret_cast<uint64_t>(MF.Fn), Args[0],
                           Args[1], Args[2]);
    emitSmall(Op::ToSmall, Fmt, SS_Float, R, NoSlot, NoSlot, valueSlot(&CB) + K);
  }
  return true;
}

} // namespace dm
} // namespace warplint
