//===- GlobalRmwInLoop.cpp - global-rmw-in-loop ---------------------------===//
#include "rules/GlobalRmwInLoop.h"

#include "analyzer/ControlDivergence.h"
#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <vector>

using namespace llvm;

namespace warplint {

namespace {

/// True when V is a load of Ptr (its pointer, casts stripped).
bool loadsFrom(const Value *V, const Value *Ptr) {
  const auto *LI = dyn_cast<LoadInst>(V);
  if (!LI)
    return false;
  const Value *P = LI->getPointerOperand()->stripPointerCasts();
  if (P == Ptr)
    return true;
  // The same address computed twice (an input lifted from PTX, whose
  // address arithmetic nothing merged).
  const auto *A = dyn_cast<Instruction>(P);
  const auto *B = dyn_cast<Instruction>(Ptr);
  return A && B && A->isIdenticalTo(B);
}

/// True when the value Stored is computed from a load of Ptr: in the loop, or
/// before it and carried around the loop by a phi (what GVN leaves of
/// `out[i] += ...` when it forwards each iteration's store to the next
/// iteration's load), or carried from the value stored the iteration before.
/// A walk through arithmetic, casts, selects and phis, never
/// through another load or a call.
bool readsBack(const Value *Stored, const Value *Ptr, const Loop &L) {
  SmallVector<const Value *, 16> Work{Stored};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty() && Seen.size() < 256) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (loadsFrom(V, Ptr))
      return true;
    // A header phi that carries the value stored into the next iteration:
    // GVN forwarded each iteration's store to the next one's load, whatever
    // the first value (`out[i] = 0; for (...) out[i] += a[...]`).
    if (const auto *Phi = dyn_cast<PHINode>(V))
      if (Phi->getParent() == L.getHeader() && is_contained(Phi->incoming_values(), Stored))
        return true;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || isa<LoadInst>(I) || isa<CallBase>(I) || isa<AllocaInst>(I))
      continue;
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return false;
}

/// True when store access AI of K runs on one lane of one warp per block
/// (`if (threadIdx.x == 0)`) in loop L, and L holds a barrier of the block:
/// the whole block waits at the barrier on every iteration anyway, and one
/// lane's round trip through memory adds little (tests/hardware/h200/
/// rmwlanes.csv: 6% on an H200, where one lane of every warp doing the same
/// cost 4.1x, and one thread per block in a loop without a barrier 1.6x). One warp per block: the access's requests are at most the
/// loop's full-warp accesses' over the warps of a block.
bool oneLaneBetweenBarriers(const KernelFacts &K, size_t AI, const Loop &L) {
  const Prediction &P = K.Patterns.prediction(AI);
  double Warps = std::ceil(double(K.launch().Block.count()) / K.Arch.WarpSize);
  if (P.ActiveLanes <= 0 || P.ActiveLanes > 1 || P.Totals.Requests <= 0 || Warps < 2)
    return false;
  bool Barrier = any_of(L.blocks(), [](const BasicBlock *BB) {
    return any_of(*BB, [](const Instruction &I) { return isBlockBarrier(I); });
  });
  if (!Barrier)
    return false;
  double Full = 0; // The most requests of an access of the loop itself.
  ArrayRef<MemoryAccess> Accesses = K.Spaces.accesses();
  for (size_t I = 0; I < Accesses.size(); ++I)
    if (I != AI && any_of(Accesses[I].Sites, [&](const IrAccess &S) {
          return K.Loops.loopOf(*S.Inst) == &L;
        }))
      Full = std::max(Full, K.Patterns.prediction(I).Totals.Requests);
  return Full > 0 && P.Totals.Requests * Warps <= Full * (1 + 1e-9);
}


/// ScalarEvolution for the kernel, made when a store first needs it (most
/// kernels have no read-modify-write in a loop to ask about).
class LazyScev {
public:
  explicit LazyScev(const KernelFacts &K) : K(K) {}
  ScalarEvolution &get() {
    if (!State)
      State = std::make_unique<Parts>(K);
    return State->SE;
  }

private:
  // The analyses only read the function; their interfaces take it non-const.
  struct Parts {
    TargetLibraryInfoImpl TLII;
    TargetLibraryInfo TLI;
    AssumptionCache AC;
    ScalarEvolution SE;
    explicit Parts(const KernelFacts &K)
        : TLII(K.Kernel.getParent()->getTargetTriple()), TLI(TLII),
          AC(const_cast<Function &>(K.Kernel)),
          SE(const_cast<Function &>(K.Kernel), TLI, AC,
             const_cast<DominatorTree &>(K.Loops.dominators()),
             const_cast<LoopInfo &>(K.Loops.loops())) {}
  };
  const KernelFacts &K;
  std::unique_ptr<Parts> State;
};

/// True when X is an affine recurrence of L that never takes a value twice
/// and Y a value L does not change: X == Y holds on at most one iteration of
/// L. Never twice: a non-zero step and no wrap, from the recurrence's flags
/// (the `nsw` of a C++ counter) or, where they are missing (PTX lifted to
/// IR), from a step that L's most iterations cannot carry around.
bool equalOnce(const SCEV *X, const SCEV *Y, const Loop &L, ScalarEvolution &SE) {
  const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
  if (!AR || AR->getLoop() != &L || !AR->isAffine() || !SE.isLoopInvariant(Y, &L))
    return false;
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!SE.isKnownNonZero(Step))
    return false;
  if (AR->getNoWrapFlags(SCEV::FlagNW))
    return true;
  // k * Step comes back to 0 after 2^(bits - trailing zeros of Step)
  // iterations: no wrap when L runs fewer.
  const auto *C = dyn_cast<SCEVConstant>(Step);
  const auto *Max = dyn_cast<SCEVConstant>(SE.getConstantMaxBackedgeTakenCount(&L));
  if (!C || !Max)
    return false;
  const APInt &S = C->getAPInt();
  unsigned Period = S.getBitWidth() - S.countr_zero();
  return Max->getAPInt().getActiveBits() <= Period;
}

/// True when branch condition Cond, where it has value Taken, holds on at
/// most one iteration of L: `k == first` (or `k != first` not taken) with k
/// L's counter and `first` a value L does not change, alone or as one of the
/// terms that must all hold.
bool holdsOnOneIteration(const Value *Cond, bool Taken, const Loop &L, ScalarEvolution &SE,
                         unsigned Depth = 0) {
  using namespace PatternMatch;
  if (Depth > 4)
    return false;
  const Value *A, *B;
  if ((Taken && match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)))) ||
      (!Taken && match(Cond, m_LogicalOr(m_Value(A), m_Value(B)))))
    return holdsOnOneIteration(A, Taken, L, SE, Depth + 1) ||
           holdsOnOneIteration(B, Taken, L, SE, Depth + 1);
  if (match(Cond, m_Not(m_Value(A))))
    return holdsOnOneIteration(A, !Taken, L, SE, Depth + 1);
  const auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
    return false;
  CmpInst::Predicate P = Taken ? Cmp->getPredicate() : Cmp->getInversePredicate();
  if (P != CmpInst::ICMP_EQ)
    return false;
  const SCEV *X = SE.getSCEV(const_cast<Value *>(Cmp->getOperand(0)));
  const SCEV *Y = SE.getSCEV(const_cast<Value *>(Cmp->getOperand(1)));
  return equalOnce(X, Y, L, SE) || equalOnce(Y, X, L, SE);
}

/// True when BB, a block of loop L, runs on at most one iteration of L: a
/// branch of L that leads to it (its edge dominates BB) is taken only where
/// L's counter equals a value L does not change (`if (k == 0)`).
bool runsOnOneIteration(const BasicBlock &BB, const Loop &L, const DominatorTree &DT,
                        LazyScev &Scev) {
  for (const DomTreeNode *N = DT.getNode(&BB); N && N->getIDom(); N = N->getIDom()) {
    const BasicBlock *P = N->getIDom()->getBlock();
    if (!L.contains(P))
      break;
    const auto *Br = dyn_cast<BranchInst>(P->getTerminator());
    if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (unsigned S = 0; S < 2; ++S)
      if (DT.dominates(BasicBlockEdge(P, Br->getSuccessor(S)), &BB) &&
          holdsOnOneIteration(Br->getCondition(), S == 0, L, Scev.get()))
        return true;
  }
  return false;
}

} // namespace

void GlobalRmwInLoopRule::check(const KernelFacts &K, const FindingSink &Out) const {
  ArrayRef<MemoryAccess> Accesses = K.Spaces.accesses();
  LazyScev Scev(K);
  for (size_t AI = 0; AI < Accesses.size(); ++AI) {
    const MemoryAccess &A = Accesses[AI];
    if (A.Op != AccessOp::Store || !isGlobalAccess(A))
      continue;
    for (const IrAccess &S : A.Sites) {
      const Loop *L = K.Loops.loopOf(*S.Inst);
      const Value *Ptr = S.Pointer->stripPointerCasts();
      if (!L || !L->isLoopInvariant(Ptr))
        continue;
      // A read-modify-write of the same address: the value stored is computed
      // from the one read there (a search's `out[i] = k` is not). A store
      // followed by `break` sits outside the loop (no path from it returns to
      // the back edge), so it is not seen here.
      const auto *SI = dyn_cast<StoreInst>(S.Inst);
      if (!SI || !readsBack(SI->getValueOperand(), Ptr, *L) || oneLaneBetweenBarriers(K, AI, *L))
        continue;
      // A round trip on one iteration only (`if (k == 0) out[i] += v;`): once
      // per execution of the loop, not on every iteration.
      if (runsOnOneIteration(*SI->getParent(), *L, K.Loops.dominators(), Scev))
        continue;
      // LICM may have hoisted the load (forwarding the stored value) but
      // could not sink the store past the loop's other accesses.
      bool Loaded = any_of(Ptr->users(), [&](const User *U) {
        const auto *LI = dyn_cast<LoadInst>(U);
        return LI && L->contains(LI);
      });
      unsigned Line = LoopFacts::headerLine(*L);
      std::string Where = Line ? formatv("the loop at line {0}", Line).str() : "its loop";
      Out(make(K, A.Loc,
               kernelPrefix(K) +
                   formatv("a global {0} of the same address on every iteration of {1} "
                           "where one around the loop would do: the address does not "
                           "change in the loop, but the compiler cannot keep the value "
                           "in a register (another pointer may alias it); accumulate in "
                           "a local variable and store it once after the loop, or declare "
                           "the pointers __restrict__",
                           Loaded ? "load and store" : "store", Where)
                       .str()));
      break;
    }
  }
}

bool GlobalRmwInLoopRule::modelFix(const KernelFacts &, const Finding &F,
                                   LaunchWork &W) const {
  // The load and the store of `out[i] += ...` sit on the finding's line:
  // kept in a register, they run once per warp. The line's other loads
  // (the `a[k * n + i]` added) still run every iteration, but with the store
  // gone from the loop a warp has several iterations' loads in flight.
  SourceLoc Line = F.Loc;
  Line.Column = 0;
  double Warps = W.Blocks * W.WarpsPerBlock;
  std::vector<SiteWork *> Sites;
  std::set<std::string> Stored;
  for (SiteWork *S : W.sitesAt(Line))
    if (S->Space == AS_Global || S->Space == AS_Generic) {
      Sites.push_back(S);
      if (S->Store)
        Stored.insert(S->Buffer);
    }
  bool Any = false;
  for (SiteWork *S : Sites) {
    if (!S->Store && !Stored.count(S->Buffer) && !Stored.count("")) {
      S->OverlapsIterations = true;
      continue;
    }
    if (S->Requests <= Warps)
      continue;
    double Once = Warps / S->Requests;
    S->Requests *= Once;
    S->Cost *= Once;
    S->Ideal *= Once;
    Any = true;
  }
  return Any;
}

} // namespace warplint
