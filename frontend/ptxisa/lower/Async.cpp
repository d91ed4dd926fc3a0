//===- Async.cpp - mbarriers and bulk copies, for both inputs -------------===//
//
// mbarrier.* lowers to the NVVM mbarrier intrinsics (what the device model
// runs, phases and transaction counts included; the analysis reads them as
// 8-byte shared accesses): init, inval, arrive and arrive_drop (with
// .expect_tx, a count, .noComplete), expect_tx, complete_tx, and test_wait /
// try_wait with a state or a .parity. A cluster's barrier is the block's
// own (the model's clusters are one block), so every form takes the
// intrinsics of the CTA's shared window; .relaxed orders no less.
//
// The non-tensor bulk copy cp.async.bulk.shared::cluster.global.mbarrier::
// complete_tx::bytes [dst], [src], size, [mbar] copies when issued and then
// completes its bytes on the barrier: a legal order of what the hardware
// does asynchronously. Other cp forms are the lifter's (NotShared).
//
// fence.proxy.* and fence.mbarrier_init.* order nothing the model does not
// already order; other fences are the lifter's (NotShared).
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/Metadata.h"
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

constexpr unsigned SharedAS = 3, GlobalAS = 1;

/// The shared-memory pointer address operand N names (a generic address
/// is cast; a cluster's window is the block's).
Expected<Value *> barrierPointer(FamilyLowering &L, unsigned N) {
  if (N >= L.Ops.size() || !L.Ops.isAddress(N))
    return L.Ops.error("'" + L.I.name() + "' expects an address as operand " + Twine(N + 1));
  bool Shared = llvm::any_of(L.I.Mods, [](const std::string &M) {
    return StringRef(M).starts_with("shared");
  });
  PTXISA_TRY(P, L.Ops.address(N, Shared ? SharedAS : 0));
  if (P->getType()->getPointerAddressSpace() != SharedAS)
    P = L.B.CreateAddrSpaceCast(P, L.B.getPtrTy(SharedAS));
  return P;
}

/// Calls NVVM intrinsic Name (its declaration from the module's intrinsic
/// table) with Args as they are.
Value *callIntrinsic(FamilyLowering &L, StringRef Name, ArrayRef<Value *> Args) {
  Intrinsic::ID ID = Intrinsic::lookupIntrinsicID(Name);
  Module *M = L.B.GetInsertBlock()->getModule();
  return L.B.CreateCall(Intrinsic::getOrInsertDeclaration(M, ID), Args);
}

Expected<Lowered> mbarrier(FamilyLowering &L) {
  const PtxInst &I = L.I;
  IRBuilder<> &B = L.B;
  llvm::Type *I32 = B.getInt32Ty();
  if (I.hasMod("init")) {
    if (Error E = L.need(2))
      return std::move(E);
    PTXISA_TRY(P, barrierPointer(L, 0));
    PTXISA_TRY(Count, L.src(1, I32));
    callIntrinsic(L, "llvm.nvvm.mbarrier.init.shared", {P, Count});
    return Lowered{};
  }
  if (I.hasMod("inval")) {
    PTXISA_TRY(P, barrierPointer(L, 0));
    callIntrinsic(L, "llvm.nvvm.mbarrier.inval.shared", {P});
    return Lowered{};
  }
  bool TestWait = I.hasMod("test_wait"), TryWait = I.hasMod("try_wait");
  if (TestWait || TryWait) {
    // waitComplete, [addr], state-or-parity[, suspendTimeHint]
    if (Error E = L.need(3))
      return std::move(E);
    PTXISA_TRY(P, barrierPointer(L, 1));
    bool Parity = I.hasMod("parity");
    PTXISA_TRY(Arg, L.src(2, Parity ? I32 : (llvm::Type *)B.getInt64Ty()));
    std::string Name = std::string("llvm.nvvm.mbarrier.") + (TestWait ? "test" : "try") +
                       ".wait" + (Parity ? ".parity" : "") + ".scope.cta.space.cta";
    return L.done(callIntrinsic(L, Name, {P, Arg}));
  }
  bool Drop = I.hasMod("arrive_drop");
  bool ExpectTx = I.hasMod("expect_tx"), CompleteTx = I.hasMod("complete_tx");
  if (I.hasMod("arrive") || Drop) {
    // [state,] [addr][, count or tx-count]
    unsigned At = L.Ops.size() >= 1 && !L.Ops.isAddress(0) ? 1 : 0;
    PTXISA_TRY(P, barrierPointer(L, At));
    Value *Count = B.getInt32(1);
    if (At + 1 < L.Ops.size()) {
      PTXISA_TRY(C, L.src(At + 1, I32));
      Count = C;
    } else if (ExpectTx) {
      return L.Ops.error("'" + I.name() + ".expect_tx' needs a transaction count");
    }
    std::string Name = std::string("llvm.nvvm.mbarrier.") + (Drop ? "arrive.drop" : "arrive") +
                       (ExpectTx ? ".expect.tx" : "") + ".scope.cta.space.cta";
    Value *State = callIntrinsic(L, Name, {P, Count});
    if (At == 1 && !L.Ops.isSink(0))
      if (Error E = L.Ops.write(0, State))
        return std::move(E);
    return Lowered{};
  }
  if (ExpectTx || CompleteTx) {
    // [addr], tx-count
    if (Error E = L.need(2))
      return std::move(E);
    PTXISA_TRY(P, barrierPointer(L, 0));
    PTXISA_TRY(Tx, L.src(1, I32));
    callIntrinsic(L,
                  std::string("llvm.nvvm.mbarrier.") + (ExpectTx ? "expect" : "complete") +
                      ".tx.scope.cta.space.cta",
                  {P, Tx});
    return Lowered{};
  }
  return L.unsupported("this mbarrier operation is not modelled");
}

/// cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
/// [dstMem], [srcMem], size, [mbar]: the copy, then its bytes completed.
Expected<Lowered> bulkCopy(FamilyLowering &L) {
  const PtxInst &I = L.I;
  bool Tensor = llvm::any_of(I.Mods, [](const std::string &M) {
    return StringRef(M).starts_with("tensor");
  });
  bool ToShared = I.Mods.size() >= 4 && StringRef(I.Mods[2]).starts_with("shared") &&
                  I.Mods[3] == "global";
  if (!I.hasMod("async") || !I.hasMod("bulk") || Tensor || !ToShared ||
      !I.hasMod("mbarrier::complete_tx::bytes") || L.Ops.size() != 4)
    return Lowered{Lowered::NotShared, ""};
  IRBuilder<> &B = L.B;
  PTXISA_TRY(Dst, L.Ops.address(0, SharedAS));
  PTXISA_TRY(Src, L.Ops.address(1, GlobalAS));
  PTXISA_TRY(Size, L.src(2, B.getInt32Ty()));
  PTXISA_TRY(Bar, barrierPointer(L, 3));
  // Sizes are multiples of 16 and addresses 16-byte aligned (PTX requires both).
  CallInst *Copy =
      B.CreateMemCpy(Dst, Align(16), Src, Align(16), B.CreateZExt(Size, B.getInt64Ty()));
  Copy->setMetadata(BulkCopyMetadata, MDNode::get(B.getContext(), {}));
  callIntrinsic(L, "llvm.nvvm.mbarrier.complete.tx.scope.cta.space.cta", {Bar, Size});
  return Lowered{};
}

} // namespace

Expected<Lowered> lowerAsync(FamilyLowering &L) {
  // A proxy fence orders the generic and async proxies' views of memory; the
  // model's bulk copies are done when issued, so there is nothing to order.
  if (L.I.Op == Opcode::Fence)
    return L.I.hasMod("proxy") || L.I.hasMod("mbarrier_init") ? Lowered{}
                                                              : Lowered{Lowered::NotShared, ""};
  if (L.I.Op == Opcode::Mbarrier)
    return mbarrier(L);
  if (L.I.Op == Opcode::Cp)
    return bulkCopy(L);
  return Lowered{Lowered::NotShared, ""};
}

} // namespace ptx
} // namespace warplint
