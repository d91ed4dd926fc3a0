//===- HostValuesFunctions.cpp - The kernel a launch runs -----------------===//
//
// HostValues' following of a launch's callee: a kernel named directly, held
// in a function pointer a call passes, or initialised from a picker.
//
//===----------------------------------------------------------------------===//
#include "frontend/launch/HostValues.h"
#include "frontend/launch/KernelPicker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace warplint {

namespace {

/// True when Body assigns V after its initialisation, takes its address or
/// binds it to a non-const reference (anything that may change it).
bool mayChange(const Stmt *Body, const VarDecl *V) {
  if (!Body)
    return true;
  auto Names = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == V;
  };
  SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && Names(B->getLHS()))
      return true;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf &&
                                                     Names(U->getSubExpr()))
      return true;
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *R = dyn_cast<VarDecl>(X);
            R && R->getType()->isReferenceType() &&
            !R->getType().getNonReferenceType().isConstQualified() && R->getInit() &&
            Names(R->getInit()))
          return true;
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return false;
}

} // namespace

const FunctionDecl *HostValues::functionOf(const Expr *E) const {
  const FunctionDecl *FD = nullptr;
  followFunction(E, FD);
  return FD;
}

std::vector<PickedKernel> HostValues::kernelsOf(const Expr *E) const {
  const FunctionDecl *FD = nullptr;
  const Expr *Source = followFunction(E, FD);
  if (FD)
    return {PickedKernel{FD}};
  // A local initialised with what a picker of the file returns.
  if (const auto *CE = dyn_cast_or_null<CallExpr>(Source); CE)
    return pickedKernels(CE);
  return {};
}

const Expr *HostValues::followFunction(const Expr *E, const FunctionDecl *&FD) const {
  // Each step a local's initialiser, a few deep (never around a cycle).
  for (unsigned Step = 0; E && Step < 8; ++Step) {
    E = E->IgnoreParenImpCasts();
    // `&k`, and `(*kern)` where kern is a pointer.
    while (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref)
        break;
      E = U->getSubExpr()->IgnoreParenImpCasts();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    if (!Ref)
      return E;
    if ((FD = dyn_cast<FunctionDecl>(Ref->getDecl())))
      return E;
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl())) {
      auto It = In.ParamFunctions.find(P);
      FD = It == In.ParamFunctions.end() ? nullptr : It->second;
      return nullptr;
    }
    // A local initialised with a kernel (`fattn_kernel_t k = attn<64>;`), or
    // with a picker's call, that nothing changes afterwards.
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->hasLocalStorage() || !V->getInit() || !In.Function ||
        (!V->getType().isConstQualified() && mayChange(In.Function->getBody(), V)))
      return nullptr;
    E = V->getInit();
  }
  return nullptr;
}


} // namespace warplint
