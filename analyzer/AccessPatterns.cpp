//===- AccessPatterns.cpp - Predicted cost of every access ----------------===//
#include "analyzer/AccessPatterns.h"

#include "analyzer/ThreadIndexModel.h"
#include "analyzer/arch/MemoryCost.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace warplint {

StringRef Prediction::metricName(unsigned Space) {
  switch (Space) {
  case AS_Shared:
    return "wavefronts_per_request";
  case AS_Const:
    return "addresses_per_request";
  default:
    return "sectors_per_request";
  }
}

std::string Prediction::sampledStridesText() const {
  // "n=4096", or "k=n=4096" when several arguments take the value.
  std::string Names = StrideDependsOn;
  for (size_t At; (At = Names.find(", ")) != std::string::npos;)
    Names.replace(At, 2, "=");
  std::string Out;
  for (const auto &[Value, Stride] : SampledStrides)
    Out += formatv("{0}{1}B at {2}={3}", Out.empty() ? "" : ", ", Stride, Names, Value).str();
  return Out;
}

std::string Prediction::perIterationText() const {
  auto Num = [](double V) {
    return V == std::round(V) ? std::to_string(int64_t(V)) : formatv("{0:F2}", V).str();
  };
  std::string Out;
  for (size_t I = 0; I < PerIteration.size();) {
    size_t J = I;
    while (J < PerIteration.size() && PerIteration[J] == PerIteration[I])
      ++J;
    Out += (Out.empty() ? "" : ",") + Num(PerIteration[I]);
    if (J - I > 1)
      Out += "x" + std::to_string(J - I);
    I = J;
  }
  return Out;
}

namespace {

/// Running totals over the sampled executions of one access.
struct Tally {
  unsigned Samples = 0;
  double Cost = 0, Ideal = 0, Lanes = 0, Min = 1e300, Max = 0;
  std::optional<int64_t> Stride;
  bool StrideConflict = false, Uniform = true, InLoop = false;
  /// Lane 0's offset in its sector: in the first sample, and in every
  /// sample that costs more than its ideal.
  int64_t Lane0Offset = -1, FirstCostlyOffset = -1;
  std::set<int64_t> CostlyOffsets;
  /// Consecutive iterations of the innermost loop sampled for one warp, and
  /// how many of those pairs touched a common sector (global accesses).
  unsigned WindowPairs = 0, WindowOverlaps = 0;
  /// The sectors the probe warp touches (global accesses), and the address
  /// of its first active lane.
  std::vector<uint64_t> ProbeSectors;
  uint64_t ProbeLane0 = 0;
  const Value *DataDependentOn = nullptr;
  bool Unmodelled = false, ControlDataDependent = false;
  uint64_t ArgMask = 0;
  std::set<double> ArgSampleCosts[2];
  /// Per argument sample: the lanes' stride and whether it was not constant.
  std::optional<int64_t> ArgStride[2];
  bool ArgStrideConflict[2] = {false, false};
  /// Cost totals (sum, samples) per (iteration of the innermost loop, rank
  /// of the IR site in program order).
  std::map<std::pair<unsigned, unsigned>, std::pair<double, unsigned>> PerStep;
  /// A sampled warp (argument sample 0) to evaluate again at another value.
  const IrAccess *ProbeSite = nullptr;
  WarpSample Probe;
  uint32_t ProbeMask = 0;
};

/// The global sectors the active lanes touch, sorted and distinct.
std::vector<uint64_t> sectorsOf(const WarpAddresses &W, const ArchProfile &Arch) {
  std::vector<uint64_t> Out;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t S = W.Addr[L] / Arch.SectorBytes;
           S <= (W.Addr[L] + W.Bytes - 1) / Arch.SectorBytes; ++S)
        Out.push_back(S);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

bool shareAny(const std::vector<uint64_t> &A, const std::vector<uint64_t> &B) {
  for (size_t I = 0, J = 0; I < A.size() && J < B.size();) {
    if (A[I] == B[J])
      return true;
    A[I] < B[J] ? ++I : ++J;
  }
  return false;
}

/// True when S is the iteration of its innermost loop right after Prev's, for
/// the same warp and outer iterations.
bool nextIteration(const WarpSample &Prev, const WarpSample &S) {
  if (S.Iterations.empty() || Prev.Iterations.size() != S.Iterations.size() ||
      !(Prev.BlockIdx == S.BlockIdx) || Prev.Warp != S.Warp || Prev.ArgSample != S.ArgSample)
    return false;
  size_t Last = S.Iterations.size() - 1;
  for (size_t I = 0; I < Last; ++I)
    if (Prev.Iterations[I] != S.Iterations[I])
      return false;
  return Prev.Iterations[Last].first == S.Iterations[Last].first &&
         Prev.Iterations[Last].second + 1 == S.Iterations[Last].second;
}

bool sameSample(const WarpSample &A, const WarpSample &B) { return !(A < B) && !(B < A); }

/// The constant stride between adjacent active lanes, if there is one.
std::optional<int64_t> laneStride(const WarpAddresses &W) {
  std::optional<int64_t> Stride;
  int Prev = -1;
  for (int L = 0; L < 32; ++L) {
    if (!(W.Active >> L & 1))
      continue;
    if (Prev >= 0) {
      int64_t D = int64_t(W.Addr[L] - W.Addr[Prev]);
      if (D % (L - Prev))
        return std::nullopt;
      D /= (L - Prev);
      if (Stride && *Stride != D)
        return std::nullopt;
      Stride = D;
    }
    Prev = L;
  }
  return Stride;
}

/// The size of the struct whose field Ptr addresses, when the IR still says.
uint64_t structFieldSize(const Value *Ptr, const DataLayout &DL) {
  const auto *GEP = dyn_cast<GEPOperator>(Ptr);
  if (!GEP)
    return 0;
  uint64_t LastStride = 0;
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E; ++GTI) {
    if (GTI.getStructTypeOrNull())
      return LastStride;
    LastStride = GTI.getSequentialElementStride(DL);
  }
  return 0;
}

/// The IR sites of A in program order (reverse post-order of their blocks,
/// then position in the block), when the per-iteration costs of A can be
/// told apart: all sites in the same innermost loop (or none) and, for copies
/// outside any loop (a fully unrolled loop), each copy runs after the one
/// before. Empty otherwise.
std::vector<const IrAccess *>
sitesInIterationOrder(const MemoryAccess &A, const DenseMap<const BasicBlock *, unsigned> &Rpo,
                      const ThreadIndexModel &Model) {
  std::vector<const IrAccess *> Sites;
  for (const IrAccess &S : A.Sites)
    Sites.push_back(&S);
  if (Sites.size() > 1) {
    DenseMap<const IrAccess *, std::pair<unsigned, unsigned>> Position;
    for (const IrAccess *S : Sites) {
      const Instruction *I = S->Inst;
      unsigned InBlock = 0;
      for (const Instruction &Other : *I->getParent()) {
        if (&Other == I)
          break;
        ++InBlock;
      }
      Position[S] = {Rpo.lookup(I->getParent()), InBlock};
    }
    llvm::stable_sort(Sites, [&](const IrAccess *X, const IrAccess *Y) {
      return Position[X] < Position[Y];
    });
  }
  const LoopInfo &LI = Model.loops();
  const Loop *L = LI.getLoopFor(Sites.front()->Inst->getParent());
  for (const IrAccess *S : Sites)
    if (LI.getLoopFor(S->Inst->getParent()) != L ||
        S->Inst->getFunction() != Sites.front()->Inst->getFunction())
      return {};
  if (!L)
    for (size_t I = 1; I < Sites.size(); ++I)
      if (!isPotentiallyReachable(Sites[I - 1]->Inst, Sites[I]->Inst, nullptr,
                                  &Model.domTree(), &LI))
        return {}; // Copies on different paths, not one after another.
  return Sites;
}

/// One warp of an access, to compare it with the other accesses of the
/// kernel: the sample, the global sectors it touches, its first lane's address.
struct ProbeFacts {
  std::optional<WarpSample> S;
  std::vector<uint64_t> Sectors;
  uint64_t Lane0Addr = 0;
};

/// What the accesses of one kernel tell about each other: the load that
/// shares a misaligned load's sectors, and whether struct-field accesses
/// cover their whole struct.
void relateAccesses(const StateSpaces &Spaces, const std::vector<ProbeFacts> &Probes,
                    std::vector<Prediction> &Predictions) {
  auto SameWarp = [&](size_t I, size_t J) {
    return Probes[I].S && Probes[J].S && sameSample(*Probes[I].S, *Probes[J].S);
  };
  for (size_t I = 0; I < Predictions.size(); ++I) {
    Prediction &P = Predictions[I];
    const MemoryAccess &A = Spaces.accesses()[I];
    // A misaligned load whose sectors another load of the same warp touches.
    if (P.Pattern == "misaligned" && A.Op == AccessOp::Load)
      for (size_t J = 0; J < Predictions.size(); ++J) {
        const MemoryAccess &Other = Spaces.accesses()[J];
        if (J != I && Other.Op == AccessOp::Load && SameWarp(I, J) &&
            shareAny(Probes[I].Sectors, Probes[J].Sectors)) {
          P.SharesSectorsWith = Other.Loc;
          break;
        }
      }
    // A struct field: do the same warp's accesses at the same stride cover
    // the whole struct of each lane?
    if (P.Pattern == "struct-field" && P.StructBytes) {
      int64_t Struct = P.StructBytes;
      std::vector<bool> Covered(Struct, false);
      for (size_t J = 0; J < Predictions.size(); ++J) {
        const MemoryAccess &Other = Spaces.accesses()[J];
        const Prediction &PJ = Predictions[J];
        if (Other.Op != A.Op || !PJ.StrideBytes || *PJ.StrideBytes != *P.StrideBytes ||
            !SameWarp(I, J))
          continue;
        int64_t From = int64_t(Probes[J].Lane0Addr - Probes[I].Lane0Addr);
        if (From <= -Struct || From >= Struct)
          continue; // Another struct (or another array).
        for (int64_t Byte = From; Byte < From + int64_t(Other.Bytes); ++Byte)
          Covered[((Byte % Struct) + Struct) % Struct] = true;
      }
      P.EveryFieldUsed = llvm::all_of(Covered, [](bool C) { return C; });
    }
  }
}

std::string describeDependence(const Value *V) {
  if (const auto *I = dyn_cast<Instruction>(V)) {
    SourceLoc L = userLocation(*I);
    std::string What = isa<LoadInst>(I) ? "a value loaded" : "a value computed";
    if (L.valid())
      return formatv("{0} at line {1}", What, L.Line).str();
    return What;
  }
  return "loaded data";
}

double roundTo(double V, double Step) { return std::round(V / Step) * Step; }

/// "4*n", "n", "-2*n", "4*n+4", "8*n-8".
std::string affineText(int64_t Factor, int64_t Offset, StringRef Arg) {
  std::string Out = Factor == 1    ? Arg.str()
                    : Factor == -1 ? "-" + Arg.str()
                                   : formatv("{0}*{1}", Factor, Arg).str();
  if (Offset)
    Out += formatv("{0}{1}", Offset > 0 ? "+" : "-", std::abs(Offset)).str();
  return Out;
}

/// When the lanes' stride is constant for each value of the unknown scalar
/// arguments but differs between the values: record what it depends on, the
/// sampled strides and, for one argument, an affine formula that also holds
/// at ThreadIndexModel::ArgCheckValue.
void describeArgStride(const Tally &T, ThreadIndexModel &Model, Prediction &P) {
  if (!T.ArgMask || !T.StrideConflict || T.ArgStrideConflict[0] ||
      T.ArgStrideConflict[1] || !T.ArgStride[0] || !T.ArgStride[1] ||
      *T.ArgStride[0] == *T.ArgStride[1])
    return;
  const auto &Values = ThreadIndexModel::ArgSampleValues;
  P.StrideDependsOn = Model.argNames(T.ArgMask);
  P.SampledStrides = {{Values[0], *T.ArgStride[0]}, {Values[1], *T.ArgStride[1]}};
  if (llvm::popcount(T.ArgMask) != 1 || !T.ProbeSite)
    return;
  int64_t DV = int64_t(Values[0]) - int64_t(Values[1]);
  int64_t DS = *T.ArgStride[0] - *T.ArgStride[1];
  if (DS % DV)
    return;
  int64_t Factor = DS / DV, Offset = *T.ArgStride[0] - Factor * int64_t(Values[0]);
  WarpSample Check = T.Probe;
  Check.ArgSample = Values.size();
  LaneValues Addr = Model.eval(T.ProbeSite->Pointer, Check);
  if (!Addr.known())
    return;
  WarpAddresses W;
  W.Addr = Addr.V;
  W.Active = T.ProbeMask;
  W.Bytes = std::max(T.ProbeSite->Bytes, 1u);
  std::optional<int64_t> Stride = laneStride(W);
  if (Stride &&
      *Stride == Factor * int64_t(ThreadIndexModel::ArgCheckValue) + Offset)
    P.StrideFormula = affineText(Factor, Offset, P.StrideDependsOn);
}

bool isBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  StringRef Name = II->getCalledFunction()->getName();
  return (Name.contains("barrier") || Name.contains("bar.sync") ||
          Name.contains("nvvm.bar0")) &&
         !Name.contains("warp");
}

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
  // The condition along the threads in launch order, per argument sample and
  // loop iteration: (global thread index, value) of every active lane.
  using GroupKey = std::pair<unsigned, std::vector<std::pair<const Loop *, unsigned>>>;
  std::map<GroupKey, std::vector<std::pair<uint64_t, uint64_t>>> Along;
  // The same per block.
  std::map<std::pair<GroupKey, uint64_t>, std::vector<std::pair<uint64_t, uint64_t>>> InBlock;
  // The grid the samples were drawn from (a large one when unknown).
  Dim3 Grid = Launch.Grid ? *Launch.Grid : Dim3{{65535, 1, 1}};
  uint64_t BlockThreads = Launch.Block.count();
  unsigned EdgeSamples = 0, EdgeDivergent = 0, InnerSamples = 0, InnerDivergent = 0;
  const BasicBlock *BB = T.getParent();
  for (const WarpSample &S : Model.samplesFor(T)) {
    bool DD = false;
    uint32_t Mask = Model.activeLanes(BB, S, DD);
    if (!Mask)
      continue;
    LaneValues C = Model.eval(Cond, S);
    if (!C.known()) {
      D.K = BranchDivergence::DataDependent;
      return D;
    }
    ++D.Samples;
    std::optional<uint64_t> First;
    bool Diverges = false;
    GroupKey Key{S.ArgSample, S.Iterations};
    uint64_t Block = linearBlock(S.BlockIdx, Grid);
    auto &Seq = Along[Key];
    auto &BlockSeq = InBlock[{Key, Block}];
    uint64_t Base = Block * BlockThreads + uint64_t(S.Warp) * Arch.WarpSize;
    std::map<uint64_t, unsigned> Votes;
    for (unsigned L = 0; L < 32; ++L) {
      if (!(Mask >> L & 1))
        continue;
      Diverges |= First && *First != C.V[L];
      First = C.V[L];
      ++Votes[C.V[L]];
      Seq.push_back({Base + L, C.V[L]});
      BlockSeq.push_back({Base + L, C.V[L]});
    }
    D.DivergentSamples += Diverges;
    if (Diverges) {
      unsigned Majority = 0;
      for (const auto &KV : Votes)
        Majority = std::max(Majority, KV.second);
      D.MinorityLanes =
          std::max(D.MinorityLanes, unsigned(llvm::popcount(Mask)) - Majority);
    }
    bool Edge = Launch.Grid && onGridEdge(S.BlockIdx, Grid);
    (Edge ? EdgeSamples : InnerSamples) += 1;
    (Edge ? EdgeDivergent : InnerDivergent) += Diverges;
  }
  if (!D.DivergentSamples)
    return D;
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

AccessPatterns AccessPatterns::analyze(const StateSpaces &Spaces, const LaunchConfig &Launch,
                                       const ArchProfile &Arch, const AnalysisBudget &Budget) {
  AccessPatterns R;
  R.Launch = Launch;
  R.Budget = Budget;
  const Function &K = Spaces.kernel();
  const DataLayout &DL = K.getParent()->getDataLayout();
  ThreadIndexModel Model(K, Launch, Arch, Budget);
  DenseMap<const BasicBlock *, unsigned> Rpo;
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&K))
    Rpo[BB] = Rpo.size();

  // Per access: the probe warp and the sectors it touches (global only), to
  // find loads that share sectors.
  std::vector<ProbeFacts> Probes;
  for (const MemoryAccess &A : Spaces.accesses()) {
    if (Model.exhausted())
      break;
    Prediction P;
    Tally T;
    bool Global = A.Space == AS_Global || A.Space == AS_Generic;
    std::vector<const IrAccess *> Ordered = sitesInIterationOrder(A, Rpo, Model);
    Probes.emplace_back();
    for (const IrAccess &Site : A.Sites) {
      auto Rank = llvm::find(Ordered, &Site);
      std::optional<std::pair<WarpSample, std::vector<uint64_t>>> Prev;
      if (Site.Inst->getFunction() != &K) {
        T.Unmodelled = true; // In a device function that was not inlined.
        continue;
      }
      T.InLoop |= Model.loops().getLoopFor(Site.Inst->getParent()) != nullptr;
      for (const WarpSample &S : Model.samplesFor(*Site.Inst)) {
        bool ControlDD = false;
        uint32_t Mask = Model.activeLanes(Site.Inst->getParent(), S, ControlDD);
        if (!Mask)
          continue;
        LaneValues Addr = Model.eval(Site.Pointer, S);
        if (Addr.DataDependentOn) {
          T.DataDependentOn = Addr.DataDependentOn;
          continue;
        }
        if (Addr.Unmodelled) {
          T.Unmodelled = true;
          continue;
        }
        T.ControlDataDependent |= ControlDD;
        T.ArgMask |= Addr.ArgMask;
        WarpAddresses W;
        W.Addr = Addr.V;
        W.Active = Mask;
        W.Bytes = std::max(Site.Bytes, 1u);
        unsigned Lanes = llvm::popcount(Mask);
        double Cost, Ideal;
        switch (A.Space) {
        case AS_Shared:
          Cost = sharedWavefronts(W, Arch);
          Ideal = sharedPhases(W, Arch);
          break;
        case AS_Const:
        case AS_Param:
          Cost = distinctAddresses(W);
          Ideal = 1;
          break;
        case AS_Local:
          Cost = localSectors(W, Arch);
          Ideal = divideCeil(Lanes * W.Bytes, Arch.SectorBytes);
          break;
        default:
          Cost = globalSectors(W, Arch);
          Ideal = idealSectors(W, Arch);
          break;
        }
        ++T.Samples;
        if (Rank != Ordered.end()) {
          unsigned Iteration = S.Iterations.empty() ? 0 : S.Iterations.back().second;
          auto &Step = T.PerStep[{Iteration, unsigned(Rank - Ordered.begin())}];
          Step.first += Cost;
          ++Step.second;
        }
        T.Cost += Cost;
        T.Ideal += Ideal;
        T.Lanes += Lanes;
        T.Min = std::min(T.Min, Cost);
        T.Max = std::max(T.Max, Cost);
        T.ArgSampleCosts[S.ArgSample % 2].insert(Cost);
        T.Uniform &= distinctAddresses(W) == 1;
        std::optional<int64_t> St = laneStride(W);
        if (!St || (T.Stride && *T.Stride != *St))
          T.StrideConflict = true;
        else
          T.Stride = St;
        unsigned AS = S.ArgSample % 2;
        if (!St || (T.ArgStride[AS] && *T.ArgStride[AS] != *St))
          T.ArgStrideConflict[AS] = true;
        else
          T.ArgStride[AS] = St;
        std::vector<uint64_t> Sectors;
        if (Global) {
          Sectors = sectorsOf(W, Arch);
          if (Prev && nextIteration(Prev->first, S)) {
            ++T.WindowPairs;
            T.WindowOverlaps += shareAny(Prev->second, Sectors);
          }
        }
        if (!T.ProbeSite && S.ArgSample == 0) {
          T.ProbeSite = &Site;
          T.Probe = S;
          T.ProbeMask = Mask;
          T.ProbeSectors = Sectors;
          T.ProbeLane0 = W.Addr[llvm::countr_zero(Mask)];
        }
        int64_t Offset = W.Addr[llvm::countr_zero(Mask)] % Arch.SectorBytes;
        if (T.Lane0Offset < 0)
          T.Lane0Offset = Offset;
        if (Cost > Ideal) {
          if (T.FirstCostlyOffset < 0)
            T.FirstCostlyOffset = Offset;
          T.CostlyOffsets.insert(Offset);
        }
        if (Global)
          Prev.emplace(S, std::move(Sectors));
      }
    }

    P.Assumptions = Model.assumptions();
    if (T.DataDependentOn) {
      P.Pattern = "data-dependent";
      P.DependsOn = describeDependence(T.DataDependentOn);
      R.Predictions.push_back(std::move(P));
      continue;
    }
    if (T.Unmodelled || !T.Samples) {
      P.Pattern = T.Samples || T.Unmodelled ? "unmodelled" : "unreached";
      P.DependsOn = T.Unmodelled ? "an address computation warplint does not model"
                                 : "no sampled thread reaches it";
      R.Predictions.push_back(std::move(P));
      continue;
    }
    P.PerRequest = roundTo(T.Cost / T.Samples, 0.001);
    P.Ideal = roundTo(T.Ideal / T.Samples, 0.001);
    P.ActiveLanes = roundTo(T.Lanes / T.Samples, 0.01);
    P.Min = T.Min;
    P.Max = T.Max;
    P.Uniform = T.Uniform;
    if (!T.StrideConflict)
      P.StrideBytes = T.Stride;
    else
      describeArgStride(T, Model, P);
    P.LoopVarying = T.InLoop && T.Min != T.Max;
    if (!Ordered.empty() && T.Min != T.Max && T.PerStep.size() > 1) {
      for (const auto &[Key, Step] : T.PerStep)
        P.PerIteration.push_back(roundTo(Step.first / Step.second, 0.01));
      if (llvm::all_equal(P.PerIteration))
        P.PerIteration.clear(); // The cost changes between warps, not iterations.
    }
    if (T.ControlDataDependent)
      P.Assumptions.push_back("which lanes are active depends on data: every lane that "
                              "may reach the access was counted");
    if (T.ArgMask)
      P.Assumptions.push_back(
          formatv("depends on argument(s) {0}, not given: sampled as {1} and {2}",
                  Model.argNames(T.ArgMask), ThreadIndexModel::ArgSampleValues[0],
                  ThreadIndexModel::ArgSampleValues[1])
              .str());
    if (A.Space == AS_Generic)
      P.Assumptions.push_back("generic pointer costed as global memory");
    if (A.Space == AS_Shared)
      P.Assumptions.push_back("shared arrays start 16-byte aligned, in declaration order");

    bool AtIdeal = *P.PerRequest <= P.Ideal + 1e-9;
    int64_t Bytes = A.Bytes;
    if (P.Uniform && A.Space == AS_Local)
      P.Pattern = "coalesced"; // The same private offset in every lane.
    else if (P.Uniform)
      P.Pattern = "broadcast";
    else if (P.LoopVarying)
      P.Pattern = "loop-varying";
    else if (A.Space == AS_Shared)
      P.Pattern = AtIdeal ? "conflict-free" : "bank-conflict";
    else if (A.Space == AS_Const || A.Space == AS_Param)
      P.Pattern = "serialized";
    else if (P.StrideBytes && std::abs(*P.StrideBytes) == Bytes)
      P.Pattern = AtIdeal ? "coalesced" : "misaligned";
    else if (P.StrideBytes && std::abs(*P.StrideBytes) > Bytes) {
      uint64_t Stride = std::abs(*P.StrideBytes), Struct = 0;
      for (const IrAccess &Site : A.Sites)
        if (uint64_t S = structFieldSize(Site.Pointer, DL))
          Struct = S;
      // O2 turns most struct GEPs into byte offsets; the frontend recorded
      // the structures this expression selects a field of before it did.
      if (Struct != Stride && llvm::is_contained(A.StructSizes, Stride))
        Struct = Stride;
      if (Struct && Struct == Stride) {
        P.Pattern = "struct-field";
        P.StructBytes = Struct;
      } else if (std::abs(*P.StrideBytes) >= int64_t(Arch.LineBytes) &&
                 Launch.Block.V[1] > 1) {
        P.Pattern = "column-major";
      } else {
        P.Pattern = "strided";
      }
    } else if (!P.SampledStrides.empty() && !AtIdeal &&
               llvm::all_of(P.SampledStrides, [&](const auto &VS) {
                 return std::abs(VS.second) > Bytes;
               })) {
      // Strided, by an amount that depends on an argument (m[x * n + y]).
      bool Long = llvm::all_of(P.SampledStrides, [&](const auto &VS) {
        return std::abs(VS.second) >= int64_t(Arch.LineBytes);
      });
      P.Pattern = Long && Launch.Block.V[1] > 1 ? "column-major" : "strided";
    } else {
      P.Pattern = AtIdeal ? "coalesced" : "irregular";
    }
    if (P.Pattern == "misaligned") {
      P.MisalignBytes = T.FirstCostlyOffset >= 0 ? T.FirstCostlyOffset : T.Lane0Offset;
      P.MisalignOffsets.assign(T.CostlyOffsets.begin(), T.CostlyOffsets.end());
    }
    P.SlidingWindow = P.LoopVarying && T.WindowPairs && T.WindowOverlaps == T.WindowPairs;
    if (P.Pattern == "coalesced" && P.ActiveLanes < Arch.WarpSize)
      P.Pattern = "partial-warp";
    if (Global && T.ProbeSite)
      Probes.back() = {T.Probe, std::move(T.ProbeSectors), T.ProbeLane0};
    R.Predictions.push_back(std::move(P));
  }

  if (Model.exhausted())
    return stopped(std::move(R), Spaces, Model.exhaustedReason());
  relateAccesses(Spaces, Probes, R.Predictions);

  // Branches and barriers.
  for (const BasicBlock &BB : K) {
    const Instruction *T = BB.getTerminator();
    const Value *Cond = nullptr;
    if (const auto *Br = dyn_cast<BranchInst>(T))
      Cond = Br->isConditional() ? Br->getCondition() : nullptr;
    else if (const auto *Sw = dyn_cast<SwitchInst>(T))
      Cond = Sw->getCondition();
    if (Cond) {
      BranchDivergence D = classifyBranch(*T, Cond, Model, Launch, Arch);
      // Copies of one source branch (unrolled loops) are one entry; the
      // strongest verdict wins, and divergent copies add up.
      auto Same = llvm::find_if(R.Branches, [&](const BranchDivergence &O) {
        return O.Loc == D.Loc;
      });
      if (Same == R.Branches.end())
        R.Branches.push_back(D);
      else if (D.K > Same->K)
        *Same = D;
      else if (D.K == Same->K && D.K == BranchDivergence::Divergent)
        mergeCopies(*Same, D);
    }
    if (Model.exhausted())
      return stopped(std::move(R), Spaces, Model.exhaustedReason());
    for (const Instruction &I : BB) {
      if (!isBarrier(I))
        continue;
      BarrierReach B;
      B.Loc = userLocation(I);
      // Per block (and argument sample and loop iteration): do some of the
      // sampled threads reach the barrier and others not? A warp with no
      // sample in an iteration has left the loop.
      using Key = std::tuple<uint64_t, unsigned, std::vector<std::pair<const Loop *, unsigned>>>;
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
      auto Same = llvm::find_if(R.Barriers,
                                [&](const BarrierReach &O) { return O.Loc == B.Loc; });
      if (Same == R.Barriers.end())
        R.Barriers.push_back(B);
      else {
        Same->ThreadDependent |= B.ThreadDependent;
        Same->DataDependent |= B.DataDependent;
      }
    }
  }
  if (Model.exhausted())
    return stopped(std::move(R), Spaces, Model.exhaustedReason());
  return R;
}

AccessPatterns AccessPatterns::stopped(AccessPatterns R, const StateSpaces &Spaces,
                                       StringRef Reason) {
  R.Exhausted = Reason.str();
  R.Predictions.assign(Spaces.accesses().size(), Prediction());
  for (Prediction &P : R.Predictions) {
    P.Pattern = "unmodelled";
    P.DependsOn = "the kernel's analysis budget (" + R.Budget.str() + ") ran out";
  }
  R.Branches.clear();
  R.Barriers.clear();
  return R;
}

void AccessPatterns::print(raw_ostream &OS, const StateSpaces &Spaces) const {
  OS << "kernel " << sourceName(Spaces.kernel()) << "  launch " << Launch.str() << " ("
     << Launch.Source << ")\n";
  if (exhausted())
    OS << "  analysis stopped: " << Exhausted << " (the per-kernel budget is "
       << Budget.str() << ")\n";
  for (size_t I = 0; I < Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = Spaces.accesses()[I];
    const Prediction &P = Predictions[I];
    OS << "  " << A.Loc.File << ":" << A.Loc.Line << ":" << A.Loc.Column << " "
       << addrSpaceName(A.Space) << " " << accessOpName(A.Op) << " " << A.Bytes << "B "
       << P.Pattern;
    auto Num = [](double V) { return formatv("{0}", V).str(); };
    if (P.StrideBytes && !P.Uniform)
      OS << " stride " << *P.StrideBytes << "B";
    if (!P.SampledStrides.empty()) {
      if (!P.StrideFormula.empty())
        OS << " stride " << P.StrideFormula << " B";
      else
        OS << " stride depends on " << P.StrideDependsOn;
      OS << " (" << P.sampledStridesText() << ")";
    }
    if (P.StructBytes)
      OS << " struct " << P.StructBytes << "B" << (P.EveryFieldUsed ? " every-field" : "");
    if (P.Pattern == "misaligned") {
      if (P.MisalignOffsets.size() > 1)
        OS << " offset " << P.MisalignOffsets.front() << ".." << P.MisalignOffsets.back()
           << "B";
      else
        OS << " offset " << P.MisalignBytes << "B";
    }
    if (P.SharesSectorsWith.valid())
      OS << " shares-sectors-with " << P.SharesSectorsWith.Line << ":"
         << P.SharesSectorsWith.Column;
    if (P.SlidingWindow)
      OS << " sliding-window";
    if (P.PerRequest) {
      OS << " " << Prediction::metricName(A.Space) << "=" << Num(*P.PerRequest)
         << " ideal " << Num(P.Ideal);
      if (P.Min != P.Max)
        OS << " range " << Num(P.Min) << ".." << Num(P.Max);
      if (!P.PerIteration.empty())
        OS << " per-iteration " << P.perIterationText();
    } else {
      OS << " (" << P.DependsOn << ")";
    }
    if (A.Sites.size() > 1)
      OS << " [" << A.Sites.size() << " IR sites]";
    if (!A.Reason.empty())
      OS << " (" << A.Reason << ")";
    OS << "\n";
  }
  for (const BranchDivergence &B : Branches) {
    if (B.K == BranchDivergence::Uniform)
      continue;
    OS << "  " << B.Loc.File << ":" << B.Loc.Line << ":" << B.Loc.Column << " branch "
       << (B.K == BranchDivergence::Divergent ? "divergent within a warp"
                                              : "depends on data");
    if (B.K == BranchDivergence::Divergent)
      OS << ": " << B.DivergentSamples << " of " << B.Samples << " sampled warps"
         << (B.Boundary   ? ", a bound crossed once"
             : B.GridEdge ? ", grid edge only"
             : B.Packed   ? ", packed per block"
                          : "")
         << formatv(", {0:P} of the launch", B.LaunchFraction);
    OS << "\n";
  }
  for (const BarrierReach &B : Barriers)
    if (B.ThreadDependent)
      OS << "  " << B.Loc.File << ":" << B.Loc.Line << ":" << B.Loc.Column
         << " barrier reached by only part of the block\n";
  for (const LocalArrayStatus &L : Spaces.localArrays())
    OS << "  array " << L.Decl.Name << " [" << L.Decl.Bytes << "B] "
       << (L.Promoted ? "promoted to registers" : "local: " + L.Reason) << "\n";
}

} // namespace warplint
