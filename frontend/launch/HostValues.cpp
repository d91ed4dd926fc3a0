//===- HostValues.cpp - Host values at a kernel launch --------------------===//
//
// The evaluation of the launch's operands over the values the data flow
// (HostValuesFlow.cpp) found.
//
//===----------------------------------------------------------------------===//
#include "frontend/launch/HostValues.h"
#include "frontend/launch/KernelPicker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace clang;

namespace warplint {

namespace {

using Value = std::optional<int64_t>;

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

/// The name of the function CE calls with NumArgs arguments when it is one
/// of the C library's or std's (declared at file scope or in namespace std);
/// empty otherwise.
StringRef libraryCallee(const CallExpr *CE, unsigned NumArgs) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || CE->getNumArgs() != NumArgs || !FD->getIdentifier())
    return "";
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return "";
  return FD->getName();
}

/// std::min, std::max (or ::min, ::max) of two arguments.
bool isMinMax(const CallExpr *CE, bool &IsMin) {
  StringRef Name = libraryCallee(CE, 2);
  IsMin = Name == "min";
  return IsMin || Name == "max";
}

/// ceil, floor, trunc or round of one argument (and their float forms,
/// ::ceilf or std::ceil): the rounding grids are written with
/// (`(size_t)ceil((float)n / block.x)`); none for another call.
std::optional<double (*)(double)> roundingCall(const CallExpr *CE) {
  StringRef Name = libraryCallee(CE, 1);
  Name.consume_back("f");
  if (Name == "ceil")
    return static_cast<double (*)(double)>(std::ceil);
  if (Name == "floor")
    return static_cast<double (*)(double)>(std::floor);
  if (Name == "trunc")
    return static_cast<double (*)(double)>(std::trunc);
  if (Name == "round")
    return static_cast<double (*)(double)>(std::round);
  return std::nullopt;
}

/// V rounded to the floating type T as the host computes it: to float where
/// T is float, else kept in double; none for a value that is not finite.
std::optional<double> toReal(std::optional<double> V, QualType T) {
  if (!V || !std::isfinite(*V))
    return std::nullopt;
  if (const auto *B = T.getCanonicalType()->getAs<BuiltinType>();
      B && B->getKind() == BuiltinType::Float)
    return double(float(*V));
  return V;
}

} // namespace

//===--- Evaluation -------------------------------------------------------===//

bool HostValues::isDim3(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

Value HostValues::convert(Value V, QualType T) const { return fit(Ctx, V, T); }

Value HostValues::compound(const CompoundAssignOperator *CA, Value Old, Value R) const {
  Old = fit(Ctx, Old, CA->getComputationLHSType());
  if (!Old || !R)
    return std::nullopt;
  return fit(Ctx,
             arith(BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()), *Old, *R,
                   Ctx.getIntWidth(CA->getComputationLHSType())),
             CA->getComputationResultType());
}

bool HostValues::tracked(const VarDecl *VD) const {
  // Parameters too: a call in the file, or --arg, may give them (HostInputs).
  if (!VD || !VD->hasLocalStorage())
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
    case CK_FloatingToIntegral: {
      // Truncated toward zero, as C converts; none outside 64 bits.
      std::optional<double> R = evalReal(C->getSubExpr());
      if (!R || std::fabs(*R) >= 9.0e18)
        return std::nullopt;
      return fit(Ctx, int64_t(std::trunc(*R)), C->getType());
    }
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
      // (An unknown side does not matter when the other decides: the value
      // of `n > 0 && 0` is false.)
      Value R = eval(B->getRHS());
      if (R && (*R != 0) != IsAnd)
        return !IsAnd;
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

std::optional<double> HostValues::evalReal(const Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  QualType T = E->getType();
  if (T->isIntegralOrEnumerationType()) {
    Value V = eval(E);
    return V ? std::optional<double>(double(*V)) : std::nullopt;
  }
  if (!T->isRealFloatingType())
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *L = dyn_cast<FloatingLiteral>(E))
    return toReal(L->getValueAsApproximateDouble(), T);
  if (const auto *F = dyn_cast<FullExpr>(E))
    return evalReal(F->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_NoOp:
    case CK_LValueToRValue:
      return toReal(evalReal(C->getSubExpr()), T);
    default:
      return std::nullopt;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<double> L = evalReal(B->getLHS()), R = evalReal(B->getRHS());
    if (!L || !R)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add:
      return toReal(*L + *R, T);
    case BO_Sub:
      return toReal(*L - *R, T);
    case BO_Mul:
      return toReal(*L * *R, T);
    case BO_Div:
      return *R == 0 ? std::nullopt : toReal(*L / *R, T);
    default:
      return std::nullopt;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<double> V = evalReal(U->getSubExpr());
    if (!V || (U->getOpcode() != UO_Plus && U->getOpcode() != UO_Minus))
      return std::nullopt;
    return U->getOpcode() == UO_Minus ? -*V : *V;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    Value Cond = eval(C->getCond());
    return Cond ? evalReal(*Cond ? C->getTrueExpr() : C->getFalseExpr()) : std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (auto Round = roundingCall(CE))
      return toReal((*Round)(evalReal(CE->getArg(0)).value_or(NAN)), T);
  return std::nullopt;
}

std::optional<HostValues::Fields> HostValues::fieldsOf(const Expr *E, FieldEval Of) const {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->getType()->isIntegralOrEnumerationType())
    return Fields{(this->*Of)(E), 1, 1};
  if (const auto *F = dyn_cast<FullExpr>(E))
    return fieldsOf(F->getSubExpr(), Of);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return fieldsOf(M->getSubExpr(), Of);
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return fieldsOf(B->getSubExpr(), Of);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_NoOp:
    case CK_ConstructorConversion:
    case CK_LValueToRValue:
      return fieldsOf(C->getSubExpr(), Of);
    default:
      return std::nullopt;
    }
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    // A copy of another dim3, or dim3(x, y, z) with its default arguments.
    if (C->getNumArgs() == 1 && !C->getArg(0)->getType()->isIntegralOrEnumerationType())
      return fieldsOf(C->getArg(0), Of);
    if (C->getNumArgs() != 3 || !isDim3(C->getType()))
      return std::nullopt;
    return Fields{(this->*Of)(C->getArg(0)), (this->*Of)(C->getArg(1)),
                  (this->*Of)(C->getArg(2))};
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
      F[I] = (this->*Of)(Init->getInit(I));
    return F;
  }
  return std::nullopt;
}

std::optional<int64_t> HostValues::evalInt(const Expr *E) const { return eval(E); }

std::optional<int64_t> HostValues::evalAs(const Expr *E, QualType T) const {
  return convert(eval(E), T);
}

std::string HostValues::text(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string T =
      Lexer::getSourceText(SM.getExpansionRange(S->getSourceRange()), SM, Ctx.getLangOpts())
          .str();
  return T.size() > 60 ? T.substr(0, 57) + "..." : T;
}

std::vector<std::pair<std::string, std::string>>
HostValues::unknownInputs(const Expr *E) const {
  std::vector<std::pair<std::string, std::string>> Out;
  unknownInputsOf(E, 0, Out);
  return Out;
}

void HostValues::unknownInputsOf(const Expr *E, unsigned Depth,
                                 std::vector<std::pair<std::string, std::string>> &Out) const {
  if (!E || Depth > 4)
    return;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    const auto *Ref = dyn_cast<DeclRefExpr>(S);
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Ref) {
      for (const Stmt *C : S->children())
        Work.push_back(C);
      continue;
    }
    if (!VD || !tracked(VD) || !VD->getIdentifier() || VD->getType()->isPointerType())
      continue;
    auto It = Vars.find(VD);
    if (It != Vars.end() && It->second[0] &&
        (!isDim3(VD->getType()) || (It->second[1] && It->second[2])))
      continue;
    // A constant of an enclosing function (`const int threads = 256` read
    // inside a dispatch macro's lambda) is known wherever it is read.
    if (VD->getInit() && VD->isUsableInConstantExpressions(VD->getASTContext()) &&
        VD->evaluateValue())
      continue;
    std::string Name = VD->getName().str();
    if (llvm::any_of(Out, [&](const auto &P) { return P.first == Name; }))
      continue;
    if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      Out.push_back({Name, "a parameter of " + (FD ? FD->getNameAsString() : std::string("?"))});
      continue;
    }
    if (auto L = LoopVars.find(VD); L != LoopVars.end()) {
      Out.push_back({Name, "the variable of the loop at line " + std::to_string(L->second)});
      continue;
    }
    size_t Before = Out.size();
    if (VD->getInit())
      unknownInputsOf(VD->getInit(), Depth + 1, Out);
    if (Out.size() == Before)
      Out.push_back({Name, "a local the host code leaves unknown"});
  }
}

std::optional<Dim3> HostValues::launchDim(const Expr *E) const {
  std::optional<std::array<uint64_t, 3>> V = evalDim3(E);
  if (!V || llvm::is_contained(*V, 0))
    return std::nullopt;
  Dim3 D;
  D.V = *V;
  return D;
}

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

std::optional<int64_t> HostValues::upperBound(const Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (Value V = eval(E))
    return V;
  Value Own = upperBoundOwn(E), Fact = factBound(E);
  return Own && Fact ? Value(std::min(*Own, *Fact)) : Own ? Own : Fact;
}

std::optional<int64_t> HostValues::upperBoundOwn(const Expr *E) const {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    CastKind K = C->getCastKind();
    if (K == CK_IntegralCast || K == CK_NoOp || K == CK_LValueToRValue)
      return upperBound(C->getSubExpr());
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return upperBound(M->getSubExpr());
  if (const auto *F = dyn_cast<FullExpr>(E))
    return upperBound(F->getSubExpr());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = VD ? Bounds.find(VD) : Bounds.end();
    return It == Bounds.end() ? Value() : Value(It->second);
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    if (Value Cond = eval(C->getCond()))
      return upperBound(*Cond ? C->getTrueExpr() : C->getFalseExpr());
    Value A = upperBound(C->getTrueExpr()), B = upperBound(C->getFalseExpr());
    return A && B ? Value(std::max(*A, *B)) : Value();
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    bool IsMin;
    if (!isMinMax(CE, IsMin))
      return std::nullopt;
    Value A = upperBound(CE->getArg(0)), B = upperBound(CE->getArg(1));
    if (IsMin)
      return A && B ? Value(std::min(*A, *B)) : A ? A : B;
    return A && B ? Value(std::max(*A, *B)) : Value();
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  return binaryBound(B->getOpcode(), B->getLHS(), B->getRHS());
}

std::optional<int64_t> HostValues::binaryBound(int Op, const Expr *LE, const Expr *RE) const {
  Value L = upperBound(LE), R = eval(RE);
  switch (BinaryOperatorKind(Op)) {
  case BO_Div:
    // x <= L, x / R <= L / R for R > 0 (a negative x only lowers it).
    return L && R && *R > 0 && *L >= 0 ? Value(*L / *R) : Value();
  case BO_Shr:
    return L && R && *R >= 0 && *R < 63 && *L >= 0 ? Value(*L >> *R) : Value();
  case BO_Rem:
    return R && *R > 0 ? Value(*R - 1) : Value();
  case BO_And:
    if (R && *R >= 0)
      return R;
    if (Value LV = eval(LE); LV && *LV >= 0)
      return LV;
    return std::nullopt;
  case BO_Sub:
    return L && R ? arith(BO_Sub, *L, *R, 64) : Value();
  case BO_Add: {
    Value RB = upperBound(RE);
    return L && RB ? arith(BO_Add, *L, *RB, 64) : Value();
  }
  default:
    return std::nullopt;
  }
}

std::optional<uint64_t> HostValues::launchCountBound(const Expr *E) const {
  std::optional<Fields> F = fieldsOf(E, &HostValues::upperBound);
  if (!F)
    return std::nullopt;
  uint64_t Count = 1;
  for (const Value &Bound : *F)
    if (!Bound || *Bound <= 0 || __builtin_mul_overflow(Count, uint64_t(*Bound), &Count))
      return std::nullopt;
  return Count;
}

} // namespace warplint
