//===- HostApiReader.cpp - Host API calls that shape launches -------------===//
#include "frontend/launch/HostApiReader.h"
#include "frontend/launch/HostValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace warplint {

namespace {

/// The kernel an argument names: `k`, `&k`, `(void *)k`, `k<int>`.
const FunctionDecl *kernelOf(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
      E = U->getSubExpr();
      continue;
    }
    break;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  if (!FD || !FD->hasAttr<CUDAGlobalAttr>() || FD->isDependentContext())
    return nullptr;
  return FD;
}

/// True when E names the enumerator Name.
bool namesEnumerator(const Expr *E, StringRef Name) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return Ref && isa<EnumConstantDecl>(Ref->getDecl()) && Ref->getDecl()->getName() == Name;
}

/// The index of the parameter of Host that E names; none otherwise.
std::optional<unsigned> parameterOf(const Expr *E, const FunctionDecl *Host) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!P || !Host)
    return std::nullopt;
  for (unsigned I = 0; I < Host->getNumParams(); ++I)
    if (Host->getParamDecl(I) == P)
      return I;
  return std::nullopt;
}

std::optional<uint64_t> bytesOf(const HostValues &Values, const Expr *E) {
  std::optional<int64_t> V = Values.evalInt(E);
  if (V && *V >= 0)
    return uint64_t(*V);
  return std::nullopt;
}

} // namespace

void HostApiReader::addOptIn(const FunctionDecl *Kernel, std::optional<uint64_t> Bytes,
                             const CallExpr *At) {
  SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(At->getBeginLoc());
  std::string File = llvm::sys::path::filename(SM.getFilename(Loc)).str();
  auto [It, New] = OptIns.try_emplace(Names.getName(Kernel),
                                      SharedOptIn{Bytes, File, SM.getSpellingLineNumber(Loc)});
  if (!New) // Several calls: the largest, unknown when any is.
    It->second.Bytes = It->second.Bytes && Bytes
                           ? std::optional<uint64_t>(std::max(*It->second.Bytes, *Bytes))
                           : std::nullopt;
}

void HostApiReader::visitCall(const CallExpr *E, const FunctionDecl *Host, bool Flow,
                              std::vector<SourceLaunch> &Launches) {
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return;
  StringRef Name = Callee->getName();
  bool OptIn = Name == "cudaFuncSetAttribute" && E->getNumArgs() >= 3;
  bool Cooperative = Name == "cudaLaunchCooperativeKernel" && E->getNumArgs() >= 4;
  if (!OptIn && !Cooperative) {
    // A call that passes a kernel: a helper may opt it in.
    if (llvm::any_of(E->arguments(), [](const Expr *A) { return kernelOf(A); }))
      Passes.push_back({E, Host, Flow});
    return;
  }
  if (OptIn && !namesEnumerator(E->getArg(1), "cudaFuncAttributeMaxDynamicSharedMemorySize"))
    return;
  const FunctionDecl *Kernel = kernelOf(E->getArg(0));
  if (!Kernel) {
    if (std::optional<unsigned> Param = parameterOf(E->getArg(0), Host); OptIn && Param)
      Forwards.push_back({Host->getCanonicalDecl(), E, *Param});
    return;
  }
  HostValues Values(Ctx, Host && Flow ? Host->getBody() : nullptr, E, Flow && Host);
  if (OptIn) {
    addOptIn(Kernel, bytesOf(Values, E->getArg(2)), E);
    return;
  }
  SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(E->getBeginLoc());
  std::string Mangled = Names.getName(Kernel);
  std::string File = llvm::sys::path::filename(SM.getFilename(Loc)).str();
  unsigned Line = SM.getSpellingLineNumber(Loc);
  SourceLaunch L;
  L.Kernel = Mangled;
  L.Source = "host-launch";
  L.Cooperative = true;
  L.Line = Line;
  L.File = File;
  L.Grid = Values.launchDim(E->getArg(1));
  L.Block = Values.launchDim(E->getArg(2));
  if (E->getNumArgs() >= 5 && !isa<CXXDefaultArgExpr>(E->getArg(4)))
    if (std::optional<int64_t> Shared = Values.evalInt(E->getArg(4)); Shared && *Shared >= 0)
      L.SharedBytes = uint64_t(*Shared);
  Launches.push_back(std::move(L));
}

void HostApiReader::finish(std::vector<SourceLaunch> &Launches) {
  for (const Forwarded &F : Forwards)
    for (const KernelPassed &P : Passes) {
      const FunctionDecl *Callee = P.Call->getDirectCallee();
      if (!Callee || Callee->getCanonicalDecl() != F.Helper ||
          F.KernelParam >= P.Call->getNumArgs())
        continue;
      const FunctionDecl *Kernel = kernelOf(P.Call->getArg(F.KernelParam));
      if (!Kernel)
        continue;
      // The bytes: a constant in the helper, or the caller's argument for
      // the helper's parameter.
      const Expr *BytesArg = F.Call->getArg(2);
      std::optional<uint64_t> Bytes;
      if (std::optional<unsigned> Param = parameterOf(BytesArg, F.Helper->getDefinition());
          Param && *Param < P.Call->getNumArgs()) {
        HostValues Values(Ctx, P.Host && P.Flow ? P.Host->getBody() : nullptr, P.Call,
                          P.Flow && P.Host);
        Bytes = bytesOf(Values, P.Call->getArg(*Param));
      } else {
        HostValues Values(Ctx, nullptr, F.Call, false);
        Bytes = bytesOf(Values, BytesArg);
      }
      addOptIn(Kernel, Bytes, P.Call);
    }
  for (SourceLaunch &L : Launches)
    if (L.Source == "host-launch")
      if (auto It = OptIns.find(L.Kernel); It != OptIns.end())
        L.OptIn = It->second;
}

} // namespace warplint
