//===- Math.cpp - rcp, sqrt, rsqrt, ex2, lg2, sin, cos, tanh, copysign ---===//
//
// The generic intrinsics where LLVM has them (llvm.sqrt, llvm.tanh,
// llvm.copysign), NVVM's approximations otherwise; .approx marks the call
// as allowed to approximate (tanh.approx.f32 is __tanhf).
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

Expected<Lowered> math(FamilyLowering &L) {
  IRBuilder<> &B = L.B;
  const PtxInst &I = L.I;
  if (Error E = L.need(2))
    return std::move(E);
  if (I.hasMod("f16x2") || I.hasMod("bf16x2") || I.hasMod("bf16") || I.hasMod("f16"))
    return L.unsupported();
  PTXISA_TRY(T, L.type());
  llvm::Type *OT = L.ty(T);
  PTXISA_TRY(A, L.src(1, OT));
  bool Ftz = I.hasMod("ftz"), F32 = T.Width == 32;
  if (I.Op == Opcode::Rcp)
    return L.done(B.CreateFDiv(ConstantFP::get(OT, 1.0), A));
  if (I.Op == Opcode::Sqrt)
    return L.done(L.intrinsic("llvm.sqrt", {A}, {OT}));
  if (I.Op == Opcode::Tanh) {
    // What LLVM makes of llvm.nvvm.tanh.approx.f32: tanh, approximations allowed.
    auto *Tanh = cast<CallInst>(L.intrinsic("llvm.tanh", {A}, {OT}));
    Tanh->setHasApproxFunc(I.Approx);
    return L.done(Tanh);
  }
  if (I.Op == Opcode::Copysign) {
    PTXISA_TRY(Bv, L.src(2, OT));
    return L.done(L.intrinsic("llvm.copysign", {Bv, A}, {OT}));
  }
  if (I.Op == Opcode::Ex2)
    return L.done(L.intrinsic(Ftz ? "llvm.nvvm.ex2.approx.ftz" : "llvm.nvvm.ex2.approx", {A},
                           {OT}));
  std::string Name = ("llvm.nvvm." + I.name() + ".approx").str();
  if (Ftz && F32)
    Name += ".ftz";
  Name += F32 ? ".f" : ".d";
  if (Intrinsic::lookupIntrinsicID(Name) == Intrinsic::not_intrinsic)
    return L.unsupported();
  return L.done(L.intrinsic(Name, {A}));
}

} // namespace

Expected<Lowered> lowerMath(FamilyLowering &L) { return math(L); }

} // namespace ptx
} // namespace warplint
