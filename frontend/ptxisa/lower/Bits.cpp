//===- Bits.cpp - popc, clz, brev, bfind, bfe, bfi, prmt, lop3, shf ---===//
//
// Bit counts and scans as the generic intrinsics (llvm.ctpop, llvm.ctlz,
// llvm.bitreverse); fields with PTX's clamps made explicit (IR shifts of the
// width or more are poison); prmt through llvm.nvvm.prmt; lop3 as the sum of
// the minterms its table selects; shf as llvm.fshl/fshr.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

Expected<Lowered> bitCount(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  if (Error E = L.need(2))
    return std::move(E);
  PTXISA_TRY(T, L.type());
  llvm::Type *OT = B.getIntNTy(T.Width);
  PTXISA_TRY(A, L.src(1, OT));
  if (I.Op == Opcode::Brev)
    return L.done(L.intrinsic("llvm.bitreverse", {A}, {OT}));
  if (I.Op == Opcode::Popc)
    return L.done(B.CreateZExtOrTrunc(L.intrinsic("llvm.ctpop", {A}, {OT}), B.getInt32Ty()));
  if (I.Op == Opcode::Clz)
    return L.done(B.CreateZExtOrTrunc(L.intrinsic("llvm.ctlz", {A, B.getFalse()}, {OT}),
                                   B.getInt32Ty()));
  // bfind: the position of the most significant non-sign bit, or -1.
  Value *X = A;
  if (T.isSigned())
    X = B.CreateSelect(B.CreateICmpSLT(A, ConstantInt::get(OT, 0)), B.CreateNot(A), A);
  Value *Lz = B.CreateZExtOrTrunc(L.intrinsic("llvm.ctlz", {X, B.getFalse()}, {OT}),
                                  B.getInt32Ty());
  if (I.hasMod("shiftamt"))
    return L.done(B.CreateSelect(B.CreateICmpEQ(X, ConstantInt::get(OT, 0)), B.getInt32(-1),
                              Lz));
  return L.done(B.CreateSub(B.getInt32(T.Width - 1), Lz));
}

Expected<Lowered> bitField(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  PTXISA_TRY(T, L.type());
  unsigned W = T.Width;
  llvm::Type *OT = B.getIntNTy(W);
  Value *WV = ConstantInt::get(OT, W);
  auto Field = [&](size_t N) -> Expected<Value *> {
    PTXISA_TRY(V, L.src(N, B.getInt32Ty()));
    return B.CreateZExtOrTrunc(B.CreateAnd(V, 255), OT);
  };
  auto Mask = [&](Value *Len) { // (1 << len) - 1, all ones when len >= W
    Value *Sh = B.CreateShl(ConstantInt::get(OT, 1),
                            L.intrinsic("llvm.umin", {Len, ConstantInt::get(OT, W - 1)}, {OT}));
    return B.CreateSelect(B.CreateICmpUGE(Len, WV), Constant::getAllOnesValue(OT),
                          B.CreateSub(Sh, ConstantInt::get(OT, 1)));
  };
  auto ClampW1 = [&](Value *V) {
    return L.intrinsic("llvm.umin", {V, ConstantInt::get(OT, W - 1)}, {OT});
  };
  if (I.Op == Opcode::Bfe) {
    if (Error E = L.need(4))
      return std::move(E);
    PTXISA_TRY(A, L.src(1, OT));
    PTXISA_TRY(Pos, Field(2));
    PTXISA_TRY(Len, Field(3));
    if (!T.isSigned()) {
      Value *R = B.CreateAnd(B.CreateLShr(A, ClampW1(Pos)), Mask(Len));
      return L.done(B.CreateSelect(B.CreateICmpUGE(Pos, WV), ConstantInt::get(OT, 0), R));
    }
    Value *End = L.intrinsic("llvm.umin", {B.CreateAdd(Pos, Len), WV}, {OT});
    Value *Start = L.intrinsic("llvm.umin", {Pos, WV}, {OT});
    Value *Bits = B.CreateSub(End, Start);
    Value *Up = B.CreateShl(A, ClampW1(B.CreateSub(WV, End)));
    Value *R = B.CreateAShr(Up, ClampW1(B.CreateSub(WV, Bits)));
    return L.done(B.CreateSelect(B.CreateICmpEQ(Bits, ConstantInt::get(OT, 0)),
                              ConstantInt::get(OT, 0), R));
  }
  if (Error E = L.need(5))
    return std::move(E);
  PTXISA_TRY(A, L.src(1, OT));
  PTXISA_TRY(Bv, L.src(2, OT));
  PTXISA_TRY(Pos, Field(3));
  PTXISA_TRY(Len, Field(4));
  Value *M = B.CreateShl(Mask(Len), ClampW1(Pos));
  Value *R = B.CreateOr(B.CreateAnd(Bv, B.CreateNot(M)),
                        B.CreateAnd(B.CreateShl(A, ClampW1(Pos)), M));
  return L.done(B.CreateSelect(B.CreateICmpUGE(Pos, WV), Bv, R));
}

/// The selectors a prmt mode stands for, by c[1:0] (the PTX ISA's table:
/// d's bytes 3..0 as the nibbles of a generic selector), four 16-bit
/// selectors packed from c = 0 up; none for the generic form.
std::optional<uint64_t> modeSelectors(const PtxInst &I) {
  static const std::pair<const char *, uint64_t> Modes[] = {
      {"f4e", 0x6543'5432'4321'3210}, {"b4e", 0x0123'7012'6701'5670},
      {"rc8", 0x3333'2222'1111'0000}, {"ecl", 0x3333'3222'3211'3210},
      {"ecr", 0x3210'2210'1110'0000}, {"rc16", 0x3232'1010'3232'1010}};
  for (const auto &[Name, Selectors] : Modes)
    if (I.hasMod(Name))
      return Selectors;
  return std::nullopt;
}

/// prmt.b32{.mode} d, a, b, c: the generic byte permute through
/// llvm.nvvm.prmt; a mode as the generic selector it picks by c[1:0], so
/// the device model runs one form.
Expected<Lowered> prmt(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  if (Error E = L.need(4))
    return std::move(E);
  PTXISA_TRY(A, L.src(1, B.getInt32Ty()));
  PTXISA_TRY(Bv, L.src(2, B.getInt32Ty()));
  PTXISA_TRY(C, L.src(3, B.getInt32Ty()));
  Value *Selector = C;
  if (std::optional<uint64_t> Table = modeSelectors(L.I)) {
    Value *Shift = B.CreateZExt(B.CreateShl(B.CreateAnd(C, 3), 4), B.getInt64Ty());
    Selector = B.CreateTrunc(B.CreateLShr(B.getInt64(*Table), Shift), B.getInt16Ty());
    Selector = B.CreateZExt(Selector, B.getInt32Ty());
  }
  return L.done(L.intrinsic("llvm.nvvm.prmt", {A, Bv, Selector}));
}

Expected<Lowered> lop3(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  if (Error E = L.need(5))
    return std::move(E);
  std::optional<int64_t> Table = L.Ops.immediate(4);
  if (!Table)
    return L.unsupported("non-constant lookup table");
  PTXISA_TRY(T, L.type());
  llvm::Type *OT = B.getIntNTy(T.Width);
  PTXISA_TRY(A, L.src(1, OT));
  PTXISA_TRY(Bv, L.src(2, OT));
  PTXISA_TRY(C, L.src(3, OT));
  unsigned Lut = *Table & 255;
  Value *R = ConstantInt::get(OT, 0);
  for (unsigned K = 0; K < 8; ++K)
    if (Lut >> K & 1) {
      Value *Term = B.CreateAnd(B.CreateAnd(K & 4 ? A : B.CreateNot(A),
                                            K & 2 ? Bv : B.CreateNot(Bv)),
                                K & 1 ? C : B.CreateNot(C));
      R = B.CreateOr(R, Term);
    }
  return L.done(R);
}

/// shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: shifts the 64 bits b:a by c.
Expected<Lowered> funnelShift(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  if (Error E = L.need(4))
    return std::move(E);
  bool Left = I.hasMod("l");
  PTXISA_TRY(A, L.src(1, B.getInt32Ty()));
  PTXISA_TRY(Bv, L.src(2, B.getInt32Ty()));
  PTXISA_TRY(C, L.src(3, B.getInt32Ty()));
  Value *R = L.intrinsic(Left ? "llvm.fshl" : "llvm.fshr", {Bv, A, C}, {B.getInt32Ty()});
  if (I.hasMod("clamp"))
    R = B.CreateSelect(B.CreateICmpUGE(C, B.getInt32(32)), Left ? A : Bv, R);
  return L.done(R);
}

} // namespace

Expected<Lowered> lowerBits(FamilyLowering &L) {
  switch (L.I.Op) {
  case Opcode::Popc:
  case Opcode::Clz:
  case Opcode::Brev:
  case Opcode::Bfind:
    return bitCount(L);
  case Opcode::Bfe:
  case Opcode::Bfi:
    return bitField(L);
  case Opcode::Prmt:
    return prmt(L);
  case Opcode::Lop3:
    return lop3(L);
  case Opcode::Shf:
    return funnelShift(L);
  default:
    return L.unsupported();
  }
}

} // namespace ptx
} // namespace warplint
