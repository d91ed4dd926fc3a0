//===- HostValuesFlow.cpp - The host code's data flow up to a launch ------===//
//
// HostValues' walk over the launching function: which statements run before
// the launch, exactly or perhaps (frontend/launch/HostValues.h says what is
// followed). The evaluation of expressions is in HostValues.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/launch/HostValues.h"
#include "frontend/launch/HostJumps.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace warplint {

namespace {

using Value = std::optional<int64_t>;

/// cudaMalloc(&p, bytes) and cudaMallocManaged(&p, bytes[, flags]).
bool isDeviceMalloc(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() && CE->getNumArgs() >= 2 &&
         (FD->getName() == "cudaMalloc" || FD->getName() == "cudaMallocManaged");
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

bool breaksOut(const Stmt *S, bool Continues) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt, LambdaExpr>(S))
    return false;
  if (isa<BreakStmt>(S) || (Continues && isa<ContinueStmt>(S)))
    return true;
  for (const Stmt *C : S->children())
    if (breaksOut(C, Continues))
      return true;
  return false;
}

HostValues::HostValues(ASTContext &Ctx, const Stmt *Body, const Stmt *Launch, bool Flow,
                       const HostInputs &Inputs)
    : Ctx(Ctx), In(Inputs) {
  llvm::SmallVector<const Stmt *, 16> Path;
  if (!Body || !Flow || !findPath(Body, Launch, Path))
    return;
  std::reverse(Path.begin(), Path.end());
  // A launch in a lambda: the lambda's body is the function followed; what
  // it captures is unknown.
  bool InLambda = false;
  for (size_t I = Path.size(); I-- > 0;)
    if (const auto *L = dyn_cast<LambdaExpr>(Path[I])) {
      if (I + 1 >= Path.size() || Path[I + 1] != L->getBody())
        return;
      Path.erase(Path.begin(), Path.begin() + I + 1);
      InLambda = true;
      break;
    }
  if (hasGoto(Path.front()))
    return;
  if (!InLambda) {
    for (const auto &[P, V] : In.Params)
      Vars[P] = Fields{V, std::nullopt, std::nullopt};
    for (const auto &[P, Bytes] : In.ParamBuffers)
      Buffers[P] = Bytes;
    if (In.Function)
      for (const ParmVarDecl *P : In.Function->parameters())
        bindNamed(P);
  }
  runTo(Path);
}

void HostValues::bindNamed(const VarDecl *VD) {
  if (!In.Named || !VD->getIdentifier() || !tracked(VD) ||
      !VD->getType()->isIntegralOrEnumerationType())
    return;
  auto It = In.Named->find(VD->getName().str());
  if (It == In.Named->end())
    return;
  Vars[VD] = Fields{convert(It->second, VD->getType()), std::nullopt, std::nullopt};
  NamedUsed.insert(It->first);
}

void HostValues::set(Target T, Value V) {
  if (!T.Var)
    return;
  Buffers.erase(T.Var);
  unbound(T.Var);
  if (Escaped.contains(T.Var))
    V.reset();
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
    unbound(T.Var);
    Buffers.erase(T.Var);
  }
}

void HostValues::escape(const VarDecl *VD) {
  Vars.erase(VD);
  Buffers.erase(VD);
  unbound(VD);
  Escaped.insert(VD);
}

void HostValues::escape(const Expr *E) {
  if (Target T = targetOf(E); T.Var)
    escape(T.Var);
}

void HostValues::declare(const VarDecl *VD, bool Exact) {
  const Expr *Init = VD->getInit();
  if (Init)
    exec(Init, Exact);
  QualType T = VD->getType();
  if (Init && T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
    escape(Init);
  if (!tracked(VD))
    return;
  Vars.erase(VD);
  Buffers.erase(VD);
  unbound(VD);
  if (!Exact || !Init)
    return;
  if (isDim3(T)) {
    if (std::optional<Fields> F = fieldsOf(Init))
      Vars[VD] = *F;
  } else if (!T->isPointerType()) {
    set(Target{VD, -1}, convert(eval(Init), T));
    setBound(Target{VD, -1}, Init);
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
      if (Cond)
        walk(*Cond ? If->getThen() : If->getElse(), true);
      else
        walkUnknownIf(If);
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
  // unknown afterwards (a loop's exit condition still holds).
  for (const Stmt *C : S->children())
    walk(C, false);
  if (Exact && isa<WhileStmt, ForStmt, DoStmt>(S))
    refineLoopExit(S);
}

namespace {
/// A return, throw or goto in S (not in a lambda of it).
bool returnsOrThrows(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt, CXXThrowExpr, GotoStmt, IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (returnsOrThrows(C))
      return true;
  return false;
}

/// A jump that leaves S: a return, a throw, a goto, or a break or continue.
bool jumpsOut(const Stmt *S) { return returnsOrThrows(S) || breaksOut(S); }
} // namespace

bool HostValues::assignsTracked(const Stmt *S) const {
  if (!S || isa<LambdaExpr>(S))
    return false;
  const Expr *Written = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Written = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    Written = U->getSubExpr();
  else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
           Op && Op->isAssignmentOp() && Op->getNumArgs() > 0)
    Written = Op->getArg(0);
  if (Written)
    if (Target T = targetOf(Written); T.Var && tracked(T.Var))
      return true;
  for (const Stmt *C : S->children())
    if (assignsTracked(C))
      return true;
  return false;
}

void HostValues::walkUnknownIf(const IfStmt *If) {
  if (!If->isConsteval()) {
    if (auto It = In.BranchPicks.find(If); It != In.BranchPicks.end()) {
      std::string Cond = text(If->getCond());
      Choices.push_back(It->second ? Cond : "!(" + Cond + ")");
      BranchChoices.insert(Choices.back());
      refine(If->getCond(), It->second);
      walk(It->second ? If->getThen() : If->getElse(), true);
      return;
    }
    if (!PendingIf && In.BranchPicks.size() < MaxBranchPicks && !jumpsOut(If->getThen()) &&
        !jumpsOut(If->getElse()) &&
        (assignsTracked(If->getThen()) || assignsTracked(If->getElse())))
      PendingIf = If;
  }
  if (!joinBranches(If)) {
    walk(If->getThen(), false);
    walk(If->getElse(), false);
  }
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
      return set(T, Old ? convert(*Old + (U->isIncrementOp() ? 1 : -1), Ty) : Value());
    }
    if (U->getOpcode() == UO_AddrOf) {
      exec(U->getSubExpr(), Exact);
      return escape(U->getSubExpr());
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
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          escape(VD);
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
  Value V, Bound;
  // The bound before the write drops the facts about the old value.
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(B)) {
    V = compound(CA, eval(L), eval(B->getRHS()));
    Bound = compoundBound(CA);
  } else {
    V = eval(B->getRHS());
    Bound = upperBound(B->getRHS());
  }
  set(T, convert(V, L->getType()));
  if (Bound && boundable(T))
    Bounds[T.Var] = *Bound;
}

bool HostValues::execCall(const Expr *E, bool Exact) {
  // b = dim3(...), b = other: the whole dim3.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
    Target T = targetOf(Op->getArg(0));
    if (T.Var && T.Field < 0 && isDim3(T.Var->getType())) {
      exec(Op->getArg(1), Exact);
      std::optional<Fields> F = Exact ? fieldsOf(Op->getArg(1)) : std::nullopt;
      if (F && !Escaped.contains(T.Var))
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

unsigned HostValues::lineOf(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getExpansionLineNumber(S->getBeginLoc());
}

/// The constant values of a range-for's list: `{32, 64, 128}` or a const
/// array initialised with one; none for any other range.
std::optional<std::vector<int64_t>> HostValues::constantList(const Expr *Range,
                                                             QualType T) const {
  const Expr *E = Range;
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(E))
      E = L->getSubExpr();
    else
      break;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->getType()->isConstantArrayType() && VD->getType().isConstQualified() &&
        VD->getInit())
      E = VD->getInit()->IgnoreParenImpCasts();
  const auto *Init = dyn_cast<InitListExpr>(E);
  if (!Init || Init->getNumInits() == 0 || Init->getNumInits() > 64)
    return std::nullopt;
  std::vector<int64_t> Out;
  for (const Expr *V : Init->inits()) {
    Value X = convert(eval(V), T);
    if (!X)
      return std::nullopt;
    Out.push_back(*X);
  }
  return Out;
}

void HostValues::runRangeFor(llvm::ArrayRef<const Stmt *> Path) {
  const auto *RF = cast<CXXForRangeStmt>(Path.front());
  walk(RF, false);
  const VarDecl *V = RF->getLoopVariable();
  if (Path.size() < 2 || Path[1] != RF->getBody() || !V)
    return;
  LoopVars[V] = lineOf(RF);
  if (auto It = In.LoopValues.find(V); It != In.LoopValues.end() && tracked(V)) {
    set(Target{V, -1}, convert(It->second, V->getType()));
    Choices.push_back(V->getName().str() + " = " + std::to_string(It->second));
  } else if (std::optional<std::vector<int64_t>> List = constantList(RF->getRangeInit(), V->getType());
             List && tracked(V) && !(In.Named && In.Named->count(V->getName().str()))) {
    if (!Pending)
      Pending = ListLoop{V, *List};
  } else {
    bindNamed(V);
  }
  runTo(Path.drop_front());
}

namespace {
/// S without the case labels in front of it.
const Stmt *unlabeled(const Stmt *S, llvm::SmallVectorImpl<const SwitchCase *> *Labels = nullptr) {
  while (const auto *SC = dyn_cast_or_null<SwitchCase>(S)) {
    if (Labels)
      Labels->push_back(SC);
    S = SC->getSubStmt();
  }
  return S;
}

bool isJump(const Stmt *S) {
  return isa_and_nonnull<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, CXXThrowExpr>(S);
}
} // namespace

void HostValues::runSwitch(llvm::ArrayRef<const Stmt *> Path) {
  const auto *Sw = cast<SwitchStmt>(Path.front());
  const auto *Body = dyn_cast<CompoundStmt>(Sw->getBody());
  if (Path.size() < 3 || Path[1] != Sw->getBody() || !Body)
    return walk(Sw, false);
  walk(Sw->getInit(), true);
  if (const VarDecl *CV = Sw->getConditionVariable())
    declare(CV, true);
  exec(Sw->getCond(), true);
  Value Cond = eval(Sw->getCond());
  llvm::SmallVector<const Stmt *, 32> Stmts(Body->body().begin(), Body->body().end());
  size_t I = llvm::find(Stmts, Path[2]) - Stmts.begin();
  // The statement the switch jumps to, for a known value; the label nearest
  // above the launch otherwise.
  std::optional<size_t> Start, Matched, Default;
  for (size_t K = 0; K < Stmts.size(); ++K) {
    llvm::SmallVector<const SwitchCase *, 4> Labels;
    unlabeled(Stmts[K], &Labels);
    if (!Labels.empty() && K <= I)
      Start = K;
    for (const SwitchCase *SC : Labels) {
      if (isa<DefaultStmt>(SC)) {
        Default = K;
        continue;
      }
      const auto *C = cast<CaseStmt>(SC);
      Value Lo = eval(C->getLHS()), Hi = C->getRHS() ? eval(C->getRHS()) : Lo;
      if (Cond && Lo && Hi && *Cond >= *Lo && *Cond <= *Hi && !Matched)
        Matched = K;
    }
  }
  if (Cond) {
    Start = Matched ? Matched : Default;
    // Reached from there only by falling through to the launch.
    if (Start && *Start > I)
      Start.reset();
  }
  if (!Start || I >= Stmts.size()) {
    Reachable = false;
    return;
  }
  llvm::SmallVector<const SwitchCase *, 4> Labels;
  unlabeled(Stmts[*Start], &Labels);
  if (!Cond) {
    std::string Name;
    for (const SwitchCase *SC : Labels)
      Name += (Name.empty() ? "" : ", ") +
              (isa<DefaultStmt>(SC) ? std::string("default")
                                    : "case " + text(cast<CaseStmt>(SC)->getLHS()));
    Choices.push_back(Name);
    // Entered at its label (not by falling through): the value is the case's.
    bool Entered = *Start == 0 || isJump(unlabeled(Stmts[*Start - 1]));
    if (Entered && Labels.size() == 1 && isa<CaseStmt>(Labels[0]) &&
        !cast<CaseStmt>(Labels[0])->getRHS()) {
      Target T = targetOf(Sw->getCond()->IgnoreParenImpCasts());
      if (T.Var && T.Field < 0 && !Sw->getConditionVariable())
        set(T, convert(eval(cast<CaseStmt>(Labels[0])->getLHS()),
                       Sw->getCond()->IgnoreParenImpCasts()->getType()));
    } else if (!Entered) {
      for (size_t K = 0; K < *Start; ++K)
        walk(unlabeled(Stmts[K]), false);
    }
  }
  for (size_t K = *Start; K < I; ++K) {
    const Stmt *S = unlabeled(Stmts[K]);
    if (isJump(S)) {
      Reachable = false;
      return;
    }
    walk(S, true);
  }
  runTo(Path.drop_front(2));
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
    bool Then = Next == If->getThen();
    if (Value Cond = If->isConsteval() ? Value() : eval(If->getCond())) {
      if ((*Cond != 0) != Then) {
        Reachable = false;
        return;
      }
    } else if (!If->isConsteval()) {
      std::string Cond = text(If->getCond());
      Choices.push_back(Then ? Cond : "!(" + Cond + ")");
      refine(If->getCond(), Then);
    }
    return runTo(Path.drop_front());
  }
  if (isa<SwitchStmt>(S))
    return runSwitch(Path);
  if (isa<CXXForRangeStmt>(S))
    return runRangeFor(Path);
  // A loop that holds the launch: what it writes may come from an earlier
  // iteration; the body's straight-line code up to the launch still counts.
  const Stmt *Body = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    walk(For->getInit(), true);
    walk(For->getCond(), false);
    walk(For->getInc(), false);
    Body = For->getBody();
    walk(Body, false);
    // Its variables take a value per iteration: --arg may pick one.
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          LoopVars[VD] = lineOf(For);
          bindNamed(VD);
        }
  } else if (isa<WhileStmt, DoStmt>(S)) {
    walk(S, false);
    if (const auto *W = dyn_cast<WhileStmt>(S))
      Body = W->getBody();
    else
      Body = cast<DoStmt>(S)->getBody();
  } else if (const auto *A = dyn_cast<AttributedStmt>(S)) {
    Body = A->getSubStmt();
  } else if (const auto *SC = dyn_cast<SwitchCase>(S)) {
    Body = SC->getSubStmt();
  }
  if (Body && Next == Body)
    return runTo(Path.drop_front());
  // The launch inside an expression or a statement not followed (a switch,
  // a loop's condition): what that writes is unknown.
  walk(S, false);
}

} // namespace warplint
