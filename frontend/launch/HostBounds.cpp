//===- HostBounds.cpp - Upper bounds the host code's conditions prove -----===//
//
// What a condition known true or false on the path says of the locals it
// reads: `!(blocks > 24)` on an `if`'s else path, or at the exit of
// `while (blocks > 24) blocks /= 2;`, bounds blocks by 24; the exit of
// `while (blocks / f > 24 || blocks % f) ++f;` bounds the expression
// `blocks / f`, so `blocks /= f` after it (with neither written between)
// assigns at most 24. Only what the condition proves: one with side
// effects proves nothing, a loop a break leaves proves nothing at its exit,
// and `a || b` true (or `a && b` false) bounds neither part.
//
//===----------------------------------------------------------------------===//
#include "frontend/launch/HostValues.h"
#include "frontend/launch/HostJumps.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <limits>

using namespace clang;

namespace warplint {

namespace {

using Value = std::optional<int64_t>;

/// E without parentheses and the implicit conversions that keep an upper
/// bound: to a wider type, to the same width unless signed from unsigned (a
/// negative value converted to unsigned is above any bound of it, an
/// unsigned one converted to signed may fall below).
const Expr *boundKept(const Expr *E, const ASTContext &Ctx) {
  while (true) {
    E = E->IgnoreParens();
    const auto *C = dyn_cast<ImplicitCastExpr>(E);
    if (!C)
      return E;
    CastKind K = C->getCastKind();
    if (K == CK_IntegralCast) {
      QualType From = C->getSubExpr()->getType(), To = C->getType();
      if (!From->isIntegerType() || !To->isIntegerType() || From->isBooleanType() ||
          To->isBooleanType())
        return E;
      uint64_t WF = Ctx.getIntWidth(From), WT = Ctx.getIntWidth(To);
      if (WT < WF || (WT == WF && To->isSignedIntegerType() && From->isUnsignedIntegerType()))
        return E;
    } else if (K != CK_LValueToRValue && K != CK_NoOp) {
      return E;
    }
    E = C->getSubExpr();
  }
}

/// The relation that holds of the operands of `A Op B` when it has truth
/// value Truth; with Swap, of `B ? A`.
BinaryOperatorKind holds(BinaryOperatorKind Op, bool Truth, bool Swap) {
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  return Swap ? BinaryOperator::reverseComparisonOp(Op) : Op;
}

} // namespace

bool HostValues::alwaysLeaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, CXXThrowExpr>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(CS->body(), [](const Stmt *C) { return alwaysLeaves(C); });
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return alwaysLeaves(A->getSubStmt());
  return false;
}

bool HostValues::boundable(Target T) const {
  return T.Var && T.Field < 0 && !Vars.count(T.Var) && !Escaped.contains(T.Var) &&
         T.Var->getType()->isIntegralOrEnumerationType();
}

void HostValues::setBound(Target T, const Expr *E) {
  if (boundable(T))
    if (Value B = upperBound(E))
      Bounds[T.Var] = *B;
}

bool HostValues::joinBranches(const IfStmt *If) {
  if (If->isConsteval() || JoinDepth >= MaxJoinDepth)
    return false;
  bool ThenLeaves = alwaysLeaves(If->getThen()), ElseLeaves = alwaysLeaves(If->getElse());
  if (ThenLeaves && ElseLeaves)
    return false;
  struct State {
    llvm::DenseMap<const VarDecl *, Fields> Vars;
    llvm::DenseMap<const VarDecl *, uint64_t> Buffers;
    llvm::DenseMap<const VarDecl *, int64_t> Bounds;
    std::vector<Fact> Facts;
  };
  State Before{Vars, Buffers, Bounds, Facts};
  // Nothing but the values changes in a walk off the path, but for an `if`
  // it would fork on: this walk's own choice stands.
  const IfStmt *Pending = PendingIf;
  auto Branch = [&](bool Then) -> std::optional<State> {
    if (Then ? ThenLeaves : ElseLeaves)
      return std::nullopt;
    ++JoinDepth;
    refine(If->getCond(), Then);
    walk(Then ? If->getThen() : If->getElse(), true);
    --JoinDepth;
    State After{std::move(Vars), std::move(Buffers), std::move(Bounds), std::move(Facts)};
    Vars = Before.Vars;
    Buffers = Before.Buffers;
    Bounds = Before.Bounds;
    Facts = Before.Facts;
    PendingIf = Pending;
    return After;
  };
  std::optional<State> T = Branch(true), E = Branch(false);
  if (!T || !E) {
    State &Only = T ? *T : *E;
    Vars = std::move(Only.Vars);
    Buffers = std::move(Only.Buffers);
    Bounds = std::move(Only.Bounds);
    Facts = std::move(Only.Facts);
    return true;
  }
  Vars.clear();
  Buffers.clear();
  Bounds.clear();
  Facts.clear();
  for (const auto &[VD, FT] : T->Vars) {
    auto It = E->Vars.find(VD);
    if (It == E->Vars.end())
      continue;
    Fields J;
    for (unsigned I = 0; I < 3; ++I)
      if (FT[I] == It->second[I])
        J[I] = FT[I];
    if (J[0] || J[1] || J[2])
      Vars[VD] = J;
  }
  for (const auto &[VD, Bytes] : T->Buffers)
    if (auto It = E->Buffers.find(VD); It != E->Buffers.end() && It->second == Bytes)
      Buffers[VD] = Bytes;
  // A local's bound on a branch: its value there, or its bound.
  auto BoundIn = [&](const State &S, const VarDecl *VD) -> Value {
    if (isDim3(VD->getType()) || !VD->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    if (auto It = S.Vars.find(VD); It != S.Vars.end() && It->second[0])
      return It->second[0];
    auto It = S.Bounds.find(VD);
    return It == S.Bounds.end() ? Value() : Value(It->second);
  };
  llvm::SmallVector<const VarDecl *, 16> Locals;
  for (const auto &KV : T->Vars)
    Locals.push_back(KV.first);
  for (const auto &KV : T->Bounds)
    Locals.push_back(KV.first);
  for (const VarDecl *VD : Locals) {
    if (Vars.count(VD) || Bounds.count(VD))
      continue;
    Value A = BoundIn(*T, VD), B = BoundIn(*E, VD);
    if (A && B)
      Bounds[VD] = std::max(*A, *B);
  }
  // Facts from before the `if` that both branches keep.
  for (const Fact &F : T->Facts)
    for (const Fact &G : E->Facts)
      if (F.E == G.E) {
        Facts.push_back(F);
        Facts.back().Bound = std::max(F.Bound, G.Bound);
        break;
      }
  return true;
}

void HostValues::unbound(const VarDecl *VD) {
  Bounds.erase(VD);
  llvm::erase_if(Facts, [&](const Fact &F) { return llvm::is_contained(F.Reads, VD); });
}

bool HostValues::pureExpr(const Expr *E, llvm::SmallVectorImpl<const VarDecl *> &Reads) const {
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isIntegralOrEnumerationType())
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (VD && tracked(VD)) {
      Reads.push_back(VD);
      return true;
    }
    return E->isIntegerConstantExpr(Ctx);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() && pureExpr(B->getLHS(), Reads) &&
           pureExpr(B->getRHS(), Reads);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not || U->getOpcode() == UO_LNot) &&
           pureExpr(U->getSubExpr(), Reads);
  return E->isIntegerConstantExpr(Ctx);
}

bool HostValues::sameValue(const Expr *A, const Expr *B) const {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (A->getType().getCanonicalType() != B->getType().getCanonicalType())
    return false;
  const auto *RA = dyn_cast<DeclRefExpr>(A), *RB = dyn_cast<DeclRefExpr>(B);
  if (RA && RB && RA->getDecl() == RB->getDecl() && isa<VarDecl>(RA->getDecl()) &&
      tracked(cast<VarDecl>(RA->getDecl())))
    return true;
  if (A->isIntegerConstantExpr(Ctx) && B->isIntegerConstantExpr(Ctx)) {
    Value VA = eval(A), VB = eval(B);
    return VA && VB && *VA == *VB;
  }
  if (const auto *BA = dyn_cast<BinaryOperator>(A)) {
    const auto *BB = dyn_cast<BinaryOperator>(B);
    return BB && BA->getOpcode() == BB->getOpcode() && !BA->isAssignmentOp() &&
           !BA->isCommaOp() && sameValue(BA->getLHS(), BB->getLHS()) &&
           sameValue(BA->getRHS(), BB->getRHS());
  }
  if (const auto *UA = dyn_cast<UnaryOperator>(A)) {
    const auto *UB = dyn_cast<UnaryOperator>(B);
    return UB && UA->getOpcode() == UB->getOpcode() && !UA->isIncrementDecrementOp() &&
           UA->getOpcode() != UO_AddrOf && UA->getOpcode() != UO_Deref &&
           sameValue(UA->getSubExpr(), UB->getSubExpr());
  }
  return false;
}

std::optional<int64_t> HostValues::factBound(const Expr *E) const {
  Value Best;
  // (A conversion left, narrowing, keeps no bound of what it converts.)
  E = boundKept(E, Ctx);
  if (isa<ImplicitCastExpr>(E))
    return std::nullopt;
  for (const Fact &F : Facts)
    if (sameValue(F.E, E))
      Best = Best ? std::min(*Best, F.Bound) : F.Bound;
  return Best;
}

std::optional<int64_t> HostValues::compoundBound(const CompoundAssignOperator *CA) const {
  QualType T = CA->getLHS()->getType().getCanonicalType();
  // The value is computed in the computation type and converted back: only
  // where that is the variable's own type is a bound of it one of the value.
  if (!T->isIntegralOrEnumerationType() ||
      CA->getComputationResultType().getCanonicalType() != T ||
      CA->getComputationLHSType().getCanonicalType() != T)
    return std::nullopt;
  BinaryOperatorKind Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
  Value Best = binaryBound(Op, CA->getLHS(), CA->getRHS());
  for (const Fact &F : Facts) {
    const auto *B = dyn_cast<BinaryOperator>(F.E->IgnoreParenImpCasts());
    if (B && B->getOpcode() == Op && B->getType().getCanonicalType() == T &&
        sameValue(B->getLHS(), CA->getLHS()) && sameValue(B->getRHS(), CA->getRHS()))
      Best = Best ? std::min(*Best, F.Bound) : F.Bound;
  }
  return Best;
}

void HostValues::addBound(const Expr *X, int64_t Bound) {
  X = boundKept(X, Ctx);
  if (isa<ImplicitCastExpr>(X) || !X->getType()->isIntegralOrEnumerationType() ||
      X->getType()->isBooleanType())
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(X)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD || !tracked(VD) || isDim3(VD->getType()) || Vars.count(VD) || Escaped.contains(VD))
      return;
    auto [It, New] = Bounds.try_emplace(VD, Bound);
    if (!New)
      It->second = std::min(It->second, Bound);
    return;
  }
  Fact F{X, Bound, {}};
  if (pureExpr(X, F.Reads) && !F.Reads.empty() &&
      llvm::none_of(F.Reads, [&](const VarDecl *R) { return Escaped.contains(R); }))
    Facts.push_back(std::move(F));
}

void HostValues::refineCompare(const Expr *Cond, bool Truth) {
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B || !B->isComparisonOp())
    return;
  for (bool Swap : {false, true}) {
    const Expr *X = Swap ? B->getRHS() : B->getLHS();
    const Expr *Other = Swap ? B->getLHS() : B->getRHS();
    BinaryOperatorKind Rel = holds(B->getOpcode(), Truth, Swap);
    if (Rel != BO_LT && Rel != BO_LE && Rel != BO_EQ)
      continue;
    // (A negative bound of an operand compared as unsigned bounds nothing.)
    Value K = upperBound(Other);
    if (!K || (Rel == BO_LT && *K == std::numeric_limits<int64_t>::min()) ||
        (*K < 0 && Other->getType()->isUnsignedIntegerOrEnumerationType()))
      continue;
    addBound(X, Rel == BO_LT ? *K - 1 : *K);
  }
}

void HostValues::refine(const Expr *Cond, bool Truth) {
  if (!Cond || Cond->isValueDependent() || Cond->isTypeDependent() ||
      Cond->HasSideEffects(Ctx))
    return;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond); U && U->getOpcode() == UO_LNot)
    return refine(U->getSubExpr(), !Truth);
  if (const auto *B = dyn_cast<BinaryOperator>(Cond)) {
    // `a && b` true: both are; `a || b` false: neither is.
    if ((B->getOpcode() == BO_LAnd && Truth) || (B->getOpcode() == BO_LOr && !Truth)) {
      refine(B->getLHS(), Truth);
      refine(B->getRHS(), Truth);
      return;
    }
    if (B->isComparisonOp())
      refineCompare(B, Truth);
  }
}

void HostValues::refineLoopExit(const Stmt *Loop) {
  const Expr *Cond = nullptr;
  const Stmt *Body = nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
    if (W->getConditionVariable())
      return;
    Cond = W->getCond();
    Body = W->getBody();
  } else if (const auto *F = dyn_cast<ForStmt>(Loop)) {
    if (F->getConditionVariable())
      return;
    Cond = F->getCond();
    Body = F->getBody();
  } else if (const auto *D = dyn_cast<DoStmt>(Loop)) {
    Cond = D->getCond();
    Body = D->getBody();
  }
  // Left by its condition only: false at the exit.
  if (Cond && !breaksOut(Body, /*Continues=*/false))
    refine(Cond, false);
}

} // namespace warplint
