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
#include "llvm/Support/MathExtras.h"

#include <map>
#include <memory>
#include <set>

using namespace llvm;

namespace warplint {

GlobalReuseWithoutTilingRule::GlobalReuseWithoutTilingRule(const RuleOptions &Opts)
    : Rule("global-reuse-without-tiling", Opts), Threshold(Opts.number("threshold", 2)) {}

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

/// The most warps of a block, Warps of them, that hold a thread with each
/// key Key(T) gives a thread T (its values of the kept threadIdx dimensions),
/// the threads Runs lets through: the requests that load one element, as a
/// warp's lanes that read one address make one request.
template <class KeyFn, class RunsFn>
uint64_t mostWarpsPerKey(uint64_t Warps, unsigned WarpSize, KeyFn Key, RunsFn Runs) {
  std::map<uint64_t, std::pair<uint64_t, uint64_t>> Seen; // Key: last warp, warps.
  uint64_t Most = 0;
  for (uint64_t W = 0; W < Warps; ++W)
    for (uint32_t Mask = Runs(W); Mask; Mask &= Mask - 1) {
      auto &[Last, Count] =
          Seen.try_emplace(Key(W * WarpSize + llvm::countr_zero(Mask)), Warps, 0)
              .first->second;
      if (Last != W) {
        Last = W;
        ++Count;
      }
      Most = std::max(Most, Count);
    }
  return Most;
}

/// The key of thread T of block B: its threadIdx values in the dimensions
/// of Kept (a bit each, 1 for x), the others 0.
uint64_t keptKey(const Dim3 &B, unsigned Kept, uint64_t T) {
  uint64_t Tid[3] = {T % B.V[0], T / B.V[0] % B.V[1], T / (B.V[0] * B.V[1])};
  uint64_t Key = 0;
  for (unsigned D = 0; D < 3; ++D)
    Key = Key * B.V[D] + (Kept >> D & 1 ? Tid[D] : 0);
  return Key;
}

/// The warps of a block that run a load, from the lane model (the lanes of
/// each warp that reach its block: `if (threadIdx.x < 32)` leaves one warp),
/// made when a load first needs it.
class ActiveWarps {
public:
  explicit ActiveWarps(const KernelFacts &K) : K(K) {}
  /// The most warps of one block that run Site in one execution of it (a
  /// sampled block, iteration of each loop around it and argument sample)
  /// with threads that agree on the threadIdx dimensions of Kept: the warps
  /// that load one element when the address depends on those dimensions
  /// only. Where data decides which lanes run it, every lane that may is
  /// counted. 0 when no sampled thread runs it.
  uint64_t readers(const IrAccess &Site, unsigned Kept);

private:
  /// Executions asked about per load: spread over its samples.
  static constexpr size_t MaxExecutions = 32;
  const KernelFacts &K;
  std::unique_ptr<ThreadIndexModel> Model;
};

uint64_t ActiveWarps::readers(const IrAccess &Site, unsigned Kept) {
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
    Most = std::max(Most, mostWarpsPerKey(
                              Warps, WarpSize, [&](uint64_t T) { return keptKey(B, Kept, T); },
                              [&](uint64_t W) {
                                S.Warp = W;
                                bool DataDependent = false;
                                return Model->activeLanes(BB, S, DataDependent) &
                                       Model->existingLanes(S);
                              }));
  }
  return Model->exhausted() ? 0 : Most;
}

/// How a global load of a loop is re-read by the threads of a block.
struct Reuse {
  /// Warps of the block that load each element (a request each).
  uint64_t Readers = 1;
  /// A guard leaves fewer warps than the block's threads along the
  /// dimensions the address ignores span (Readers counts those that run
  /// the load).
  bool Guarded = false;
  std::string Missing;  ///< The threadIdx dimensions its address ignores.
  unsigned LoopLine = 0;
};

/// The reuse of A, a global load: none when A is not in a loop whose
/// iterations change its address, or its address depends on loaded data.
/// Readers counts the warps that run the load (Active, when the warps the
/// block's threads along the dimensions the address ignores span are enough
/// to warn): the lanes of one warp that read one address are one request,
/// so a block of one warp has no re-read a shared tile would save.
std::optional<Reuse> reuseOf(const KernelFacts &K, const MemoryAccess &A, double Threshold,
                             ActiveWarps &Active) {
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
  ThreadDependence D = threadDependence(InLoop->Pointer, &K.Loops.loops());
  if (D.LoadedData)
    return std::nullopt;
  Reuse R;
  const Dim3 &Block = K.launch().Block;
  unsigned Kept = 0;
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    Kept |= unsigned(D.dependsOnTid(Dim)) << Dim;
    if (Block.V[Dim] > 1 && !D.dependsOnTid(Dim))
      R.Missing += (R.Missing.empty() ? "threadIdx." : " or threadIdx.") +
                   std::string(DimName[Dim]);
  }
  if (R.Missing.empty())
    return std::nullopt;
  // The warps whose threads along the ignored dimensions load one element.
  unsigned WarpSize = K.Arch.WarpSize;
  R.Readers = mostWarpsPerKey(
      divideCeil(Block.count(), WarpSize), WarpSize,
      [&](uint64_t T) { return keptKey(Block, Kept, T); },
      [&](uint64_t W) {
        uint64_t Left = Block.count() - W * WarpSize;
        return Left >= WarpSize ? ~uint32_t(0) : uint32_t((uint64_t(1) << Left) - 1);
      });
  R.LoopLine = LoopFacts::headerLine(*L);
  // Only the warps that run the load read it: one thread of the block
  // (`if (threadIdx.x == 0)`, loading for the block into shared memory) is
  // one reader, whatever the block.
  if (R.Readers >= Threshold) {
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
  ActiveWarps Active(K);
  for (const MemoryAccess &A : K.Spaces.accesses()) {
    std::optional<Reuse> R = reuseOf(K, A, Threshold, Active);
    if (!R || R->Readers < Threshold)
      continue;
    Out(make(K, A.Loc,
             kernelPrefix(K) +
                 formatv("each element read here is loaded from global memory by {0} "
                         "warps of the block{4}, a request each, where 1 would do: the "
                         "address does "
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
    ActiveWarps Active(K);
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
