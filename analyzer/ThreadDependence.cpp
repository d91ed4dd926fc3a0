//===- ThreadDependence.cpp - Which thread indices a value uses -----------===//
#include "analyzer/ThreadDependence.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace warplint {

namespace {
/// Adds to Work the exit conditions of each loop that holds Op and not the
/// block Use that reads it: which iteration's value the reader sees is what
/// those conditions decide.
void addLoopExits(const Instruction *Op, const BasicBlock *Use, const LoopInfo &Loops,
                  SmallVectorImpl<const Value *> &Work) {
  for (const Loop *L = Loops.getLoopFor(Op->getParent()); L && !L->contains(Use);
       L = L->getParentLoop()) {
    SmallVector<BasicBlock *, 4> Exiting;
    L->getExitingBlocks(Exiting);
    for (const BasicBlock *BB : Exiting) {
      if (const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
          Br && Br->isConditional())
        Work.push_back(Br->getCondition());
      else if (const auto *Sw = dyn_cast<SwitchInst>(BB->getTerminator()))
        Work.push_back(Sw->getCondition());
    }
  }
}
} // namespace

ThreadDependence threadDependence(const Value *Root, const LoopInfo *Loops) {
  ThreadDependence D;
  SmallVector<const Value *, 16> Work{Root};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (const auto *II = dyn_cast<IntrinsicInst>(V)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::nvvm_read_ptx_sreg_tid_x:
        D.Tid[0] = true;
        continue;
      case Intrinsic::nvvm_read_ptx_sreg_tid_y:
        D.Tid[1] = true;
        continue;
      case Intrinsic::nvvm_read_ptx_sreg_tid_z:
        D.Tid[2] = true;
        continue;
      default:
        break;
      }
    }
    if (isa<AtomicRMWInst>(V) || isa<AtomicCmpXchgInst>(V)) {
      D.LoadedData = D.AtomicResult = true;
      continue;
    }
    if (isa<LoadInst>(V) ||
        (isa<CallBase>(V) && !isa<IntrinsicInst>(V))) {
      D.LoadedData = true;
      continue;
    }
    if (isa<PHINode>(V))
      D.Phi = true;
    if (const auto *U = dyn_cast<User>(V))
      if (isa<Instruction>(U) || isa<ConstantExpr>(U))
        for (const Value *Op : U->operands()) {
          Work.push_back(Op);
          const auto *I = dyn_cast<Instruction>(U);
          const auto *OpI = dyn_cast<Instruction>(Op);
          if (!Loops || !I || !OpI)
            continue;
          // (A phi's block, not its incoming edge's: a phi after a loop is
          // where the loop's value leaves it.)
          addLoopExits(OpI, I->getParent(), *Loops, Work);
        }
  }
  return D;
}

} // namespace warplint
