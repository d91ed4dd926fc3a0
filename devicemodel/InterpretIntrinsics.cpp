//===- InterpretIntrinsics.cpp - Thread state and warp operations ---------===//
//
// The intrinsics family of the interpreter: special registers (thread and
// block indices, lane masks, clocks, and the system-reserved shared memory
// cooperative groups keep their scratch in), shuffles, votes and
// redux.sync. Shuffles, votes and reductions synchronize their lanes, as
// __syncwarp does, for the race detector.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/Executor.h"
#include "devicemodel/WarpReduce.h"

using namespace llvm;

namespace warplint {
namespace dm {

void Executor::specialRegister(const Inst &I, uint64_t *D, uint32_t M) {
  const unsigned Aux = I.Aux;
  const Dim3 &Blk = B.Shape.Block, &Grid = B.Shape.Grid;
  switch (Aux) {
  case SR_TidX: FOR_LANES(D[L] = W.Tid[0][L]); break;
  case SR_TidY: FOR_LANES(D[L] = W.Tid[1][L]); break;
  case SR_TidZ: FOR_LANES(D[L] = W.Tid[2][L]); break;
  case SR_NTidX: FOR_LANES(D[L] = Blk.V[0]); break;
  case SR_NTidY: FOR_LANES(D[L] = Blk.V[1]); break;
  case SR_NTidZ: FOR_LANES(D[L] = Blk.V[2]); break;
  case SR_CtaIdX: FOR_LANES(D[L] = B.Idx.V[0]); break;
  case SR_CtaIdY: FOR_LANES(D[L] = B.Idx.V[1]); break;
  case SR_CtaIdZ: FOR_LANES(D[L] = B.Idx.V[2]); break;
  case SR_NCtaIdX: FOR_LANES(D[L] = Grid.V[0]); break;
  case SR_NCtaIdY: FOR_LANES(D[L] = Grid.V[1]); break;
  case SR_NCtaIdZ: FOR_LANES(D[L] = Grid.V[2]); break;
  case SR_LaneId: FOR_LANES(D[L] = L); break;
  case SR_WarpId: FOR_LANES(D[L] = W.Index); break;
  case SR_WarpSize: FOR_LANES(D[L] = B.Shape.WarpSize); break;
  case SR_LaneMaskLt: FOR_LANES(D[L] = (1ull << L) - 1); break;
  case SR_LaneMaskLe: FOR_LANES(D[L] = (2ull << L) - 1); break;
  case SR_LaneMaskGt: FOR_LANES(D[L] = uint32_t(~((2ull << L) - 1))); break;
  case SR_LaneMaskGe: FOR_LANES(D[L] = uint32_t(~((1ull << L) - 1))); break;
  case SR_LaneMaskEq: FOR_LANES(D[L] = 1ull << L); break;
  case SR_Clock:
  case SR_Clock64: FOR_LANES(D[L] = B.Result.Stats.WarpInsts); break;
  case SR_DynSmemSize: FOR_LANES(D[L] = B.Shape.DynamicShared); break;
  case SR_ClusterSize: FOR_LANES(D[L] = 1); break;
  case SR_ClusterRank: FOR_LANES(D[L] = 0); break;
  case SR_ReservedBegin:
  case SR_ReservedOffset0:
    FOR_LANES(D[L] = B.Shape.reservedSharedBase(B.P.SharedStaticBytes));
    break;
  case SR_ReservedEnd:
    FOR_LANES(D[L] = B.Shape.reservedSharedBase(B.P.SharedStaticBytes) +
                     B.Shape.ReservedShared);
    break;
  case SR_ReservedCap: FOR_LANES(D[L] = B.Shape.ReservedShared); break;
  case SR_ReservedOffset1:
    // Cooperative groups' scratch (288 bytes) in the upper half.
    FOR_LANES(D[L] = B.Shape.reservedSharedBase(B.P.SharedStaticBytes) +
                     B.Shape.ReservedShared / 2);
    break;
  case SR_GridWorkspaceHi: FOR_LANES(D[L] = B.Shape.GridWorkspace >> 32); break;
  case SR_GridWorkspaceLo: FOR_LANES(D[L] = uint32_t(B.Shape.GridWorkspace)); break;
  default: FOR_LANES(D[L] = 0); break;
  }
}

void Executor::shuffle(const Inst &I, uint64_t *D, const uint64_t *A, const uint64_t *Bv,
                       const uint64_t *C, uint32_t M) {
  const unsigned Aux = I.Aux;
  uint64_t Src[MaxLanes];
  memcpy(Src, A, sizeof(Src));
  unsigned Mode = Aux & 15;
  uint64_t *Pred = (Aux & 16) ? D + MaxLanes : nullptr;
  FOR_LANES({
    uint32_t CV = uint32_t(C[L]), BV = uint32_t(Bv[L]);
    uint32_t Seg = (CV >> 8) & 0x1f, Clamp = CV & 0x1f;
    uint32_t MaxL = (L & Seg) | (Clamp & ~Seg), MinL = L & Seg;
    int32_t J;
    bool Ok;
    switch (Mode) {
    case SH_Idx: J = MinL | (BV & 0x1f & ~Seg); Ok = uint32_t(J) <= MaxL; break;
    case SH_Up: J = int32_t(L) - int32_t(BV); Ok = J >= int32_t(MaxL); break;
    case SH_Down: J = int32_t(L + BV); Ok = uint32_t(J) <= MaxL; break;
    default: J = int32_t(L ^ BV); Ok = uint32_t(J) <= MaxL; break;
    }
    D[L] = Src[Ok ? (J & 31) : L];
    if (Pred)
      Pred[L] = Ok;
  });
  // A shuffle synchronizes its lanes, as __syncwarp does.
  warpSync(M);
}

void Executor::vote(const Inst &I, uint64_t *D, const uint64_t *A, uint32_t M) {
  const unsigned Aux = I.Aux;
  uint32_t Ballot = 0;
  FOR_LANES(Ballot |= uint32_t(A[L] & 1) << L);
  uint64_t V = Aux == VK_Ballot ? Ballot
               : Aux == VK_All  ? Ballot == M
               : Aux == VK_Any  ? Ballot != 0
                                : (Ballot == 0 || Ballot == M);
  FOR_LANES(D[L] = V);
  warpSync(M);
}

void Executor::redux(const Inst &I, uint64_t *D, const uint64_t *A, uint32_t M) {
  uint32_t Acc = uint32_t(A[countr_zero(M)]);
  for (uint32_t MM = M & (M - 1); MM; MM &= MM - 1)
    Acc = reduxStep(ReduxKind(I.Aux), Acc, uint32_t(A[countr_zero(MM)]));
  FOR_LANES(D[L] = Acc);
  warpSync(M);
}

/// match.any.sync: each lane gets the lanes of M holding its value;
/// match.all.sync: M and true when all lanes of M hold one value, else 0
/// and false.
void Executor::match(const Inst &I, uint64_t *D, const uint64_t *A, uint32_t M) {
  const uint64_t Bits = (I.Aux & 2) ? ~uint64_t(0) : 0xffffffffu;
  uint64_t Src[MaxLanes];
  memcpy(Src, A, sizeof(Src));
  if (I.Aux & 1) {
    // No lane active: nothing is written (the lane loops run no lane).
    const uint64_t First = M ? Src[countr_zero(M) % MaxLanes] & Bits : 0;
    bool Same = true;
    FOR_LANES(Same &= (Src[L] & Bits) == First);
    uint64_t *Pred = D + MaxLanes;
    FOR_LANES({
      D[L] = Same ? M : 0;
      Pred[L] = Same;
    });
  } else {
    FOR_LANES({
      uint32_t Peers = 0;
      for (uint32_t MM = M; MM; MM &= MM - 1)
        if ((Src[countr_zero(MM)] & Bits) == (Src[L] & Bits))
          Peers |= 1u << countr_zero(MM);
      D[L] = Peers;
    });
  }
  warpSync(M);
}

bool Executor::clusterMap(const Function &Fn, uint32_t Idx, uint64_t *D, const uint64_t *A,
                          const uint64_t *Bv, uint32_t M) {
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    if (uint32_t(Bv[L]) != 0) {
      stop(Fn, Idx, "unsupported",
           "cannot run: __cluster_map_shared_rank (mapa) to block rank " +
               std::to_string(uint32_t(Bv[L])) + " by lane " + std::to_string(L) + ", " +
               threadName(L) + ": the device model launches clusters of one block (rank 0)");
      return false;
    }
  }
  FOR_LANES(D[L] = A[L]);
  return true;
}

void Executor::warpSync(uint32_t M) {
  for (BlockObserver *O : B.Obs)
    O->onWarpSync(W.Index, M);
}

} // namespace dm
} // namespace warplint
