//===- LaunchCollector.cpp - Launch shapes written in the source ----------===//
#include "frontend/launch/LaunchCollector.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using llvm::StringRef;

namespace warplint {

namespace {

/// Parses "(a, b, c)" at the front of Text into D.
bool parseTriple(StringRef &Text, Dim3 &D) {
  Text = Text.ltrim();
  if (!Text.consume_front("("))
    return false;
  size_t Close = Text.find(')');
  if (Close == StringRef::npos)
    return false;
  llvm::SmallVector<StringRef, 3> Parts;
  Text.substr(0, Close).split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(0, D.V[I]) || D.V[I] == 0)
      return false;
  Text = Text.drop_front(Close + 1);
  return true;
}

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
  Visitor(ASTContext &Ctx, std::vector<SourceLaunch> &Launches)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Names(Ctx), Launches(Launches) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody() ||
        FD->isDependentContext())
      return true;
    SourceLaunch L;
    if (findAnnotation(FD->getBeginLoc(), L)) {
      L.Kernel = Names.getName(FD);
      Launches.push_back(L);
    }
    return true;
  }

  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *TD) {
    // Annotations above a template apply to every instantiation.
    SourceLaunch L;
    if (!TD->getTemplatedDecl()->hasAttr<CUDAGlobalAttr>() ||
        !findAnnotation(TD->getBeginLoc(), L))
      return true;
    for (FunctionDecl *Spec : TD->specializations()) {
      L.Kernel = Names.getName(Spec);
      Launches.push_back(L);
    }
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    const CallExpr *Config = E->getConfig();
    if (!Callee || !Config || Config->getNumArgs() < 2 ||
        Callee->isDependentContext())
      return true;
    SourceLaunch L;
    L.Kernel = Names.getName(Callee);
    L.Source = "host-launch";
    L.Line = SM.getSpellingLineNumber(E->getBeginLoc());
    Dim3 G, B;
    if (evalDim3(Config->getArg(0), G))
      L.Grid = G;
    if (evalDim3(Config->getArg(1), B))
      L.Block = B;
    uint64_t Shared = 0;
    if (Config->getNumArgs() >= 3 && evalBytes(Config->getArg(2), Shared))
      L.SharedBytes = Shared;
    if (L.Grid || L.Block)
      Launches.push_back(L);
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  /// Declarations in system headers (an SDK, the prelude's stand-ins) launch
  /// none of the file's kernels: not walked. (A precompiled preamble hands
  /// the headers' inline functions over as they are loaded; walking their
  /// bodies would load those too.)
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

private:
  /// Looks for a launch annotation on the line of Loc or the three above.
  bool findAnnotation(SourceLocation Loc, SourceLaunch &L) {
    Loc = SM.getExpansionLoc(Loc);
    FileID File = SM.getFileID(Loc);
    if (File != SM.getMainFileID())
      return false;
    StringRef Buffer = SM.getBufferData(File);
    unsigned Line = SM.getSpellingLineNumber(Loc);
    for (unsigned Probe = Line; Probe + 3 >= Line && Probe >= 1; --Probe) {
      SourceLocation Start = SM.translateLineCol(File, Probe, 1);
      StringRef Text = Buffer.substr(SM.getFileOffset(Start));
      Text = Text.take_until([](char C) { return C == '\n'; });
      if (parseLaunchAnnotation(Text, L)) {
        L.Line = Probe;
        return true;
      }
    }
    return false;
  }

  bool evalInt(const Expr *E, uint64_t &Out) {
    if (E->isValueDependent())
      return false;
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
      return false;
    Out = R.Val.getInt().getZExtValue();
    return Out > 0;
  }

  /// A byte count: 0 allowed (the default argument of <<<g, b>>>).
  bool evalBytes(const Expr *E, uint64_t &Out) {
    E = E->IgnoreImplicit();
    if (isa<CXXDefaultArgExpr>(E)) {
      Out = 0;
      return true;
    }
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
      return false;
    Out = R.Val.getInt().getZExtValue();
    return true;
  }

  bool evalDim3(const Expr *E, Dim3 &D, unsigned Depth = 0) {
    if (!E || Depth > 4)
      return false;
    E = E->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
    if (E->getType()->isIntegerType()) {
      D = Dim3();
      return evalInt(E, D.V[0]);
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      // Copy of another dim3, or dim3(x, y, z) with default arguments.
      if (C->getNumArgs() == 1 && !C->getArg(0)->getType()->isIntegerType())
        return evalDim3(C->getArg(0), D, Depth + 1);
      D = Dim3();
      for (unsigned I = 0; I < C->getNumArgs() && I < 3; ++I)
        if (!evalInt(C->getArg(I), D.V[I]))
          return false;
      return C->getNumArgs() > 0;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        if (const Expr *Init = VD->getInit())
          return evalDim3(Init, D, Depth + 1);
    if (const auto *Init = dyn_cast<InitListExpr>(E)) {
      D = Dim3();
      for (unsigned I = 0; I < Init->getNumInits() && I < 3; ++I)
        if (!evalInt(Init->getInit(I), D.V[I]))
          return false;
      return Init->getNumInits() > 0;
    }
    return false;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ASTNameGenerator Names;
  std::vector<SourceLaunch> &Launches;
};

/// Visits the declarations this compile parsed, at the end of the
/// translation unit (when template instantiations exist). Those a
/// precompiled preamble holds (the includes) are not visited: walking the
/// whole translation unit would load every header declaration from it.
class Collector : public ASTConsumer {
public:
  explicit Collector(std::vector<SourceLaunch> &Launches) : Launches(Launches) {}
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Parsed.insert(Parsed.end(), DG.begin(), DG.end());
    return true;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    Visitor V(Ctx, Launches);
    for (Decl *D : Parsed)
      V.TraverseDecl(D);
  }

private:
  std::vector<SourceLaunch> &Launches;
  std::vector<Decl *> Parsed;
};

} // namespace

bool parseLaunchAnnotation(StringRef Text, SourceLaunch &Out) {
  size_t At = Text.find("warplint:");
  if (At == StringRef::npos)
    return false;
  Text = Text.drop_front(At + strlen("warplint:")).ltrim();
  if (!Text.consume_front("launch"))
    return false;
  SourceLaunch L;
  L.Source = "annotation";
  while (!(Text = Text.ltrim()).empty()) {
    Dim3 D;
    if (Text.consume_front("grid") && parseTriple(Text, D))
      L.Grid = D;
    else if (Text.consume_front("block") && parseTriple(Text, D))
      L.Block = D;
    else if (Text.consume_front("shared") && parseTriple(Text, D) && D.count() == D.V[0])
      L.SharedBytes = D.V[0];
    else
      break;
  }
  if (!L.Grid && !L.Block && !L.SharedBytes)
    return false;
  Out = L;
  return true;
}

std::unique_ptr<ASTConsumer>
createLaunchCollector(CompilerInstance &CI, std::vector<SourceLaunch> &Launches) {
  return std::make_unique<Collector>(Launches);
}

} // namespace warplint
