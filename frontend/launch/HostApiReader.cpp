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

std::optional<Dim3> dimOf(const HostValues &Values, const Expr *E) {
  std::optional<std::array<uint64_t, 3>> V = Values.evalDim3(E);
  if (!V || llvm::is_contained(*V, 0))
    return std::nullopt;
  Dim3 D;
  D.V = *V;
  return D;
}

} // namespace

void HostApiReader::visitCall(const CallExpr *E, const FunctionDecl *Host, bool Flow,
                              std::vector<SourceLaunch> &Launches) {
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || E->getNumArgs() < 3)
    return;
  StringRef Name = Callee->getName();
  bool OptIn = Name == "cudaFuncSetAttribute";
  bool Cooperative = Name == "cudaLaunchCooperativeKernel" && E->getNumArgs() >= 4;
  if (!OptIn && !Cooperative)
    return;
  const FunctionDecl *Kernel = kernelOf(E->getArg(0));
  if (!Kernel)
    return;
  if (OptIn && !namesEnumerator(E->getArg(1), "cudaFuncAttributeMaxDynamicSharedMemorySize"))
    return;
  SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(E->getBeginLoc());
  HostValues Values(Ctx, Host && Flow ? Host->getBody() : nullptr, E, Flow && Host);
  std::string Mangled = Names.getName(Kernel);
  std::string File = llvm::sys::path::filename(SM.getFilename(Loc)).str();
  unsigned Line = SM.getSpellingLineNumber(Loc);
  if (OptIn) {
    std::optional<int64_t> Bytes = Values.evalInt(E->getArg(2));
    std::optional<uint64_t> Known;
    if (Bytes && *Bytes >= 0)
      Known = uint64_t(*Bytes);
    auto [It, New] = OptIns.try_emplace(Mangled, SharedOptIn{Known, File, Line});
    if (!New) // Several calls: the largest, unknown when any is.
      It->second.Bytes = It->second.Bytes && Known
                             ? std::optional<uint64_t>(std::max(*It->second.Bytes, *Known))
                             : std::nullopt;
    return;
  }
  SourceLaunch L;
  L.Kernel = Mangled;
  L.Source = "host-launch";
  L.Cooperative = true;
  L.Line = Line;
  L.File = File;
  L.Grid = dimOf(Values, E->getArg(1));
  L.Block = dimOf(Values, E->getArg(2));
  if (E->getNumArgs() >= 5 && !isa<CXXDefaultArgExpr>(E->getArg(4)))
    if (std::optional<int64_t> Shared = Values.evalInt(E->getArg(4)); Shared && *Shared >= 0)
      L.SharedBytes = uint64_t(*Shared);
  Launches.push_back(std::move(L));
}

void HostApiReader::finish(std::vector<SourceLaunch> &Launches) const {
  for (SourceLaunch &L : Launches)
    if (L.Source == "host-launch")
      if (auto It = OptIns.find(L.Kernel); It != OptIns.end())
        L.OptIn = It->second;
}

} // namespace warplint
