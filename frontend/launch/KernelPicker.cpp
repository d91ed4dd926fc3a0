//===- KernelPicker.cpp - Kernels a picker function returns ---------------===//
#include "frontend/launch/KernelPicker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace clang;

namespace warplint {

namespace {
/// Pickers followed through one another, at most this deep.
constexpr unsigned MaxDepth = 8;
/// Statements looked at in all, for one launch.
constexpr size_t MaxStatements = 100000;

bool returnsFunction(const FunctionDecl &F) {
  QualType T = F.getReturnType();
  return T->isFunctionPointerType() || T.getNonReferenceType()->isFunctionType();
}

class Picker {
public:
  std::vector<PickedKernel> Out;

  void call(const CallExpr *CE, unsigned Depth) {
    const FunctionDecl *F = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!F || Depth >= MaxDepth || !F->hasBody(Def) || !Def || !returnsFunction(*Def) ||
        !Active.insert(Def).second)
      return;
    forEachStmt(Def->getBody(), [&](const Stmt *S) {
      if (const auto *R = dyn_cast<ReturnStmt>(S); R && R->getRetValue())
        value(R->getRetValue(), Def, R, Depth);
    });
    Active.erase(Def);
  }

private:
  /// The kernels E, an operand of the return R of In, can be.
  void value(const Expr *E, const FunctionDecl *In, const ReturnStmt *R, unsigned Depth) {
    for (unsigned Step = 0; E && Step < 8; ++Step) {
      E = E->IgnoreParenCasts();
      while (const auto *U = dyn_cast<UnaryOperator>(E)) {
        if (U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref)
          break;
        E = U->getSubExpr()->IgnoreParenCasts();
      }
      if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
        value(C->getTrueExpr(), In, R, Depth);
        E = C->getFalseExpr();
        continue;
      }
      if (const auto *CE = dyn_cast<CallExpr>(E)) {
        call(CE, Depth + 1);
        return;
      }
      const auto *Ref = dyn_cast<DeclRefExpr>(E);
      if (!Ref)
        return;
      if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
        add(FD, In, R);
        return;
      }
      // A local of the picker: whatever it is initialised or assigned with.
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !Locals.insert(V).second)
        return;
      forEachStmt(In->getBody(), [&](const Stmt *S) {
        const auto *B = dyn_cast<BinaryOperator>(S);
        const auto *L = B && B->getOpcode() == BO_Assign
                            ? dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts())
                            : nullptr;
        if (L && L->getDecl() == V)
          value(B->getRHS(), In, R, Depth);
      });
      E = V->getInit();
    }
  }

  void add(const FunctionDecl *FD, const FunctionDecl *In, const ReturnStmt *R) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || FD->isDependentContext() || FD->isInvalidDecl())
      return;
    for (const PickedKernel &P : Out)
      if (P.Kernel->getCanonicalDecl() == FD->getCanonicalDecl())
        return;
    Out.push_back({FD, In, R});
  }

  /// Calls Fn on every statement of Body, in source order, lambdas' bodies
  /// left out (their returns are not the function's).
  template <class F> void forEachStmt(const Stmt *Body, F Fn) {
    llvm::SmallVector<const Stmt *, 64> Work{Body};
    while (!Work.empty() && Statements < MaxStatements) {
      const Stmt *S = Work.pop_back_val();
      if (!S || isa<LambdaExpr>(S))
        continue;
      ++Statements;
      Fn(S);
      size_t First = Work.size();
      for (const Stmt *C : S->children())
        Work.push_back(C);
      std::reverse(Work.begin() + First, Work.end());
    }
  }

  llvm::SmallPtrSet<const FunctionDecl *, 8> Active;
  llvm::SmallPtrSet<const VarDecl *, 8> Locals;
  size_t Statements = 0;
};
} // namespace

std::vector<PickedKernel> pickedKernels(const CallExpr *CE) {
  Picker P;
  P.call(CE, 0);
  return std::move(P.Out);
}

} // namespace warplint
