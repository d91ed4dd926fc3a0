//===- ReadonlyNotRestrict.cpp - readonly-not-restrict --------------------===//
#include "rules/ReadonlyNotRestrict.h"

#include "rules/AccessMessages.h"
#include "rules/Suppressions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {
namespace {

enum class Use { None, Read, Written, Unknown };

/// How the memory an argument points to is used: walks the pointer through
/// GEPs, casts, phis and selects to the loads and stores.
Use pointerUse(const Argument &A) {
  SmallVector<const Value *, 16> Work{&A};
  SmallPtrSet<const Value *, 32> Seen;
  Use U = Use::None;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *Usr : V->users()) {
      if (isa<GetElementPtrInst>(Usr) || isa<CastInst>(Usr) || isa<PHINode>(Usr) ||
          isa<SelectInst>(Usr)) {
        Work.push_back(Usr);
      } else if (isa<LoadInst>(Usr)) {
        if (U == Use::None)
          U = Use::Read;
      } else if (const auto *S = dyn_cast<StoreInst>(Usr)) {
        if (S->getValueOperand() == V)
          return Use::Unknown; // The pointer escapes.
        U = Use::Written;
      } else if (isa<AtomicRMWInst>(Usr) || isa<AtomicCmpXchgInst>(Usr)) {
        U = Use::Written;
      } else if (const auto *MT = dyn_cast<MemTransferInst>(Usr)) {
        if (MT->getRawDest() == V)
          U = Use::Written;
        else if (U == Use::None)
          U = Use::Read;
      } else if (isa<ICmpInst>(Usr) || isa<PtrToIntInst>(Usr)) {
        continue;
      } else {
        return Use::Unknown; // Calls, memset, ...
      }
    }
  }
  return U;
}

/// Where to insert " __restrict__" for parameter Name of a kernel whose
/// declaration starts at Line: just after the '*' before the name.
std::optional<FixIt> restrictFixIt(const DeviceModule &DM, StringRef File, unsigned Line,
                                   StringRef Name) {
  Regex Param("\\*[ \t]*(const[ \t]+)?" + Regex::escape(Name) + "[ \t]*[,)]");
  SourceCache Sources(DM); // The editor's unsaved text when there is one.
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

} // namespace

void ReadonlyNotRestrictRule::check(const KernelFacts &K, const FindingSink &Out) const {
  std::vector<const Argument *> ReadOnly;
  const Argument *Written = nullptr;
  for (const Argument &A : K.Kernel.args()) {
    if (!A.getType()->isPointerTy())
      continue;
    Use U = pointerUse(A);
    if (U == Use::Unknown)
      return; // Cannot tell what aliases what.
    if (U == Use::Written && !Written)
      Written = &A;
    if (U == Use::Read && !A.hasNoAliasAttr())
      ReadOnly.push_back(&A);
  }
  SourceLoc Decl = declarationLocation(K.Kernel);
  if (!Written || ReadOnly.empty() || !Decl.valid())
    return;
  for (const Argument *A : ReadOnly) {
    std::optional<FixIt> Fix = restrictFixIt(K.DM, Decl.File, Decl.Line, A->getName());
    SourceLoc Loc = Fix ? Fix->Loc : Decl;
    Finding F = make(K, Loc,
                     kernelPrefix(K) + "'" + paramName(*A) +
                         "' is only read but not __restrict__: the compiler must assume "
                         "stores through '" + paramName(*Written) +
                         "' may change it, so it reloads it and cannot use the read-only "
                         "data path; declare it 'const ... *__restrict__' if no other "
                         "pointer of the launch aliases it",
                     Severity::Note);
    if (Fix)
      F.FixIts.push_back(*Fix);
    Out(std::move(F));
  }
}

} // namespace warplint
