//===- UnrollPrivateArrays.cpp - Full unrolling of loops over private arrays -===//
#include "frontend/UnrollPrivateArrays.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace warplint {

namespace {

/// Whether the loop carries unroll metadata of its own.
bool hasUnrollMetadata(const Loop &L) {
  MDNode *ID = L.getLoopID();
  if (!ID)
    return false;
  for (unsigned I = 1, E = ID->getNumOperands(); I < E; ++I)
    if (const auto *Node = dyn_cast<MDNode>(ID->getOperand(I)))
      if (Node->getNumOperands() > 0)
        if (const auto *S = dyn_cast<MDString>(Node->getOperand(0)))
          if (S->getString().starts_with("llvm.loop.unroll."))
            return true;
  return false;
}

/// Whether an inner loop of L reads or writes A at an address that varies in
/// that loop (an inner loop not unrolled: A stays indexed at run time, and
/// unrolling L would not promote it).
bool variesInInnerLoop(const Loop &L, const LoopInfo &LI, const AllocaInst *A) {
  for (const Loop *Inner : L.getSubLoops())
    for (BasicBlock *BB : Inner->blocks()) {
      const Loop *Own = LI.getLoopFor(BB);
      for (Instruction &I : *BB) {
        const Value *Ptr = getLoadStorePointerOperand(&I);
        if (!Ptr || Own->isLoopInvariant(Ptr))
          continue;
        SmallVector<const Value *, 4> Objects;
        getUnderlyingObjects(Ptr, Objects);
        if (is_contained(Objects, A))
          return true;
      }
    }
  return false;
}

/// Whether a GEP in L (outside its inner loops) indexes a small static alloca
/// with a value defined in L itself (outside its inner loops), an alloca no
/// inner loop indexes at run time.
bool indexesPrivateArray(const Loop &L, const LoopInfo &LI, const DataLayout &DL) {
  for (BasicBlock *BB : L.blocks()) {
    if (LI.getLoopFor(BB) != &L)
      continue;
    for (Instruction &I : *BB) {
      auto *GEP = dyn_cast<GetElementPtrInst>(&I);
      if (!GEP)
        continue;
      const auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(GEP->getPointerOperand()));
      if (!AI || !AI->isStaticAlloca())
        continue;
      std::optional<TypeSize> Size = AI->getAllocationSize(DL);
      if (!Size || Size->isScalable() || Size->getFixedValue() > UnrollPrivateArraysPass::MaxArrayBytes)
        continue;
      bool OwnIndex = any_of(GEP->indices(), [&](const Value *Op) {
        const auto *Def = dyn_cast<Instruction>(Op);
        return Def && LI.getLoopFor(Def->getParent()) == &L;
      });
      if (OwnIndex && !variesInInnerLoop(L, LI, AI))
        return true;
    }
  }
  return false;
}

} // namespace

PreservedAnalyses UnrollPrivateArraysPass::run(Loop &L, LoopAnalysisManager &,
                                               LoopStandardAnalysisResults &AR, LPMUpdater &) {
  if (hasUnrollMetadata(L) || !L.getLoopLatch() || !L.isLoopSimplifyForm())
    return PreservedAnalyses::all();
  unsigned Trips = AR.SE.getSmallConstantTripCount(&L);
  if (Trips == 0 || Trips > Threshold)
    return PreservedAnalyses::all();
  const DataLayout &DL = L.getHeader()->getDataLayout();
  if (!indexesPrivateArray(L, AR.LI, DL))
    return PreservedAnalyses::all();
  InstructionCost Size = 0;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      Size += AR.TTI.getInstructionCost(&I, TargetTransformInfo::TCK_CodeSize);
  if (!Size.isValid() || Size.getValue() * Trips > Threshold)
    return PreservedAnalyses::all();
  addStringMetadataToLoop(&L, "llvm.loop.unroll.full");
  // Only the loop's metadata changed.
  return PreservedAnalyses::all();
}

} // namespace warplint
