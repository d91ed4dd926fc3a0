//===- ScevEvaluation.cpp - A loop's exit value from ScalarEvolution ------===//
//
// ThreadIndexModel::scevExitValue: where sampling cannot tell the value a
// loop leaves (its trip count depends on an unknown argument or runs past the
// sampling cap: a pointer walked through a per-thread slice, the induction
// variable a runtime-unrolled loop hands to its remainder), LLVM's
// ScalarEvolution gives it as an expression of values outside the loop,
// which the model evaluates in each lane.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ThreadIndexModelImpl.h"

#include "llvm/IR/CFG.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace warplint::detail;

namespace warplint {

bool ThreadIndexModel::evalScev(const SCEV *S, State &St, const Loop &Left, LaneValues &R,
                                unsigned Depth) {
  ScalarEvolution &SE = Scev->SE;
  unsigned Bits = SE.getTypeSizeInBits(S->getType());
  if (Depth > 32 || Bits > 64)
    return false;
  switch (S->getSCEVType()) {
  case scConstant:
    R.V.fill(maskTo(cast<SCEVConstant>(S)->getAPInt().getZExtValue(), Bits));
    return true;
  case scUnknown: {
    const Value *V = cast<SCEVUnknown>(S)->getValue();
    // A value of the loop itself is not an exit value.
    if (const auto *I = dyn_cast<Instruction>(V); I && Left.contains(I))
      return false;
    const LaneValues &X = evalIn(V, St);
    mergeFlags(R, X);
    for (unsigned L = 0; L < 32; ++L)
      R.V[L] = maskTo(X.V[L], Bits);
    return true;
  }
  case scAddRecExpr: {
    // Only for tripCount: an affine recurrence of a loop St's sample has an
    // iteration of is its start plus that many steps.
    const auto *AR = cast<SCEVAddRecExpr>(S);
    if (!EvalAddRecs || !AR->isAffine() || Left.contains(AR->getLoop()->getHeader()))
      return false;
    const auto *It = llvm::find_if(St.S.Iterations,
                                   [&](const auto &P) { return P.first == AR->getLoop(); });
    if (It == St.S.Iterations.end())
      return false;
    LaneValues Start, Step;
    if (!evalScev(AR->getStart(), St, Left, Start, Depth + 1) ||
        !evalScev(AR->getStepRecurrence(SE), St, Left, Step, Depth + 1))
      return false;
    mergeFlags(R, Start);
    mergeFlags(R, Step);
    for (unsigned L = 0; L < 32; ++L)
      R.V[L] = maskTo(Start.V[L] + Step.V[L] * It->second, Bits);
    return true;
  }
  case scVScale:
  case scCouldNotCompute:
    return false;
  case scTruncate:
  case scZeroExtend:
  case scSignExtend:
  case scPtrToInt: {
    const auto *C = cast<SCEVCastExpr>(S);
    const SCEV *Op = C->getOperand();
    unsigned OpBits = SE.getTypeSizeInBits(Op->getType());
    LaneValues X;
    if (OpBits > 64 || !evalScev(Op, St, Left, X, Depth + 1))
      return false;
    mergeFlags(R, X);
    for (unsigned L = 0; L < 32; ++L)
      R.V[L] = maskTo(S->getSCEVType() == scSignExtend
                            ? uint64_t(signExtend(X.V[L], OpBits))
                            : maskTo(X.V[L], OpBits),
                        Bits);
    return true;
  }
  default:
    break;
  }
  const auto *N = dyn_cast<SCEVNAryExpr>(S);
  const auto *D = dyn_cast<SCEVUDivExpr>(S);
  if (!N && !D)
    return false;
  SmallVector<const SCEV *, 4> Ops(N ? N->operands() : D->operands());
  LaneValues Acc;
  for (size_t K = 0; K < Ops.size(); ++K) {
    LaneValues X;
    if (!evalScev(Ops[K], St, Left, X, Depth + 1))
      return false;
    mergeFlags(R, X);
    if (K == 0) {
      Acc.V = X.V;
      continue;
    }
    for (unsigned L = 0; L < 32; ++L) {
      uint64_t A = Acc.V[L], B = X.V[L];
      int64_t SA = signExtend(A, Bits), SB = signExtend(B, Bits);
      switch (S->getSCEVType()) {
      case scAddExpr:
        A += B;
        break;
      case scMulExpr:
        A *= B;
        break;
      case scUDivExpr:
        A = B ? maskTo(A, Bits) / maskTo(B, Bits) : 0;
        break;
      case scUMaxExpr:
        A = std::max(maskTo(A, Bits), maskTo(B, Bits));
        break;
      case scUMinExpr:
      case scSequentialUMinExpr:
        A = std::min(maskTo(A, Bits), maskTo(B, Bits));
        break;
      case scSMaxExpr:
        A = uint64_t(std::max(SA, SB));
        break;
      case scSMinExpr:
        A = uint64_t(std::min(SA, SB));
        break;
      default:
        return false;
      }
      Acc.V[L] = maskTo(A, Bits);
    }
  }
  R.V = Acc.V;
  return true;
}

const LaneValues *ThreadIndexModel::scevExitValue(const PHINode &Phi, const Loop &L,
                                                  State &St) {
  if (!Scev)
    Scev = std::make_unique<ScevState>(const_cast<Function &>(F), *DT, *LI);
  ScalarEvolution &SE = Scev->SE;
  if (!SE.isSCEVable(Phi.getType()))
    return nullptr;
  const SCEV *Exit = SE.getSCEVAtScope(const_cast<PHINode *>(&Phi), L.getParentLoop());
  if (isa<SCEVCouldNotCompute>(Exit) || SE.containsAddRecurrence(Exit))
    return nullptr;
  LaneValues &R = freshLanes();
  if (!evalScev(Exit, St, L, R, 0))
    return nullptr;
  return &R;
}

namespace {


/// The backedge-taken count of L where ScalarEvolution has none because of
/// exits into traps and assertions (a library's checks inlined into the
/// loop: libcu++'s barrier): the least of the other exits' counts.
const SCEV *countWithoutTraps(const Loop &L, ScalarEvolution &SE) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  const SCEV *Least = nullptr;
  bool Trapped = false;
  for (BasicBlock *E : Exiting) {
    bool ToTrap = true, Out = false;
    for (const BasicBlock *Succ : successors(E))
      if (!L.contains(Succ)) {
        Out = true;
        ToTrap &= deadEnd(Succ);
      }
    if (Out && ToTrap) {
      Trapped = true;
      continue;
    }
    const SCEV *C = SE.getExitCount(&L, E);
    if (isa<SCEVCouldNotCompute>(C))
      return C;
    Least = Least ? SE.getUMinFromMismatchedTypes(Least, C) : C;
  }
  return Trapped && Least ? Least : SE.getCouldNotCompute();
}
} // namespace

bool detail::deadEnd(const BasicBlock *BB) {
  for (unsigned Steps = 0; BB && Steps < 8; ++Steps) {
    if (isa<UnreachableInst>(BB->getTerminator()))
      return true;
    BB = BB->getSingleSuccessor();
  }
  return false;
}

bool detail::onlyExitBesideTraps(const Loop &L, const BasicBlock *Exit) {
  SmallVector<BasicBlock *, 4> Exits;
  L.getExitBlocks(Exits);
  for (const BasicBlock *E : Exits)
    if (E != Exit && !deadEnd(E))
      return false;
  return llvm::is_contained(Exits, Exit);
}

const BasicBlock *detail::exitingBesideTraps(const Loop &L) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  const BasicBlock *Only = nullptr;
  for (const BasicBlock *E : Exiting) {
    bool ToTrap = true;
    for (const BasicBlock *Succ : successors(E))
      if (!L.contains(Succ))
        ToTrap &= deadEnd(Succ);
    if (ToTrap)
      continue;
    if (Only)
      return nullptr;
    Only = E;
  }
  return Only;
}

std::optional<uint64_t> ThreadIndexModel::tripCount(const Loop *L, const WarpSample &Outer,
                                                    uint64_t &ArgMask, bool &DataDependent,
                                                    bool *SameInEveryLane) {
  if (!Exhausted.empty())
    return std::nullopt;
  if (!Scev)
    Scev = std::make_unique<ScevState>(const_cast<Function &>(F), *DT, *LI);
  ScalarEvolution &SE = Scev->SE;
  const SCEV *Taken = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Taken))
    Taken = SE.getSymbolicMaxBackedgeTakenCount(L); // An early exit: at most.
  if (isa<SCEVCouldNotCompute>(Taken))
    Taken = countWithoutTraps(*L, SE);
  // The lanes that enter the loop; the count holds for them.
  WarpSample First = Outer;
  First.Iterations.push_back({L, 0});
  bool DD = false;
  uint32_t Lanes = activeLanes(L->getHeader(), First, DD);
  if (DD) {
    DataDependent = true;
    return std::nullopt;
  }
  if (isa<SCEVCouldNotCompute>(Taken))
    return solvedTripCount(L, Outer, Lanes, ArgMask, DataDependent, SameInEveryLane);
  if (SE.getTypeSizeInBits(Taken->getType()) > 64)
    return std::nullopt;
  LaneValues R;
  EvalAddRecs = true;
  bool Done = evalScev(Taken, stateFor(Outer), *L, R, 0);
  EvalAddRecs = false;
  if (!Done || R.Unmodelled)
    return std::nullopt;
  if (R.DataDependentOn) {
    DataDependent = true;
    return std::nullopt;
  }
  ArgMask |= R.ArgMask;
  unsigned Bits = SE.getTypeSizeInBits(Taken->getType());
  uint64_t Most = 0, Least = ~uint64_t(0);
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    if (Lanes >> Lane & 1) {
      Most = std::max(Most, maskTo(R.V[Lane], Bits) + 1);
      Least = std::min(Least, maskTo(R.V[Lane], Bits) + 1);
    }
  if (SameInEveryLane)
    *SameInEveryLane = Most == Least;
  return Most;
}

namespace {
/// The iterations before a lane leaves a loop that stays while `X Pred B`
/// holds, X starting at X0 and moving by Step an iteration (values of Bits
/// bits): the first K at which it fails, or None when it never does.
std::optional<uint64_t> firstFailing(CmpInst::Predicate Pred, uint64_t X0, uint64_t Step,
                                     uint64_t B, unsigned Bits) {
  bool Signed = CmpInst::isSigned(Pred);
  auto Val = [&](uint64_t V) -> __int128 {
    return Signed ? __int128(signExtend(V, Bits)) : __int128(maskTo(V, Bits));
  };
  __int128 X = Val(X0), Bound = Val(B), S = signExtend(Step, Bits);
  auto CeilDiv = [](__int128 N, __int128 D) { return (N + D - 1) / D; };
  __int128 K;
  switch (CmpInst::getStrictPredicate(Pred) == Pred ? Pred : CmpInst::getStrictPredicate(Pred)) {
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT: {
    // X < B (or X <= B, that is X < B + 1).
    __int128 Lim = Bound + (CmpInst::isStrictPredicate(Pred) ? 0 : 1);
    if (X >= Lim)
      return 0;
    if (S <= 0)
      return std::nullopt;
    K = CeilDiv(Lim - X, S);
    break;
  }
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT: {
    __int128 Lim = Bound - (CmpInst::isStrictPredicate(Pred) ? 0 : 1);
    if (X <= Lim)
      return 0;
    if (S >= 0)
      return std::nullopt;
    K = CeilDiv(X - Lim, -S);
    break;
  }
  default:
    if (Pred != CmpInst::ICMP_NE || !S || (Bound - X) % S || (Bound - X) / S < 0)
      return std::nullopt;
    K = (Bound - X) / S;
  }
  if (K > (__int128(1) << 48))
    return std::nullopt;
  return uint64_t(K);
}
} // namespace

std::optional<uint64_t> ThreadIndexModel::solvedTripCount(const Loop *L,
                                                          const WarpSample &Outer,
                                                          uint32_t Lanes, uint64_t &ArgMask,
                                                          bool &DataDependent,
                                                          bool *SameInEveryLane) {
  // Where ScalarEvolution gives no count (a stride it cannot bound, as a
  // grid-stride loop's blockDim.x * gridDim.x): the one exit's test of an
  // affine recurrence against a bound outside the loop, solved in each lane.
  ScalarEvolution &SE = Scev->SE;
  const BasicBlock *Exiting = exitingBesideTraps(*L);
  const auto *Br = Exiting ? dyn_cast<BranchInst>(Exiting->getTerminator()) : nullptr;
  const auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  if (!L->contains(Br->getSuccessor(0)))
    Pred = CmpInst::getInversePredicate(Pred); // The loop stays while it fails.
  const SCEV *X = SE.getSCEV(const_cast<Value *>(Cmp->getOperand(0)));
  const SCEV *B = SE.getSCEV(const_cast<Value *>(Cmp->getOperand(1)));
  if (!isa<SCEVAddRecExpr>(X)) {
    std::swap(X, B);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
  unsigned Bits = SE.getTypeSizeInBits(X->getType());
  if (!AR || AR->getLoop() != L || !AR->isAffine() || !SE.isLoopInvariant(B, L) || Bits > 64)
    return std::nullopt;
  LaneValues Start, Step, Bound;
  State &St = stateFor(Outer);
  EvalAddRecs = true;
  bool Done = evalScev(AR->getStart(), St, *L, Start, 0) &&
              evalScev(AR->getStepRecurrence(SE), St, *L, Step, 0) &&
              evalScev(B, St, *L, Bound, 0);
  EvalAddRecs = false;
  if (!Done || Start.Unmodelled || Step.Unmodelled || Bound.Unmodelled)
    return std::nullopt;
  if (Start.DataDependentOn || Step.DataDependentOn || Bound.DataDependentOn) {
    DataDependent = true;
    return std::nullopt;
  }
  ArgMask |= Start.ArgMask | Step.ArgMask | Bound.ArgMask;
  uint64_t Most = 0, Least = ~uint64_t(0);
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    if (!(Lanes >> Lane & 1))
      continue;
    std::optional<uint64_t> K =
        firstFailing(Pred, Start.V[Lane], Step.V[Lane], Bound.V[Lane], Bits);
    if (!K)
      return std::nullopt;
    Most = std::max(Most, *K + 1);
    Least = std::min(Least, *K + 1);
  }
  if (SameInEveryLane)
    *SameInEveryLane = Most == Least;
  return Most;
}

} // namespace warplint
