//===- ControlDivergence.cpp - Branches and barriers across a warp --------===//
#include "analyzer/ControlDivergence.h"
#include "frontend/Libdevice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

using namespace llvm;

namespace warplint {

bool isBlockBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  StringRef Name = II->getCalledFunction()->getName();
  // An mbarrier (llvm.nvvm.mbarrier.*) is a word in shared memory that
  // threads arrive on and wait for, one thread or many: no block barrier.
  return (Name.contains("barrier") || Name.contains("bar.sync") ||
          Name.contains("nvvm.bar0")) &&
         !Name.contains("warp") && !Name.contains("mbarrier");
}

namespace {

/// Linear index of a block in Grid.
uint64_t linearBlock(const Dim3 &B, const Dim3 &Grid) {
  return B.V[0] + Grid.V[0] * (B.V[1] + Grid.V[1] * B.V[2]);
}

/// True when block B lies on the upper face of Grid in a dimension with more
/// than one block (where a rounded-up grid's bounds check bites).
bool onGridEdge(const Dim3 &B, const Dim3 &Grid) {
  for (unsigned D = 0; D < 3; ++D)
    if (Grid.V[D] > 1 && B.V[D] == Grid.V[D] - 1)
      return true;
  return false;
}

/// Blocks of Grid on its upper faces.
uint64_t edgeBlocks(const Dim3 &Grid) {
  uint64_t Inner = 1;
  for (unsigned D = 0; D < 3; ++D)
    if (Grid.V[D] > 1)
      Inner *= Grid.V[D] - 1;
  return Grid.count() - Inner;
}

/// Whether the lanes of the sampled warps disagree on the condition of
/// branch T, and how much of the launch that concerns.
BranchDivergence classifyBranch(const Instruction &T, const Value *Cond,
                                ThreadIndexModel &Model, const LaunchConfig &Launch,
                                const ArchProfile &Arch) {
  BranchDivergence D;
  D.Loc = userLocation(T);
  D.Inst = &T;
  // The grid the samples were drawn from (a large one when unknown).
  Dim3 Grid = Launch.Grid ? *Launch.Grid : Dim3{{65535, 1, 1}};
  unsigned EdgeSamples = 0, EdgeDivergent = 0, InnerSamples = 0, InnerDivergent = 0;
  const BasicBlock *BB = T.getParent();
  // The reached samples: the launch-order sequences below are built only
  // when some of them diverge (most branches never do).
  struct Reached {
    const WarpSample *S;
    uint32_t Mask;
    const LaneValues *C;
  };
  std::vector<Reached> Seen;
  for (const WarpSample &S : Model.samplesFor(T)) {
    bool DD = false;
    uint32_t Mask = Model.activeLanes(BB, S, DD);
    if (!Mask)
      continue;
    const LaneValues &C = Model.eval(Cond, S);
    if (!C.known()) {
      D.K = BranchDivergence::DataDependent;
      return D;
    }
    ++D.Samples;
    Seen.push_back({&S, Mask, &C});
    std::array<uint64_t, 32> Active;
    unsigned N = 0;
    for (unsigned L = 0; L < 32; ++L)
      if (Mask >> L & 1)
        Active[N++] = C.V[L];
    bool Diverges = std::any_of(Active.begin() + 1, Active.begin() + N,
                                [&](uint64_t V) { return V != Active[0]; });
    D.DivergentSamples += Diverges;
    if (Diverges) {
      // The lanes that agree with the most common value.
      std::sort(Active.begin(), Active.begin() + N);
      unsigned Majority = 0;
      for (unsigned I = 0, J; I < N; I = J) {
        for (J = I; J < N && Active[J] == Active[I];)
          ++J;
        Majority = std::max(Majority, J - I);
      }
      D.MinorityLanes = std::max(D.MinorityLanes, N - Majority);
    }
    bool Edge = Launch.Grid && onGridEdge(S.BlockIdx, Grid);
    (Edge ? EdgeSamples : InnerSamples) += 1;
    (Edge ? EdgeDivergent : InnerDivergent) += Diverges;
  }
  if (!D.DivergentSamples)
    return D;
  // The condition along the threads in launch order, per argument sample and
  // loop iteration: (global thread index, value) of every active lane.
  using GroupKey = std::pair<unsigned, IterationList>;
  std::map<GroupKey, std::vector<std::pair<uint64_t, uint64_t>>> Along;
  // The same per block.
  std::map<std::pair<GroupKey, uint64_t>, std::vector<std::pair<uint64_t, uint64_t>>> InBlock;
  uint64_t BlockThreads = Launch.Block.count();
  for (const Reached &R : Seen) {
    GroupKey Key{R.S->ArgSample, R.S->Iterations};
    uint64_t Block = linearBlock(R.S->BlockIdx, Grid);
    auto &Seq = Along[Key];
    auto &BlockSeq = InBlock[{Key, Block}];
    uint64_t Base = Block * BlockThreads + uint64_t(R.S->Warp) * Arch.WarpSize;
    for (unsigned L = 0; L < 32; ++L) {
      if (!(R.Mask >> L & 1))
        continue;
      Seq.push_back({Base + L, R.C->V[L]});
      BlockSeq.push_back({Base + L, R.C->V[L]});
    }
  }
  D.K = BranchDivergence::Divergent;
  D.DivergentFraction = double(D.DivergentSamples) / D.Samples;
  D.LaunchFraction = D.DivergentFraction;
  // A bound crossed once along the launch: one warp of all diverges.
  auto ChangesAtMostOnce = [](auto &KV) {
    auto &Seq = KV.second;
    llvm::sort(Seq);
    unsigned Changes = 0;
    for (size_t I = 1; I < Seq.size(); ++I)
      Changes += Seq[I].second != Seq[I - 1].second;
    return Changes <= 1;
  };
  D.Boundary = llvm::all_of(Along, ChangesAtMostOnce);
  D.Packed = D.Boundary || llvm::all_of(InBlock, ChangesAtMostOnce);
  uint64_t Warps = Grid.count() * divideCeil(BlockThreads, Arch.WarpSize);
  if (D.Boundary) {
    D.LaunchFraction = std::min(D.DivergentFraction, 1.0 / double(Warps));
  } else if (Launch.Grid && !InnerDivergent && InnerSamples && EdgeSamples) {
    D.GridEdge = true;
    D.LaunchFraction = double(EdgeDivergent) / EdgeSamples * double(edgeBlocks(Grid)) /
                       double(Grid.count());
  }
  return D;
}

/// Folds a second divergent copy of one source branch into the first.
void mergeCopies(BranchDivergence &Into, const BranchDivergence &D) {
  unsigned Samples = Into.Samples + D.Samples;
  Into.LaunchFraction =
      (Into.LaunchFraction * Into.Samples + D.LaunchFraction * D.Samples) / Samples;
  Into.Samples = Samples;
  Into.DivergentSamples += D.DivergentSamples;
  Into.MinorityLanes = std::max(Into.MinorityLanes, D.MinorityLanes);
  Into.DivergentFraction = double(Into.DivergentSamples) / Samples;
  Into.Boundary &= D.Boundary;
  Into.Packed &= D.Packed;
  Into.GridEdge &= D.GridEdge;
}

} // namespace

void analyzeControl(const Function &K, ThreadIndexModel &Model, const LaunchConfig &Launch,
                    const ArchProfile &Arch, std::vector<BranchDivergence> &Branches,
                    std::vector<BarrierReach> &Barriers) {
for (const BasicBlock &BB : K) {
  const Instruction *T = BB.getTerminator();
  const Value *Cond = nullptr;
  if (const auto *Br = dyn_cast<BranchInst>(T))
    Cond = Br->isConditional() ? Br->getCondition() : nullptr;
  else if (const auto *Sw = dyn_cast<SwitchInst>(T))
    Cond = Sw->getCondition();
  // A branch of linked library code (libdevice's slow paths) is not the
  // program's to change.
  if (Cond && !isLibraryCode(*T)) {
    BranchDivergence D = classifyBranch(*T, Cond, Model, Launch, Arch);
    // Copies of one source branch (unrolled loops) are one entry; the
    // strongest verdict wins, and divergent copies add up.
    auto Same = llvm::find_if(Branches, [&](const BranchDivergence &O) {
      return O.Loc == D.Loc;
    });
    if (Same == Branches.end())
      Branches.push_back(D);
    else if (D.K > Same->K)
      *Same = D;
    else if (D.K == Same->K && D.K == BranchDivergence::Divergent)
      mergeCopies(*Same, D);
  }
  for (const Instruction &I : BB) {
    if (!isBlockBarrier(I))
      continue;
    BarrierReach B;
    B.Loc = userLocation(I);
    // Per block (and argument sample and loop iteration): do some of the
    // sampled threads reach the barrier and others not? A warp with no
    // sample in an iteration has left the loop.
    using Key = std::tuple<uint64_t, unsigned, IterationList>;
    struct Reach {
      bool Any = false, All = true;
      std::set<unsigned> Warps;
    };
    std::map<Key, Reach> Groups;
    std::map<std::pair<uint64_t, unsigned>, std::set<unsigned>> WarpsOf;
    Dim3 Grid = Launch.Grid ? *Launch.Grid : Dim3{{65535, 1, 1}};
    for (const WarpSample &S : Model.samplesFor(I)) {
      bool DD = false;
      uint32_t Mask = Model.activeLanes(&BB, S, DD);
      uint32_t Exists = Model.existingLanes(S);
      B.DataDependent |= DD;
      if (!Exists)
        continue;
      uint64_t Block = linearBlock(S.BlockIdx, Grid);
      Reach &G = Groups[Key{Block, S.ArgSample, S.Iterations}];
      G.Any |= Mask != 0;
      G.All &= Mask == Exists;
      G.Warps.insert(S.Warp);
      WarpsOf[{Block, S.ArgSample}].insert(S.Warp);
    }
    for (const auto &[K, G] : Groups)
      if (G.Any && (!G.All || G.Warps != WarpsOf[{std::get<0>(K), std::get<1>(K)}]))
        B.ThreadDependent = true;
    auto Same = llvm::find_if(Barriers,
                              [&](const BarrierReach &O) { return O.Loc == B.Loc; });
    if (Same == Barriers.end())
      Barriers.push_back(B);
    else {
      Same->ThreadDependent |= B.ThreadDependent;
      Same->DataDependent |= B.DataDependent;
    }
  }
}
}

} // namespace warplint
