//===- DecodeIntrinsics.cpp - Thread state, barriers, warp operations -----===//
//
// The intrinsics family of the decoder: special registers (with the
// system-reserved shared memory cooperative groups read, and %envreg1/2, the
// grid workspace grid-wide groups read), the intrinsics that do nothing in
// the model, barriers, __syncwarp, shuffles, redux.sync, match.sync, votes, and the
// inline asm the frontend left (frontend/asm/).
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"

#include "devicemodel/InlineAsm.h"
#include "devicemodel/WarpReduce.h"
#include "frontend/DeviceModule.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include <cstring>

using namespace llvm;

namespace warplint {
namespace dm {

/// Whether Read, half of the grid workspace's address (%envreg1/2), reaches
/// memory: as the address of a load, store or atomic (grid.sync() arrives
/// and polls there), or where it cannot be followed (stored to memory,
/// given to a function without a body or to inline asm). Comparing it with
/// null (grid_group::is_valid()) accesses nothing; a kernel that only
/// reads the register (this_grid() for thread_rank() and size()) needs no
/// cooperative launch, and a normal launch's workspace is null.
static bool reachesMemory(const Value &Read) {
  SmallVector<const Value *, 16> Work{&Read};
  SmallPtrSet<const Value *, 32> Seen{&Read};
  auto Follow = [&](const Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (isa<CmpInst>(U))
        continue;
      if (isa<CastInst, BinaryOperator, GetElementPtrInst, PHINode, SelectInst, FreezeInst,
              InsertValueInst, ExtractValueInst, InsertElementInst, ExtractElementInst,
              ShuffleVectorInst>(U)) {
        Follow(U);
        continue;
      }
      if (isa<ReturnInst>(U)) {
        for (const User *Caller : cast<Instruction>(U)->getFunction()->users())
          if (isa<CallBase>(Caller))
            Follow(Caller);
        continue;
      }
      const auto *Call = dyn_cast<CallBase>(U);
      const llvm::Function *F = Call ? Call->getCalledFunction() : nullptr;
      if (!F)
        return true; // A load, store, atomic; an indirect call.
      if (!F->isDeclaration()) {
        for (unsigned K = 0; K < Call->arg_size(); ++K)
          if (Call->getArgOperand(K) == V)
            Follow(F->getArg(K));
        continue;
      }
      if (!F->isIntrinsic() || isa<MemIntrinsic>(Call) || !F->doesNotAccessMemory())
        return true;
      Follow(U); // Arithmetic (llvm.umin, ...): its result.
    }
  }
  return false;
}

bool ProgramDecoder::decodeThreadIntrinsic(const CallBase &CB, StringRef Name) {
  if (!Name.starts_with("llvm."))
    return false;
  auto Arg = [&](unsigned K, unsigned Elem = 0) { return slot(CB.getArgOperand(K), Elem); };
  if (Name.starts_with("llvm.nvvm.read.ptx.sreg.")) {
    StringRef Reg = Name.drop_front(strlen("llvm.nvvm.read.ptx.sreg."));
    if (Reg == "envreg1" || Reg == "envreg2") {
      P.UsesGridWorkspace |= reachesMemory(CB);
      Inst D;
      D.Opc = Op::SReg;
      D.Aux = Reg == "envreg1" ? SR_GridWorkspaceHi : SR_GridWorkspaceLo;
      D.Dst = valueSlot(&CB);
      emit(D);
      return true;
    }
    if (Reg.starts_with("envreg")) {
      refuse("cannot run: " + envregRefusal(Reg));
      return true;
    }
    // The one table of special registers (frontend/ptxisa/SpecialRegisters.def).
    const ptx::SpecialRegister *R = ptx::specialRegisterOfIntrinsic(Reg);
    if (!R)
      return false;
    Inst D;
    D.Opc = Op::SReg;
    D.Aux = modelledRegister(*R);
    D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  if (decodeClusterIntrinsic(CB, Name))
    return true;
  if (Name.starts_with("llvm.lifetime.") || Name.starts_with("llvm.assume") ||
      Name.starts_with("llvm.dbg.") || Name.starts_with("llvm.experimental.noalias") ||
      Name.starts_with("llvm.invariant.") || Name == "llvm.sideeffect" ||
      Name == "llvm.donothing" || Name.starts_with("llvm.nvvm.fence.proxy") ||
      Name.starts_with("llvm.prefetch") ||
      Name.starts_with("llvm.nvvm.prefetch") || Name.starts_with("llvm.nvvm.barrier.cta.arrive") ||
      Name.starts_with("llvm.nvvm.nanosleep"))
    return true;
  if (Name.starts_with("llvm.nvvm.membar") || Name.starts_with("llvm.nvvm.fence")) {
    // __threadfence() is membar.gl; __threadfence_block() membar.cta.
    Inst D;
    D.Opc = Op::Fence;
    D.Aux = Name.contains(".cta") ? 0 : 1;
    emit(D);
    return true;
  }
  if (Name.starts_with("llvm.expect") || Name.starts_with("llvm.ssa.copy") ||
      Name.starts_with("llvm.launder") || Name.starts_with("llvm.strip")) {
    alias(&CB, Arg(0));
    return true;
  }
  if (Name.starts_with("llvm.nvvm.barrier") || Name == "llvm.nvvm.bar.sync") {
    Inst D;
    D.Opc = Op::Barrier;
    D.Aux = Name.contains("popc") ? BK_Popc
            : Name.contains(".and") ? BK_And
            : Name.contains(".or") ? BK_Or
                                   : BK_Sync;
    if (D.Aux != BK_Sync) {
      D.A = Arg(CB.arg_size() - 1);
      D.Dst = valueSlot(&CB);
    }
    emit(D);
    return true;
  }
  if (Name == "llvm.nvvm.bar.warp.sync") {
    Inst D;
    D.Opc = Op::WarpSync;
    D.A = Arg(0);
    emit(D);
    return true;
  }
  return decodeWarpIntrinsic(CB);
}

namespace {
/// The mode of a shuffle intrinsic, with bit 4 set for the forms that also
/// return whether the source lane was in range; none for another intrinsic.
std::optional<uint32_t> shuffleMode(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_shfl_sync_idx_i32:
  case Intrinsic::nvvm_shfl_sync_idx_f32:
    return SH_Idx;
  case Intrinsic::nvvm_shfl_sync_idx_i32p:
  case Intrinsic::nvvm_shfl_sync_idx_f32p:
    return SH_Idx | 16;
  case Intrinsic::nvvm_shfl_sync_up_i32:
  case Intrinsic::nvvm_shfl_sync_up_f32:
    return SH_Up;
  case Intrinsic::nvvm_shfl_sync_up_i32p:
  case Intrinsic::nvvm_shfl_sync_up_f32p:
    return SH_Up | 16;
  case Intrinsic::nvvm_shfl_sync_down_i32:
  case Intrinsic::nvvm_shfl_sync_down_f32:
    return SH_Down;
  case Intrinsic::nvvm_shfl_sync_down_i32p:
  case Intrinsic::nvvm_shfl_sync_down_f32p:
    return SH_Down | 16;
  case Intrinsic::nvvm_shfl_sync_bfly_i32:
  case Intrinsic::nvvm_shfl_sync_bfly_f32:
    return SH_Bfly;
  case Intrinsic::nvvm_shfl_sync_bfly_i32p:
  case Intrinsic::nvvm_shfl_sync_bfly_f32p:
    return SH_Bfly | 16;
  default:
    return std::nullopt;
  }
}

/// The kind of llvm.nvvm.redux.sync.NAME, or none.
std::optional<ReduxKind> reduxKind(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_redux_sync_add:
    return RK_Add;
  case Intrinsic::nvvm_redux_sync_umin:
    return RK_UMin;
  case Intrinsic::nvvm_redux_sync_umax:
    return RK_UMax;
  case Intrinsic::nvvm_redux_sync_min:
    return RK_Min;
  case Intrinsic::nvvm_redux_sync_max:
    return RK_Max;
  case Intrinsic::nvvm_redux_sync_and:
    return RK_And;
  case Intrinsic::nvvm_redux_sync_or:
    return RK_Or;
  case Intrinsic::nvvm_redux_sync_xor:
    return RK_Xor;
  default:
    return std::nullopt;
  }
}

std::optional<uint32_t> voteKind(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_vote_all_sync:
    return VK_All;
  case Intrinsic::nvvm_vote_any_sync:
    return VK_Any;
  case Intrinsic::nvvm_vote_uni_sync:
    return VK_Uni;
  case Intrinsic::nvvm_vote_ballot_sync:
  case Intrinsic::nvvm_activemask:
    return VK_Ballot;
  default:
    return std::nullopt;
  }
}

/// match.{any,all}.sync's Aux: bit 0 all, bit 1 on 64-bit values.
std::optional<uint32_t> matchKind(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_match_any_sync_i32:
    return 0;
  case Intrinsic::nvvm_match_any_sync_i64:
    return 2;
  case Intrinsic::nvvm_match_all_sync_i32p:
    return 1;
  case Intrinsic::nvvm_match_all_sync_i64p:
    return 3;
  default:
    return std::nullopt;
  }
}
} // namespace

bool ProgramDecoder::decodeWarpIntrinsic(const CallBase &CB) {
  const llvm::Function *F = CB.getCalledFunction();
  Intrinsic::ID ID = F ? F->getIntrinsicID() : Intrinsic::not_intrinsic;
  auto Arg = [&](unsigned K) { return slot(CB.getArgOperand(K)); };
  Inst D;
  D.Dst = valueSlot(&CB);
  if (std::optional<uint32_t> Mode = shuffleMode(ID)) {
    D.Opc = Op::Shfl;
    D.Aux = *Mode;
    D.A = Arg(1);
    D.B = Arg(2);
    D.C = Arg(3);
  } else if (std::optional<ReduxKind> K = reduxKind(ID)) {
    if (CB.arg_size() != 2 || !CB.getType()->isIntegerTy(32))
      return false;
    D.Opc = Op::Redux;
    D.Aux = *K;
    D.A = Arg(0);
  } else if (std::optional<uint32_t> K = matchKind(ID)) {
    D.Opc = Op::Match;
    D.Aux = *K;
    D.A = Arg(1);
  } else if (std::optional<uint32_t> K = voteKind(ID)) {
    // activemask: the ballot of every active lane.
    D.Opc = Op::Vote;
    D.Aux = *K;
    D.A = ID == Intrinsic::nvvm_activemask ? constSlot(1) : Arg(CB.arg_size() - 1);
  } else {
    return false;
  }
  emit(D);
  return true;
}

/// The cluster and address-space queries, for the model's one-block
/// clusters: no launch names cluster dimensions (%is_explicit_cluster is 0),
/// the cluster's shared window is the block's own (isspacep.shared::cluster
/// is isspacep.shared; getctarank of an address in it is 0) and mapa maps to
/// rank 0 only. isspacep.SPACE reads the space tag every pointer carries.
bool ProgramDecoder::decodeClusterIntrinsic(const CallBase &CB, StringRef Name) {
  if (Name == "llvm.nvvm.is_explicit_cluster" || Name.starts_with("llvm.nvvm.getctarank")) {
    alias(&CB, constSlot(0));
    return true;
  }
  if (Name.starts_with("llvm.nvvm.mapa")) {
    Inst D;
    D.Opc = Op::ClusterMap;
    D.A = slot(CB.getArgOperand(0));
    D.B = slot(CB.getArgOperand(1));
    D.Dst = valueSlot(&CB);
    emit(D);
    return true;
  }
  if (!Name.consume_front("llvm.nvvm.isspacep."))
    return false;
  unsigned Space = Name == "global"                           ? AS_Global
                   : Name == "shared" || Name == "shared.cluster" ? AS_Shared
                   : Name == "const"                          ? AS_Const
                   : Name == "local"                          ? AS_Local
                                                              : 0;
  if (!Space)
    return false;
  Inst Tag;
  Tag.Opc = Op::LShr;
  Tag.Dst = allocValues(1);
  Tag.A = slot(CB.getArgOperand(0));
  Tag.B = constSlot(TagShift);
  Tag.Aux = 64;
  Tag.Imm = ~uint64_t(0);
  emit(Tag);
  Inst Eq;
  Eq.Opc = Op::ICmpEq;
  Eq.Dst = valueSlot(&CB);
  Eq.A = Tag.Dst;
  Eq.B = constSlot(Space);
  Eq.Aux = 64;
  Eq.Imm = ~uint64_t(0);
  emit(Eq);
  return true;
}

/// Inline asm the frontend left: a special-register read the interpreter
/// models, or a stop that quotes the asm.
void ProgramDecoder::decodeInlineAsm(const CallBase &CB, const InlineAsm &Asm) {
  AsmMeaning M = asmMeaning(Asm);
  if (M.K == AsmMeaning::ConstantStore) {
    Inst D;
    D.Opc = Op::Unreachable;
    D.Aux = 3;
    D.A = slot(CB.getArgOperand(0));
    D.Imm = P.Messages.size();
    P.Messages.push_back(M.Why);
    emit(D);
    return;
  }
  if (M.K == AsmMeaning::Refused)
    return refuse("cannot run: " + M.Why + ": inline asm " + asmText(Asm));
  if (M.K == AsmMeaning::NotUnderstood || CB.getType()->isVoidTy())
    return refuse("cannot run: inline asm not understood: " + asmText(Asm));
  if (M.Reg == SR_GridWorkspaceHi || M.Reg == SR_GridWorkspaceLo)
    P.UsesGridWorkspace |= reachesMemory(CB);
  else if (M.Reg >= SR_ReservedBegin)
    P.UsesReservedShared = true;
  Inst D;
  D.Opc = Op::SReg;
  D.Aux = M.Reg;
  D.Dst = valueSlot(&CB);
  emit(D);
}

} // namespace dm
} // namespace warplint
