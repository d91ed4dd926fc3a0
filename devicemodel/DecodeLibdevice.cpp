//===- DecodeLibdevice.cpp - libdevice and LLVM math, natively ------------===//
//
// The libdevice family of the decoder: libdevice's __nv_* math functions
// (MathFunctions.cpp) and integer, bit and conversion functions
// (IntegerFunctions.cpp), LLVM's math intrinsics (vector forms scalarized),
// __nv_sincos, and vprintf. Each runs natively, once per lane.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"

#include "devicemodel/IntegerFunctions.h"
#include "devicemodel/MathFunctions.h"

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// LLVM's math intrinsics, whose vector forms are scalarized.
bool isMathIntrinsic(StringRef Name) {
  return Name.starts_with("llvm.fabs.") || Name.starts_with("llvm.sqrt.") ||
         Name.starts_with("llvm.fma.") || Name.starts_with("llvm.fmuladd.") ||
         Name.starts_with("llvm.minnum.") || Name.starts_with("llvm.maxnum.") ||
         Name.starts_with("llvm.floor.") || Name.starts_with("llvm.ceil.") ||
         Name.starts_with("llvm.trunc.") || Name.starts_with("llvm.rint.") ||
         Name.starts_with("llvm.nearbyint.") || Name.starts_with("llvm.round") ||
         Name.starts_with("llvm.copysign.") || Name.starts_with("llvm.minimum") ||
         Name.starts_with("llvm.maximum") || Name.starts_with("llvm.exp") ||
         Name.starts_with("llvm.log") || Name.starts_with("llvm.sin.") ||
         Name.starts_with("llvm.cos.") || Name.starts_with("llvm.pow.");
}

/// MathCanonicalNaN for the f32 functions but copysign (sm_90 computes
/// them with f32 arithmetic, which writes a NaN as 0x7fffffff).
unsigned mathNaNFlag(const MathFunction &MF, StringRef Name) {
  return MF.IsDouble || Name.contains("copysign") ? 0 : MathCanonicalNaN;
}

} // namespace

void ProgramDecoder::emitNative(const CallBase &CB, Op Opc, unsigned Arity, const void *Fn) {
  Inst D;
  D.Opc = Opc;
  D.Dst = valueSlot(&CB);
  D.A = slot(CB.getArgOperand(0));
  if ((Arity & MathArityMask) > 1)
    D.B = slot(CB.getArgOperand(1));
  if ((Arity & MathArityMask) > 2)
    D.C = slot(CB.getArgOperand(2));
  D.Aux = Arity; // With Math32's flag above MathArityMask.
  D.Imm = reinterpret_cast<uint64_t>(Fn);
  emit(D);
}

bool ProgramDecoder::decodeLibdeviceCall(const CallBase &CB, StringRef Name) {
  if (decodeSmallMath(CB, Name))
    return true;
  if (isMathIntrinsic(Name)) {
    // Vector forms: scalarize.
    unsigned N = std::max(1u, flatCount(CB.getType()));
    std::string Scalar = Name.str();
    if (CB.getType()->isVectorTy()) {
      bool D64 = CB.getType()->getScalarType()->isDoubleTy();
      Scalar = Name.rsplit('.').first.str() + (D64 ? ".f64" : ".f32");
    }
    // Not in the table: the name may still be a native one below.
    if (MathFunction MF = lookupMathFunction(Scalar); MF.Arity) {
      for (unsigned K = 0; K < N; ++K) {
        Inst D;
        D.Opc = MF.IsDouble ? Op::Math64 : Op::Math32;
        D.Dst = valueSlot(&CB) + K;
        D.A = slot(CB.getArgOperand(0), K);
        if (MF.Arity > 1)
          D.B = slot(CB.getArgOperand(1), K);
        if (MF.Arity > 2)
          D.C = slot(CB.getArgOperand(2), K);
        D.Aux = MF.Arity | mathNaNFlag(MF, Scalar);
        D.Imm = reinterpret_cast<uint64_t>(MF.Fn);
        emit(D);
      }
      return true;
    }
  }
  if (MathFunction MF = lookupMathFunction(Name); MF.Arity) {
    emitNative(CB, MF.IsDouble ? Op::Math64 : Op::Math32, MF.Arity | mathNaNFlag(MF, Name),
               MF.Fn);
    return true;
  }
  if (BitFunction BF = lookupBitFunction(Name); BF.Arity) {
    emitNative(CB, Op::BitFn, BF.Arity, reinterpret_cast<const void *>(BF.Fn));
    return true;
  }
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
      M.Aux = 1 | mathNaNFlag(Fn, Parts[K]);
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
    return true;
  }
  if (Name == "vprintf") {
    Inst D;
    D.Opc = Op::Printf;
    D.A = slot(CB.getArgOperand(0));
    D.B = slot(CB.getArgOperand(1));
    D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  return false;
}

} // namespace dm
} // namespace warplint
