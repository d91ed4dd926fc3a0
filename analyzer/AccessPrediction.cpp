//===- AccessPrediction.cpp - The predicted cost of one access -----------===//
//
// Samples every IR site of a source access over the warps the thread-index
// model draws, costs each warp's request with MemoryCost (the same code the
// device model counts with), and names the pattern from the totals.
//
//===----------------------------------------------------------------------===//
#include "analyzer/AccessPrediction.h"

#include "analyzer/LoopIterations.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace warplint {
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
  /// Some warp's first lane moved by other than whole sectors from one
  /// sampled iteration to the next (global accesses): the loop counter moves
  /// the warp's alignment. A step of whole sectors cannot, whatever the cost
  /// does (a guard on the first iteration, another argument sample).
  bool AlignmentMoves = false;
  /// Cost and ideal per argument sample (the unknowns sampled at two values).
  double ArgCost[2] = {0, 0}, ArgIdeal[2] = {0, 0};
  /// The sectors the probe warp touches (global accesses), and the address
  /// of its first active lane.
  SectorList ProbeSectors;
  uint64_t ProbeLane0 = 0;
  const Value *DataDependentOn = nullptr;
  bool Unmodelled = false, ControlDataDependent = false;
  uint64_t ArgMask = 0;
  std::set<double> ArgSampleCosts[2];
  /// Per argument sample: the lanes' stride and whether it was not constant.
  std::optional<int64_t> ArgStride[2];
  bool ArgStrideConflict[2] = {false, false};
  /// Cost totals (sum, samples) per (iteration of the innermost loop, rank
  /// of the IR site in program order): hashed while sampling, ordered after.
  DenseMap<std::pair<unsigned, unsigned>, std::pair<double, unsigned>> PerStep;
  /// Shared accesses: the variable every site's address is based on (null
  /// when they differ or one is not), and the offsets from its start that
  /// the active lanes touch.
  const GlobalVariable *SharedVar = nullptr;
  bool SharedVarKnown = true;
  int64_t SharedLo = INT64_MAX, SharedHi = INT64_MIN;
  /// A site's address changes with the iteration of a loop whose iterations
  /// were not all sampled.
  bool SharedPartial = false;
  /// A sampled warp (argument sample 0) to evaluate again at another value.
  const IrAccess *ProbeSite = nullptr;
  WarpSample Probe;
  uint32_t ProbeMask = 0;
};

/// The constant stride between adjacent active lanes, if there is one.
std::optional<int64_t> laneStride(WarpAddressView W) {
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

/// The distinct addresses of W, whose lanes' stride (laneStride) is St: all
/// of them at a non-zero stride (small enough not to wrap), one at zero.
unsigned distinctOf(WarpAddressView W, std::optional<int64_t> St) {
  if (St && *St == 0)
    return 1;
  if (St && *St > -(int64_t(1) << 32) && *St < (int64_t(1) << 32))
    return llvm::popcount(W.Active);
  return distinctAddresses(W);
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

} // namespace

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

namespace {

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
  // The values of the lowest unknown of the mask (the only one where a
  // formula is fitted); each sample's values of all of them in the text.
  unsigned Bit = llvm::countr_zero(T.ArgMask);
  uint64_t Values[2] = {Model.unknownValue(0, Bit), Model.unknownValue(1, Bit)};
  P.StrideDependsOn = Model.argNames(T.ArgMask);
  P.SampledStrides = {{Values[0], *T.ArgStride[0]}, {Values[1], *T.ArgStride[1]}};
  P.SampledArgValues = {Model.argValuesText(T.ArgMask, 0), Model.argValuesText(T.ArgMask, 1)};
  if (llvm::popcount(T.ArgMask) != 1 || !T.ProbeSite)
    return;
  int64_t DV = int64_t(Values[0]) - int64_t(Values[1]);
  int64_t DS = *T.ArgStride[0] - *T.ArgStride[1];
  if (DS % DV)
    return;
  int64_t Factor = DS / DV, Offset = *T.ArgStride[0] - Factor * int64_t(Values[0]);
  WarpSample Check = T.Probe;
  Check.ArgSample = ThreadIndexModel::ArgSampleValues.size();
  const LaneValues &Addr = Model.eval(T.ProbeSite->Pointer, Check);
  if (!Addr.known())
    return;
  WarpAddresses W;
  W.Addr = Addr.V;
  W.Active = T.ProbeMask;
  W.Bytes = std::max(T.ProbeSite->Bytes, 1u);
  std::optional<int64_t> Stride = laneStride(W);
  if (Stride &&
      *Stride == Factor * int64_t(Model.unknownValue(Check.ArgSample, Bit)) + Offset)
    P.StrideFormula = affineText(Factor, Offset, P.StrideDependsOn);
}

/// "4096 and 1000" for one unknown; "start=4096, end=8192 and start=2000,
/// end=1000" for several (each takes its own values: argValue).
std::string sampledValuesText(const ThreadIndexModel &Model, uint64_t Mask) {
  if (llvm::popcount(Mask) == 1) {
    unsigned Bit = llvm::countr_zero(Mask);
    return formatv("{0} and {1}", Model.unknownValue(0, Bit), Model.unknownValue(1, Bit)).str();
  }
  return Model.argValuesText(Mask, 0) + " and " + Model.argValuesText(Mask, 1);
}

/// The shared variable Site's address is based on, as SharedMemoryUse finds
/// it; null when it is none.
const GlobalVariable *sharedVariableOf(const IrAccess &Site) {
  const auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Site.Pointer, 12));
  return GV && GV->getAddressSpace() == AS_Shared ? GV : nullptr;
}

/// Whether the samples of Site cover every iteration of each loop around it
/// whose iteration its address reads: per sample of the loops outside one,
/// the iterations sampled reach the loop's trip count.
bool samplesCoverIterations(const IrAccess &Site, ThreadIndexModel &Model) {
  std::map<std::pair<WarpSample, const Loop *>, unsigned> Sampled;
  for (const WarpSample &S : Model.samplesFor(*Site.Inst))
    for (size_t D = 0; D < S.Iterations.size(); ++D) {
      const Loop *L = S.Iterations[D].first;
      if (!Model.readsIteration(Site.Pointer, L))
        continue;
      WarpSample Outer = S;
      Outer.Iterations.resize(D);
      unsigned &N = Sampled[{Outer, L}];
      N = std::max(N, S.Iterations[D].second + 1);
    }
  for (const auto &[Key, N] : Sampled) {
    uint64_t ArgMask = 0;
    bool DD = false;
    std::optional<uint64_t> Trip = Model.tripCount(Key.second, Key.first, ArgMask, DD);
    if (!Trip || DD || *Trip > N)
      return false;
  }
  return true;
}

/// Widens T's shared offsets by the active lanes of W, an access to the
/// variable at Base.
void addSharedBytes(WarpAddressView W, uint64_t Base, Tally &T) {
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1) {
      int64_t Off = int64_t(W.Addr[L] - Base);
      T.SharedLo = std::min(T.SharedLo, Off);
      T.SharedHi = std::max(T.SharedHi, Off + int64_t(W.Bytes));
    }
}

/// What one sampled request costs, and the facts about its lanes the tally
/// keeps: the same for every sample with the same address value and lanes
/// (a loop-invariant address in every iteration, a broadcast in every warp).
struct Priced {
  double Cost = 0, Ideal = 0;
  unsigned Distinct = 0;
  std::optional<int64_t> Stride;
};

/// Atomic: the request is a shared atomic's, Inst its instruction. Bulk:
/// the lanes' bulk copies of W.Bytes, priced per piece the TMA reads.
Priced price(WarpAddressView W, unsigned Space, const ArchProfile &Arch, bool Atomic,
             const Instruction &Inst, bool Bulk = false) {
  Priced P;
  P.Stride = laneStride(W);
  P.Distinct = distinctOf(W, P.Stride);
  if (Bulk) {
    BulkCopyCost C = bulkCopyCost(W, Arch);
    P.Cost = C.Pieces ? C.Sectors / C.Pieces : 0;
    P.Ideal = C.Pieces ? C.Ideal / C.Pieces : 0;
    return P;
  }
  switch (Space) {
  case AS_Shared:
    P.Cost = Atomic ? sharedAtomicWavefronts(W, Arch, atomicCombinesLanes(Inst))
                    : sharedWavefronts(W, Arch);
    P.Ideal = sharedPhases(W, Arch);
    break;
  case AS_Const:
  case AS_Param:
    P.Cost = P.Distinct;
    P.Ideal = 1;
    break;
  case AS_Local:
    P.Cost = localSectors(W, Arch);
    P.Ideal = divideCeil(llvm::popcount(W.Active) * W.Bytes, Arch.SectorBytes);
    break;
  default:
    P.Cost = globalSectors(W, Arch);
    P.Ideal = idealSectors(P.Distinct, W.Bytes, Arch);
    break;
  }
  return P;
}

} // namespace

std::optional<uint64_t> bulkCopyBytes(const IrAccess &Site, ThreadIndexModel &Model,
                                      const WarpSample &S, uint32_t Mask) {
  if (!Site.BulkLength)
    return Site.Bytes;
  const LaneValues &Len = Model.eval(Site.BulkLength, S);
  if (!Len.known() || !Mask)
    return std::nullopt;
  return Len.V[llvm::countr_zero(Mask)];
}

std::pair<double, double> requestCost(WarpAddressView W, unsigned Space,
                                      const ArchProfile &Arch, bool Atomic,
                                      const Instruction &Inst, bool Bulk) {
  if (Bulk) {
    BulkCopyCost C = bulkCopyCost(W, Arch);
    return {C.Sectors, C.Ideal};
  }
  Priced P = price(W, Space, Arch, Atomic, Inst);
  return {P.Cost, P.Ideal};
}

namespace {

/// Samples every IR site of A over the model's warps into T.
void sampleSites(const MemoryAccess &A, const Function &K,
                 const std::vector<const IrAccess *> &Ordered, ThreadIndexModel &Model,
                 const ArchProfile &Arch, Tally &T) {
  bool Global = A.Space == AS_Global || A.Space == AS_Generic;
  for (const IrAccess &Site : A.Sites) {
    auto Rank = llvm::find(Ordered, &Site);
    // The sample before (global accesses), to tell whether consecutive
    // iterations share a sector, and its sectors when they were listed.
    const WarpSample *Prev = nullptr;
    WarpAddressView PrevW;
    SectorList PrevSectors, Sectors;
    bool PrevListed = false;
    // The requests priced so far, by address value (the model's values are
    // never moved) and lanes.
    DenseMap<std::pair<const LaneValues *, uint32_t>, Priced> PricedBy;
    if (Site.Inst->getFunction() != &K) {
      T.Unmodelled = true; // In a device function that was not inlined.
      continue;
    }
    T.InLoop |= Model.loops().getLoopFor(Site.Inst->getParent()) != nullptr;
    const GlobalVariable *Var = A.Space == AS_Shared ? sharedVariableOf(Site) : nullptr;
    if (!Var || (T.SharedVar && T.SharedVar != Var))
      T.SharedVarKnown = false;
    T.SharedVar = Var;
    if (T.SharedVarKnown && !samplesCoverIterations(Site, Model))
      T.SharedPartial = true;
    for (const WarpSample &S : Model.samplesFor(*Site.Inst)) {
      bool ControlDD = false;
      uint32_t Mask = Model.activeLanes(Site.Inst->getParent(), S, ControlDD);
      if (!Mask)
        continue;
      const LaneValues &Addr = Model.eval(Site.Pointer, S);
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
      WarpAddressView W{Addr.V.data(), Mask, std::max(Site.Bytes, 1u)};
      if (Site.BulkLength) {
        std::optional<uint64_t> Bytes = bulkCopyBytes(Site, Model, S, Mask);
        if (!Bytes) {
          T.Unmodelled = true;
          continue;
        }
        W.Bytes = unsigned(std::max<uint64_t>(*Bytes, 1));
      }
      unsigned Lanes = llvm::popcount(Mask);
      auto [Known, New] = PricedBy.try_emplace({&Addr, Mask});
      // (A length that is not a constant may change with the sample.)
      if (New || Site.BulkLength) {
        Known->second =
            price(W, A.Space, Arch, Site.Op == AccessOp::Atomic, *Site.Inst, Site.BulkCopy);
        if (T.SharedVarKnown)
          addSharedBytes(W, Model.globalBase(*Var), T);
      }
      const Priced &Pr = Known->second;
      double Cost = Pr.Cost, Ideal = Pr.Ideal;
      const std::optional<int64_t> &St = Pr.Stride;
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
      T.ArgCost[S.ArgSample % 2] += Cost;
      T.ArgIdeal[S.ArgSample % 2] += Ideal;
      T.Uniform = T.Uniform && Pr.Distinct == 1;
      if (!St || (T.Stride && *T.Stride != *St))
        T.StrideConflict = true;
      else
        T.Stride = St;
      unsigned AS = S.ArgSample % 2;
      if (!St || (T.ArgStride[AS] && *T.ArgStride[AS] != *St))
        T.ArgStrideConflict[AS] = true;
      else
        T.ArgStride[AS] = St;
      bool Listed = false;
      if (Global && Prev && nextIteration(*Prev, S)) {
        ++T.WindowPairs;
        if (uint32_t Both = PrevW.Active & W.Active) {
          unsigned L = llvm::countr_zero(Both);
          if (int64_t(W.Addr[L] - PrevW.Addr[L]) % int64_t(Arch.SectorBytes) != 0)
            T.AlignmentMoves = true;
        }
        if (PrevW.Addr == W.Addr && PrevW.Active == W.Active) {
          ++T.WindowOverlaps; // The same request again: the same sectors.
        } else {
          // (A loop's iterations one after another: each list serves twice.)
          if (!PrevListed)
            sectorsInto(PrevW, Arch, PrevSectors);
          sectorsInto(W, Arch, Sectors);
          Listed = true;
          T.WindowOverlaps += shareAny(PrevSectors, Sectors);
        }
      }
      if (!T.ProbeSite && S.ArgSample == 0) {
        T.ProbeSite = &Site;
        T.Probe = S;
        T.ProbeMask = Mask;
        if (Global)
          sectorsInto(W, Arch, T.ProbeSectors);
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
      if (Global) {
        Prev = &S;
        PrevW = W;
        if (Listed)
          std::swap(PrevSectors, Sectors);
        PrevListed = Listed;
      }
    }
  }
}

} // namespace

Prediction predictAccess(const MemoryAccess &A, const Function &K, ThreadIndexModel &Model,
                         const DenseMap<const BasicBlock *, unsigned> &Rpo,
                         const LaunchConfig &Launch, const ArchProfile &Arch,
                         ProbeFacts &Probe) {
  const DataLayout &DL = K.getParent()->getDataLayout();
  bool Global = A.Space == AS_Global || A.Space == AS_Generic;
  std::vector<const IrAccess *> Ordered = sitesInIterationOrder(A, Rpo, Model);
  bool IterationOrdered = !Ordered.empty();
  Tally T;
  sampleSites(A, K, Ordered, Model, Arch, T);

  Prediction P;
  P.Assumptions = Model.assumptions();
  if (T.DataDependentOn) {
    P.Pattern = "data-dependent";
    P.DependsOn = describeDependence(T.DataDependentOn);
    P.SharedBytesWhy = "its address depends on " + P.DependsOn;
    P.DependsOnValue = T.DataDependentOn;
    return P;
  }
  if (T.Unmodelled || !T.Samples) {
    P.Pattern = T.Samples || T.Unmodelled ? "unmodelled" : "unreached";
    P.DependsOn = T.Unmodelled ? "an address computation warplint does not model"
                               : "no sampled thread reaches it";
    P.SharedBytesWhy = T.Unmodelled ? "its address is not modelled" : P.DependsOn;
    return P;
  }
  if (A.Space == AS_Shared && T.SharedVarKnown && !T.SharedPartial)
    P.SharedBytes = {T.SharedLo, T.SharedHi};
  else if (A.Space == AS_Shared)
    P.SharedBytesWhy = T.SharedPartial ? "a loop around it runs past its sampled iterations"
                                       : "its address is not based on one __shared__ variable";
  P.PerRequest = roundTo(T.Cost / T.Samples, 0.001);
  P.Ideal = roundTo(T.Ideal / T.Samples, 0.001);
  // Where mbarriers are SYNCS instructions, no LSU wavefront is theirs.
  bool Syncs = isMbarrier(A) && !Arch.MbarrierOnLsu;
  if (Syncs)
    P.PerRequest = P.Ideal = 0;
  P.ActiveLanes = roundTo(T.Lanes / T.Samples, 0.01);
  P.Min = T.Min;
  P.Max = T.Max;
  P.Uniform = T.Uniform;
  if (!T.StrideConflict)
    P.StrideBytes = T.Stride;
  else
    describeArgStride(T, Model, P);
  // A global access's cost changes with the loop only where the counter
  // moves a warp's alignment, seen on consecutive sampled iterations of one
  // warp. Costs that differ between argument samples, from warp to warp, or
  // on a guarded iteration are the argument's, the warp's or the guard's.
  P.LoopVarying = T.InLoop && T.Min != T.Max && (!Global || T.AlignmentMoves);
  for (unsigned AS = 0; AS < 2; ++AS)
    if (T.ArgMask && T.ArgSampleCosts[AS].size() && T.ArgCost[AS] <= T.ArgIdeal[AS] + 1e-9 &&
        T.ArgCost[1 - AS] > T.ArgIdeal[1 - AS] + 1e-9)
      P.IdealAtArgSample = AS;
  if (IterationOrdered && T.Min != T.Max && T.PerStep.size() > 1)
    P.PerIteration = perIterationCosts(IterationCosts(T.PerStep.begin(), T.PerStep.end()));
  P.ActiveDependsOnData = T.ControlDataDependent;
  if (T.ControlDataDependent)
    P.Assumptions.push_back("which lanes are active depends on data: every lane that "
                            "may reach the access was counted");
  if (T.ArgMask)
    P.Assumptions.push_back(
        formatv(Model.hasUniformLoad(T.ArgMask)
                    ? "depends on {0} (load@N: a value loaded at line N, one per warp, "
                      "unknown before the kernel runs): sampled as {1}"
                    : "depends on argument(s) {0}, not given: sampled as {1}",
                Model.argNames(T.ArgMask), sampledValuesText(Model, T.ArgMask))
            .str());
  if (A.Space == AS_Generic)
    P.Assumptions.push_back("generic pointer costed as global memory");
  if (A.Space == AS_Shared)
    P.Assumptions.push_back("shared arrays start 16-byte aligned, in declaration order");

  bool AtIdeal = *P.PerRequest <= P.Ideal + 1e-9;
  int64_t Bytes = A.Bytes;
  bool Bulk = isBulkCopy(A);
  if (Bulk) // Pieces of whole sectors, or not: the source's offset in its sector.
    P.Pattern = AtIdeal ? "bulk-copy" : "misaligned";
  else if (Syncs)
    P.Pattern = "mbarrier";
  else if (P.Uniform && A.Space == AS_Local)
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
    Probe = {T.Probe, std::move(T.ProbeSectors), T.ProbeLane0};
  return P;
}

} // namespace warplint
