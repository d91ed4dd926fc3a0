//===- HostValues.cpp - Host values at a kernel launch --------------------===//
#include "frontend/launch/HostValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <limits>

using namespace clang;

namespace warplint {

namespace {

using Value = std::optional<int64_t>;

bool isDim3(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

/// V converted to the integer type T: truncated to its width, sign- or
/// zero-extended; none when T is no integer or V does not fit 64 bits.
Value fit(const ASTContext &Ctx, Value V, QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (!V || !T->isIntegralOrEnumerationType())
    return std::nullopt;
  if (T->isBooleanType())
    return *V != 0;
  unsigned W = Ctx.getIntWidth(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  if (W >= 64)
    return !Signed && *V < 0 ? Value() : V;
  uint64_t Mask = (uint64_t(1) << W) - 1, U = uint64_t(*V) & Mask;
  if (Signed && (U >> (W - 1)))
    return int64_t(U | ~Mask);
  return int64_t(U);
}

/// A op B for the operands of a binary operator, in 64 bits; none on
/// overflow, division by zero or a shift out of range. Width is that of the
/// left operand's type (for shifts).
Value arith(BinaryOperatorKind Op, int64_t A, int64_t B, unsigned Width) {
  int64_t R;
  switch (Op) {
  case BO_Add:
    return __builtin_add_overflow(A, B, &R) ? Value() : R;
  case BO_Sub:
    return __builtin_sub_overflow(A, B, &R) ? Value() : R;
  case BO_Mul:
    return __builtin_mul_overflow(A, B, &R) ? Value() : R;
  case BO_Div:
  case BO_Rem:
    if (B == 0 || (A == std::numeric_limits<int64_t>::min() && B == -1))
      return std::nullopt;
    return Op == BO_Div ? A / B : A % B;
  case BO_Shl:
    if (B < 0 || B >= Width || A < 0 || (B > 0 && A > (std::numeric_limits<int64_t>::max() >> B)))
      return std::nullopt;
    return A << B;
  case BO_Shr:
    if (B < 0 || B >= Width)
      return std::nullopt;
    return A >> B;
  case BO_And:
    return A & B;
  case BO_Or:
    return A | B;
  case BO_Xor:
    return A ^ B;
  case BO_LT:
    return A < B;
  case BO_GT:
    return A > B;
  case BO_LE:
    return A <= B;
  case BO_GE:
    return A >= B;
  case BO_EQ:
    return A == B;
  case BO_NE:
    return A != B;
  default:
    return std::nullopt;
  }
}

/// std::min, std::max (or ::min, ::max) of two arguments.
bool isMinMax(const CallExpr *CE, bool &IsMin) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || CE->getNumArgs() != 2 || !FD->getIdentifier())
    return false;
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return false;
  IsMin = FD->getName() == "min";
  return IsMin || FD->getName() == "max";
}

/// cudaMalloc(&p, bytes) and cudaMallocManaged(&p, bytes[, flags]).
bool isDeviceMalloc(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() && CE->getNumArgs() >= 2 &&
         (FD->getName() == "cudaMalloc" || FD->getName() == "cudaMallocManaged");
}

/// A break or continue in S that leaves the statement S is part of.
bool breaksOut(const Stmt *S) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt, LambdaExpr>(S))
    return false;
  if (isa<BreakStmt, ContinueStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (breaksOut(C))
      return true;
  return false;
}

bool hasGoto(const Stmt *S) {
  if (!S)
    return false;
  if (isa<GotoStmt, IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasGoto(C))
      return true;
  return false;
}

/// The statements from S down to Target (S first), Target last.
bool findPath(const Stmt *S, const Stmt *Target, llvm::SmallVectorImpl<const Stmt *> &Path) {
  if (!S)
    return false;
  if (S == Target) {
    Path.push_back(S);
    return true;
  }
  for (const Stmt *C : S->children())
    if (findPath(C, Target, Path)) {
      Path.push_back(S);
      return true;
    }
  return false;
}

} // namespace

HostValues::HostValues(ASTContext &Ctx, const Stmt *Body, const Stmt *Launch, bool Flow)
    : Ctx(Ctx) {
  llvm::SmallVector<const Stmt *, 16> Path;
  if (!Body || !Flow || !findPath(Body, Launch, Path))
    return;
  std::reverse(Path.begin(), Path.end());
  // A launch in a lambda: the lambda's body is the function followed; what
  // it captures is unknown.
  for (size_t I = Path.size(); I-- > 0;)
    if (const auto *L = dyn_cast<LambdaExpr>(Path[I])) {
      if (I + 1 >= Path.size() || Path[I + 1] != L->getBody())
        return;
      Path.erase(Path.begin(), Path.begin() + I + 1);
      break;
    }
  if (!hasGoto(Path.front()))
    runTo(Path);
}

//===--- Evaluation -------------------------------------------------------===//

bool HostValues::tracked(const VarDecl *VD) const {
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
    return false;
  QualType T = VD->getType();
  return !T->isReferenceType() &&
         (T->isIntegralOrEnumerationType() || T->isPointerType() || isDim3(T));
}

HostValues::Target HostValues::targetOf(const Expr *E) const {
  E = E->IgnoreParenNoopCasts(Ctx);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    return tracked(VD) ? Target{VD, -1} : Target();
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *Ref = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (M->isArrow() || !tracked(VD) || !isDim3(VD->getType()))
      return Target();
    StringRef Name = M->getMemberDecl()->getName();
    int Field = Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : -1;
    return Target{VD, Field};
  }
  return Target();
}

Value HostValues::eval(const Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  QualType T = E->getType();
  if (!T->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->isPRValue() && E->EvaluateAsInt(R, Ctx)) {
    const llvm::APSInt &I = R.Val.getInt();
    if (I.getSignificantBits() > 64 || (I.isUnsigned() && I.getActiveBits() > 63))
      return std::nullopt;
    return I.getExtValue();
  }
  return fit(Ctx, evalOwn(E), T);
}

Value HostValues::evalOwn(const Expr *E) const {
  E = E->IgnoreParens();
  if (const auto *F = dyn_cast<FullExpr>(E))
    return eval(F->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(M->getSubExpr());
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(D->getExpr());
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(S->getReplacement());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_IntegralToBoolean:
      return fit(Ctx, eval(C->getSubExpr()), C->getType());
    default:
      return std::nullopt;
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (tracked(VD)) {
      auto It = Vars.find(VD);
      return It == Vars.end() ? Value() : It->second[0];
    }
    // A const or constexpr variable of the file, initialised with a constant.
    if (VD && VD->isUsableInConstantExpressions(Ctx))
      if (const APValue *V = VD->evaluateValue();
          V && V->isInt() && V->getInt().getSignificantBits() <= 64)
        return fit(Ctx, V->getInt().getExtValue(), VD->getType());
    return std::nullopt;
  }
  if (isa<MemberExpr>(E)) {
    Target T = targetOf(E);
    auto It = T.Var && T.Field >= 0 ? Vars.find(T.Var) : Vars.end();
    return It == Vars.end() ? Value() : It->second[T.Field];
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp())
      return std::nullopt;
    if (B->getOpcode() == BO_Comma)
      return eval(B->getRHS());
    Value L = eval(B->getLHS());
    if (B->isLogicalOp()) {
      bool IsAnd = B->getOpcode() == BO_LAnd;
      if (L && (*L != 0) != IsAnd) // false && ..., true || ...
        return !IsAnd;
      Value R = eval(B->getRHS());
      if (!L || !R)
        return std::nullopt;
      return IsAnd ? (*L && *R) : (*L || *R);
    }
    Value R = eval(B->getRHS());
    if (!L || !R)
      return std::nullopt;
    return arith(B->getOpcode(), *L, *R, Ctx.getIntWidth(B->getLHS()->getType()));
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    Value V = eval(U->getSubExpr());
    if (!V)
      return std::nullopt;
    switch (U->getOpcode()) {
    case UO_Plus:
      return V;
    case UO_Minus:
      return *V == std::numeric_limits<int64_t>::min() ? Value() : -*V;
    case UO_Not:
      return ~*V;
    case UO_LNot:
      return *V == 0;
    default:
      return std::nullopt;
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    if (Value Cond = eval(C->getCond()))
      return eval(*Cond ? C->getTrueExpr() : C->getFalseExpr());
    Value A = eval(C->getTrueExpr()), B = eval(C->getFalseExpr());
    return A && B && *A == *B ? A : Value();
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    bool IsMin;
    if (!isMinMax(CE, IsMin))
      return std::nullopt;
    Value A = eval(CE->getArg(0)), B = eval(CE->getArg(1));
    if (!A || !B)
      return std::nullopt;
    return IsMin ? std::min(*A, *B) : std::max(*A, *B);
  }
  return std::nullopt;
}

std::optional<HostValues::Fields> HostValues::fieldsOf(const Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->getType()->isIntegralOrEnumerationType())
    return Fields{eval(E), 1, 1};
  if (const auto *F = dyn_cast<FullExpr>(E))
    return fieldsOf(F->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return fieldsOf(M->getSubExpr());
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return fieldsOf(B->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_NoOp:
    case CK_ConstructorConversion:
    case CK_LValueToRValue:
      return fieldsOf(C->getSubExpr());
    default:
      return std::nullopt;
    }
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of another dim3, or dim3(x, y, z) with its default arguments.
    if (C->getNumArgs() == 1 && !C->getArg(0)->getType()->isIntegralOrEnumerationType())
      return fieldsOf(C->getArg(0));
    if (C->getNumArgs() != 3 || !isDim3(C->getType()))
      return std::nullopt;
    return Fields{eval(C->getArg(0)), eval(C->getArg(1)), eval(C->getArg(2))};
  }
  if (isa<DeclRefExpr>(E)) {
    Target T = targetOf(E);
    if (!T.Var || !isDim3(T.Var->getType()))
      return std::nullopt;
    auto It = Vars.find(T.Var);
    return It == Vars.end() ? Fields() : It->second;
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    if (Init->getNumInits() > 3)
      return std::nullopt;
    Fields F = {1, 1, 1};
    for (unsigned I = 0; I < Init->getNumInits(); ++I)
      F[I] = eval(Init->getInit(I));
    return F;
  }
  return std::nullopt;
}

std::optional<int64_t> HostValues::evalInt(const Expr *E) const { return eval(E); }

std::optional<std::array<uint64_t, 3>> HostValues::evalDim3(const Expr *E) const {
  std::optional<Fields> F = fieldsOf(E);
  if (!F)
    return std::nullopt;
  std::array<uint64_t, 3> D;
  for (unsigned I = 0; I < 3; ++I) {
    if (!(*F)[I] || *(*F)[I] < 0)
      return std::nullopt;
    D[I] = uint64_t(*(*F)[I]);
  }
  return D;
}

std::optional<uint64_t> HostValues::bufferBytes(const Expr *E) const {
  Target T = targetOf(E->IgnoreParenImpCasts());
  auto It = T.Var && T.Field < 0 ? Buffers.find(T.Var) : Buffers.end();
  return It == Buffers.end() ? std::optional<uint64_t>() : It->second;
}

//===--- The data flow ----------------------------------------------------===//

void HostValues::set(Target T, Value V) {
  if (!T.Var)
    return;
  Buffers.erase(T.Var);
  if (T.Field < 0) {
    if (V && !isDim3(T.Var->getType()) && !T.Var->getType()->isPointerType())
      Vars[T.Var] = Fields{V, std::nullopt, std::nullopt};
    else
      Vars.erase(T.Var);
    return;
  }
  // A field of a dim3 nothing knew: the others stay unknown.
  Vars.try_emplace(T.Var, Fields()).first->second[T.Field] = V;
}

void HostValues::forget(const Expr *E) {
  if (Target T = targetOf(E); T.Var) {
    Vars.erase(T.Var);
    Buffers.erase(T.Var);
  }
}

void HostValues::declare(const VarDecl *VD, bool Exact) {
  const Expr *Init = VD->getInit();
  if (Init)
    exec(Init, Exact);
  QualType T = VD->getType();
  if (Init && T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
    forget(Init);
  if (!tracked(VD))
    return;
  Vars.erase(VD);
  Buffers.erase(VD);
  if (!Exact || !Init)
    return;
  if (isDim3(T)) {
    if (std::optional<Fields> F = fieldsOf(Init))
      Vars[VD] = *F;
  } else if (!T->isPointerType()) {
    set(Target{VD, -1}, fit(Ctx, eval(Init), T));
  }
}

void HostValues::walk(const Stmt *S, bool Exact) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    return exec(E, Exact);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        declare(VD, Exact);
    return;
  }
  if (Exact) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        walk(C, true);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit(), true);
      if (const VarDecl *CV = If->getConditionVariable())
        declare(CV, true);
      exec(If->getCond(), true);
      Value Cond = If->isConsteval() ? Value() : eval(If->getCond());
      if (Cond) {
        walk(*Cond ? If->getThen() : If->getElse(), true);
      } else {
        walk(If->getThen(), false);
        walk(If->getElse(), false);
      }
      return;
    }
    if (const auto *Do = dyn_cast<DoStmt>(S)) {
      // do { ... } while (0), as macros write it: runs once.
      Value Cond = eval(Do->getCond());
      if (Cond && *Cond == 0 && !breaksOut(Do->getBody())) {
        walk(Do->getBody(), true);
        exec(Do->getCond(), true);
        return;
      }
    }
    if (const auto *A = dyn_cast<AttributedStmt>(S))
      return walk(A->getSubStmt(), true);
  }
  // A loop, a branch not known to be taken, a switch, ...: what it writes is
  // unknown afterwards.
  for (const Stmt *C : S->children())
    walk(C, false);
}

void HostValues::exec(const Expr *E, bool Exact) {
  if (!E)
    return;
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp())
      return execAssign(B, Exact);
    if (B->isLogicalOp()) {
      exec(B->getLHS(), Exact);
      return exec(B->getRHS(), false);
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp()) {
      exec(U->getSubExpr(), Exact);
      Target T = targetOf(U->getSubExpr());
      if (!T.Var)
        return;
      QualType Ty = U->getSubExpr()->getType();
      Value Old = Exact && !Ty->isPointerType() ? eval(U->getSubExpr()) : Value();
      return set(T, Old ? fit(Ctx, *Old + (U->isIncrementOp() ? 1 : -1), Ty) : Value());
    }
    if (U->getOpcode() == UO_AddrOf) {
      exec(U->getSubExpr(), Exact);
      return forget(U->getSubExpr());
    }
  }
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    exec(C->getCond(), Exact);
    exec(C->getTrueExpr(), false);
    return exec(C->getFalseExpr(), false);
  }
  if (const auto *L = dyn_cast<LambdaExpr>(E)) {
    // Its body runs who knows when: what it captures by reference is unknown.
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
          Vars.erase(VD);
          Buffers.erase(VD);
        }
    for (const Expr *Init : L->capture_inits())
      if (Init)
        exec(Init, Exact);
    return;
  }
  if (isa<UnaryExprOrTypeTraitExpr>(E)) // sizeof: not evaluated.
    return;
  if ((isa<CallExpr>(E) || isa<CXXConstructExpr>(E)) && execCall(E, Exact))
    return;
  for (const Stmt *C : E->children())
    walk(C, Exact);
}

void HostValues::execAssign(const Expr *E, bool Exact) {
  const auto *B = cast<BinaryOperator>(E);
  exec(B->getRHS(), Exact);
  const Expr *L = B->getLHS();
  Target T = targetOf(L);
  if (!T.Var)
    return exec(L, Exact);
  if (!Exact || T.Var->getType()->isPointerType() || (T.Field < 0 && isDim3(T.Var->getType())))
    return set(T, std::nullopt);
  Value V;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(B)) {
    Value Old = fit(Ctx, eval(L), CA->getComputationLHSType());
    Value R = eval(B->getRHS());
    if (Old && R)
      V = fit(Ctx,
              arith(BinaryOperator::getOpForCompoundAssignment(B->getOpcode()), *Old, *R,
                    Ctx.getIntWidth(CA->getComputationLHSType())),
              CA->getComputationResultType());
  } else {
    V = eval(B->getRHS());
  }
  set(T, fit(Ctx, V, L->getType()));
}

bool HostValues::execCall(const Expr *E, bool Exact) {
  // b = dim3(...), b = other: the whole dim3.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
    Target T = targetOf(Op->getArg(0));
    if (T.Var && T.Field < 0 && isDim3(T.Var->getType())) {
      exec(Op->getArg(1), Exact);
      std::optional<Fields> F = Exact ? fieldsOf(Op->getArg(1)) : std::nullopt;
      if (F)
        Vars[T.Var] = *F;
      else
        Vars.erase(T.Var);
      return true;
    }
  }
  // cudaMalloc(&p, bytes): p's buffer.
  if (const auto *CE = dyn_cast<CallExpr>(E); CE && isDeviceMalloc(CE)) {
    const auto *Addr = dyn_cast<UnaryOperator>(CE->getArg(0)->IgnoreParenCasts());
    Target T = Addr && Addr->getOpcode() == UO_AddrOf ? targetOf(Addr->getSubExpr()) : Target();
    if (T.Var && T.Field < 0 && T.Var->getType()->isPointerType()) {
      for (unsigned I = 1; I < CE->getNumArgs(); ++I)
        exec(CE->getArg(I), Exact);
      Vars.erase(T.Var);
      Buffers.erase(T.Var);
      if (Value Bytes = Exact ? eval(CE->getArg(1)) : Value(); Bytes && *Bytes >= 0)
        Buffers[T.Var] = uint64_t(*Bytes);
      return true;
    }
  }
  // Any other call: its arguments run; one bound to a non-const reference,
  // or the object of a non-const method, is unknown afterwards.
  const FunctionDecl *FD = nullptr;
  llvm::ArrayRef<const Expr *> Args;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    FD = CE->getDirectCallee();
    Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    walk(CE->getCallee(), Exact);
  } else {
    const auto *C = cast<CXXConstructExpr>(E);
    FD = C->getConstructor();
    Args = llvm::ArrayRef(C->getArgs(), C->getNumArgs());
  }
  unsigned Skip = 0;
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD); MD && MD->isInstance()) {
    const Expr *Object = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      Object = MC->getImplicitObjectArgument();
    else if (isa<CXXOperatorCallExpr>(E) && !Args.empty()) {
      Object = Args.front();
      Skip = 1;
    }
    if (Object && !MD->isConst())
      forget(Object);
  }
  for (unsigned I = 0; I < Args.size(); ++I) {
    walk(Args[I], Exact);
    if (I < Skip)
      continue;
    unsigned P = I - Skip;
    QualType PT = FD && P < FD->getNumParams() ? FD->getParamDecl(P)->getType() : QualType();
    // (An argument with no parameter, of a C varargs call or a call through
    // a pointer, is passed by value unless it is a glvalue.)
    if (PT.isNull() ? Args[I]->IgnoreParens()->isGLValue()
                    : PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
      forget(Args[I]);
  }
  return true;
}

void HostValues::runTo(llvm::ArrayRef<const Stmt *> Path) {
  const Stmt *S = Path.front();
  if (Path.size() == 1)
    return;
  const Stmt *Next = Path[1];
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body()) {
      if (C == Next)
        return runTo(Path.drop_front());
      walk(C, true);
    }
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S);
      If && (Next == If->getThen() || Next == If->getElse())) {
    walk(If->getInit(), true);
    if (const VarDecl *CV = If->getConditionVariable())
      declare(CV, true);
    exec(If->getCond(), true);
    return runTo(Path.drop_front());
  }
  // A loop that holds the launch: what it writes may come from an earlier
  // iteration; the body's straight-line code up to the launch still counts.
  const Stmt *Body = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    walk(For->getInit(), true);
    walk(For->getCond(), false);
    walk(For->getInc(), false);
    Body = For->getBody();
    walk(Body, false);
  } else if (isa<WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
    walk(S, false);
    if (const auto *W = dyn_cast<WhileStmt>(S))
      Body = W->getBody();
    else if (const auto *D = dyn_cast<DoStmt>(S))
      Body = D->getBody();
    else
      Body = cast<CXXForRangeStmt>(S)->getBody();
  } else if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    Body = A->getSubStmt();
  }
  if (Body && Next == Body)
    return runTo(Path.drop_front());
  // The launch inside an expression or a statement not followed (a switch,
  // a loop's condition): what that writes is unknown.
  walk(S, false);
}

} // namespace warplint
