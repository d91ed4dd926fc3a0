//===- Fp8Asm.cpp - Inline asm of the toolkit's cuda_fp8.h ----------------===//
//
// Each conversion on the source's bits, without branches (the instruction is
// one cvt: no divergence to report): an e4m3 or e5m2 result is the float's
// 24-bit significand shifted right to the format's precision (more below its
// smallest normal exponent), rounded to nearest even by the bits shifted out,
// and its exponent added on top, so that a carry out of the mantissa moves
// into the exponent; past the largest finite code it saturates. A half
// source is widened to float first (exact).
//
//===----------------------------------------------------------------------===//
#include "frontend/asm/Fp8Asm.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {
/// The 8-bit format of an e4m3x2/e5m2x2 type name.
struct Fp8Format {
  unsigned Mant, Bias, Max; ///< Mantissa bits, exponent bias, largest finite code.
};
const Fp8Format E4M3{3, 7, 0x7e}, E5M2{2, 15, 0x7b};

std::optional<Fp8Format> formatOf(StringRef Type) {
  if (Type == "e4m3x2")
    return E4M3;
  if (Type == "e5m2x2")
    return E5M2;
  return std::nullopt;
}

/// The fp8 code (i32, 0..255) of float F, rounded to nearest even and
/// saturated to the largest finite value; NaN 0x7f; under Relu a negative
/// result is +0.
Value *floatToFp8(IRBuilder<> &B, Value *F, const Fp8Format &Fmt, bool Relu) {
  auto C = [&](uint32_t V) { return B.getInt32(V); };
  Value *U = B.CreateBitCast(F, B.getInt32Ty());
  Value *A = B.CreateAnd(U, C(0x7fffffff));
  Value *Sign = B.CreateAnd(B.CreateLShr(U, 24), C(0x80));
  Value *IsNaN = B.CreateICmpUGT(A, C(0x7f800000));
  // The unbiased exponent and the significand with its implicit bit (a
  // float subnormal is far below any fp8 value: it rounds to 0 below).
  Value *E = B.CreateSub(B.CreateLShr(A, 23), C(127));
  Value *Sig = B.CreateOr(B.CreateAnd(A, C(0x7fffff)), C(0x800000));
  const int EMin = 1 - int(Fmt.Bias);
  Value *Below = B.CreateICmpSLT(E, C(uint32_t(EMin)));
  // Shift = 23 - Mant + max(EMin - E, 0), at most 24 where the value does
  // not round to 0 (E >= EMin - Mant - 1); clamped to 31 elsewhere.
  Value *Extra = B.CreateSelect(Below, B.CreateSub(C(uint32_t(EMin)), E), C(0));
  Value *Shift = B.CreateAdd(Extra, C(23 - Fmt.Mant));
  Shift = B.CreateSelect(B.CreateICmpUGT(Shift, C(31)), C(31), Shift);
  Value *Q = B.CreateLShr(Sig, Shift);
  Value *Rem = B.CreateAnd(Sig, B.CreateSub(B.CreateShl(C(1), Shift), C(1)));
  Value *Half = B.CreateLShr(B.CreateShl(C(1), Shift), 1);
  Value *Up = B.CreateOr(B.CreateICmpUGT(Rem, Half),
                         B.CreateAnd(B.CreateICmpEQ(Rem, Half),
                                     B.CreateTrunc(Q, B.getInt1Ty())));
  Q = B.CreateAdd(Q, B.CreateZExt(Up, B.getInt32Ty()));
  // A normal value's Q holds the implicit bit, which adds one to the
  // exponent field: (E + Bias - 1) << Mant.
  Value *Normal = B.CreateAdd(B.CreateShl(B.CreateAdd(E, C(Fmt.Bias - 1)), Fmt.Mant), Q);
  Value *Code = B.CreateSelect(Below, Q, Normal);
  Value *Over = B.CreateOr(B.CreateICmpSGT(E, C(16)), B.CreateICmpUGT(Code, C(Fmt.Max)));
  Code = B.CreateSelect(Over, C(Fmt.Max), Code);
  Value *Zero = B.CreateICmpSLT(E, C(uint32_t(EMin - int(Fmt.Mant) - 1)));
  Code = B.CreateSelect(Zero, C(0), Code);
  Value *R = B.CreateOr(Sign, Code);
  if (Relu)
    R = B.CreateSelect(B.CreateICmpNE(Sign, C(0)), C(0), R);
  return B.CreateSelect(IsNaN, C(0x7f), R);
}

/// The half bits (i16) of fp8 code X (an i32 holding 0..255): exact; NaN the
/// canonical 0x7fff; under Relu a negative value is +0.
Value *fp8ToHalf(IRBuilder<> &B, Value *X, const Fp8Format &Fmt, bool Relu) {
  auto C = [&](uint32_t V) { return B.getInt32(V); };
  Value *A = B.CreateAnd(X, C(0x7f));
  Value *Sign = B.CreateShl(B.CreateAnd(X, C(0x80)), 8);
  Value *H, *IsNaN;
  if (Fmt.Mant == 2) { // e5m2 is half's upper byte.
    H = B.CreateShl(X, 8);
    IsNaN = B.CreateICmpUGT(A, C(0x7c));
  } else {
    // A normal e4m3 value: half's exponent field is e4m3's + 8.
    Value *Normal = B.CreateOr(B.CreateShl(B.CreateAdd(B.CreateLShr(A, 3), C(8)), 10),
                               B.CreateShl(B.CreateAnd(A, C(7)), 7));
    // A subnormal one, A * 2^-9, is a normal half: through float, exactly.
    Value *Small = B.CreateFMul(B.CreateUIToFP(A, B.getFloatTy()),
                                ConstantFP::get(B.getFloatTy(), 0x1p-9));
    Value *SmallBits = B.CreateZExt(
        B.CreateBitCast(B.CreateFPTrunc(Small, B.getHalfTy()), B.getInt16Ty()), B.getInt32Ty());
    H = B.CreateOr(Sign, B.CreateSelect(B.CreateICmpUGE(A, C(8)), Normal, SmallBits));
    IsNaN = B.CreateICmpEQ(A, C(0x7f));
  }
  if (Relu)
    H = B.CreateSelect(B.CreateICmpNE(Sign, C(0)), C(0), H);
  H = B.CreateSelect(IsNaN, C(0x7fff), H);
  return B.CreateTrunc(H, B.getInt16Ty());
}

/// The e8m0 code (i32) of a float's (Exp 8, Frac 23) or a bfloat16's (Frac
/// 7) bits U: the exponent field, one more under .rp when the magnitude is
/// not a power of two and above 2^-127; NaN 0xff, past 2^127 0xff or 0xfe.
Value *toE8m0(IRBuilder<> &B, Value *U, unsigned Frac, bool Up, bool SatFinite) {
  auto C = [&](uint32_t V) { return B.getInt32(V); };
  const uint32_t Inf = 0xffu << Frac, AbsMask = (1u << (Frac + 8)) - 1;
  Value *A = B.CreateAnd(U, C(AbsMask));
  Value *Code = B.CreateLShr(A, Frac);
  if (Up) {
    Value *Inexact = B.CreateICmpNE(B.CreateAnd(A, C((1u << Frac) - 1)), C(0));
    Value *AboveMin = B.CreateICmpUGT(A, C(1u << (Frac - 1))); // 2^-127
    Value *Finite = B.CreateICmpULT(A, C(Inf));
    Value *Step = B.CreateAnd(B.CreateAnd(Inexact, AboveMin), Finite);
    Code = B.CreateAdd(Code, B.CreateZExt(Step, B.getInt32Ty()));
  }
  if (SatFinite) {
    Value *NotNaN = B.CreateICmpULE(A, C(Inf));
    Value *Over = B.CreateAnd(NotNaN, B.CreateICmpEQ(Code, C(0xff)));
    Code = B.CreateSelect(Over, C(0xfe), Code);
  }
  return Code;
}

/// The bfloat16 bits (i32, 16 used) of e8m0 code X (0..255).
Value *e8m0ToBf16(IRBuilder<> &B, Value *X) {
  auto C = [&](uint32_t V) { return B.getInt32(V); };
  Value *R = B.CreateSelect(B.CreateICmpEQ(X, C(0)), C(0x40), B.CreateShl(X, 7));
  return B.CreateSelect(B.CreateICmpEQ(X, C(0xff)), C(0x7fff), R);
}

/// The opcode's parts and the operands of a one-instruction asm text
/// ("{ cvt.rn.f16x2.e4m3x2 $0, $1; }"), or false.
bool splitText(StringRef Text, SmallVectorImpl<StringRef> &Parts,
               SmallVectorImpl<StringRef> &Operands) {
  Text = Text.trim();
  if (Text.consume_front("{")) {
    if (!Text.consume_back("}"))
      return false;
    Text = Text.trim();
  }
  StringRef Opcode;
  if (Text.contains('{') || !splitInstruction(Text, Opcode, Operands))
    return false;
  Opcode.split(Parts, '.');
  return true;
}

/// Takes Q from the front of Parts when it is there.
bool take(ArrayRef<StringRef> &Parts, StringRef Q) {
  if (Parts.empty() || Parts.front() != Q)
    return false;
  Parts = Parts.drop_front();
  return true;
}

Value *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  SmallVector<StringRef, 8> PartsV, Ops;
  if (!splitText(Asm.getAsmString(), PartsV, Ops))
    return nullptr;
  ArrayRef<StringRef> P(PartsV);
  if (!take(P, "cvt"))
    return nullptr;
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  LLVMContext &Ctx = CI.getContext();
  Type *I16 = Type::getInt16Ty(Ctx), *I32 = Type::getInt32Ty(Ctx), *F32 = Type::getFloatTy(Ctx),
       *F64 = Type::getDoubleTy(Ctx);
  Type *Ret = CI.getType();
  auto In = [&](unsigned I, Type *Ty) -> Value * {
    return I < Ops.size() ? operandValue(CI, Ops[I], Ty) : nullptr;
  };
  auto Byte = [&](Value *V, unsigned Shift) {
    return B.CreateAnd(Shift ? B.CreateLShr(V, Shift) : V, B.getInt32(0xff));
  };
  auto Pack8 = [&](Value *Hi, Value *Lo) {
    return B.CreateTrunc(B.CreateOr(B.CreateShl(Hi, 8), Lo), I16);
  };

  // cvt.f64.f32, cvt.rn.f32.f64: exact / rounded to nearest even.
  if (Ops.size() == 2 && P.size() == 2 && P[0] == "f64" && P[1] == "f32" && Ret == F64)
    if (Value *X = In(1, F32))
      return B.CreateFPExt(X, F64);
  if (Ops.size() == 2 && P.size() == 3 && P[0] == "rn" && P[1] == "f32" && P[2] == "f64" &&
      Ret == F32)
    if (Value *X = In(1, F64))
      return B.CreateFPTrunc(X, F32);

  // To e8m0: cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32,bf16x2}.
  if (!P.empty() && (P[0] == "rz" || P[0] == "rp")) {
    bool Up = P[0] == "rp";
    P = P.drop_front();
    bool Sat = take(P, "satfinite");
    if (!take(P, "ue8m0x2") || P.size() != 1 || Ret != I16)
      return nullptr;
    if (P[0] == "f32" && Ops.size() == 3) {
      Value *Hi = In(1, F32), *Lo = In(2, F32);
      if (!Hi || !Lo)
        return nullptr;
      return Pack8(toE8m0(B, B.CreateBitCast(Hi, I32), 23, Up, Sat),
                   toE8m0(B, B.CreateBitCast(Lo, I32), 23, Up, Sat));
    }
    Value *X = P[0] == "bf16x2" && Ops.size() == 2 ? In(1, I32) : nullptr;
    if (!X)
      return nullptr;
    return Pack8(toE8m0(B, B.CreateLShr(X, 16), 7, Up, Sat),
                 toE8m0(B, B.CreateAnd(X, B.getInt32(0xffff)), 7, Up, Sat));
  }

  if (!take(P, "rn") || Ops.size() < 2)
    return nullptr;
  // From e8m0: cvt.rn.bf16x2.ue8m0x2.
  if (P.size() == 2 && P[0] == "bf16x2" && P[1] == "ue8m0x2" && Ret == I32 && Ops.size() == 2) {
    Value *X = In(1, I16);
    if (!X)
      return nullptr;
    X = B.CreateZExt(X, I32);
    return B.CreateOr(B.CreateShl(e8m0ToBf16(B, Byte(X, 8)), 16), e8m0ToBf16(B, Byte(X, 0)));
  }
  // From e4m3/e5m2: cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}.
  bool Relu = take(P, "relu");
  if (take(P, "f16x2")) {
    std::optional<Fp8Format> Fmt = P.size() == 1 ? formatOf(P[0]) : std::nullopt;
    Value *X = Fmt && Ops.size() == 2 && Ret == I32 ? In(1, I16) : nullptr;
    if (!X)
      return nullptr;
    X = B.CreateZExt(X, I32);
    Value *Lo = B.CreateZExt(fp8ToHalf(B, Byte(X, 0), *Fmt, Relu), I32);
    Value *Hi = B.CreateZExt(fp8ToHalf(B, Byte(X, 8), *Fmt, Relu), I32);
    return B.CreateOr(B.CreateShl(Hi, 16), Lo);
  }
  // To e4m3/e5m2: cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.{f32,f16x2}.
  if (Relu || !take(P, "satfinite"))
    return nullptr;
  Relu = take(P, "relu");
  std::optional<Fp8Format> Fmt = P.size() == 2 ? formatOf(P[0]) : std::nullopt;
  if (!Fmt || Ret != I16)
    return nullptr;
  if (P[1] == "f32" && Ops.size() == 3) {
    Value *Hi = In(1, F32), *Lo = In(2, F32);
    if (!Hi || !Lo)
      return nullptr;
    return Pack8(floatToFp8(B, Hi, *Fmt, Relu), floatToFp8(B, Lo, *Fmt, Relu));
  }
  Value *X = P[1] == "f16x2" && Ops.size() == 2 ? In(1, I32) : nullptr;
  if (!X)
    return nullptr;
  auto HalfAt = [&](unsigned Shift) {
    Value *Bits = B.CreateTrunc(Shift ? B.CreateLShr(X, Shift) : X, I16);
    return B.CreateFPExt(B.CreateBitCast(Bits, B.getHalfTy()), F32);
  };
  return Pack8(floatToFp8(B, HalfAt(16), *Fmt, Relu), floatToFp8(B, HalfAt(0), *Fmt, Relu));
}
} // namespace

unsigned lowerFp8Asm(Module &M) { return replaceInlineAsm(inlineAsmCalls(M), lowerOne); }

} // namespace warplint
