//===- ReadonlyNotRestrict.cpp - readonly-not-restrict --------------------===//
#include "rules/ReadonlyNotRestrict.h"

#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"
#include "rules/Suppressions.h"
#include "analyzer/time/LaunchWork.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Regex.h"

#include <tuple>

using namespace llvm;

namespace warplint {
namespace {

enum class Use { None, Read, Written, Unknown };

/// How the memory an argument points to is used, and by which instructions.
struct PointerUses {
  Use U = Use::None;
  SmallVector<const Instruction *, 8> Loads, Stores;
};

/// Walks the pointer through GEPs, casts, phis and selects to the loads and
/// stores.
PointerUses pointerUses(const Argument &A) {
  SmallVector<const Value *, 16> Work{&A};
  SmallPtrSet<const Value *, 32> Seen;
  PointerUses R;
  auto Read = [&](const Instruction *I) {
    R.Loads.push_back(I);
    if (R.U == Use::None)
      R.U = Use::Read;
  };
  auto Write = [&](const Instruction *I) {
    R.Stores.push_back(I);
    R.U = Use::Written;
  };
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *Usr : V->users()) {
      const auto *I = dyn_cast<Instruction>(Usr);
      if (isa<GetElementPtrInst>(Usr) || isa<CastInst>(Usr) || isa<PHINode>(Usr) ||
          isa<SelectInst>(Usr)) {
        Work.push_back(Usr);
      } else if (isa<LoadInst>(Usr)) {
        Read(I);
      } else if (const auto *S = dyn_cast<StoreInst>(Usr)) {
        if (S->getValueOperand() == V)
          return {Use::Unknown, {}, {}}; // The pointer escapes.
        Write(I);
      } else if (isa<AtomicRMWInst>(Usr) || isa<AtomicCmpXchgInst>(Usr)) {
        Write(I);
      } else if (const auto *MT = dyn_cast<MemTransferInst>(Usr)) {
        if (MT->getRawDest() == V)
          Write(I);
        else
          Read(I);
      } else if (!isa<ICmpInst>(Usr) && !isa<PtrToIntInst>(Usr)) {
        return {Use::Unknown, {}, {}}; // Calls, memset, ...
      }
    }
  }
  return R;
}

/// PTX input (no AST): where to insert "__restrict__ " for parameter Name of
/// a kernel whose declaration starts at Line, just after the '*' before the
/// name, found by a pattern over the next lines.
std::optional<FixIt> restrictFixItFromText(SourceCache &Sources, StringRef File,
                                           unsigned Line, StringRef Name) {
  Regex Param("\\*[ \t]*(const[ \t]+)?" + Regex::escape(Name) + "[ \t]*[,)]");
  for (unsigned L = Line; L < Line + 8; ++L) {
    StringRef Text = Sources.line(File, L);
    SmallVector<StringRef, 2> M;
    if (!Param.match(Text, &M))
      continue;
    unsigned Column = M[0].data() - Text.data() + 2; // After the '*'.
    return FixIt{SourceLoc{File.str(), L, Column}, 0, "__restrict__ "};
  }
  return std::nullopt;
}

/// Where "__restrict__ " goes for parameter A: where Clang's AST says the
/// parameter's name is written (CUDA input), else found in the text.
std::optional<FixIt> restrictFixIt(const KernelFacts &K, const Argument &A,
                                   const SourceLoc &Decl) {
  const SourceDecls &Decls = K.DM.Decls;
  if (!Decls.Available)
    return restrictFixItFromText(K.Sources, Decl.File, Decl.Line, A.getName());
  auto It = Decls.RestrictAt.find(K.Kernel.getName());
  if (It == Decls.RestrictAt.end() || A.getArgNo() >= It->second.size() ||
      !It->second[A.getArgNo()].valid())
    return std::nullopt;
  return FixIt{It->second[A.getArgNo()], 0, "__restrict__ "};
}

/// The parameter's source name; PTX input names parameters "<kernel>_param_N",
/// shown as "parameter N+1".
std::string paramName(const Argument &A) {
  StringRef Name = A.getName();
  size_t Pos = Name.rfind("_param_");
  unsigned N;
  if (Pos != StringRef::npos && !Name.substr(Pos + 7).getAsInteger(10, N))
    return "parameter " + std::to_string(N + 1);
  return Name.empty() ? "parameter " + std::to_string(A.getArgNo() + 1) : Name.str();
}

/// A store through one of Written that can reach L, and its pointer; both
/// null when there is none.
std::pair<const Instruction *, const Argument *>
storeBefore(const LoopFacts &Flow, const Instruction &L,
            ArrayRef<std::pair<const Argument *, PointerUses>> Written) {
  for (const auto &[W, WUses] : Written)
    for (const Instruction *S : WUses.Stores)
      if (Flow.reaches(*S, L))
        return {S, W};
  return {nullptr, nullptr};
}

/// The first load of Uses that a store through one of Written can reach,
/// with that store and its pointer; all null when there is none.
std::tuple<const Instruction *, const Instruction *, const Argument *>
loadAfterStore(const LoopFacts &Flow, const PointerUses &Uses,
               ArrayRef<std::pair<const Argument *, PointerUses>> Written) {
  for (const Instruction *L : Uses.Loads)
    if (auto [S, W] = storeBefore(Flow, *L, Written); S)
      return {L, S, W};
  return {nullptr, nullptr, nullptr};
}

/// A read-only pointer parameter that is not __restrict__ and is loaded
/// after a store through another pointer parameter.
struct Unrestricted {
  const Argument *Param = nullptr;
  PointerUses Uses;
  const Instruction *Reload = nullptr, *Store = nullptr;
  const Argument *Through = nullptr;
};

/// The kernel's pointer parameters as the rule sees them: the read-only ones
/// loaded after a store (into Out), the written ones (into Written). Nothing
/// when a pointer escapes (what aliases what cannot be told).
void unrestricted(const KernelFacts &K, std::vector<Unrestricted> &Out,
                  std::vector<std::pair<const Argument *, PointerUses>> &Written) {
  std::vector<std::pair<const Argument *, PointerUses>> ReadOnly;
  for (const Argument &A : K.Kernel.args()) {
    if (!A.getType()->isPointerTy())
      continue;
    PointerUses U = pointerUses(A);
    if (U.U == Use::Unknown)
      return;
    if (U.U == Use::Written)
      Written.emplace_back(&A, std::move(U));
    else if (U.U == Use::Read && !A.hasNoAliasAttr())
      ReadOnly.emplace_back(&A, std::move(U));
  }
  for (auto &[A, Uses] : ReadOnly) {
    // It matters where a load of A follows a store through another pointer:
    // the store might have changed it, so the value cannot be kept.
    auto [Reload, Store, Through] = loadAfterStore(K.Loops, Uses, Written);
    if (Reload)
      Out.push_back({A, std::move(Uses), Reload, Store, Through});
  }
}

} // namespace

void ReadonlyNotRestrictRule::check(const KernelFacts &K, const FindingSink &Out) const {
  SourceLoc Decl = declarationLocation(K.Kernel);
  if (!Decl.valid())
    return;
  std::vector<Unrestricted> Params;
  std::vector<std::pair<const Argument *, PointerUses>> Written;
  unrestricted(K, Params, Written);
  for (const Unrestricted &P : Params) {
    std::optional<FixIt> Fix = restrictFixIt(K, *P.Param, Decl);
    SourceLoc Loc = Fix ? Fix->Loc : Decl;
    Finding F = make(K, Loc,
                     kernelPrefix(K) + "'" + paramName(*P.Param) +
                         "' is only read but not __restrict__: it is loaded after a store "
                         "through '" + paramName(*P.Through) +
                         "' that the compiler must assume may have changed it, so it "
                         "cannot keep or hoist the value nor use the read-only data path; "
                         "declare it 'const ... *__restrict__' if no other pointer of the "
                         "launch aliases it",
                     Severity::Note);
    if (SourceLoc SL = userLocation(*P.Store); SL.valid())
      F.Notes.push_back({SL, "the store through '" + paramName(*P.Through) + "'"});
    if (SourceLoc LL = userLocation(*P.Reload); LL.valid())
      F.Notes.push_back({LL, "the load of '" + paramName(*P.Param) + "' that follows it"});
    if (Fix)
      F.FixIts.push_back(*Fix);
    Out(std::move(F));
  }
}

bool ReadonlyNotRestrictRule::modelFix(const KernelFacts &K, const Finding &F,
                                       LaunchWork &W) const {
  SourceLoc Decl = declarationLocation(K.Kernel);
  if (!Decl.valid())
    return false;
  std::vector<Unrestricted> Params;
  std::vector<std::pair<const Argument *, PointerUses>> Written;
  unrestricted(K, Params, Written);
  const DominatorTree &DT = K.Loops.dominators();
  double Warps = W.Blocks * W.WarpsPerBlock;
  for (const Unrestricted &P : Params) {
    std::optional<FixIt> Fix = restrictFixIt(K, *P.Param, Decl);
    if (!((Fix ? Fix->Loc : Decl) == F.Loc))
      continue;
    // With __restrict__ a load after a store need not be done again: the
    // value an earlier load of the same address gave stays in a register,
    // and a load whose address a loop does not change is hoisted out of it
    // (done once per warp). What else the fix allows (the read-only path,
    // which on sm_70 and later is the L1 that global loads use anyway, and
    // loads moved above stores) the model does not price: such a finding
    // saves nothing in the model, and says so.
    for (const Instruction *L : P.Uses.Loads) {
      // Reads that are not plain loads (an intrinsic's, a memcpy's) are not
      // priced here.
      const auto *Load = dyn_cast<LoadInst>(L);
      if (!Load || !storeBefore(K.Loops, *L, Written).first)
        continue;
      const Value *Ptr = Load->getPointerOperand();
      bool Kept = any_of(P.Uses.Loads, [&](const Instruction *E) {
        const auto *Earlier = dyn_cast<LoadInst>(E);
        return Earlier && E != L && Earlier->getPointerOperand() == Ptr && DT.dominates(E, L);
      });
      const Loop *Lp = K.Loops.loopOf(*L);
      bool Hoisted = !Kept && Lp && Lp->isLoopInvariant(Ptr);
      if (!Kept && !Hoisted)
        continue;
      for (SiteWork *S : W.sitesAt(userLocation(*L))) {
        if (S->Store || S->Buffer != P.Param->getName())
          continue;
        if (Kept) {
          W.remove(*S);
        } else if (S->Requests > Warps) {
          double Once = Warps / S->Requests;
          S->Requests *= Once;
          S->Cost *= Once;
          S->Ideal *= Once;
        }
      }
    }
    return true;
  }
  return false;
}

} // namespace warplint
