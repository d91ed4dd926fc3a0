//===- LaneReach.cpp - Which lanes of a warp reach a block ----------------===//
//
// ThreadIndexModel::activeIn and its steps: the lanes that reach a block are
// those that pass the conditions of the edges that dominate it, still loop in
// the loops it heads, and, at a join, arrive on one of its edges.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ThreadIndexModelImpl.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

#include <cassert>

using namespace llvm;
using namespace warplint::detail;

namespace warplint {

uint32_t ThreadIndexModel::takesEdge(const BasicBlock *From, const BasicBlock *To,
                                     State &St, bool &DataDependent) {
  const Instruction *T = From->getTerminator();
  if (const auto *Br = dyn_cast<BranchInst>(T)) {
    if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return ~0u;
    const LaneValues &C = evalIn(Br->getCondition(), St);
    if (!C.known()) {
      // A check on data whose other side traps (an assertion, a library's
      // guard): a run that ends takes this side in every lane.
      const BasicBlock *Other = Br->getSuccessor(Br->getSuccessor(0) == To ? 1 : 0);
      if (deadEnd(Other) && !deadEnd(To))
        return ~0u;
      DataDependent = true;
      return ~0u; // Every lane may take it.
    }
    uint32_t True = C.nonZeroLanes();
    return Br->getSuccessor(0) == To ? True : ~True;
  }
  if (const auto *Sw = dyn_cast<SwitchInst>(T)) {
    const LaneValues &C = evalIn(Sw->getCondition(), St);
    if (!C.known()) {
      DataDependent = true;
      return ~0u; // Every lane may take it.
    }
    uint32_t Mask = 0;
    for (unsigned L = 0; L < 32; ++L) {
      const BasicBlock *Dest = Sw->getDefaultDest();
      for (const auto &Case : Sw->cases())
        if (Case.getCaseValue()->getZExtValue() == C.V[L])
          Dest = Case.getCaseSuccessor();
      if (Dest == To)
        Mask |= 1u << L;
    }
    return Mask;
  }
  return ~0u;
}

uint32_t ThreadIndexModel::stillLooping(const Loop *L, State &St, bool &DataDependent) {
  auto It = llvm::find_if(St.S.Iterations, [&](const auto &P) { return P.first == L; });
  if (It == St.S.Iterations.end() || It->second == 0)
    return ~0u;
  const BasicBlock *Latch = L->getLoopLatch();
  if (!Latch)
    return ~0u;
  State &PrevSt = previousIteration(St, L);
  return activeIn(Latch, PrevSt, DataDependent) &
         takesEdge(Latch, L->getHeader(), PrevSt, DataDependent);
}

ThreadIndexModel::State &ThreadIndexModel::previousIteration(State &St, const Loop *L) {
  for (const auto &[Loop, Prev] : St.Prev)
    if (Loop == L)
      return *Prev;
  WarpSample Prev = St.S;
  llvm::find_if(Prev.Iterations, [&](const auto &P) { return P.first == L; })->second--;
  State &PrevSt = stateFor(Prev);
  St.Prev.push_back({L, &PrevSt});
  return PrevSt;
}

uint32_t ThreadIndexModel::activeLanes(const BasicBlock *BB, const WarpSample &S,
                                       bool &DataDependent) {
  return activeIn(BB, stateFor(S), DataDependent);
}

std::vector<ThreadIndexModel::ReachStep>
ThreadIndexModel::findReachSteps(const BasicBlock *BB) const {
  std::vector<ReachStep> Steps;
  const BasicBlock *Entry = &F.getEntryBlock();
  for (const BasicBlock *D = BB; D != Entry;) {
    ReachStep Step;
    if (isJoin(D)) {
      Step.Join = D;
      Steps.push_back(Step);
      break;
    }
    if (LI->isLoopHeader(D))
      Step.Header = LI->getLoopFor(D);
    const DomTreeNode *Node = DT->getNode(D);
    if (!Node || !Node->getIDom()) {
      Steps.push_back(Step);
      break;
    }
    const BasicBlock *P = Node->getIDom()->getBlock();
    // A condition inside a loop that BB is not in decides when lanes leave
    // that loop, not whether they get past it (loops are assumed to end).
    const Loop *PL = LI->getLoopFor(P);
    if (!PL || PL->contains(BB))
      for (const BasicBlock *Succ : successors(P))
        if (DT->dominates(BasicBlockEdge(P, Succ), BB)) {
          Step.From = P;
          Step.To = Succ;
          break;
        }
    Steps.push_back(Step);
    D = P;
  }
  return Steps;
}

bool ThreadIndexModel::isJoin(const BasicBlock *BB) const {
  if (BB->hasNPredecessorsOrMore(2) == false || LI->isLoopHeader(BB))
    return false;
  for (const BasicBlock *P : predecessors(BB)) {
    const Loop *PL = LI->getLoopFor(P);
    if ((PL && !PL->contains(BB)) || DT->dominates(BB, P) || !DT->isReachableFromEntry(P))
      return false;
  }
  return true;
}

uint32_t ThreadIndexModel::joinLanes(const BasicBlock *J, State &St, bool &DataDependent) {
  uint32_t Mask = 0;
  bool DD = false;
  for (const BasicBlock *P : predecessors(J))
    if (uint32_t In = activeIn(P, St, DD))
      Mask |= In & takesEdge(P, J, St, DD);
  if (DD) {
    // Data picks the arm of an if/else (a barrier's phase flip on an atomic's
    // result), and both arms lead here: a join that post-dominates its
    // immediate dominator gets every lane that reached that dominator,
    // whichever arm it took (loops are assumed to end).
    if (!PDT)
      PDT = std::make_unique<PostDominatorTree>(const_cast<Function &>(F));
    const DomTreeNode *Node = DT->getNode(J);
    if (Node && Node->getIDom() && PDT->dominates(J, Node->getIDom()->getBlock())) {
      bool DomDD = false;
      uint32_t Lanes = activeIn(Node->getIDom()->getBlock(), St, DomDD);
      DataDependent |= DomDD;
      return Lanes;
    }
  }
  DataDependent |= DD;
  return Mask;
}

uint32_t ThreadIndexModel::activeIn(const BasicBlock *BB, State &From, bool &DataDependent) {
  if (!Exhausted.empty())
    return 0;
  auto Deps = ActiveDeps.find(BB);
  State &St = projected(From, Deps == ActiveDeps.end() ? ~uint64_t(0) : Deps->second);
  auto Found = St.ActiveLanes.find(BB);
  if (Found != St.ActiveLanes.end()) {
    DataDependent |= Found->second.second;
    return Found->second.first;
  }
  bool DD = false;
  uint32_t Mask = St.Exists;
  auto Steps = Reach.find(BB);
  assert(Steps != Reach.end() && "every block's steps are found up front");
  for (const ReachStep &Step : Steps->second) {
    if (!Mask)
      break;
    if (Step.Header)
      Mask &= stillLooping(Step.Header, St, DD);
    if (Step.From)
      Mask &= takesEdge(Step.From, Step.To, St, DD);
    if (Step.Join)
      Mask &= joinLanes(Step.Join, St, DD);
  }
  // stateFor may have rehashed States; St stays valid (it lives in a slab).
  St.ActiveLanes[BB] = {Mask, DD};
  BytesUsed += 2 * ActiveEntryBytes;
  DataDependent |= DD;
  return Mask;
}

} // namespace warplint
