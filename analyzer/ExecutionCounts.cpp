//===- ExecutionCounts.cpp - How often a warp runs each block --------------===//
//
// ThreadIndexModel::executions: the warp executions of basic blocks over the
// whole kernel, from the same iteration samples the predictions use, with a
// loop that runs past its sampled iterations scaled to its trip count
// (ScevEvaluation.cpp's tripCount). LaunchCounting.cpp sums them over the
// launch.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ThreadIndexModelImpl.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace warplint::detail;

namespace warplint {

void ThreadIndexModel::executions(const Loop *Innermost, ArrayRef<const BasicBlock *> BBs,
                                  const WarpSample &Warp, Executions &Out,
                                  function_ref<void(size_t, const WarpSample &, uint32_t,
                                                    double)>
                                      OnActive) {
  Out.Counts.assign(BBs.size(), 0);
  Out.DataDependent.assign(BBs.size(), 0);
  if (!Exhausted.empty()) {
    Out.Unmodelled = true;
    return;
  }
  SmallVector<const Loop *, 4> Nest;
  for (const Loop *L = Innermost; L; L = L->getParentLoop())
    Nest.insert(Nest.begin(), L);
  // The iterations as computeSamples draws them (the same caps, so that the
  // states the predictions made serve again), each with the executions of
  // the launch it stands for.
  std::vector<std::pair<WarpSample, double>> Level = {{Warp, 1.0}};
  for (size_t Depth = 0; Depth < Nest.size() && !Level.empty(); ++Depth) {
    const Loop *L = Nest[Depth];
    unsigned Cap = L->getSubLoops().empty()    ? InnerCap
                   : Depth + 2 >= Nest.size() ? OuterCap
                                              : FarOuterCap;
    Cap = std::min<unsigned>(Cap, std::max<size_t>(1, NestSampleBudget / Level.size()));
    std::vector<std::pair<WarpSample, double>> Next;
    for (const auto &[S, Weight] : Level) {
      unsigned N = iterationsOf(L, S, Cap);
      if (!N)
        continue;
      double Scale = 1;
      if (N == Cap) {
        // Past the samples: the rest of the loop, from its trip count.
        WarpSample After = S;
        After.Iterations.push_back({L, N});
        bool DD = false;
        if (activeLanes(L->getHeader(), After, DD)) {
          bool TripDD = false;
          std::optional<uint64_t> Trip = tripCount(L, S, Out.ArgMask, TripDD);
          if (!Trip && !TripDD && !DD)
            Out.Unmodelled = true;
          if (Trip && *Trip > N) {
            Scale = double(*Trip) / N;
            Out.Scaled = true;
          }
        }
      }
      for (unsigned K = 0; K < N; ++K) {
        WarpSample T = S;
        T.Iterations.push_back({L, K});
        Next.push_back({std::move(T), Weight * Scale});
      }
    }
    Level = std::move(Next);
  }
  for (const auto &[S, Weight] : Level)
    for (size_t B = 0; B < BBs.size(); ++B) {
      bool DD = false;
      if (uint32_t Mask = activeLanes(BBs[B], S, DD)) {
        Out.Counts[B] += Weight;
        if (OnActive)
          OnActive(B, S, Mask, Weight);
      }
      Out.DataDependent[B] |= DD;
    }
  if (!Exhausted.empty())
    Out.Unmodelled = true;
}

unsigned ThreadIndexModel::executionReads(const Loop *Innermost,
                                          ArrayRef<const BasicBlock *> BBs) const {
  // Which lanes reach the blocks, and how often the loops around them run:
  // the headers' active lanes, and every exit's (the trip counts).
  uint64_t Deps = 0;
  for (const BasicBlock *BB : BBs)
    Deps |= ActiveDeps.lookup(BB);
  for (const Loop *L = Innermost; L; L = L->getParentLoop()) {
    Deps |= ActiveDeps.lookup(L->getHeader());
    SmallVector<BasicBlock *, 4> Exiting;
    L->getExitingBlocks(Exiting);
    for (const BasicBlock *E : Exiting) {
      Deps |= ActiveDeps.lookup(E);
      if (const auto *Br = dyn_cast<BranchInst>(E->getTerminator());
          Br && Br->isConditional())
        Deps |= depsOf(Br->getCondition());
      else if (const auto *Sw = dyn_cast<SwitchInst>(E->getTerminator()))
        Deps |= depsOf(Sw->getCondition());
    }
  }
  return (Deps & DepBlock ? ReadsBlock : 0) | (Deps & DepWarp ? ReadsWarp : 0) |
         (Deps & DepArg ? ReadsArgs : 0);
}

unsigned ThreadIndexModel::valueReads(const Value *V) const {
  uint64_t Deps = depsOf(V);
  return (Deps & DepBlock ? ReadsBlock : 0) | (Deps & DepWarp ? ReadsWarp : 0) |
         (Deps & DepArg ? ReadsArgs : 0);
}

} // namespace warplint
