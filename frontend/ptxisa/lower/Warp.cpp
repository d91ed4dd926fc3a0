//===- Warp.cpp - shfl, vote, activemask, match, redux ---===//
//
// The NVVM intrinsics Clang emits for CUDA's warp functions.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

Expected<Lowered> shuffle(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  // shfl.sync.mode.b32 d[|p], a, b, c, membermask (or shfl.mode.b32 without).
  bool Sync = I.hasMod("sync");
  if (Error E = L.need(Sync ? 5 : 4))
    return std::move(E);
  StringRef Mode;
  for (const std::string &M : I.Mods)
    if (M == "up" || M == "down" || M == "bfly" || M == "idx")
      Mode = M;
  if (Mode.empty())
    return L.unsupported();
  PTXISA_TRY(A, L.src(1, B.getInt32Ty()));
  PTXISA_TRY(Bv, L.src(2, B.getInt32Ty()));
  PTXISA_TRY(C, L.src(3, B.getInt32Ty()));
  Value *Mask = B.getInt32(-1);
  if (Sync) {
    PTXISA_TRY(M, L.src(4, B.getInt32Ty()));
    Mask = M;
  }
  bool Pair = L.Ops.hasPair(0);
  Value *R = emitShuffle(B, Mode, Mask, A, Bv, C, Pair);
  if (!Pair)
    return L.done(R);
  if (Error E = L.dst(B.CreateExtractValue(R, 0)))
    return std::move(E);
  if (Error E = L.Ops.writePair(0, B.CreateExtractValue(R, 1)))
    return std::move(E);
  return Lowered{};
}

Expected<Lowered> vote(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  bool Sync = I.hasMod("sync");
  if (Error E = L.need(Sync ? 3 : 2))
    return std::move(E);
  StringRef Mode;
  for (const std::string &M : I.Mods)
    if (M == "all" || M == "any" || M == "uni" || M == "ballot")
      Mode = M;
  if (Mode.empty())
    return L.unsupported();
  PTXISA_TRY(P, L.src(1, B.getInt1Ty()));
  Value *Mask = B.getInt32(-1);
  if (Sync) {
    PTXISA_TRY(M, L.src(2, B.getInt32Ty()));
    Mask = M;
  }
  return L.done(L.intrinsic(("llvm.nvvm.vote." + Mode + ".sync").str(), {Mask, P}));
}

Expected<Lowered> warpReduce(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  if (Error E = L.need(3))
    return std::move(E);
  PTXISA_TRY(T, L.type());
  if (I.Op == Opcode::Match) {
    llvm::Type *OT = B.getIntNTy(T.Width);
    PTXISA_TRY(A, L.src(1, OT));
    PTXISA_TRY(M, L.src(2, B.getInt32Ty()));
    std::string Suffix = T.Width == 64 ? "i64" : "i32";
    if (I.hasMod("any"))
      return L.done(L.intrinsic("llvm.nvvm.match.any.sync." + Suffix, {M, A}));
    Value *R = L.intrinsic("llvm.nvvm.match.all.sync." + Suffix + "p", {M, A});
    if (Error E = L.dst(B.CreateExtractValue(R, 0)))
      return std::move(E);
    if (Error E = L.Ops.writePair(0, B.CreateExtractValue(R, 1)))
    return std::move(E);
  return Lowered{};
  }
  if (T.isFloat() || I.Mods.size() < 2)
    return L.unsupported();
  std::string Op = I.Mods[1];
  if ((Op == "min" || Op == "max") && !T.isSigned())
    Op = "u" + Op;
  std::string Name = "llvm.nvvm.redux.sync." + Op;
  if (Intrinsic::lookupIntrinsicID(Name) == Intrinsic::not_intrinsic)
    return L.unsupported();
  PTXISA_TRY(A, L.src(1, B.getInt32Ty()));
  PTXISA_TRY(M, L.src(2, B.getInt32Ty()));
  return L.done(L.intrinsic(Name, {A, M}));
}

} // namespace

Value *emitShuffle(IRBuilder<> &B, StringRef Mode, Value *Mask, Value *V, Value *Lane,
                   Value *Clamp, bool Predicated) {
  if (Mode != "idx" && Mode != "up" && Mode != "down" && Mode != "bfly")
    return nullptr;
  bool F32 = V->getType()->isFloatTy();
  std::string Name =
      ("llvm.nvvm.shfl.sync." + Mode + (F32 ? ".f32" : ".i32") + (Predicated ? "p" : "")).str();
  Module *M = B.GetInsertBlock()->getModule();
  Function *Fn = Intrinsic::getOrInsertDeclaration(M, Intrinsic::lookupIntrinsicID(Name));
  return B.CreateCall(Fn, {Mask, V, Lane, Clamp});
}

Expected<Lowered> lowerWarp(FamilyLowering &L) {
  switch (L.I.Op) {
  case Opcode::Shfl:
    return shuffle(L);
  case Opcode::Vote:
    return vote(L);
  case Opcode::Activemask:
    return L.done(L.intrinsic("llvm.nvvm.activemask", {}));
  case Opcode::Match:
  case Opcode::Redux:
    return warpReduce(L);
  default:
    return L.unsupported();
  }
}

} // namespace ptx
} // namespace warplint
