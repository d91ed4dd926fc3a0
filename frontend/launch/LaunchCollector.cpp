//===- LaunchCollector.cpp - Launch shapes written in the source ----------===//
#include "frontend/launch/LaunchCollector.h"
#include "frontend/launch/HostApiReader.h"
#include "frontend/launch/HostFlow.h"
#include "frontend/launch/HostValues.h"
#include "frontend/launch/KernelPicker.h"

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
  Visitor(ASTContext &Ctx, std::vector<SourceLaunch> &Launches,
          const std::map<std::string, int64_t> &HostArgs)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Names(Ctx), Launches(Launches),
        Api(Ctx, Names), HostArgs(HostArgs), Flow(Ctx, HostArgs) {}

  /// Host API calls (HostApiReader.h): opt-ins and cooperative launches.
  bool VisitCallExpr(CallExpr *E) {
    if (isa<CUDAKernelCallExpr>(E))
      return true;
    const FunctionDecl *Host = Functions.empty() ? nullptr : Functions.back();
    if (instantiatedPattern(Host))
      return true;
    Api.visitCall(E, Host, Host && !Host->isDependentContext(), Launches);
    if (Host && !Host->isDependentContext())
      Flow.addCall(E, Host);
    return true;
  }

  /// After every declaration was walked (every call of the file known): the
  /// host launches, then what the host API calls add to them.
  void finish() {
    for (const auto &[E, Host] : Pending)
      addHostLaunches(E, Host);
    Api.finish(Launches);
  }

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
    if (!Config || Config->getNumArgs() < 2)
      return true;
    // A launch through a parameter (a launcher taking the kernel): the calls
    // of the launcher say which kernel, path by path (addHostLaunches).
    if (!Callee ? !kernelVariable(E)
                : Callee->isDependentContext() || Callee->isInvalidDecl())
      return true;
    // The host code's data flow in the function that launches. A function
    // template's pattern: its instantiations, walked too, tell the values;
    // the pattern counts only when it has none, and then without the flow
    // (its values may depend on the template's parameters).
    const FunctionDecl *Host = Functions.empty() ? nullptr : Functions.back();
    if (instantiatedPattern(Host))
      return true;
    Pending.push_back({E, Host});
    return true;
  }

  /// A host launch per way the file's host code reaches E (HostFlow.h),
  /// those alike once.
  void addHostLaunches(const CUDAKernelCallExpr *E, const FunctionDecl *Host) {
    const FunctionDecl *Direct = E->getDirectCallee();
    const CallExpr *Config = E->getConfig();
    std::vector<HostFlow::Reached> Paths =
        Flow.reach(Host, E, Host && !Host->isDependentContext());
    size_t First = Launches.size();
    if (!Direct && Paths.empty())
      return;
    if (Paths.empty()) {
      const FunctionDecl *Callee = Direct;
      // No path the host code's values allow reaches it: said, not taken.
      HostValues None(Ctx, nullptr, E, false);
      SourceLaunch L = hostLaunch(E, Callee, Config, None);
      L.Source = "host-launch-unreached";
      L.Grid.reset();
      L.Block.reset();
      Launches.push_back(std::move(L));
      return;
    }
    for (const HostFlow::Reached &R : Paths) {
      // Through a parameter: the kernel this path's call passes, when known;
      // through a local a picker initialised: each kernel it can return.
      std::vector<PickedKernel> Kernels =
          Direct ? std::vector<PickedKernel>{PickedKernel{Direct}}
                 : R.Values->kernelsOf(E->getCallee());
      for (const PickedKernel &K : Kernels) {
        const FunctionDecl *Callee = K.Kernel;
        if (!Callee->hasAttr<CUDAGlobalAttr>() || Callee->isDependentContext() ||
            Callee->isInvalidDecl())
          continue;
        SourceLaunch L = hostLaunch(E, Callee, Config, *R.Values);
        L.Via = pickedBy(K) + R.Via;
        for (const std::string &N : R.NamedUsed)
          if (auto It = HostArgs.find(N); It != HostArgs.end())
            L.NamedHost.insert(*It);
        if (std::none_of(Launches.begin() + First, Launches.end(),
                         [&](const SourceLaunch &O) { return sameShape(O, L); }))
          Launches.push_back(std::move(L));
      }
    }
  }

  /// " (returned by pick at main.cu:30)" for a kernel a picker returned, at
  /// the line of its return (a macro's use, for a return a macro writes).
  std::string pickedBy(const PickedKernel &K) const {
    if (!K.Picker || !K.Return)
      return "";
    SourceLocation Loc = SM.getExpansionLoc(K.Return->getBeginLoc());
    return (" (returned by " + K.Picker->getNameAsString() + " at " +
            llvm::sys::path::filename(SM.getFilename(Loc)) + ":" +
            llvm::Twine(SM.getExpansionLineNumber(Loc)) + ")")
        .str();
  }

  static bool sameShape(const SourceLaunch &A, const SourceLaunch &B) {
    auto Dims = [](const std::optional<Dim3> &D) {
      return D ? std::optional<std::array<uint64_t, 3>>(D->V) : std::nullopt;
    };
    return A.Kernel == B.Kernel && Dims(A.Grid) == Dims(B.Grid) && Dims(A.Block) == Dims(B.Block) &&
           A.GridBlocksMax == B.GridBlocksMax && A.SharedBytes == B.SharedBytes &&
           A.Args == B.Args &&
           A.BufferBytes == B.BufferBytes && A.NamedHost == B.NamedHost;
  }

  SourceLaunch hostLaunch(const CUDAKernelCallExpr *E, const FunctionDecl *Callee,
                          const CallExpr *Config, const HostValues &Values) {
    SourceLaunch L;
    L.Kernel = Names.getName(Callee);
    L.Source = "host-launch";
    // A launch written in a macro's argument (a dispatch macro's lambda) is
    // at its own line; one a macro's body makes, at the macro's use.
    SourceLocation Loc = SM.getFileLoc(E->getBeginLoc());
    L.Line = SM.getSpellingLineNumber(Loc);
    L.File = llvm::sys::path::filename(SM.getFilename(Loc)).str();
    L.Grid = Values.launchDim(Config->getArg(0));
    L.Block = Values.launchDim(Config->getArg(1));
    if (!L.Grid)
      L.GridBlocksMax = Values.launchCountBound(Config->getArg(0));
    for (unsigned I = 0; I < 2; ++I) {
      if (I == 0 ? L.Grid.has_value() : L.Block.has_value())
        continue;
      L.UnknownFrom[I == 0 ? "grid" : "block"] = writtenAs(Config->getArg(I));
      for (auto &[Name, What] : Values.unknownInputs(Config->getArg(I)))
        L.UnknownInputs.insert({Name, What});
    }
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
    return L;
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

  /// The parameter or local of function pointer (or reference) type E
  /// launches through (`kern<<<g, b>>>(...)` in `void launch(void
  /// (*kern)(float *))`); null for another callee.
  static const VarDecl *kernelVariable(const CUDAKernelCallExpr *E) {
    const Expr *C = E->getCallee()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_Deref)
      C = U->getSubExpr()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(C);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage())
      return nullptr;
    QualType T = V->getType();
    return T->isFunctionPointerType() || T.getNonReferenceType()->isFunctionType() ? V : nullptr;
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
  const std::map<std::string, int64_t> &HostArgs;
  HostFlow Flow;
  /// The host launches found, with the function that holds each: read once
  /// every call of the file is known.
  std::vector<std::pair<const CUDAKernelCallExpr *, const FunctionDecl *>> Pending;
  /// The functions being walked, innermost last.
  std::vector<const FunctionDecl *> Functions;
};

/// Visits the declarations this compile parsed, at the end of the
/// translation unit (when template instantiations exist). Those a
/// precompiled preamble holds (the includes) are not visited: walking the
/// whole translation unit would load every header declaration from it.
class Collector : public ASTConsumer {
public:
  Collector(std::vector<SourceLaunch> &Launches, std::map<std::string, int64_t> HostArgs)
      : Launches(Launches), HostArgs(std::move(HostArgs)) {}
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Parsed.insert(Parsed.end(), DG.begin(), DG.end());
    return true;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // After errors too (a compile whose host code fails hands its launches
    // to the retry that skips host code; expressions with errors evaluate
    // to unknown).
    Visitor V(Ctx, Launches, HostArgs);
    for (Decl *D : Parsed)
      V.TraverseDecl(D);
    V.finish();
  }

private:
  std::vector<SourceLaunch> &Launches;
  std::map<std::string, int64_t> HostArgs;
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
createLaunchCollector(CompilerInstance &CI, std::vector<SourceLaunch> &Launches,
                      const std::map<std::string, int64_t> &HostArgs) {
  return std::make_unique<Collector>(Launches, HostArgs);
}

} // namespace warplint
