//===- PtxLiftAsync.cpp - Hopper's asynchronous copies and barriers -------===//
//
// mbarrier.*, the non-tensor bulk copy and proxy fences are lowered for
// both inputs (frontend/ptxisa/lower/Async.cpp). elect.sync elects the
// lowest active lane. tensormap.replace and the bulk groups order memory
// the analysis does not model. A tensor copy's box is in its tensor map,
// which the PTX does not show: its bytes are not modelled (said once per
// function).
//
//===----------------------------------------------------------------------===//
#include "frontend/ptx/PtxLiftFamilies.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

constexpr unsigned SharedAS = 3;

/// elect.sync d|p, membermask: p in the lowest lane of the mask that is
/// active, d that lane's id.
Expected<bool> elect(FunctionLifter &L, const Instruction &I) {
  if (I.Ops.size() != 2)
    return false;
  IRBuilder<> &B = L.B;
  Expected<Value *> Mask = L.read(I.Ops[1], B.getInt32Ty());
  if (!Mask)
    return Mask.takeError();
  Value *Active = B.CreateAnd(*Mask, L.intrinsic("llvm.nvvm.activemask", {}));
  Value *Leader = L.intrinsic("llvm.cttz", {Active, B.getTrue()}, {B.getInt32Ty()});
  Value *Lane = L.intrinsic("llvm.nvvm.read.ptx.sreg.laneid", {});
  if (I.Ops[0].Kind == Operand::Register)
    if (Error E = L.write(I.Ops[0], Leader))
      return std::move(E);
  if (!I.Ops[0].PairName.empty())
    if (Error E = L.writePair(I.Ops[0], B.CreateICmpEQ(Lane, Leader)))
      return std::move(E);
  return true;
}

/// tensormap.cp_fenceproxy.global.shared::cta... [dst], [src], 128: the warp
/// copies the 128-byte tensor map, 4 bytes a lane.
Expected<bool> copyTensorMap(FunctionLifter &L, const Instruction &I) {
  if (I.Ops.size() != 3 || I.Ops[2].Kind != Operand::Int || I.Ops[2].IntValue != 128)
    return false;
  IRBuilder<> &B = L.B;
  Expected<Value *> Dst = L.address(I.Ops[0], 1);
  if (!Dst)
    return Dst.takeError();
  Expected<Value *> Src = L.address(I.Ops[1], SharedAS);
  if (!Src)
    return Src.takeError();
  Value *Off = B.CreateShl(
      B.CreateZExt(L.intrinsic("llvm.nvvm.read.ptx.sreg.laneid", {}), B.getInt64Ty()), 2);
  Value *V = B.CreateAlignedLoad(B.getInt32Ty(), B.CreateGEP(B.getInt8Ty(), *Src, Off), Align(4));
  B.CreateAlignedStore(V, B.CreateGEP(B.getInt8Ty(), *Dst, Off), Align(4));
  return true;
}

} // namespace

Expected<bool> lowerAsync(FunctionLifter &L, const Instruction &I) {
  StringRef Op = I.Opcode;
  if (Op == "elect" && I.hasMod("sync"))
    return elect(L, I);
  if (Op == "tensormap") {
    if (I.hasMod("replace"))
      return true; // A field of a tensor map: not memory the analysis reads.
    if (I.hasMod("cp_fenceproxy"))
      return copyTensorMap(L, I);
    return false;
  }
  if (Op == "cp" && I.hasMod("async") && I.hasMod("bulk")) {
    if (I.hasMod("commit_group") || I.hasMod("wait_group"))
      return true;
    if (I.hasMod("prefetch"))
      return true;
    bool Tensor = llvm::any_of(I.Mods, [](const std::string &M) {
      return StringRef(M).starts_with("tensor");
    });
    if (Tensor) {
      L.ML.noteOnce(I.Where, "the bytes of TMA tensor copies (cp.async.bulk.tensor) are not "
                             "modelled: the box is in the tensor map");
      return true;
    }
  }
  return false;
}

} // namespace ptx
} // namespace warplint
