//===- LaunchCollector.cpp - Launch shapes written in the source ----------===//
#include "frontend/launch/LaunchCollector.h"
#include "frontend/launch/HostApiReader.h"
#include "frontend/launch/HostValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

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
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Names(Ctx), Launches(Launches),
        Api(Ctx, Names) {}

  /// Host API calls (HostApiReader.h): opt-ins and cooperative launches.
  bool VisitCallExpr(CallExpr *E) {
    if (isa<CUDAKernelCallExpr>(E))
      return true;
    const FunctionDecl *Host = Functions.empty() ? nullptr : Functions.back();
    if (instantiatedPattern(Host))
      return true;
    Api.visitCall(E, Host, Host && !Host->isDependentContext(), Launches);
    return true;
  }

  /// After every declaration was walked.
  void finish() { Api.finish(Launches); }

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
        Callee->isDependentContext() || Callee->isInvalidDecl())
      return true;
    // The host code's data flow in the function that launches. A function
    // template's pattern: its instantiations, walked too, tell the values;
    // the pattern counts only when it has none, and then without the flow
    // (its values may depend on the template's parameters).
    const FunctionDecl *Host = Functions.empty() ? nullptr : Functions.back();
    if (instantiatedPattern(Host))
      return true;
    HostValues Values(Ctx, Host ? Host->getBody() : nullptr, E,
                      Host && !Host->isDependentContext());
    SourceLaunch L;
    L.Kernel = Names.getName(Callee);
    L.Source = "host-launch";
    SourceLocation Loc = SM.getExpansionLoc(E->getBeginLoc());
    L.Line = SM.getSpellingLineNumber(Loc);
    L.File = llvm::sys::path::filename(SM.getFilename(Loc)).str();
    L.Grid = Values.launchDim(Config->getArg(0));
    L.Block = Values.launchDim(Config->getArg(1));
    if (!L.Grid)
      L.UnknownFrom["grid"] = writtenAs(Config->getArg(0));
    if (!L.Block)
      L.UnknownFrom["block"] = writtenAs(Config->getArg(1));
    if (Config->getNumArgs() >= 3)
      if (std::optional<int64_t> Shared = Values.evalInt(Config->getArg(2));
          Shared && *Shared >= 0)
        L.SharedBytes = uint64_t(*Shared);
    for (unsigned I = 0; I < E->getNumArgs() && I < Callee->getNumParams(); ++I) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      std::string Name = P->getName().empty() ? "#" + std::to_string(I) : P->getName().str();
      if (P->getType()->isIntegralOrEnumerationType()) {
        if (std::optional<int64_t> V = Values.evalInt(E->getArg(I)))
          L.Args[Name] = *V;
        else
          L.UnknownFrom[Name] = writtenAs(E->getArg(I));
      } else if (P->getType()->isPointerType()) {
        if (std::optional<uint64_t> Bytes = Values.bufferBytes(E->getArg(I)))
          L.BufferBytes[Name] = *Bytes;
      }
    }
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
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    Functions.push_back(FD);
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Functions.pop_back();
    return Result;
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

  /// How E is written, or, for a local variable, how its initializer is
  /// ("grid_dim(Q.size(0), Q.size(1))", "n = Q.size(0)").
  std::string writtenAs(const Expr *E) const {
    const LangOptions &LO = Ctx.getLangOpts();
    auto Text = [&](SourceRange R) {
      return Lexer::getSourceText(SM.getExpansionRange(R), SM,
                                  LO)
          .str();
    };
    const Expr *Bare = E->IgnoreImplicit()->IgnoreParenCasts();
    if (const auto *C = dyn_cast<CXXConstructExpr>(Bare); C && C->getNumArgs() == 1)
      Bare = C->getArg(0)->IgnoreImplicit()->IgnoreParenCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
          VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit()) {
        std::string Init = Text(VD->getInit()->getSourceRange());
        std::string Name = VD->getName().str();
        if (StringRef(Init).starts_with(Name))
          return Init;
        return Init.empty() ? Name : (StringRef(Init).starts_with("(") || StringRef(Init).starts_with("{") ? Name + Init : Name + " = " + Init);
      }
    return Text(E->getSourceRange());
  }

  /// True for a function template's pattern that has instantiations: they,
  /// walked too, tell the host code's values; the pattern counts only when it
  /// has none.
  static bool instantiatedPattern(const FunctionDecl *Host) {
    if (!Host || !Host->isDependentContext())
      return false;
    const FunctionTemplateDecl *TD = Host->getDescribedFunctionTemplate();
    return TD && !TD->specializations().empty();
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ASTNameGenerator Names;
  std::vector<SourceLaunch> &Launches;
  HostApiReader Api;
  /// The functions being walked, innermost last.
  std::vector<const FunctionDecl *> Functions;
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
    // After errors too (a compile whose host code fails hands its launches
    // to the retry that skips host code; expressions with errors evaluate
    // to unknown).
    Visitor V(Ctx, Launches);
    for (Decl *D : Parsed)
      V.TraverseDecl(D);
    V.finish();
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
