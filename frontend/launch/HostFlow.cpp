//===- HostFlow.cpp - Host values through the calls of a file -------------===//
#include "frontend/launch/HostFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace warplint {

namespace {
constexpr unsigned MaxDepth = 8;
constexpr size_t MaxPaths = 64;
/// The walks one file's calls may cost in all; past it, a function's
/// parameters are unknown (as if no call in the file reached it).
constexpr size_t MaxWalks = 20000;

/// What V makes of the operands of Target (a call, or a launch with its
/// <<<>>> configuration): equal for two walks that give them the same values.
std::string operandKey(const HostValues &V, const Stmt *Target) {
  std::string Key;
  const auto *CE = dyn_cast<CallExpr>(Target);
  if (!CE)
    return Key;
  std::vector<const Expr *> Ops(CE->arg_begin(), CE->arg_end());
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(CE))
    if (const CallExpr *Config = K->getConfig())
      Ops.insert(Ops.end(), Config->arg_begin(), Config->arg_end());
  for (const Expr *E : Ops) {
    QualType T = E->getType();
    if (std::optional<std::array<uint64_t, 3>> D = V.evalDim3(E)) {
      Key += llvm::formatv("({0},{1},{2})", (*D)[0], (*D)[1], (*D)[2]).str();
    } else if (T->isIntegralOrEnumerationType()) {
      if (std::optional<int64_t> X = V.evalInt(E))
        Key += std::to_string(*X);
    } else if (T->isPointerType()) {
      if (std::optional<uint64_t> B = V.bufferBytes(E))
        Key += std::to_string(*B);
    }
    if (const FunctionDecl *F = V.functionOf(E))
      Key += F->getQualifiedNameAsString();
    Key += ";";
  }
  return Key;
}

/// " (a, b)" for the choices of a path, "" for none.
std::string choicesText(llvm::ArrayRef<std::string> Choices) {
  return Choices.empty() ? "" : " (" + llvm::join(Choices, ", ") + ")";
}
} // namespace

void HostFlow::addCall(const CallExpr *CE, const FunctionDecl *Caller) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  // An operator's first argument may be its object, not a parameter.
  if (!Callee || !Caller || isa<CXXOperatorCallExpr>(CE))
    return;
  Calls[Callee->getCanonicalDecl()].push_back({CE, Caller});
}

std::string HostFlow::where(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(S->getBeginLoc());
  return (llvm::sys::path::filename(SM.getFilename(Loc)) + ":" +
          llvm::Twine(SM.getExpansionLineNumber(Loc)))
      .str();
}

std::vector<HostFlow::Reached> HostFlow::reach(const FunctionDecl *Host, const Stmt *Target,
                                               bool Flow) {
  return reachAt(Host, Target, Flow, 0);
}

std::vector<HostFlow::Reached> HostFlow::reachAt(const FunctionDecl *Host, const Stmt *Target,
                                                 bool Flow, unsigned Depth) {
  std::vector<Reached> Out;
  if (Walks >= MaxWalks) {
    // Out of walks: the function alone, its parameters unknown.
    HostInputs In;
    In.Function = Host;
    In.Named = &Named;
    Reached R;
    R.Values = std::make_unique<HostValues>(Ctx, Host ? Host->getBody() : nullptr, Target,
                                            Flow, In);
    R.NamedUsed = R.Values->namedUsed();
    Out.push_back(std::move(R));
    return Out;
  }
  std::vector<Entry> Entries = Flow ? entries(Host, Depth) : std::vector<Entry>(1);
  /// A walk's loop values and branches.
  struct Picks {
    llvm::DenseMap<const VarDecl *, int64_t> LoopValues;
    llvm::DenseMap<const IfStmt *, bool> Branches;
  };
  for (const Entry &E : Entries) {
    std::vector<Picks> Work(1);
    // The paths of this entry whose branch picks made them: by what they
    // give Target and their other choices, the choices each path is named by.
    std::map<std::string, std::pair<size_t, std::vector<std::string>>> Forks;
    while (!Work.empty() && Out.size() < MaxPaths) {
      ++Walks;
      HostInputs In = E.In;
      In.Function = Host;
      In.Named = &Named;
      In.LoopValues = Work.back().LoopValues;
      In.BranchPicks = Work.back().Branches;
      Work.pop_back();
      auto V = std::make_unique<HostValues>(Ctx, Host ? Host->getBody() : nullptr, Target,
                                            Flow, In);
      if (!V->reachable())
        continue;
      // A loop over a constant list: a path per value, in the list's order.
      if (const std::optional<HostValues::ListLoop> &L = V->listLoop()) {
        for (int64_t X : llvm::reverse(L->Values)) {
          Work.push_back({In.LoopValues, In.BranchPicks});
          Work.back().LoopValues[L->Var] = X;
        }
        continue;
      }
      // An `if` that assigns what the launch may read: a path per branch,
      // then-branch first.
      if (const IfStmt *If = V->pendingBranch()) {
        for (bool Then : {false, true}) {
          Work.push_back({In.LoopValues, In.BranchPicks});
          Work.back().Branches[If] = Then;
        }
        continue;
      }
      std::vector<std::string> Choices = V->choices();
      if (!V->branchChoices().empty()) {
        // Branches that give the target the same values are one path, named
        // by the choices its walks share.
        std::string Key = operandKey(*V, Target);
        for (const std::string &C : Choices)
          if (!V->branchChoices().count(C))
            Key += "|" + C;
        auto [It, New] = Forks.try_emplace(Key, Out.size(), Choices);
        if (!New) {
          std::vector<std::string> &Kept = It->second.second;
          llvm::erase_if(Kept, [&](const std::string &C) { return !llvm::is_contained(Choices, C); });
          Out[It->second.first].Via = choicesText(Kept) + E.Via;
          continue;
        }
      }
      Reached R;
      R.Via = choicesText(Choices);
      R.Via += E.Via;
      R.NamedUsed = E.NamedUsed;
      R.NamedUsed.insert(V->namedUsed().begin(), V->namedUsed().end());
      R.Values = std::move(V);
      Out.push_back(std::move(R));
    }
  }
  return Out;
}

std::vector<HostFlow::Entry> HostFlow::entries(const FunctionDecl *FD, unsigned Depth) {
  if (!FD)
    return std::vector<Entry>(1);
  FD = FD->getCanonicalDecl();
  if (auto It = Memo.find(FD); It != Memo.end())
    return It->second;
  auto C = Calls.find(FD);
  if (C == Calls.end() || Depth >= MaxDepth || Active.count(FD) || Walks >= MaxWalks)
    return std::vector<Entry>(1);
  Active.insert(FD);
  std::vector<Entry> Out;
  for (const Call &Site : C->second) {
    // A recursion: the calls from outside it give the values.
    if (Active.count(Site.Caller->getCanonicalDecl()))
      continue;
    for (Reached &R : reachAt(Site.Caller, Site.CE, true, Depth + 1)) {
      Entry E;
      const FunctionDecl *Callee = Site.CE->getDirectCallee();
      for (unsigned I = 0; I < Site.CE->getNumArgs() && I < Callee->getNumParams(); ++I) {
        const ParmVarDecl *P = Callee->getParamDecl(I);
        // The parameter as the function's definition declares it (the one
        // its body names).
        if (const FunctionDecl *Def = Callee->getDefinition(); Def && I < Def->getNumParams())
          P = Def->getParamDecl(I);
        QualType T = P->getType();
        const Expr *Arg = Site.CE->getArg(I);
        if (T->isIntegralOrEnumerationType()) {
          if (std::optional<int64_t> V = R.Values->evalAs(Arg, T))
            E.In.Params[P] = *V;
        } else if (T->isPointerType()) {
          if (std::optional<uint64_t> B = R.Values->bufferBytes(Arg))
            E.In.ParamBuffers[P] = *B;
        }
        // A kernel passed to a launcher (`void launch(void (*k)(float *))`,
        // `template <class K> void launch(K k)`).
        if (T->isFunctionPointerType() || T.getNonReferenceType()->isFunctionType())
          if (const FunctionDecl *F = R.Values->functionOf(Arg))
            E.In.ParamFunctions[P] = F;
      }
      E.Via = " from " + Site.Caller->getNameAsString() + " at " + where(Site.CE) + R.Via;
      E.NamedUsed = std::move(R.NamedUsed);
      Out.push_back(std::move(E));
      if (Out.size() >= MaxPaths)
        break;
    }
    if (Out.size() >= MaxPaths)
      break;
  }
  Active.erase(FD);
  // No call in the file is known to be taken: as if none called it (another
  // file may).
  if (Out.empty())
    Out.resize(1);
  // Kept even when a recursion was cut short, so that no function's calls
  // are followed twice.
  Memo[FD] = Out;
  return Out;
}

} // namespace warplint
