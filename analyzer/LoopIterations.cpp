//===- LoopIterations.cpp - Costs per iteration of the loop around an access -===//
#include "analyzer/LoopIterations.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/CFG.h"

#include <cmath>

using namespace llvm;

namespace warplint {

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

std::vector<double> perIterationCosts(const IterationCosts &Steps) {
  std::vector<double> Out;
  for (const auto &[Key, Step] : Steps)
    Out.push_back(std::round(Step.first / Step.second / 0.01) * 0.01);
  if (llvm::all_equal(Out))
    Out.clear();
  return Out;
}

} // namespace warplint
