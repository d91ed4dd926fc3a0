//===- GlobalReuseWithoutTiling.cpp - global-reuse-without-tiling ---------===//
#include "rules/GlobalReuseWithoutTiling.h"

#include "analyzer/ThreadDependence.h"
#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"
#include "analyzer/time/LaunchWork.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/FormatVariadic.h"

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

/// How a global load of a loop is re-read by the threads of a block.
struct Reuse {
  uint64_t Readers = 1; ///< Threads of the block that load each element.
  std::string Missing;  ///< The threadIdx dimensions its address ignores.
  unsigned LoopLine = 0;
};

/// The reuse of A, a global load: none when A is not in a loop whose
/// iterations change its address, or its address depends on loaded data.
std::optional<Reuse> reuseOf(const KernelFacts &K, const MemoryAccess &A) {
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
  return R;
}
} // namespace

void GlobalReuseWithoutTilingRule::check(const KernelFacts &K,
                                         const FindingSink &Out) const {
  for (const MemoryAccess &A : K.Spaces.accesses()) {
    std::optional<Reuse> R = reuseOf(K, A);
    if (!R || R->Readers < Threshold)
      continue;
    Out(make(K, A.Loc,
             kernelPrefix(K) +
                 formatv("each element read here is loaded from global memory by {0} "
                         "threads of the block where 1 load would do: the address does "
                         "not depend on {1}, {2}, and it changes on every iteration of "
                         "the loop{3}; stage a tile of it in shared memory once per block "
                         "and read the tile in the loop",
                         R->Readers, R->Missing, K.launchAssumption(),
                         R->LoopLine ? formatv(" at line {0}", R->LoopLine).str()
                                     : std::string())
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
    std::optional<Reuse> R = reuseOf(K, A);
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
