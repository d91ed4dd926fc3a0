//===- LaunchCounting.cpp - Execution counts over a whole launch ----------===//
//
// The method is in LaunchCounting.h: warp executions of every basic block,
// counted on warps and blocks found by bisection and weighted by the ones
// they stand for; requests and costs per access; footprints per buffer.
//
//===----------------------------------------------------------------------===//
#include "analyzer/LaunchCounting.h"

#include "analyzer/AccessPrediction.h"
#include "analyzer/LaunchFootprints.h"
#include "analyzer/arch/MemoryCost.h"
#include "analyzer/arch/SassCount.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <map>
#include <tuple>

using namespace llvm;

namespace warplint {
namespace {

/// Executions of every basic block of the kernel, in the kernel's order.
using Counts = std::vector<double>;

/// The blocks of an unknown grid: the large grid the predictions sample.
constexpr uint64_t UnknownGridBlocks = 65535;
/// Points probed along one dimension of the grid.
constexpr unsigned BlockProbes = 24;

/// The first N entries of A and B agree (the blocks' executions; the costs
/// after them are not compared).
bool sameCounts(const Counts &A, const Counts &B, size_t N) {
  for (size_t I = 0; I < N; ++I)
    if (std::abs(A[I] - B[I]) > 1e-9 * std::max({1.0, std::abs(A[I]), std::abs(B[I])}))
      return false;
  return true;
}

/// Points of [0, N) and how many of the N each stands for: the ends and the
/// middle, and the middle of every interval whose ends count differently
/// (at most Budget points); an interval whose ends agree is constant.
std::vector<std::pair<uint64_t, double>>
adaptivePoints(uint64_t N, function_ref<const Counts &(uint64_t)> Probe, unsigned Budget,
               size_t Compared) {
  std::map<uint64_t, double> Weight;
  if (N <= 3) {
    for (uint64_t I = 0; I < N; ++I)
      Weight[I] = 1;
    return {Weight.begin(), Weight.end()};
  }
  uint64_t Mid = (N - 1) / 2;
  Weight[0] = Weight[Mid] = Weight[N - 1] = 1;
  std::vector<std::pair<uint64_t, uint64_t>> Work = {{Mid, N - 1}, {0, Mid}};
  unsigned Probes = 3;
  while (!Work.empty()) {
    auto [A, C] = Work.back();
    Work.pop_back();
    if (C - A <= 1)
      continue;
    double Inside = double(C - A - 1);
    if (sameCounts(Probe(A), Probe(C), Compared)) {
      Weight[A] += Inside;
      continue;
    }
    if (Probes >= Budget) {
      Weight[A] += Inside / 2;
      Weight[C] += Inside / 2;
      continue;
    }
    uint64_t M = A + (C - A) / 2;
    ++Probes;
    Weight[M] = 1;
    Work.push_back({M, C});
    Work.push_back({A, M});
  }
  return {Weight.begin(), Weight.end()};
}

/// The blocks of K that some path from its entry reaches when a branch on a
/// constant goes only its own way (`br i1 true`, left by inlined library
/// code that picked its target's path): the others never run.
DenseSet<const BasicBlock *> feasibleBlocks(const Function &K) {
  DenseSet<const BasicBlock *> Seen;
  SmallVector<const BasicBlock *, 32> Work = {&K.getEntryBlock()};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    const Instruction *T = BB->getTerminator();
    if (const auto *Br = dyn_cast<BranchInst>(T); Br && Br->isConditional())
      if (const auto *C = dyn_cast<ConstantInt>(Br->getCondition())) {
        Work.push_back(Br->getSuccessor(C->isZero() ? 1 : 0));
        continue;
      }
    if (const auto *Sw = dyn_cast<SwitchInst>(T))
      if (const auto *C = dyn_cast<ConstantInt>(Sw->getCondition())) {
        Work.push_back(Sw->findCaseValue(C)->getCaseSuccessor());
        continue;
      }
    for (const BasicBlock *Succ : successors(BB))
      Work.push_back(Succ);
  }
  return Seen;
}

/// The warp executions of every basic block over the launch, and the cost
/// and ideal cost of every IR site of the accesses.
class LaunchCounter {
  struct Group;

public:
  LaunchCounter(const StateSpaces &Spaces, ThreadIndexModel &Model,
                const LaunchConfig &Launch, const ArchProfile &Arch)
      : Model(Model), Arch(Arch) {
    const Function &K = Spaces.kernel();
    Grid = Launch.Grid ? *Launch.Grid : Dim3{{UnknownGridBlocks, 1, 1}};
    GridKnown = Launch.Grid.has_value();
    WarpsPerBlock = divideCeil(Launch.Block.count(), Arch.WarpSize);
    std::map<const Loop *, size_t> GroupOf;
    for (const BasicBlock &BB : K) {
      const Loop *L = Model.loops().getLoopFor(&BB);
      auto [It, New] = GroupOf.try_emplace(L, Groups.size());
      if (New)
        Groups.push_back({L, {}, {}, 0});
      Groups[It->second].BBs.push_back(&BB);
      Groups[It->second].Index.push_back(Index.size());
      Index[&BB] = Index.size();
    }
    for (Group &G : Groups)
      G.Reads = Model.executionReads(G.L, G.BBs);
    DataDependent.assign(Index.size(), 0);
    Unmodelled.assign(Index.size(), 0);
    Scaled.assign(Index.size(), 0);
    SitesOf.resize(Index.size());
    for (size_t I = 0; I < Spaces.accesses().size(); ++I)
      for (const IrAccess &Site : Spaces.accesses()[I].Sites)
        if (Site.Inst->getFunction() == &K) {
          SitesOf[Index[Site.Inst->getParent()]].push_back(Sites.size());
          SiteIndex[&Site] = Sites.size();
          Sites.push_back({&Site, Spaces.accesses()[I].Space});
        }
    for (Group &G : Groups) {
      G.CostReads = G.Reads;
      for (size_t K = 0; K < G.Index.size(); ++K) {
        size_t I = G.Index[K];
        for (size_t Site : SitesOf[I]) {
          G.HasSites = true;
          G.CostReads |= Model.valueReads(Sites[Site].first->Pointer);
        }
        if (!SitesOf[I].empty()) {
          G.SiteBBs.push_back(G.BBs[K]);
          G.SiteIndex.push_back(I);
        }
      }
    }
    CostUnknown.assign(Sites.size(), 0);
  }

  /// Executions of every block over the launch, unknown arguments at
  /// argument sample A; the warps counted and their weights are kept for
  /// costs() (at A = 0).
  Counts launch(unsigned A) {
    std::array<std::vector<std::pair<uint64_t, double>>, 3> Points;
    for (unsigned D = 0; D < 3; ++D)
      Points[D] =
          !GridKnown && D == 0
              // An unknown grid: the blocks the predictions sample stand for
              // its assumed blocks alike (bisecting a grid nobody launches
              // would only cost time).
              ? std::vector<std::pair<uint64_t, double>>{{0, double(Grid.V[0]) / 3},
                                                         {1, double(Grid.V[0]) / 3},
                                                         {7, double(Grid.V[0]) / 3}}
              : adaptivePoints(
          Grid.V[D],
          [&](uint64_t C) -> const Counts & {
            Dim3 B{{0, 0, 0}};
            B.V[D] = C;
            return block(B, A);
          },
          BlockProbes, Index.size());
    Counts Total(Index.size(), 0);
    if (!A)
      Counted.clear();
    for (const auto &[X, WX] : Points[0])
      for (const auto &[Y, WY] : Points[1])
        for (const auto &[Z, WZ] : Points[2]) {
          Dim3 B{{X, Y, Z}};
          const Counts &C = block(B, A);
          for (size_t I = 0; I < C.size(); ++I)
            Total[I] += WX * WY * WZ * C[I];
          if (!A)
            for (const auto &[W, Weight] : WarpPoints[{B.V, A}])
              Counted.push_back({B, unsigned(W), WX * WY * WZ * Weight});
        }
    return Total;
  }

  /// Per IR site (in the order of SiteIndex), the cost and the ideal cost of
  /// its requests over the launch: each execution of the warps launch(0)
  /// counted at its own cost. Empty when they are too many to price.
  std::vector<std::pair<double, double>> costs() {
    std::vector<std::pair<double, double>> Out(Sites.size());
    if (Counted.size() > MaxPricedWarps)
      return {};
    for (const auto &[B, W, Weight] : Counted) {
      for (size_t GI = 0; GI < Groups.size(); ++GI) {
        const Group &G = Groups[GI];
        if (!G.HasSites)
          continue;
        // A group whose counts and addresses do not read the block costs the
        // same in every block: priced once.
        WarpSample S;
        S.BlockIdx = G.CostReads & ThreadIndexModel::ReadsBlock ? B : Dim3{{0, 0, 0}};
        S.Warp = W;
        auto [Found, First] = CostMemo.try_emplace(std::make_tuple(GI, S.BlockIdx.V, W));
        std::vector<std::pair<double, double>> &Unit = Found->second;
        if (First)
          Unit = groupCosts(G, S);
        for (size_t I = 0; I < Unit.size(); ++I) {
          Out[I].first += Weight * Unit[I].first;
          Out[I].second += Weight * Unit[I].second;
        }
      }
    }
    return Out;
  }

  /// The cost and ideal of every site's requests (indexed as Sites; 0 for
  /// those outside G) that warp S makes in the blocks of G.
  std::vector<std::pair<double, double>> groupCosts(const Group &G, const WarpSample &S) {
    std::vector<std::pair<double, double>> Out(Sites.size());
    auto OnActive = [&](size_t BB, const WarpSample &At, uint32_t Mask, double Times) {
      for (size_t I : SitesOf[G.Index[BB]]) {
        const auto &[Site, Space] = Sites[I];
        const LaneValues &Addr = Model.eval(Site->Pointer, At);
        if (!Addr.known()) {
          CostUnknown[I] = 1;
          continue;
        }
        unsigned Bytes = std::max(Site->Bytes, 1u);
        if (Site->BulkLength) {
          std::optional<uint64_t> Len = bulkCopyBytes(*Site, Model, At, Mask);
          if (!Len) {
            CostUnknown[I] = 1;
            continue;
          }
          Bytes = unsigned(std::max<uint64_t>(*Len, 1));
        }
        auto [Known, New] = Priced.try_emplace({&Addr, uint64_t(I) << 32 | Mask});
        // (A length that is not a constant may change with the sample.)
        if (New || Site->BulkLength)
          Known->second = requestCost(WarpAddressView{Addr.V.data(), Mask, Bytes}, Space, Arch,
                                      Site->Op == AccessOp::Atomic, *Site->Inst, Site->BulkCopy);
        Out[I].first += Times * Known->second.first;
        Out[I].second += Times * Known->second.second;
      }
    };
    ThreadIndexModel::Executions Ex;
    Model.executions(G.L, G.BBs, S, Ex, OnActive);
    return Out;
  }

  size_t indexOf(const BasicBlock *BB) const { return Index.lookup(BB); }
  /// Site's index in costs(), or -1.
  ssize_t siteIndex(const IrAccess &Site) const {
    auto It = SiteIndex.find(&Site);
    return It == SiteIndex.end() ? -1 : ssize_t(It->second);
  }
  bool costUnknown(size_t Site) const { return CostUnknown[Site]; }
  size_t blocks() const { return Index.size(); }
  uint64_t gridBlocks() const { return Grid.count(); }
  uint64_t warpsPerBlock() const { return WarpsPerBlock; }

  /// Per basic block: data decided which lanes reached it in some warp.
  std::vector<char> DataDependent;
  /// Per basic block: a loop around it ran past its samples, with no count.
  std::vector<char> Unmodelled;
  /// Per basic block: a loop around it ran past its samples and was scaled.
  std::vector<char> Scaled;
  bool AnyScaled = false;
  uint64_t ArgMask = 0;

private:
  /// The most warps costs() prices (beyond, the predictions' average cost
  /// per request serves).
  static constexpr size_t MaxPricedWarps = 256;

  const Counts &warp(const Dim3 &B, unsigned W, unsigned A) {
    auto Key = std::make_tuple(B.V, W, A);
    auto [It, New] = WarpMemo.try_emplace(Key);
    if (!New)
      return It->second;
    Counts &C = It->second;
    C.assign(Index.size(), 0);
    for (size_t GI = 0; GI < Groups.size(); ++GI) {
      const Group &G = Groups[GI];
      // Counts that do not read the block (or the arguments) are found once
      // for every block (argument sample).
      WarpSample S;
      S.BlockIdx = G.Reads & ThreadIndexModel::ReadsBlock ? B : Dim3{{0, 0, 0}};
      S.Warp = W;
      S.ArgSample = G.Reads & ThreadIndexModel::ReadsArgs ? A : 0;
      // At the other argument samples (which only tell how the requests
      // depend on the arguments), only the blocks with accesses.
      bool Sub = S.ArgSample != 0;
      const std::vector<const BasicBlock *> &BBs = Sub ? G.SiteBBs : G.BBs;
      const std::vector<size_t> &Indices = Sub ? G.SiteIndex : G.Index;
      if (BBs.empty())
        continue;
      auto [Found, First] =
          GroupMemo.try_emplace(std::make_tuple(GI, S.BlockIdx.V, W, S.ArgSample));
      ThreadIndexModel::Executions &Ex = Found->second;
      if (First) {
        Model.executions(G.L, BBs, S, Ex);
        AnyScaled |= Ex.Scaled;
        ArgMask |= Ex.ArgMask;
      }
      for (size_t I = 0; I < BBs.size(); ++I) {
        C[Indices[I]] = Ex.Counts[I];
        DataDependent[Indices[I]] |= Ex.DataDependent[I];
        Unmodelled[Indices[I]] |= Ex.Unmodelled;
        Scaled[Indices[I]] |= Ex.Scaled;
      }
    }
    return C;
  }

  const Counts &block(const Dim3 &B, unsigned A) {
    auto Key = std::make_pair(B.V, A);
    auto Found = BlockMemo.find(Key);
    if (Found != BlockMemo.end())
      return Found->second;
    Counts Sum(Index.size(), 0);
    std::vector<std::pair<uint64_t, double>> &Points = WarpPoints[Key];
    // Every warp of the block (at most 32): a guard only some warps pass
    // (`threadIdx.x / 32 == 5`) is an island bisection would miss.
    Points.clear();
    for (uint64_t W = 0; W < WarpsPerBlock; ++W)
      Points.push_back({W, 1.0});
    for (const auto &[W, Weight] : Points) {
      const Counts &C = warp(B, unsigned(W), A);
      for (size_t I = 0; I < C.size(); ++I)
        Sum[I] += Weight * C[I];
    }
    return BlockMemo.emplace(Key, std::move(Sum)).first->second;
  }

  struct Group {
    const Loop *L;
    std::vector<const BasicBlock *> BBs;
    std::vector<size_t> Index;
    unsigned Reads;
    /// The blocks that hold IR sites of accesses, and their indices.
    std::vector<const BasicBlock *> SiteBBs;
    std::vector<size_t> SiteIndex;
    bool HasSites = false;
    /// Reads, and what the addresses of its sites read.
    unsigned CostReads = 0;
  };
  using Coord = std::array<uint64_t, 3>;
  ThreadIndexModel &Model;
  const ArchProfile &Arch;
  /// The IR sites of the accesses in the kernel (with their access's
  /// space), those in each block, and each one's index.
  std::vector<std::pair<const IrAccess *, unsigned>> Sites;
  std::vector<std::vector<size_t>> SitesOf;
  DenseMap<const IrAccess *, size_t> SiteIndex;
  /// Per site: an address on loaded data left its cost out.
  std::vector<char> CostUnknown;
  /// The cost and ideal of each site's requests, by address value and lanes.
  DenseMap<std::pair<const LaneValues *, uint64_t>, std::pair<double, double>> Priced;
  Dim3 Grid;
  bool GridKnown = false;
  uint64_t WarpsPerBlock = 1;
  std::vector<Group> Groups;
  DenseMap<const BasicBlock *, size_t> Index;
  std::map<std::tuple<size_t, Coord, unsigned, unsigned>, ThreadIndexModel::Executions>
      GroupMemo;
  std::map<std::tuple<Coord, unsigned, unsigned>, Counts> WarpMemo;
  std::map<std::pair<Coord, unsigned>, Counts> BlockMemo;
  std::map<std::pair<Coord, unsigned>, std::vector<std::pair<uint64_t, double>>> WarpPoints;
  std::map<std::tuple<size_t, Coord, unsigned>, std::vector<std::pair<double, double>>>
      CostMemo;
  /// The warps launch(0) counted, with the warps each stands for.
  std::vector<std::tuple<Dim3, unsigned, double>> Counted;
};

std::string number(double V) {
  if (std::abs(V - std::round(V)) < 1e-6 * std::max(1.0, std::abs(V)))
    return formatv("{0}", int64_t(std::llround(V))).str();
  return formatv("{0}", format("%.6g", V)).str();
}

} // namespace

std::string affineFormula(double Factor, double Offset, StringRef Arg) {
  std::string Out;
  if (std::abs(Factor) > 1e-12)
    Out = std::abs(Factor - 1) < 1e-12    ? Arg.str()
          : std::abs(Factor + 1) < 1e-12 ? "-" + Arg.str()
                                         : number(Factor) + "*" + Arg.str();
  if (std::abs(Offset) > 1e-9 || Out.empty())
    Out += (Out.empty() || Offset < 0 ? "" : "+") + number(Offset);
  return Out;
}

void countLaunch(const StateSpaces &Spaces, ThreadIndexModel &Model,
                 const LaunchConfig &Launch, const ArchProfile &Arch,
                 std::vector<Prediction> &Predictions, KernelTotals &Kernel) {
  const Function &K = Spaces.kernel();
  LaunchCounter Counter(Spaces, Model, Launch, Arch);
  uint64_t Unknown = Model.unknownMask();
  std::vector<Counts> AtArg = {Counter.launch(0)};
  std::vector<std::pair<double, double>> SiteCosts = Counter.costs();
  if (Unknown)
    AtArg.push_back(Counter.launch(1));
  if (Model.exhausted())
    return;
  // A formula where one unknown argument is left and the requests are
  // affine in it (warp-uniform loads, sampled as arguments are, are not
  // named in formulas).
  uint64_t ArgBits = 0;
  for (unsigned Bit = 0; Bit < 64; ++Bit)
    if ((Unknown >> Bit & 1) && !Model.hasUniformLoad(uint64_t(1) << Bit))
      ArgBits |= uint64_t(1) << Bit;
  std::string Arg = llvm::popcount(ArgBits) == 1 ? Model.argNames(ArgBits) : "";
  // Requests per access at each argument sample counted.
  auto RequestsAt = [&](const MemoryAccess &A, unsigned Sample) {
    double R = 0;
    for (const IrAccess &Site : A.Sites)
      if (Site.Inst->getFunction() == &K)
        R += AtArg[Sample][Counter.indexOf(Site.Inst->getParent())];
    return R;
  };
  auto Differ = [](double A, double B) { return std::abs(A - B) > 1e-9 * std::max(1.0, A); };
  bool DependsOnArgs = false;
  if (AtArg.size() == 2)
    for (const MemoryAccess &A : Spaces.accesses())
      DependsOnArgs |= Differ(RequestsAt(A, 0), RequestsAt(A, 1));
  // The third value checks a formula.
  if (DependsOnArgs && !Arg.empty())
    AtArg.push_back(Counter.launch(2));
  if (Model.exhausted())
    return;
  double Blocks = double(Counter.gridBlocks());
  auto Formula = [&](const double *R) -> std::string {
    double PerBlock = Launch.Grid ? 1 : Blocks;
    std::string Text;
    if (AtArg.size() >= 2 && Differ(R[0], R[1])) {
      if (Arg.empty() || AtArg.size() < 3)
        return "";
      unsigned Bit = llvm::countr_zero(ArgBits);
      double V0 = double(Model.unknownValue(0, Bit)), V1 = double(Model.unknownValue(1, Bit)),
             V2 = double(Model.unknownValue(2, Bit));
      double Factor = (R[0] - R[1]) / (V0 - V1), Offset = R[0] - Factor * V0;
      if (std::abs(Factor * V2 + Offset - R[2]) > 1e-6 * std::max(1.0, R[0]))
        return "";
      Text = affineFormula(Factor / PerBlock, Offset / PerBlock, Arg);
      if (!Launch.Grid)
        Text = "(" + Text + ")";
    } else if (!Launch.Grid) {
      Text = number(R[0] / PerBlock);
    }
    return Launch.Grid ? Text : Text + "*blocks";
  };

  FootprintSampler Footprints(Model, Arch);
  std::vector<SourceLoc> WorstCase, NeverRun;
  DenseSet<const BasicBlock *> Feasible = feasibleBlocks(K);
  for (size_t I = 0; I < Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = Spaces.accesses()[I];
    Prediction &P = Predictions[I];
    AccessTotals &T = P.Totals;
    T = AccessTotals();
    double R[3] = {0, 0, 0};
    bool DD = false, Unmodelled = false, Elsewhere = false, Scaled = false;
    bool LengthUnknown = false;
    for (const IrAccess &Site : A.Sites) {
      if (Site.Inst->getFunction() != &K) {
        Elsewhere = true;
        continue;
      }
      size_t B = Counter.indexOf(Site.Inst->getParent());
      // A bulk copy's requests are the pieces the TMA reads of each active
      // lane's copy (of the length its first sample copies, when the length
      // is not a constant).
      double PerRun = 1.0;
      if (Site.BulkCopy) {
        const std::vector<WarpSample> &Samples = Model.samplesFor(*Site.Inst);
        std::optional<uint64_t> Len =
            Samples.empty() ? std::nullopt
                            : bulkCopyBytes(Site, Model, Samples.front(), ~0u);
        LengthUnknown |= !Len;
        double Lanes = P.ActiveLanes > 0 ? P.ActiveLanes : 1.0;
        PerRun = double(bulkCopyPieces(Len.value_or(0), Arch)) * Lanes;
      }
      // Where mbarriers are SYNCS instructions, none is an LSU request.
      if (Site.Mbarrier && !Arch.MbarrierOnLsu)
        PerRun = 0;
      for (size_t Arg = 0; Arg < AtArg.size(); ++Arg)
        R[Arg] += PerRun * AtArg[Arg][B];
      DD |= Counter.DataDependent[B];
      Unmodelled |= Counter.Unmodelled[B];
      Scaled |= Counter.Scaled[B];
    }
    T.Requests = R[0];
    bool Dead = !Elsewhere && llvm::none_of(A.Sites, [&](const IrAccess &Site) {
      return Feasible.contains(Site.Inst->getParent());
    });
    if (Dead) {
      // On no path a run can take: never executed, whatever the samples.
      T.Known = T.RequestsKnown = true;
      T.Requests = 0;
    } else if (Elsewhere) {
      T.Why = "it is in a device function that was not inlined";
    } else if (LengthUnknown) {
      T.Why = "the length of its bulk copy is not known (it depends on loaded data)";
    } else if (Unmodelled) {
      T.Why = "a loop around it runs past the sampled iterations and ScalarEvolution gives "
              "no trip count for it";
    } else if (Scaled && R[0] == 0) {
      // Not 0: the iterations past the sampled ones may reach it.
      T.Why = "no sampled iteration of the loop around it reaches it, and the loop runs "
              "past its sampled iterations";
    } else {
      T.RequestsKnown = true;
      // Data decides which lanes reach it: every lane that may, counted.
      T.RequestsAtMost = DD;
      T.Formula = Formula(R);
      bool Sectored = A.Space == AS_Global || A.Space == AS_Local || A.Space == AS_Generic;
      // The sites' costs as counted: each execution of the counted warps at
      // its own cost (known even where the predictions' samples missed the
      // access: a warp or block they do not sample).
      bool Counted = !SiteCosts.empty();
      double Cost = 0, Ideal = 0;
      for (const IrAccess &Site : A.Sites) {
        ssize_t C = Counter.siteIndex(Site);
        if (!Counted || C < 0 || Counter.costUnknown(C)) {
          Counted = false;
          break;
        }
        Cost += SiteCosts[C].first;
        Ideal += SiteCosts[C].second;
      }
      if (R[0] == 0) {
        // No counted warp runs it at this launch (a loop version the
        // arguments rule out, a guard no warp passes): nothing to price.
        T.Known = true;
        if (P.Pattern == "unreached")
          NeverRun.push_back(A.Loc);
      } else if (Counted && (P.PerRequest || P.Pattern == "unreached")) {
        T.Known = true;
        T.Cost = Cost;
        T.IdealCost = Ideal;
      } else if (!P.PerRequest && P.Pattern != "unreached" && Sectored) {
        // Global or local addresses from loaded data (a gather, a histogram
        // bin): every lane its own sector, the worst case, assumed.
        T.Known = true;
        T.WorstCaseAssumed = true;
        double Lanes = P.ActiveLanes > 0 ? P.ActiveLanes : double(Arch.WarpSize);
        bool Bulk = isBulkCopy(A);
        double Bytes = Bulk ? Arch.BulkCopyPieceBytes : std::max(A.Bytes, 1u);
        T.Cost = T.Requests * Lanes * std::ceil(Bytes / Arch.SectorBytes);
        // At best the lanes' bytes fill whole sectors.
        T.IdealCost = T.Requests * std::max(P.Ideal, std::ceil(Lanes * Bytes / Arch.SectorBytes));
        WorstCase.push_back(A.Loc);
      } else if (!P.PerRequest) {
        T.Why = P.Pattern == "unreached"
                    ? "no sampled warp reaches it and the counted warps are too many to "
                      "price one by one: its cost per request is unknown"
                    : "its cost per request depends on " +
                          (P.DependsOn.empty() ? std::string("data") : P.DependsOn);
      } else {
        // The requests at the average cost the prediction sampled.
        T.Known = true;
        T.Cost = T.Requests * *P.PerRequest;
        T.IdealCost = T.Requests * P.Ideal;
      }
    }
    Footprints.add(A, T);
  }

  Kernel = KernelTotals();
  Kernel.Known = !Model.exhausted();
  Kernel.Warps = double(Counter.gridBlocks()) * double(Counter.warpsPerBlock());
  SassCount Sass(K, Model.loops(), Model.domTree());
  for (const BasicBlock &BB : K) {
    double Warps = AtArg[0][Counter.indexOf(&BB)];
    // The IR the device model runs: every instruction but phis and debug
    // intrinsics.
    unsigned Ir = count_if(BB, [](const Instruction &I) {
      return !isa<PHINode>(I) && !isa<DbgInfoIntrinsic>(I);
    });
    Kernel.WarpInstructions += Ir * Warps;
    Kernel.BlockWarps[&BB] = Warps;
    BlockIssue Issue = Sass.of(BB);
    Kernel.BlockSass[&BB] = Issue;
    Kernel.SassInstructions += Issue.Instructions * Warps;
    Kernel.MufuInstructions += Issue.Mufu * Warps;
    Kernel.BarrierWarps += Issue.Barriers * Warps;
    for (unsigned T = 0; T < NumTensorTypes; ++T)
      Kernel.TensorFlops[T] += Issue.TensorFlops[T] * Warps;
  }
  Kernel.Buffers = Footprints.footprints();
  if (!WorstCase.empty())
    Kernel.Assumptions.push_back(
        formatv("{0} access{1} whose addresses come from loaded data (first at line {2}): "
                "every lane its own sector assumed, the worst case",
                WorstCase.size(), WorstCase.size() == 1 ? "" : "es", WorstCase.front().Line)
            .str());
  if (!NeverRun.empty())
    Kernel.Assumptions.push_back(
        formatv("{0} access{1} that no counted warp reaches at this launch (first at line "
                "{2}): counted as never executed",
                NeverRun.size(), NeverRun.size() == 1 ? "" : "es", NeverRun.front().Line)
            .str());
  if (!Launch.Grid)
    Kernel.Assumptions.push_back(
        formatv("grid unknown: {0} blocks assumed (formulas are per block)", UnknownGridBlocks)
            .str());
  if (DependsOnArgs) {
    uint64_t Named = ArgBits ? ArgBits : Unknown;
    Kernel.Assumptions.push_back(
        llvm::popcount(Named) == 1
            ? formatv("{0} not given: {1} assumed", Model.argNames(Named),
                      Model.unknownValue(0, llvm::countr_zero(Named)))
                  .str()
            : formatv("{0} not given: {1} assumed", Model.argNames(Named),
                      Model.argValuesText(Named, 0))
                  .str());
  }
  if (Counter.AnyScaled)
    Kernel.Assumptions.push_back("loops that run past the sampled iterations are scaled to "
                                 "their trip counts (ScalarEvolution), the sampled "
                                 "iterations standing for the rest");
  if (llvm::is_contained(Counter.DataDependent, 1))
    Kernel.Assumptions.push_back("where data decides which lanes run a block, every lane "
                                 "that may reach it was counted");
}

} // namespace warplint
