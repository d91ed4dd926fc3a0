//===- ThreadDependence.cpp - Which thread indices a value uses -----------===//
#include "analyzer/ThreadDependence.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace warplint {

ThreadDependence threadDependence(const Value *Root) {
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
        for (const Value *Op : U->operands())
          Work.push_back(Op);
  }
  return D;
}

} // namespace warplint
