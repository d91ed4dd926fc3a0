//===- Video.cpp - The SIMD video instructions and dot products -----------===//
//
// vadd2/vsub2/vavrg2/vabsdiff2/vmin2/vmax2 and their four-byte forms,
// vset2/vset4, dp4a and dp2a (the CUDA headers' __vadd2 ... __vsads4,
// __dp4a, __dp2a_lo/hi), as the PTX ISA's semantics state them: the lanes
// of a and b (half-words or bytes, the lowest first) sign- or zero-extended
// by their own operand types into 32-bit values, the operation on each pair,
// the clamp to the destination type's lane range under .sat, then either the
// lanes packed back (d's lane i is result i's low bits; with the default
// mask every lane comes from the result, none from c) or, under .add, c plus
// every lane's result, modulo 2^32. Every operand a 32-bit value; the
// default lane selectors and mask only.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Intrinsics.h"

#include <optional>

using namespace llvm;

namespace warplint {
namespace ptx {

namespace {
enum class VideoOp { Add, Sub, Avrg, AbsDiff, Min, Max, Set, Dot4, Dot2Lo, Dot2Hi };

/// One SIMD video or dot-product instruction, as its opcode spells it.
struct VideoInst {
  VideoOp Op = VideoOp::Add;
  unsigned Lanes = 2; ///< 2 half-words or 4 bytes (the vop and vset forms).
  bool DSigned = false, ASigned = false, BSigned = false;
  bool Sat = false, Add = false;
  CmpInst::Predicate Cmp = CmpInst::ICMP_EQ; ///< vset's, on the extended lanes.
};

/// The instruction an opcode and its modifiers ("vadd4.s32.s32.s32.sat",
/// "vset2.u32.u32.lt.add", "dp2a.hi.u32.s32", ...) name, or none.
std::optional<VideoInst> parseOpcode(const PtxInst &I) {
  SmallVector<StringRef, 6> Parts = {I.name()};
  for (const std::string &M : I.Mods)
    Parts.push_back(M);
  VideoInst V;
  size_t Next = 1;
  auto Type = [&](bool &Signed) {
    if (Next >= Parts.size() || (Parts[Next] != "s32" && Parts[Next] != "u32"))
      return false;
    Signed = Parts[Next++] == "s32";
    return true;
  };
  StringRef Base = Parts[0];
  if (Base == "dp4a" || Base == "dp2a") {
    V.Op = VideoOp::Dot4;
    if (Base == "dp2a") {
      if (Next >= Parts.size() || (Parts[Next] != "lo" && Parts[Next] != "hi"))
        return std::nullopt;
      V.Op = Parts[Next++] == "lo" ? VideoOp::Dot2Lo : VideoOp::Dot2Hi;
    }
    if (!Type(V.ASigned) || !Type(V.BSigned) || Next != Parts.size())
      return std::nullopt;
    return V;
  }
  if (!Base.ends_with("2") && !Base.ends_with("4"))
    return std::nullopt;
  V.Lanes = Base.back() - '0';
  StringRef Name = Base.drop_back();
  if (Name == "vset") {
    V.Op = VideoOp::Set;
    if (!Type(V.ASigned) || !Type(V.BSigned) || Next >= Parts.size())
      return std::nullopt;
    std::optional<CmpInst::Predicate> P =
        StringSwitch<std::optional<CmpInst::Predicate>>(Parts[Next++])
            .Case("eq", CmpInst::ICMP_EQ)
            .Case("ne", CmpInst::ICMP_NE)
            .Case("lt", CmpInst::ICMP_SLT)
            .Case("le", CmpInst::ICMP_SLE)
            .Case("gt", CmpInst::ICMP_SGT)
            .Case("ge", CmpInst::ICMP_SGE)
            .Default(std::nullopt);
    if (!P)
      return std::nullopt;
    V.Cmp = *P;
  } else {
    std::optional<VideoOp> Op = StringSwitch<std::optional<VideoOp>>(Name)
                                    .Case("vadd", VideoOp::Add)
                                    .Case("vsub", VideoOp::Sub)
                                    .Case("vavrg", VideoOp::Avrg)
                                    .Case("vabsdiff", VideoOp::AbsDiff)
                                    .Case("vmin", VideoOp::Min)
                                    .Case("vmax", VideoOp::Max)
                                    .Default(std::nullopt);
    if (!Op || !Type(V.DSigned) || !Type(V.ASigned) || !Type(V.BSigned))
      return std::nullopt;
    V.Op = *Op;
    if (Next < Parts.size() && Parts[Next] == "sat") {
      V.Sat = true;
      ++Next;
    }
  }
  if (Next < Parts.size() && Parts[Next] == "add" && !V.Sat) {
    V.Add = true;
    ++Next;
  }
  if (Next != Parts.size())
    return std::nullopt;
  return V;
}

/// Lane Index of X (Bits wide, the lowest first) extended to 32 bits.
Value *lane(IRBuilder<> &B, Value *X, unsigned Index, unsigned Bits, bool Signed) {
  Value *Shifted = Index ? B.CreateLShr(X, Index * Bits) : X;
  Value *Narrow = B.CreateTrunc(Shifted, B.getIntNTy(Bits));
  return Signed ? B.CreateSExt(Narrow, B.getInt32Ty()) : B.CreateZExt(Narrow, B.getInt32Ty());
}

/// The operation on one pair of extended lanes (values that fit 32 bits).
Value *laneResult(IRBuilder<> &B, const VideoInst &V, Value *X, Value *Y) {
  llvm::Type *I32 = B.getInt32Ty();
  switch (V.Op) {
  case VideoOp::Add:
    return B.CreateAdd(X, Y);
  case VideoOp::Sub:
    return B.CreateSub(X, Y);
  case VideoOp::Avrg: {
    // (X + Y + 1) >> 1 when the sum is not negative, (X + Y) >> 1 when it is.
    Value *Sum = B.CreateAdd(X, Y);
    Value *Up = B.CreateAShr(B.CreateAdd(Sum, B.getInt32(1)), 1);
    return B.CreateSelect(B.CreateICmpSGE(Sum, B.getInt32(0)), Up, B.CreateAShr(Sum, 1));
  }
  case VideoOp::AbsDiff:
    return B.CreateIntrinsic(Intrinsic::abs, {I32}, {B.CreateSub(X, Y), B.getFalse()});
  case VideoOp::Min:
    return B.CreateIntrinsic(Intrinsic::smin, {I32}, {X, Y});
  case VideoOp::Max:
    return B.CreateIntrinsic(Intrinsic::smax, {I32}, {X, Y});
  case VideoOp::Set:
    return B.CreateZExt(B.CreateICmp(V.Cmp, X, Y), I32);
  default:
    llvm_unreachable("not a lane-wise operation");
  }
}

/// vop2/vop4/vset2/vset4 of A, B and C.
Value *lowerSimd(IRBuilder<> &B, const VideoInst &V, Value *A, Value *Bv, Value *C) {
  const unsigned Bits = 32 / V.Lanes;
  const int64_t Max = V.DSigned ? (int64_t(1) << (Bits - 1)) - 1 : (int64_t(1) << Bits) - 1;
  const int64_t Min = V.DSigned ? -(int64_t(1) << (Bits - 1)) : 0;
  llvm::Type *I32 = B.getInt32Ty();
  Value *D = V.Add ? C : B.getInt32(0);
  for (unsigned I = 0; I < V.Lanes; ++I) {
    Value *T = laneResult(B, V, lane(B, A, I, Bits, V.ASigned), lane(B, Bv, I, Bits, V.BSigned));
    if (V.Sat) {
      T = B.CreateIntrinsic(Intrinsic::smax, {I32}, {T, B.getInt32(uint32_t(Min))});
      T = B.CreateIntrinsic(Intrinsic::smin, {I32}, {T, B.getInt32(uint32_t(Max))});
    }
    if (V.Add) {
      D = B.CreateAdd(D, T);
      continue;
    }
    Value *Field = B.CreateAnd(T, B.getInt32(uint32_t((uint64_t(1) << Bits) - 1)));
    D = B.CreateOr(D, I ? B.CreateShl(Field, I * Bits) : Field);
  }
  return D;
}

/// dp4a/dp2a of A, B and C: C plus the lane products, modulo 2^32.
Value *lowerDot(IRBuilder<> &B, const VideoInst &V, Value *A, Value *Bv, Value *C) {
  bool Four = V.Op == VideoOp::Dot4;
  unsigned First = V.Op == VideoOp::Dot2Hi ? 2 : 0;
  Value *D = C;
  for (unsigned I = 0; I < (Four ? 4u : 2u); ++I) {
    Value *X = lane(B, A, I, Four ? 8 : 16, V.ASigned);
    Value *Y = lane(B, Bv, First + I, 8, V.BSigned);
    D = B.CreateAdd(D, B.CreateMul(X, Y));
  }
  return D;
}

} // namespace

Expected<Lowered> lowerVideo(FamilyLowering &L) {
  std::optional<VideoInst> V = parseOpcode(L.I);
  if (!V)
    return L.unsupported();
  if (Error E = L.need(4))
    return std::move(E);
  IRBuilder<> &B = L.B;
  llvm::Type *I32 = B.getInt32Ty();
  PTXISA_TRY(A, L.src(1, I32));
  PTXISA_TRY(Bv, L.src(2, I32));
  PTXISA_TRY(C, L.src(3, I32));
  bool Dot = V->Op == VideoOp::Dot4 || V->Op == VideoOp::Dot2Lo || V->Op == VideoOp::Dot2Hi;
  return L.done(Dot ? lowerDot(B, *V, A, Bv, C) : lowerSimd(B, *V, A, Bv, C));
}

} // namespace ptx
} // namespace warplint
