//===- InterpretArithmetic.h - The arithmetic family, inline ----*- C++ -*-===//
//
// Integer and floating-point operations, compares, conversions and the
// native math and bit functions, for the lanes of a warp. Executor::run
// inlines executeArithmetic: these are most of the instructions a kernel
// runs, and one switch on the opcode is their whole dispatch.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_INTERPRETARITHMETIC_H
#define WARPLINT_DEVICEMODEL_INTERPRETARITHMETIC_H

#include "devicemodel/Executor.h"
#include "devicemodel/GpuNaN.h"
#include "devicemodel/IntegerFunctions.h"
#include "devicemodel/SmallFloat.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

namespace warplint {
namespace dm {

/// |S|, the most negative value being its own (llvm.abs without poison, as
/// the GPU computes it; std::abs of it is undefined).
inline uint64_t wrappingAbs(int64_t S) { return S < 0 ? 0 - uint64_t(S) : uint64_t(S); }

template <class T> bool fcmp(unsigned Pred, T A, T B) {
  bool Uno = std::isnan(A) || std::isnan(B);
  switch (Pred) {
  case llvm::CmpInst::FCMP_FALSE: return false;
  case llvm::CmpInst::FCMP_OEQ: return !Uno && A == B;
  case llvm::CmpInst::FCMP_OGT: return !Uno && A > B;
  case llvm::CmpInst::FCMP_OGE: return !Uno && A >= B;
  case llvm::CmpInst::FCMP_OLT: return !Uno && A < B;
  case llvm::CmpInst::FCMP_OLE: return !Uno && A <= B;
  case llvm::CmpInst::FCMP_ONE: return !Uno && A != B;
  case llvm::CmpInst::FCMP_ORD: return !Uno;
  case llvm::CmpInst::FCMP_UNO: return Uno;
  case llvm::CmpInst::FCMP_UEQ: return Uno || A == B;
  case llvm::CmpInst::FCMP_UGT: return Uno || A > B;
  case llvm::CmpInst::FCMP_UGE: return Uno || A >= B;
  case llvm::CmpInst::FCMP_ULT: return Uno || A < B;
  case llvm::CmpInst::FCMP_ULE: return Uno || A <= B;
  case llvm::CmpInst::FCMP_UNE: return Uno || A != B;
  default: return true;
  }
}

/// PTX cvt.rzi: NaN is 0, out-of-range saturates.
template <class T> uint64_t toSigned(T V, unsigned Bits, uint64_t Mask) {
  if (std::isnan(V))
    return 0;
  double Max = std::ldexp(1.0, Bits - 1) - 1, Min = -std::ldexp(1.0, Bits - 1);
  double D = std::trunc((double)V);
  if (D >= Max)
    return uint64_t(Bits >= 64 ? std::numeric_limits<int64_t>::max()
                               : (int64_t(1) << (Bits - 1)) - 1) & Mask;
  if (D <= Min)
    return uint64_t(Bits >= 64 ? std::numeric_limits<int64_t>::min()
                               : -(int64_t(1) << (Bits - 1))) & Mask;
  return uint64_t(int64_t(D)) & Mask;
}
template <class T> uint64_t toUnsigned(T V, unsigned Bits, uint64_t Mask) {
  if (std::isnan(V) || V <= 0)
    return 0;
  double Max = std::ldexp(1.0, Bits);
  double D = std::trunc((double)V);
  if (D >= Max)
    return Mask;
  return uint64_t(D) & Mask;
}


/// Runs arithmetic instruction I (isArithmetic) for the lanes of M: D its
/// destination's lanes, A, Bv, C its operands'.
LLVM_ATTRIBUTE_ALWAYS_INLINE void
executeArithmetic(const Inst &I, uint64_t *D, const uint64_t *A, const uint64_t *Bv,
                  const uint64_t *C, uint32_t M) {
  using namespace llvm;
  const uint64_t Imm = I.Imm;
  const unsigned Aux = I.Aux;
  switch (I.Opc) {
  // ---- integer -------------------------------------------------------
  case Op::Add: FOR_LANES(D[L] = (A[L] + Bv[L]) & Imm); break;
  case Op::Sub: FOR_LANES(D[L] = (A[L] - Bv[L]) & Imm); break;
  case Op::Mul: FOR_LANES(D[L] = (A[L] * Bv[L]) & Imm); break;
  case Op::UDiv: FOR_LANES(D[L] = Bv[L] ? A[L] / Bv[L] : Imm); break;
  case Op::URem: FOR_LANES(D[L] = Bv[L] ? A[L] % Bv[L] : A[L]); break;
  case Op::SDiv:
    FOR_LANES({
      int64_t X = sx(A[L], Aux), Y = sx(Bv[L], Aux);
      D[L] = (Y == 0 ? uint64_t(-1) : (Y == -1 ? uint64_t(-X) : uint64_t(X / Y))) & Imm;
    });
    break;
  case Op::SRem:
    FOR_LANES({
      int64_t X = sx(A[L], Aux), Y = sx(Bv[L], Aux);
      D[L] = (Y == 0 ? uint64_t(X) : (Y == -1 ? 0 : uint64_t(X % Y))) & Imm;
    });
    break;
  case Op::Shl: FOR_LANES(D[L] = Bv[L] >= Aux ? 0 : (A[L] << Bv[L]) & Imm); break;
  case Op::LShr: FOR_LANES(D[L] = Bv[L] >= Aux ? 0 : A[L] >> Bv[L]); break;
  case Op::AShr:
    FOR_LANES(D[L] = uint64_t(sx(A[L], Aux) >> (Bv[L] >= Aux ? Aux - 1 : Bv[L])) & Imm);
    break;
  case Op::And: FOR_LANES(D[L] = A[L] & Bv[L]); break;
  case Op::Or: FOR_LANES(D[L] = A[L] | Bv[L]); break;
  case Op::Xor: FOR_LANES(D[L] = A[L] ^ Bv[L]); break;
  case Op::ICmpEq: FOR_LANES(D[L] = A[L] == Bv[L]); break;
  case Op::ICmpNe: FOR_LANES(D[L] = A[L] != Bv[L]); break;
  case Op::ICmpUgt: FOR_LANES(D[L] = A[L] > Bv[L]); break;
  case Op::ICmpUge: FOR_LANES(D[L] = A[L] >= Bv[L]); break;
  case Op::ICmpUlt: FOR_LANES(D[L] = A[L] < Bv[L]); break;
  case Op::ICmpUle: FOR_LANES(D[L] = A[L] <= Bv[L]); break;
  case Op::ICmpSgt: FOR_LANES(D[L] = sx(A[L], Aux) > sx(Bv[L], Aux)); break;
  case Op::ICmpSge: FOR_LANES(D[L] = sx(A[L], Aux) >= sx(Bv[L], Aux)); break;
  case Op::ICmpSlt: FOR_LANES(D[L] = sx(A[L], Aux) < sx(Bv[L], Aux)); break;
  case Op::ICmpSle: FOR_LANES(D[L] = sx(A[L], Aux) <= sx(Bv[L], Aux)); break;
  case Op::SExt: FOR_LANES(D[L] = uint64_t(sx(A[L], Aux)) & Imm); break;
  case Op::Trunc: FOR_LANES(D[L] = A[L] & Imm); break;
  case Op::Copy: FOR_LANES(D[L] = A[L]); break;
  case Op::Select: FOR_LANES(D[L] = (A[L] & 1) ? Bv[L] : C[L]); break;
  case Op::SMin: FOR_LANES(D[L] = sx(A[L], Aux) < sx(Bv[L], Aux) ? A[L] : Bv[L]); break;
  case Op::SMax: FOR_LANES(D[L] = sx(A[L], Aux) > sx(Bv[L], Aux) ? A[L] : Bv[L]); break;
  case Op::UMin: FOR_LANES(D[L] = A[L] < Bv[L] ? A[L] : Bv[L]); break;
  case Op::UMax: FOR_LANES(D[L] = A[L] > Bv[L] ? A[L] : Bv[L]); break;
  case Op::Abs: FOR_LANES(D[L] = wrappingAbs(sx(A[L], Aux)) & Imm); break;
  case Op::CtPop: FOR_LANES(D[L] = popcount(A[L])); break;
  case Op::Ctlz: FOR_LANES(D[L] = A[L] ? countl_zero(A[L]) - (64 - Aux) : Aux); break;
  case Op::Cttz: FOR_LANES(D[L] = A[L] ? countr_zero(A[L]) : Aux); break;
  case Op::BitRev: FOR_LANES(D[L] = reverseBits(A[L]) >> (64 - Aux)); break;
  case Op::BSwap: FOR_LANES(D[L] = byteswap(A[L]) >> (64 - Aux)); break;
  case Op::FShl:
    FOR_LANES({
      unsigned S = C[L] % Aux;
      D[L] = S ? ((A[L] << S) | (Bv[L] >> (Aux - S))) & Imm : A[L];
    });
    break;
  case Op::FShr:
    FOR_LANES({
      unsigned S = C[L] % Aux;
      D[L] = S ? ((A[L] << (Aux - S)) | (Bv[L] >> S)) & Imm : Bv[L];
    });
    break;
  case Op::MulHiU:
    FOR_LANES(D[L] = Aux == 64 ? uint64_t((unsigned __int128)A[L] * Bv[L] >> 64)
                               : ((A[L] * Bv[L]) >> Aux) & Imm);
    break;
  case Op::MulHiS:
    FOR_LANES(D[L] = Aux == 64 ? uint64_t((__int128)int64_t(A[L]) * int64_t(Bv[L]) >> 64)
                               : uint64_t((sx(A[L], Aux) * sx(Bv[L], Aux)) >> Aux) & Imm);
    break;
  case Op::SAddSat:
  case Op::SSubSat: {
    const __int128 Hi = (__int128(1) << (Aux - 1)) - 1, Lo = -Hi - 1;
    FOR_LANES({
      __int128 X = sx(A[L], Aux), Y = sx(Bv[L], Aux);
      __int128 R = I.Opc == Op::SAddSat ? X + Y : X - Y;
      D[L] = uint64_t(R < Lo ? Lo : R > Hi ? Hi : R) & Imm;
    });
    break;
  }
  case Op::UAddSat:
    FOR_LANES(D[L] = A[L] + Bv[L] > Imm || A[L] + Bv[L] < A[L] ? Imm : A[L] + Bv[L]);
    break;
  case Op::USubSat: FOR_LANES(D[L] = A[L] > Bv[L] ? A[L] - Bv[L] : 0); break;
  case Op::AddScaled: FOR_LANES(D[L] = A[L] + uint64_t(sx(Bv[L], Aux)) * Imm); break;
  case Op::AddImm: FOR_LANES(D[L] = A[L] + Imm); break;
  // ---- floating point ------------------------------------------------
  // NaN results as an H100 writes them (GpuNaN.h): f32 canonical, f64 add,
  // sub, mul and fma the second operand's payload first.
  case Op::FAdd32: FOR_LANES(D[L] = canonicalBits32(f32(A[L]) + f32(Bv[L]))); break;
  case Op::FSub32: FOR_LANES(D[L] = canonicalBits32(f32(A[L]) - f32(Bv[L]))); break;
  case Op::FMul32: FOR_LANES(D[L] = canonicalBits32(f32(A[L]) * f32(Bv[L]))); break;
  case Op::FDiv32: FOR_LANES(D[L] = canonicalBits32(f32(A[L]) / f32(Bv[L]))); break;
  case Op::FRem32:
    FOR_LANES(D[L] = canonicalBits32(std::fmod(f32(A[L]), f32(Bv[L]))));
    break;
  case Op::FNeg32: // neg.f32 is an add on sm_90: a NaN is canonical too.
    FOR_LANES(D[L] = std::isnan(f32(A[L])) ? CanonicalNaN32 : A[L] ^ 0x80000000u);
    break;
  case Op::FMA32:
    FOR_LANES(D[L] = canonicalBits32(std::fma(f32(A[L]), f32(Bv[L]), f32(C[L]))));
    break;
  case Op::FAdd64:
    FOR_LANES({
      double X = f64(A[L]), Y = f64(Bv[L]);
      D[L] = bits(propagateNaN64(X, Y, X + Y));
    });
    break;
  case Op::FSub64:
    FOR_LANES({
      double X = f64(A[L]), Y = f64(Bv[L]);
      D[L] = bits(propagateNaN64(X, Y, X - Y));
    });
    break;
  case Op::FMul64:
    FOR_LANES({
      double X = f64(A[L]), Y = f64(Bv[L]);
      D[L] = bits(propagateNaN64(X, Y, X * Y));
    });
    break;
  case Op::FDiv64: FOR_LANES(D[L] = bits(f64(A[L]) / f64(Bv[L]))); break;
  case Op::FRem64: FOR_LANES(D[L] = bits(std::fmod(f64(A[L]), f64(Bv[L])))); break;
  case Op::FNeg64: FOR_LANES(D[L] = A[L] ^ 0x8000000000000000ull); break;
  case Op::FMA64: FOR_LANES(D[L] = bits(fma64(f64(A[L]), f64(Bv[L]), f64(C[L])))); break;
  case Op::FCmp32: FOR_LANES(D[L] = fcmp(Aux, f32(A[L]), f32(Bv[L]))); break;
  case Op::FCmp64: FOR_LANES(D[L] = fcmp(Aux, f64(A[L]), f64(Bv[L]))); break;
  case Op::FPExt: FOR_LANES(D[L] = bits(double(f32(A[L])))); break;
  case Op::FPTrunc: FOR_LANES(D[L] = bits(float(f64(A[L])))); break;
  case Op::FPToSI32: FOR_LANES(D[L] = toSigned(f32(A[L]), Aux, Imm)); break;
  case Op::FPToUI32: FOR_LANES(D[L] = toUnsigned(f32(A[L]), Aux, Imm)); break;
  case Op::FPToSI64: FOR_LANES(D[L] = toSigned(f64(A[L]), Aux, Imm)); break;
  case Op::FPToUI64: FOR_LANES(D[L] = toUnsigned(f64(A[L]), Aux, Imm)); break;
  case Op::SIToFP32: FOR_LANES(D[L] = bits(float(sx(A[L], Aux)))); break;
  case Op::UIToFP32: FOR_LANES(D[L] = bits(float(A[L]))); break;
  case Op::SIToFP64: FOR_LANES(D[L] = bits(double(sx(A[L], Aux)))); break;
  case Op::UIToFP64: FOR_LANES(D[L] = bits(double(A[L]))); break;
  case Op::Math32:
    if ((Aux & MathArityMask) == 1) {
      auto *Fp = reinterpret_cast<float (*)(float)>(Imm);
      FOR_LANES(D[L] = bits(Fp(f32(A[L]))));
    } else if ((Aux & MathArityMask) == 2) {
      auto *Fp = reinterpret_cast<float (*)(float, float)>(Imm);
      FOR_LANES(D[L] = bits(Fp(f32(A[L]), f32(Bv[L]))));
    } else {
      auto *Fp = reinterpret_cast<float (*)(float, float, float)>(Imm);
      FOR_LANES(D[L] = bits(Fp(f32(A[L]), f32(Bv[L]), f32(C[L]))));
    }
    if (Aux & MathCanonicalNaN)
      FOR_LANES(D[L] = canonicalBits32(f32(D[L])));
    break;
  case Op::Math64:
    if (Aux == 1) {
      auto *Fp = reinterpret_cast<double (*)(double)>(Imm);
      FOR_LANES(D[L] = bits(Fp(f64(A[L]))));
    } else if (Aux == 2) {
      auto *Fp = reinterpret_cast<double (*)(double, double)>(Imm);
      FOR_LANES(D[L] = bits(Fp(f64(A[L]), f64(Bv[L]))));
    } else {
      auto *Fp = reinterpret_cast<double (*)(double, double, double)>(Imm);
      FOR_LANES(D[L] = bits(Fp(f64(A[L]), f64(Bv[L]), f64(C[L]))));
    }
    break;
  case Op::SmallToF32: FOR_LANES(D[L] = smallToFloatBits(A[L], Aux)); break;
  case Op::ToSmall: FOR_LANES(D[L] = convertToSmall(A[L], unsigned(Imm), Aux)); break;
  case Op::FBin16: FOR_LANES(D[L] = smallBinary(Aux >> 1, A[L], Bv[L], Aux & 1)); break;
  case Op::FMA16: FOR_LANES(D[L] = smallFma(A[L], Bv[L], C[L], Aux)); break;
  case Op::BitFn: {
    auto *Fp = reinterpret_cast<BitFunctionPtr>(Imm);
    if (Aux == 1)
      FOR_LANES(D[L] = Fp(A[L], 0, 0));
    else if (Aux == 2)
      FOR_LANES(D[L] = Fp(A[L], Bv[L], 0));
    else
      FOR_LANES(D[L] = Fp(A[L], Bv[L], C[L]));
    break;
  }
  default:
    break;
  }
}

} // namespace dm
} // namespace warplint

#endif
