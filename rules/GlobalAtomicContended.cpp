//===- GlobalAtomicContended.cpp - global-atomic-contended ----------------===//
#include "rules/GlobalAtomicContended.h"

#include "analyzer/ThreadDependence.h"
#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

GlobalAtomicContendedRule::GlobalAtomicContendedRule(const RuleOptions &Opts)
    : Rule("global-atomic-contended", Opts), Lanes(Opts.number("lanes", 1)) {}

namespace {

/// True when P is the same address in every thread of the grid: a kernel's
/// pointer argument or a global variable, at a constant offset.
bool gridInvariant(const Value *P, const DataLayout &DL) {
  APInt Offset(DL.getIndexTypeSizeInBits(P->getType()), 0);
  const Value *Base = P->stripAndAccumulateConstantOffsets(DL, Offset,
                                                           /*AllowNonInbounds=*/true);
  if (const auto *Cast = dyn_cast<AddrSpaceCastOperator>(Base))
    Base = Cast->getPointerOperand()->stripAndAccumulateConstantOffsets(
        DL, Offset, /*AllowNonInbounds=*/true);
  return isa<Argument>(Base) || isa<GlobalVariable>(Base);
}

/// True for an integer atomic that ptxas aggregates over the lanes of a warp
/// (one update per warp: add, sub, and, or, xor, min, max).
bool warpAggregated(const Instruction &I) {
  const auto *RMW = dyn_cast<AtomicRMWInst>(&I);
  if (!RMW)
    return false;
  switch (RMW->getOperation()) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::And:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::Max:
  case AtomicRMWInst::Min:
  case AtomicRMWInst::UMax:
  case AtomicRMWInst::UMin:
    return true;
  default:
    return false;
  }
}

/// True when a branch that decides whether I runs tests an atomic's returned
/// value (a queue slot past its capacity, the last block's ticket): a guard
/// written to let few threads through.
bool underAtomicResultBranch(const Instruction &I, const DominatorTree &DT) {
  const BasicBlock *Target = I.getParent();
  for (const DomTreeNode *N = DT.getNode(Target); N && N->getIDom(); N = N->getIDom()) {
    const auto *Br = dyn_cast<BranchInst>(N->getIDom()->getBlock()->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    bool Then = DT.dominates(Br->getSuccessor(0), Target),
         Else = DT.dominates(Br->getSuccessor(1), Target);
    if (Then != Else && threadDependence(Br->getCondition()).AtomicResult)
      return true;
  }
  return false;
}

} // namespace

void GlobalAtomicContendedRule::check(const KernelFacts &K, const FindingSink &Out) const {
  const DataLayout &DL = K.Kernel.getParent()->getDataLayout();
  const DominatorTree &DT = K.Loops.dominators();
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (A.Op != AccessOp::Atomic || (A.Space != AS_Global && A.Space != AS_Generic) ||
        !P.Uniform || P.ActiveLanes <= Lanes || A.Sites.empty())
      continue;
    if (!llvm::all_of(A.Sites, [&](const IrAccess &S) { return gridInvariant(S.Pointer, DL); }))
      continue;
    // Under a branch on an atomic's returned value (a queue's overflow): a
    // guard meant to let few threads through, how few only the data can
    // tell; contention is not claimed.
    if (P.ActiveDependsOnData &&
        llvm::any_of(A.Sites, [&](const IrAccess &S) {
          return underAtomicResultBranch(*S.Inst, DT);
        }))
      continue;
    const LaunchConfig &L = K.launch();
    // Blocks of one warp: ptxas aggregates an integer atomic's lanes into one
    // update per warp, which is already one per block, all that the block
    // reduction would leave.
    if (L.Block.count() <= K.Arch.WarpSize &&
        llvm::all_of(A.Sites, [](const IrAccess &S) { return warpAggregated(*S.Inst); }))
      continue;
    // Under a branch on loaded data, the lanes that may take it were all
    // counted: an upper bound.
    bool UpTo = P.ActiveDependsOnData;
    std::string Who =
        L.Grid ? formatv("{0}the {1} threads of {2}", UpTo ? "up to " : "",
                         L.Grid->count() * L.Block.count(), L.str())
                     .str()
               : UpTo ? "up to every thread of the grid" : "every thread of the grid";
    StringRef Verb = L.Grid ? "update" : "updates";
    std::string AtOnce = formatv("{0}{1:F0} lanes of each warp at once{2}", UpTo ? "up to " : "",
                                 P.ActiveLanes,
                                 UpTo ? " (which threads take the branch to it depends on "
                                        "loaded data: every one that may was counted)"
                                      : "")
                             .str();
    std::string Blocks = L.Grid ? formatv("{0}", L.Grid->count()).str() : "one per block";
    Out(make(K, A.Loc,
             formatv("{0}{1} atomically {5} one global address, {2}: the updates serialize "
                     "at the one L2 slice that holds it, where a reduction in the block "
                     "would leave {3} updates, {4}; reduce within "
                     "the block first (a warp shuffle reduction, then shared memory, or "
                     "cub::BlockReduce) and let one thread per block make the atomic",
                     kernelPrefix(K), Who, AtOnce, Blocks, K.launchAssumption(), Verb)
                 .str()));
  }
}

} // namespace warplint
