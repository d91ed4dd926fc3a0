//===- LoadOverlap.cpp - Loads a warp keeps in flight across iterations ---===//
#include "analyzer/time/LoadOverlap.h"

#include "analyzer/StateSpaces.h"
#include "analyzer/arch/SassCount.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {
namespace {

/// A call in the loop that keeps later loads behind it: a barrier, an
/// atomic or any call that may write memory (debug and lifetime markers,
/// assumptions and scope declarations do not).
bool blocksLoads(const Instruction &I) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    if (II->isAssumeLikeIntrinsic())
      return false;
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<FenceInst>(I))
    return true;
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && CB->mayWriteToMemory();
}

bool isLoad(const IrAccess &S) { return S.Op == AccessOp::Load; }

} // namespace

std::vector<bool> loadsOverlapIterations(const StateSpaces &Spaces) {
  ArrayRef<MemoryAccess> Accesses = Spaces.accesses();
  std::vector<bool> Out(Accesses.size(), false);
  Function &F = const_cast<Function &>(Spaces.kernel());
  if (F.isDeclaration())
    return Out;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  if (LI.empty())
    return Out;
  TargetLibraryInfoImpl TLII(F.getParent()->getTargetTriple());
  TargetLibraryInfo TLI(TLII);
  AssumptionCache AC(F);
  BasicAAResult Basic(F.getDataLayout(), F, TLI, AC, &DT);
  AAResults AA(TLI);
  AA.addAAResult(Basic);

  // Each loop's stores and whether anything in it keeps loads behind it.
  DenseMap<const Loop *, bool> Blocked;
  auto blocked = [&](const Loop *L) {
    auto [It, New] = Blocked.try_emplace(L, false);
    if (New)
      It->second = !ptxasUnrolls(*L) || any_of(L->blocks(), [](const BasicBlock *BB) {
                     return any_of(*BB, blocksLoads);
                   });
    return It->second;
  };
  std::vector<const IrAccess *> Stores;
  for (const MemoryAccess &A : Accesses)
    for (const IrAccess &S : A.Sites)
      if (!isLoad(S) && S.Inst && S.Inst->getFunction() == &F)
        Stores.push_back(&S);

  auto mayRead = [&](const IrAccess &Store, const IrAccess &Load) {
    if (!Store.Pointer)
      return true;
    if (Store.Space != Load.Space && Store.Space != AS_Generic && Load.Space != AS_Generic)
      return false; // different state spaces never overlap
    return AA.alias(MemoryLocation::getBeforeOrAfter(Store.Pointer),
                    MemoryLocation::getBeforeOrAfter(Load.Pointer)) != AliasResult::NoAlias;
  };
  auto overlaps = [&](const IrAccess &S) {
    if (!isLoad(S) || !S.Inst || S.Inst->getFunction() != &F || !S.Pointer)
      return false;
    const Loop *L = LI.getLoopFor(S.Inst->getParent());
    if (!L || blocked(L))
      return false;
    return none_of(Stores, [&](const IrAccess *St) {
      return L->contains(St->Inst) && mayRead(*St, S);
    });
  };
  for (size_t I = 0; I < Accesses.size(); ++I)
    Out[I] = !Accesses[I].Sites.empty() && all_of(Accesses[I].Sites, overlaps);
  return Out;
}

} // namespace warplint
