//===- MergedAccesses.cpp - Which source lines one optimized access serves ===//
#include "frontend/MergedAccesses.h"
#include "frontend/SourceLocation.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace warplint {

namespace {

const Function *functionOf(Any IR) {
  if (const auto *F = llvm::any_cast<const Function *>(&IR))
    return *F;
  return nullptr;
}

} // namespace

void MergedAccessTracker::registerCallbacks(PassInstrumentationCallbacks &PIC) {
  PIC.registerBeforeNonSkippedPassCallback([this](StringRef, Any IR) {
    Before.clear();
    if (const Function *F = functionOf(IR))
      snapshot(*F);
  });
  PIC.registerAfterPassCallback([this](StringRef, Any IR, const PreservedAnalyses &) {
    if (const Function *F = functionOf(IR))
      compare(*F);
    Before.clear();
  });
}

void MergedAccessTracker::snapshot(const Function &F) {
  for (const Instruction &CI : instructions(F)) {
    if (!isa<LoadInst>(CI) && !isa<StoreInst>(CI))
      continue;
    auto &I = const_cast<Instruction &>(CI);
    if (MDNode *Origin = I.getMetadata(AccessOriginKind))
      Before.push_back({&I, Origin, I.getMetadata(MergedAccessesKind), I.getOpcode(),
                        getLoadStoreType(&I), getLoadStorePointerOperand(&I)});
  }
}

void MergedAccessTracker::compare(const Function &F) {
  if (Before.empty())
    return;
  SmallPtrSet<const Instruction *, 32> Live;
  for (const Instruction &I : instructions(F))
    Live.insert(&I);
  // Accesses that survived without their origin, and those erased.
  std::vector<const Entry *> Lost, Erased;
  for (const Entry &E : Before) {
    if (!Live.contains(E.Inst))
      Erased.push_back(&E);
    // (A pointer reused by a new instruction of another kind is not ours.)
    else if (!E.Inst->getMetadata(AccessOriginKind) && E.Inst->getOpcode() == E.Opcode &&
             getLoadStoreType(E.Inst) == E.Type)
      Lost.push_back(&E);
  }
  if (Lost.empty() || Erased.empty())
    return;
  auto SameKind = [](const Entry *A, const Entry *B) {
    return A->Opcode == B->Opcode && A->Type == B->Type;
  };
  // An erased access whose address operand was the kept one's (a CSE'd
  // load) merged into it. Otherwise, where as many accesses of one opcode
  // and type were kept as erased (SimplifyCFG hoisting or sinking the
  // common instructions of two arms, pairwise in order), the n-th kept
  // stands for the n-th erased. Anything else is not guessed at.
  DenseMap<const Entry *, SmallVector<const Entry *, 2>> Into;
  std::vector<const Entry *> KeptLeft, GoneLeft;
  for (const Entry *Gone : Erased) {
    auto It = llvm::find_if(Lost, [&](const Entry *K) {
      return SameKind(K, Gone) && K->Pointer == Gone->Pointer;
    });
    if (It != Lost.end())
      Into[*It].push_back(Gone);
    else
      GoneLeft.push_back(Gone);
  }
  for (const Entry *Kept : Lost)
    if (!Into.count(Kept))
      KeptLeft.push_back(Kept);
  while (!GoneLeft.empty()) {
    const Entry *Kind = GoneLeft.front();
    std::vector<const Entry *> K, G, RestK, RestG;
    for (const Entry *E : KeptLeft)
      (SameKind(E, Kind) ? K : RestK).push_back(E);
    for (const Entry *E : GoneLeft)
      (SameKind(E, Kind) ? G : RestG).push_back(E);
    if (K.size() == G.size())
      for (size_t I = 0; I < K.size(); ++I)
        Into[K[I]].push_back(G[I]);
    KeptLeft = std::move(RestK);
    GoneLeft = std::move(RestG);
  }
  for (auto &[Kept, Gone] : Into) {
    Instruction &I = *Kept->Inst;
    // The location LLVM kept stands for the access; the others are merged.
    MDNode *Own = Kept->Origin;
    if (const DILocation *L = I.getDebugLoc().get(); L && L->getLine())
      Own = const_cast<DILocation *>(L);
    SetVector<Metadata *> Others;
    auto Add = [&](MDNode *Origin, MDNode *Merged) {
      Others.insert(Origin);
      if (Merged)
        for (const MDOperand &Op : Merged->operands())
          Others.insert(Op.get());
    };
    Add(Kept->Origin, Kept->Merged);
    for (const Entry *G : Gone)
      Add(G->Origin, G->Merged);
    Others.remove(Own);
    I.setMetadata(AccessOriginKind, Own);
    if (!Others.empty())
      I.setMetadata(MergedAccessesKind, MDTuple::get(I.getContext(), Others.getArrayRef()));
  }
}

} // namespace warplint
