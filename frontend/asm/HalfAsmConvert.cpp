//===- HalfAsmConvert.cpp - cvt of the toolkit's half and bfloat16 --------===//
//
// PTX's cvt among f16, bf16, their pairs, f32, f64 and the integer types, as
// IR the device model runs exactly:
//   * to f16/bf16 in round to nearest even: fptrunc, sitofp, uitofp (rounded
//     once from the exact source; a NaN from float is the canonical 0x7fff
//     (explicitly: LLVM folds fptrunc(fpext x) to x), one from double keeps
//     its payload, as on an H100);
//   * .rz/.rm/.rp: that result, then one unit toward zero / down / up where
//     it went the other way, found by comparing it with the exact source in
//     double (for 64-bit integers, the source split in two exact halves);
//   * to the integer types (.rni/.rzi/.rmi/.rpi): the value as a float
//     (exact), converted by the NVVM f2i/f2ui/f2ll/f2ull of that mode
//     (saturating, NaN 0), clamped to 16 and 8 bits;
//   * f16/bf16 to an integral f16/bf16: roundeven, trunc, floor, ceil;
//   * from f16/bf16 to f32/f64: fpext (exact; f16 to f32 writes a NaN as
//     0x7fffffff, as an H100 does).
//
//===----------------------------------------------------------------------===//
#include "frontend/asm/HalfAsmBlock.h"

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {
bool isSmall(StringRef T) { return T == "f16" || T == "bf16"; }
bool isPair(StringRef T) { return T == "f16x2" || T == "bf16x2"; }
bool isFloat(StringRef T) { return T == "f32" || T == "f64"; }
bool isInt(StringRef T) {
  return T.size() >= 2 && (T[0] == 's' || T[0] == 'u') &&
         (T.drop_front() == "8" || T.drop_front() == "16" || T.drop_front() == "32" ||
          T.drop_front() == "64");
}
unsigned intBits(StringRef T) { return std::stoi(T.drop_front().str()); }

/// What the qualifiers ask for.
struct CvtForm {
  char Mode = 0;         ///< n, z, m, p (rounding of a float result) or 0.
  char IntMode = 0;      ///< n, z, m, p of .rni/.rzi/.rmi/.rpi, or 0.
  bool Sat = false, Relu = false, SatFinite = false;
};

std::optional<CvtForm> parseForm(ArrayRef<StringRef> Quals) {
  CvtForm F;
  for (StringRef Q : Quals) {
    if (Q.size() == 2 && Q[0] == 'r' && StringRef("nzmp").contains(Q[1]) && !F.Mode && !F.IntMode)
      F.Mode = Q[1];
    else if (Q.size() == 3 && Q[0] == 'r' && Q[2] == 'i' && StringRef("nzmp").contains(Q[1]) &&
             !F.Mode && !F.IntMode)
      F.IntMode = Q[1];
    else if (Q == "sat")
      F.Sat = true;
    else if (Q == "relu")
      F.Relu = true;
    else if (Q == "satfinite")
      F.SatFinite = true;
    else
      return std::nullopt; // .ftz and anything else: not lowered.
  }
  return F;
}

/// 16-bit float bits B one step toward +infinity / -infinity.
Value *nextUp(IRBuilder<> &B, Value *Bits) {
  Value *Neg = B.CreateICmpNE(B.CreateAnd(Bits, 0x8000), B.getInt16(0));
  Value *Down = B.CreateSelect(B.CreateICmpEQ(Bits, B.getInt16(0x8000)), B.getInt16(1),
                               B.CreateSub(Bits, B.getInt16(1)));
  return B.CreateSelect(Neg, Down, B.CreateAdd(Bits, B.getInt16(1)));
}
Value *nextDown(IRBuilder<> &B, Value *Bits) {
  Value *Neg = B.CreateICmpNE(B.CreateAnd(Bits, 0x8000), B.getInt16(0));
  Value *Down = B.CreateSelect(B.CreateICmpEQ(Bits, B.getInt16(0)), B.getInt16(0x8001),
                               B.CreateSub(Bits, B.getInt16(1)));
  return B.CreateSelect(Neg, B.CreateAdd(Bits, B.getInt16(1)), Down);
}

/// V (float, double, or an integer, Signed) as Elt (half or bfloat) rounded
/// in Mode, then the .relu, .sat and .satfinite of F.
Value *toSmall(IRBuilder<> &B, Value *V, bool Signed, Type *Elt, const CvtForm &F) {
  Type *Src = V->getType(), *F64 = B.getDoubleTy(), *I16 = B.getInt16Ty();
  bool FromFloat = Src->isFloatingPointTy();
  Value *R = FromFloat ? B.CreateFPTrunc(V, Elt)
                       : (Signed ? B.CreateSIToFP(V, Elt) : B.CreateUIToFP(V, Elt));
  if (Src->isFloatTy()) // A NaN is the canonical 0x7fff, also where LLVM folds
                        // fptrunc(fpext x) to x.
    R = B.CreateSelect(B.CreateFCmpUNO(V, V), B.CreateBitCast(B.getInt16(0x7fff), Elt), R);
  if (F.Mode != 'n') {
    // R's value against the exact source: Back - Base against Rest.
    Value *Back = B.CreateFPExt(R, F64), *Rest, *Pos, *Neg;
    if (FromFloat) {
      Rest = Src->isDoubleTy() ? V : B.CreateFPExt(V, F64);
      Pos = B.CreateFCmpOGT(Rest, ConstantFP::get(F64, 0.0));
      Neg = B.CreateFCmpOLT(Rest, ConstantFP::get(F64, 0.0));
    } else {
      Pos = Signed ? B.CreateICmpSGT(V, ConstantInt::get(Src, 0))
                   : B.CreateICmpNE(V, ConstantInt::get(Src, 0));
      Neg = Signed ? B.CreateICmpSLT(V, ConstantInt::get(Src, 0)) : B.getFalse();
      if (Src->getIntegerBitWidth() <= 32) {
        Rest = Signed ? B.CreateSIToFP(V, F64) : B.CreateUIToFP(V, F64); // Exact.
      } else {
        // V = Hi * 2^32 + Lo, each exact in double; Back - Hi * 2^32 is
        // exact too (Back is within a unit of V).
        Value *Hi = Signed ? B.CreateAShr(V, 32) : B.CreateLShr(V, 32);
        Value *HiD = B.CreateFMul(Signed ? B.CreateSIToFP(Hi, F64) : B.CreateUIToFP(Hi, F64),
                                  ConstantFP::get(F64, 4294967296.0));
        Back = B.CreateFSub(Back, HiD);
        Rest = B.CreateUIToFP(B.CreateAnd(V, ConstantInt::get(Src, 0xffffffffu)), F64);
      }
    }
    Value *Above = B.CreateFCmpOGT(Back, Rest), *Below = B.CreateFCmpOLT(Back, Rest);
    Value *Bits = B.CreateBitCast(R, I16);
    if (F.Mode == 'z')
      Bits = B.CreateSub(Bits, B.CreateZExt(B.CreateOr(B.CreateAnd(Above, Pos),
                                                        B.CreateAnd(Below, Neg)),
                                            I16));
    else if (F.Mode == 'm')
      Bits = B.CreateSelect(Above, nextDown(B, Bits), Bits);
    else
      Bits = B.CreateSelect(Below, nextUp(B, Bits), Bits);
    R = B.CreateBitCast(Bits, Elt);
  }
  Value *Zero = ConstantFP::get(Elt, 0.0);
  if (F.Relu) // Negative to +0; NaN stays (canonical).
    R = B.CreateSelect(B.CreateFCmpOLT(R, Zero), Zero, R);
  if (F.SatFinite) { // Infinity to the largest finite value of its sign.
    Value *Bits = B.CreateBitCast(R, I16);
    Value *Inf = B.CreateICmpEQ(B.CreateAnd(Bits, 0x7fff),
                                B.getInt16(Elt->isBFloatTy() ? 0x7f80 : 0x7c00));
    Value *Max = B.CreateOr(B.CreateAnd(Bits, 0x8000),
                            B.getInt16(Elt->isBFloatTy() ? 0x7f7f : 0x7bff));
    R = B.CreateBitCast(B.CreateSelect(Inf, Max, Bits), Elt);
  }
  if (F.Sat)
    R = saturate(B, R);
  return R;
}

Intrinsic::ID roundingIntrinsic(char Mode) {
  switch (Mode) {
  case 'n': return Intrinsic::roundeven;
  case 'z': return Intrinsic::trunc;
  case 'm': return Intrinsic::floor;
  default: return Intrinsic::ceil;
  }
}

/// Float F to the integer type T (s8 ... u64) in Mode, as cvt.rXi does.
Value *toInt(IRBuilder<> &B, Value *F, StringRef T, char Mode) {
  static constexpr Intrinsic::ID I32[4] = {Intrinsic::nvvm_f2i_rn, Intrinsic::nvvm_f2i_rz,
                                           Intrinsic::nvvm_f2i_rm, Intrinsic::nvvm_f2i_rp};
  static constexpr Intrinsic::ID U32[4] = {Intrinsic::nvvm_f2ui_rn, Intrinsic::nvvm_f2ui_rz,
                                           Intrinsic::nvvm_f2ui_rm, Intrinsic::nvvm_f2ui_rp};
  static constexpr Intrinsic::ID I64[4] = {Intrinsic::nvvm_f2ll_rn, Intrinsic::nvvm_f2ll_rz,
                                           Intrinsic::nvvm_f2ll_rm, Intrinsic::nvvm_f2ll_rp};
  static constexpr Intrinsic::ID U64[4] = {Intrinsic::nvvm_f2ull_rn, Intrinsic::nvvm_f2ull_rz,
                                           Intrinsic::nvvm_f2ull_rm, Intrinsic::nvvm_f2ull_rp};
  unsigned M = StringRef("nzmp").find(Mode);
  bool Signed = T[0] == 's';
  unsigned Bits = intBits(T);
  if (Bits == 64)
    return B.CreateIntrinsic(B.getInt64Ty(), Signed ? I64[M] : U64[M], {F});
  Type *I32Ty = B.getInt32Ty();
  Value *V = B.CreateIntrinsic(I32Ty, Signed ? I32[M] : U32[M], {F});
  if (Bits < 32) { // Saturated to the narrower range, extended to 32 bits.
    if (Signed) {
      V = B.CreateIntrinsic(Intrinsic::smax, {I32Ty}, {V, B.getInt32(uint32_t(-(1 << (Bits - 1))))});
      V = B.CreateIntrinsic(Intrinsic::smin, {I32Ty}, {V, B.getInt32((1u << (Bits - 1)) - 1)});
    } else {
      V = B.CreateIntrinsic(Intrinsic::umin, {I32Ty}, {V, B.getInt32((1u << Bits) - 1)});
    }
  }
  return Bits == 16 ? B.CreateTrunc(V, B.getInt16Ty()) : V;
}
} // namespace

bool emitHalfConvert(HalfAsmBlock &Blk, ArrayRef<StringRef> Parts, ArrayRef<StringRef> Ops) {
  if (Parts.size() < 2)
    return false;
  StringRef D = Parts[Parts.size() - 2], A = Parts.back();
  std::optional<CvtForm> F = parseForm(Parts.drop_back(2));
  IRBuilder<> &B = Blk.builder();
  LLVMContext &Ctx = B.getContext();
  if (!F)
    return false;
  bool Modifiers = F->Sat || F->Relu || F->SatFinite;
  auto Write = [&](Value *V) { return V && Blk.write(Ops[0], V); };
  // To f16/bf16 or their pairs, from a float, a double or an integer.
  if ((isSmall(D) || isPair(D)) && (isFloat(A) || isInt(A)) && F->Mode) {
    if (isPair(D) && (Ops.size() != 3 || A != "f32"))
      return false;
    if (isSmall(D) && Ops.size() != 2)
      return false;
    if (isInt(A) && Modifiers)
      return false;
    Type *Elt = ptxIrType(isPair(D) ? D.drop_back(2) : D, Ctx);
    Type *SrcTy = isInt(A) ? B.getIntNTy(intBits(A)) : ptxIrType(A, Ctx);
    auto One = [&](StringRef Tok) -> Value * {
      Value *V = Blk.read(Tok, SrcTy);
      return V ? toSmall(B, V, A[0] == 's', Elt, *F) : nullptr;
    };
    if (isSmall(D))
      return Write(One(Ops[1]));
    Value *Hi = One(Ops[1]), *Lo = Hi ? One(Ops[2]) : nullptr; // d = {a, b}: a high.
    return Lo && Write(packLanes(B, Lo, Hi));
  }
  if (Ops.size() != 2 || Modifiers)
    return false;
  // Exact widening of f16/bf16.
  if (isFloat(D) && isSmall(A) && !F->Mode && !F->IntMode) {
    Value *V = Blk.read(Ops[1], ptxIrType(A, Ctx));
    if (!V)
      return false;
    Value *R = B.CreateFPExt(V, ptxIrType(D, Ctx));
    if (A == "f16" && D == "f32") // An H100 writes a NaN as 0x7fffffff (half-ops.txt).
      R = B.CreateSelect(B.CreateFCmpUNO(V, V),
                         B.CreateBitCast(B.getInt32(0x7fffffff), B.getFloatTy()), R);
    return Write(R);
  }
  // f32 <-> f64.
  if (D == "f32" && A == "f64" && F->Mode == 'n') {
    Value *V = Blk.read(Ops[1], B.getDoubleTy());
    return V && Write(B.CreateFPTrunc(V, B.getFloatTy()));
  }
  if (D == "f64" && A == "f32" && !F->Mode && !F->IntMode) {
    Value *V = Blk.read(Ops[1], B.getFloatTy());
    return V && Write(B.CreateFPExt(V, B.getDoubleTy()));
  }
  // To an integral value of the same floating type.
  if (D == A && (isSmall(D) || D == "f32") && F->IntMode) {
    Value *V = Blk.read(Ops[1], ptxIrType(D, Ctx));
    return V && Write(B.CreateUnaryIntrinsic(roundingIntrinsic(F->IntMode), V));
  }
  // To an integer type, from f16, bf16 or f32.
  if (isInt(D) && (isSmall(A) || A == "f32") && F->IntMode) {
    Value *V = Blk.read(Ops[1], ptxIrType(A, Ctx));
    if (!V)
      return false;
    if (isSmall(A))
      V = B.CreateFPExt(V, B.getFloatTy());
    return Write(toInt(B, V, D, F->IntMode));
  }
  return false;
}

} // namespace warplint
