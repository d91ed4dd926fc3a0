//===- GlobalReuseWithoutTiling.cpp - global-reuse-without-tiling ---------===//
#include "rules/GlobalReuseWithoutTiling.h"

#include "analyzer/ThreadDependence.h"
#include "analyzer/ThreadIndexModel.h"
#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"
#include "analyzer/time/LaunchWork.h"

#include "llvm/ADT/bit.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <memory>
#include <set>

using namespace llvm;

namespace warplint {

GlobalReuseWithoutTilingRule::GlobalReuseWithoutTilingRule(const RuleOptions &Opts)
    : Rule("global-reuse-without-tiling", Opts), Threshold(Opts.number("threshold", 4)) {}

namespace {
/// True when P points into a table of constants the compiler made of a local
/// array (`const int z[3] = {11, 12, 6};`): a private or internal,
/// unnamed_addr constant in global memory, never a user's __device__ or
/// __constant__ variable. nvcc unrolls the small loops that index such a
/// table and folds its entries into immediates: there is no load to tile.
bool compilerConstantTable(const Value *P) {
  const auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(P));
  return GV && GV->isConstant() && GV->hasLocalLinkage() && GV->hasGlobalUnnamedAddr() &&
         (GV->getAddressSpace() == AS_Generic || GV->getAddressSpace() == AS_Global);
}

/// The threads of a block that run a load, from the lane model (the lanes of
/// each warp that reach its block: `if (threadIdx.x == 0)` leaves one),
/// made when a load first needs it.
class ActiveThreads {
public:
  explicit ActiveThreads(const KernelFacts &K) : K(K) {}
  /// The most threads of one block that run Site in one execution of it (a
  /// sampled block, iteration of each loop around it and argument sample)
  /// and agree on the threadIdx dimensions of Kept (a bit each, 1 for x):
  /// the threads that load one element when the address depends on those
  /// dimensions only. Where data decides which lanes run it, every lane
  /// that may is counted. 0 when no sampled thread runs it.
  uint64_t readers(const IrAccess &Site, unsigned Kept);

private:
  /// Executions asked about per load: spread over its samples.
  static constexpr size_t MaxExecutions = 32;
  const KernelFacts &K;
  std::unique_ptr<ThreadIndexModel> Model;
};

uint64_t ActiveThreads::readers(const IrAccess &Site, unsigned Kept) {
  if (!Model)
    Model = std::make_unique<ThreadIndexModel>(K.Kernel, K.launch(), K.Arch,
                                               K.Patterns.budget());
  // The executions of the load: its samples with the warp left out (every
  // warp of the block is asked below).
  std::set<WarpSample> Distinct;
  for (WarpSample S : Model->samplesFor(*Site.Inst)) {
    S.Warp = 0;
    Distinct.insert(std::move(S));
  }
  std::vector<WarpSample> Executions(Distinct.begin(), Distinct.end());
  size_t Step = std::max<size_t>(1, Executions.size() / MaxExecutions);
  const Dim3 &B = K.launch().Block;
  unsigned WarpSize = K.Arch.WarpSize;
  uint64_t Warps = (B.count() + WarpSize - 1) / WarpSize, Most = 0;
  const BasicBlock *BB = Site.Inst->getParent();
  for (size_t E = 0; E < Executions.size(); E += Step) {
    WarpSample S = Executions[E];
    std::map<uint64_t, uint64_t> Threads; // By the kept dimensions' values.
    for (uint64_t W = 0; W < Warps; ++W) {
      S.Warp = W;
      bool DataDependent = false;
      uint32_t Mask = Model->activeLanes(BB, S, DataDependent) & Model->existingLanes(S);
      for (; Mask; Mask &= Mask - 1) {
        uint64_t T = W * WarpSize + llvm::countr_zero(Mask);
        uint64_t Tid[3] = {T % B.V[0], T / B.V[0] % B.V[1], T / (B.V[0] * B.V[1])};
        uint64_t Key = 0;
        for (unsigned D = 0; D < 3; ++D)
          Key = Key * B.V[D] + (Kept >> D & 1 ? Tid[D] : 0);
        Most = std::max(Most, ++Threads[Key]);
      }
    }
  }
  return Model->exhausted() ? 0 : Most;
}

/// How a global load of a loop is re-read by the threads of a block.
struct Reuse {
  uint64_t Readers = 1; ///< Threads of the block that load each element.
  /// A guard leaves fewer threads than the block has along the dimensions
  /// the address ignores (Readers counts those that run the load).
  bool Guarded = false;
  std::string Missing;  ///< The threadIdx dimensions its address ignores.
  unsigned LoopLine = 0;
};

/// The reuse of A, a global load: none when A is not in a loop whose
/// iterations change its address, or its address depends on loaded data.
/// Readers counts the threads that run the load (Active, when the block's
/// threads along the dimensions the address ignores are enough to warn).
std::optional<Reuse> reuseOf(const KernelFacts &K, const MemoryAccess &A, double Threshold,
                             ActiveThreads &Active) {
  static constexpr const char *DimName[] = {"x", "y", "z"};
  if (A.Op != AccessOp::Load || !isGlobalAccess(A) || A.Sites.empty())
    return std::nullopt;
  // Unrolling leaves copies outside the loop (a remainder iteration): take
  // a copy inside one.
  const IrAccess *InLoop = nullptr;
  const Loop *L = nullptr;
  for (const IrAccess &Site : A.Sites)
    if ((L = K.Loops.loopOf(*Site.Inst)) && !L->isLoopInvariant(Site.Pointer)) {
      InLoop = &Site;
      break;
    }
  if (!InLoop || compilerConstantTable(InLoop->Pointer))
    return std::nullopt;
  ThreadDependence D = threadDependence(InLoop->Pointer);
  if (D.LoadedData)
    return std::nullopt;
  Reuse R;
  const Dim3 &Block = K.launch().Block;
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    if (Block.V[Dim] > 1 && !D.dependsOnTid(Dim)) {
      R.Readers *= Block.V[Dim];
      R.Missing += (R.Missing.empty() ? "threadIdx." : " or threadIdx.") +
                   std::string(DimName[Dim]);
    }
  R.LoopLine = LoopFacts::headerLine(*L);
  // Only the threads that run the load read it: one thread of the block
  // (`if (threadIdx.x == 0)`, loading for the block into shared memory) is
  // one reader, whatever the block.
  if (R.Readers >= Threshold) {
    unsigned Kept = 0;
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      Kept |= unsigned(D.dependsOnTid(Dim)) << Dim;
    uint64_t Running = Active.readers(*InLoop, Kept);
    if (Running && Running < R.Readers) {
      R.Readers = Running;
      R.Guarded = true;
    }
  }
  return R;
}
} // namespace

void GlobalReuseWithoutTilingRule::check(const KernelFacts &K,
                                         const FindingSink &Out) const {
  ActiveThreads Active(K);
  for (const MemoryAccess &A : K.Spaces.accesses()) {
    std::optional<Reuse> R = reuseOf(K, A, Threshold, Active);
    if (!R || R->Readers < Threshold)
      continue;
    Out(make(K, A.Loc,
             kernelPrefix(K) +
                 formatv("each element read here is loaded from global memory by {0} "
                         "threads of the block{4} where 1 load would do: the address does "
                         "not depend on {1}, {2}, and it changes on every iteration of "
                         "the loop{3}; stage a tile of it in shared memory once per block "
                         "and read the tile in the loop",
                         R->Readers, R->Missing, K.launchAssumption(),
                         R->LoopLine ? formatv(" at line {0}", R->LoopLine).str()
                                     : std::string(),
                         R->Guarded ? " (those a guard lets through)" : "")
                     .str()));
  }
}

bool GlobalReuseWithoutTilingRule::modelFix(const KernelFacts &K, const Finding &F,
                                            LaunchWork &W) const {
  const std::vector<MemoryAccess> &Accesses = K.Spaces.accesses();
  if (W.Sites.size() != Accesses.size())
    return false;
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const MemoryAccess &A = Accesses[I];
    if (!(A.Loc == F.Loc))
      continue;
    ActiveThreads Active(K);
    std::optional<Reuse> R = reuseOf(K, A, Threshold, Active);
    if (!R || R->Readers < Threshold)
      continue;
    // The tiled loop: the block loads each element once, its threads side by
    // side (whole sectors per request), and stores it to a shared tile; each
    // thread then reads the tile where it read global memory, one wavefront
    // a request (a broadcast, or a conflict-free row).
    SiteWork &S = W.Sites[I];
    double Requests = S.Requests;
    double PerRequest = std::max(1.0, 32.0 * A.Bytes / W.SectorBytes);
    S.Requests = Requests / double(R->Readers);
    S.Cost = S.Ideal = S.Requests * PerRequest;
    S.LinesPerSector = 0.25;
    SiteWork Tile;
    Tile.Loc = S.Loc;
    Tile.Space = AS_Shared;
    double Loaded = S.Requests; // (S does not outlive the push_back below.)
    for (bool Store : {true, false}) {
      Tile.Store = Store;
      Tile.Requests = Store ? Loaded : Requests;
      Tile.Cost = Tile.Ideal = Tile.Requests;
      W.Sites.push_back(Tile);
    }
    return true;
  }
  return false;
}

} // namespace warplint
