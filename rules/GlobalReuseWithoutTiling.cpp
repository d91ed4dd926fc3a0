//===- GlobalReuseWithoutTiling.cpp - global-reuse-without-tiling ---------===//
#include "rules/GlobalReuseWithoutTiling.h"

#include "analyzer/ThreadDependence.h"
#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

GlobalReuseWithoutTilingRule::GlobalReuseWithoutTilingRule(const RuleOptions &Opts)
    : Rule("global-reuse-without-tiling", Opts), Threshold(Opts.number("threshold", 4)) {}

void GlobalReuseWithoutTilingRule::check(const KernelFacts &K,
                                         const FindingSink &Out) const {
  const Dim3 &Block = K.launch().Block;
  static constexpr const char *DimName[] = {"x", "y", "z"};
  for (const MemoryAccess &A : K.Spaces.accesses()) {
    if (A.Op != AccessOp::Load || !isGlobalAccess(A) || A.Sites.empty())
      continue;
    // Unrolling leaves copies outside the loop (a remainder iteration): take
    // a copy inside one.
    const IrAccess *InLoop = nullptr;
    const Loop *L = nullptr;
    for (const IrAccess &Site : A.Sites)
      if ((L = K.Loops.loopOf(*Site.Inst)) && !L->isLoopInvariant(Site.Pointer)) {
        InLoop = &Site;
        break;
      }
    if (!InLoop)
      continue;
    const IrAccess &S = *InLoop;
    ThreadDependence D = threadDependence(S.Pointer);
    if (D.LoadedData)
      continue;
    uint64_t Readers = 1;
    std::string Missing;
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      if (Block.V[Dim] > 1 && !D.dependsOnTid(Dim)) {
        Readers *= Block.V[Dim];
        Missing += (Missing.empty() ? "threadIdx." : " or threadIdx.") +
                   std::string(DimName[Dim]);
      }
    if (Readers < Threshold)
      continue;
    unsigned Line = LoopFacts::headerLine(*L);
    Out(make(K, A.Loc,
             kernelPrefix(K) +
                 formatv("each element read here is loaded from global memory by {0} "
                         "threads of the block where 1 load would do: the address does "
                         "not depend on {1}, {2}, and it changes on every iteration of "
                         "the loop{3}; stage a tile of it in shared memory once per block "
                         "and read the tile in the loop",
                         Readers, Missing, K.launchAssumption(),
                         Line ? formatv(" at line {0}", Line).str() : std::string())
                     .str()));
  }
}

} // namespace warplint
