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

std::optional<uint64_t> ThreadIndexModel::tripCount(const Loop *L, const WarpSample &Outer,
                                                    uint64_t &ArgMask, bool &DataDependent) {
  if (!Exhausted.empty())
    return std::nullopt;
  if (!Scev)
    Scev = std::make_unique<ScevState>(const_cast<Function &>(F), *DT, *LI);
  ScalarEvolution &SE = Scev->SE;
  const SCEV *Taken = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Taken))
    Taken = SE.getSymbolicMaxBackedgeTakenCount(L); // An early exit: at most.
  if (isa<SCEVCouldNotCompute>(Taken) || SE.getTypeSizeInBits(Taken->getType()) > 64)
    return std::nullopt;
  // The lanes that enter the loop; the count holds for them.
  WarpSample First = Outer;
  First.Iterations.push_back({L, 0});
  bool DD = false;
  uint32_t Lanes = activeLanes(L->getHeader(), First, DD);
  if (DD) {
    DataDependent = true;
    return std::nullopt;
  }
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
  uint64_t Most = 0;
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    if (Lanes >> Lane & 1)
      Most = std::max(Most, maskTo(R.V[Lane], Bits) + 1);
  return Most;
}

} // namespace warplint
