//===- SharedBankConflict.cpp - shared-bank-conflict ----------------------===//
#include "rules/SharedBankConflict.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"
#include "rules/Suppressions.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <cmath>

using namespace llvm;

namespace warplint {

SharedBankConflictRule::SharedBankConflictRule(const RuleOptions &Opts)
    : Rule("shared-bank-conflict", Opts), Threshold(Opts.number("threshold", 1)) {}

namespace {

/// The __shared__ array an access indexes, when it is a global variable.
const GlobalVariable *sharedArrayOf(const MemoryAccess &A) {
  for (const IrAccess &S : A.Sites)
    if (auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(S.Pointer)))
      return GV;
  return nullptr;
}

/// The variable's name in the source: the last component of the demangled
/// name ("transpose(float*, float*)::tile" -> "tile").
std::string variableName(const GlobalVariable &GV) {
  std::string Name = sourceNameOf(GV.getName());
  size_t Colon = Name.rfind("::");
  return Colon == std::string::npos ? Name : Name.substr(Colon + 2);
}

/// For a 2-D tile whose row spans a multiple of all banks: the fix-it that
/// pads the row by one element, found on the declaration's line.
std::optional<FixIt> paddingFixIt(const KernelFacts &K, const MemoryAccess &A,
                                  const GlobalVariable &GV) {
  auto *Outer = dyn_cast<ArrayType>(GV.getValueType());
  auto *Inner = Outer ? dyn_cast<ArrayType>(Outer->getElementType()) : nullptr;
  if (!Inner || !Inner->getElementType()->isSized())
    return std::nullopt;
  uint64_t RowBytes =
      K.DM.M->getDataLayout().getTypeAllocSize(Inner).getFixedValue();
  if (RowBytes % (K.Arch.SharedBanks * K.Arch.SharedBankBytes) != 0)
    return std::nullopt;
  std::string Name = variableName(GV);
  Regex Decl("__shared__[^;]*[^A-Za-z0-9_]" + Regex::escape(Name) +
             "[ \t]*\\[[^]]*\\][ \t]*\\[[ \t]*([^] \t]+)[ \t]*\\]");
  for (unsigned Line = A.Loc.Line; Line >= 1; --Line) {
    StringRef Text = K.Sources.line(A.Loc.File, Line);
    Text = Text.take_front(Text.find("//")); // Not in a comment.
    SmallVector<StringRef, 2> M;
    if (!Decl.match(Text, &M))
      continue;
    StringRef Dim = M[1];
    unsigned Column = Dim.data() - Text.data() + 1;
    uint64_t N;
    std::string Padded = Dim.getAsInteger(10, N) ? (Dim + " + 1").str() : std::to_string(N + 1);
    return FixIt{SourceLoc{A.Loc.File, Line, Column}, unsigned(Dim.size()), Padded};
  }
  return std::nullopt;
}

} // namespace

void SharedBankConflictRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (A.Space != AS_Shared || !P.PerRequest || wasteRatio(P) <= Threshold)
      continue;
    unsigned Ways = unsigned(std::lround(wasteRatio(P)));
    std::string Why =
        P.StrideBytes
            ? formatv("adjacent threads are {0} bytes apart, so {1} lanes share a bank",
                      std::abs(*P.StrideBytes), Ways)
                  .str()
            : formatv("about {0} lanes share a bank", Ways).str();
    const GlobalVariable *GV = sharedArrayOf(A);
    std::optional<FixIt> Fix = GV ? paddingFixIt(K, A, *GV) : std::nullopt;
    std::string Remedy =
        Fix ? "pad the row of '" + variableName(*GV) + "' by one element so a column "
                                                       "spreads over all banks"
            : std::string("change the indexing so the lanes of a warp hit different banks "
                          "(pad rows by one element, or use sequential addressing)");
    Finding F = make(K, A.Loc,
                     kernelPrefix(K) + formatv("{0}-way bank conflict: ", Ways).str() +
                         costAgainstIdeal(A, P) + ": " + Why + ", " + K.launchAssumption() +
                         "; " + Remedy);
    if (Fix) {
      F.FixIts.push_back(*Fix);
      F.Notes.push_back({Fix->Loc, "pad the tile here"});
    }
    addAssumptionNote(F, A, P);
    confirmAccess(K, A, P, Threshold, F);
    Out(std::move(F));
  }
}

} // namespace warplint
