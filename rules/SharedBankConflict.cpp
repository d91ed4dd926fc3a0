//===- SharedBankConflict.cpp - shared-bank-conflict ----------------------===//
#include "rules/SharedBankConflict.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"
#include "rules/Suppressions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
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

/// A dimension's size plus one, as the user would write it: "33" for "32",
/// "TILE + 1" for a name, "(N * 2) + 1" for an expression.
std::string paddedSize(StringRef Dim) {
  uint64_t N;
  if (!Dim.getAsInteger(10, N))
    return std::to_string(N + 1);
  bool OneName = !Dim.empty() && llvm::all_of(Dim, [](char C) {
    return isAlnum(C) || C == '_' || C == ':';
  });
  return OneName ? (Dim + " + 1").str() : ("(" + Dim + ") + 1").str();
}

/// PTX input (no AST): the innermost dimension of GV's declaration, found by
/// a pattern over the lines at and above the access.
std::optional<SourceText> rowSizeFromText(const KernelFacts &K, const MemoryAccess &A,
                                          const GlobalVariable &GV) {
  Regex Decl("__shared__[^;]*[^A-Za-z0-9_]" + Regex::escape(variableName(GV)) +
             "[ \t]*\\[[^]]*\\][ \t]*\\[[ \t]*([^] \t]+)[ \t]*\\]");
  for (unsigned Line = A.Loc.Line; Line >= 1; --Line) {
    StringRef Text = K.Sources.line(A.Loc.File, Line);
    Text = Text.take_front(Text.find("//")); // Not in a comment.
    SmallVector<StringRef, 2> M;
    if (!Decl.match(Text, &M))
      continue;
    unsigned Column = M[1].data() - Text.data() + 1;
    return SourceText{SourceLoc{A.Loc.File, Line, Column}, M[1].str()};
  }
  return std::nullopt;
}

/// The innermost dimension of GV's declaration as written: from Clang's AST
/// (CUDA input), else from the text.
std::optional<SourceText> rowSizeOf(const KernelFacts &K, const MemoryAccess &A,
                                    const GlobalVariable &GV) {
  const SourceDecls &Decls = K.DM.Decls;
  if (!Decls.Available)
    return rowSizeFromText(K, A, GV);
  auto It = Decls.Variables.find(GV.getName());
  if (It == Decls.Variables.end() || It->second.Dims.size() < 2 ||
      !It->second.Dims.back().Loc.valid())
    return std::nullopt;
  return It->second.Dims.back();
}

/// For a 2-D tile whose row spans a multiple of all banks: where its row's
/// size is written, when that is known.
std::optional<SourceText> paddableRow(const KernelFacts &K, const MemoryAccess &A,
                                      const GlobalVariable &GV) {
  auto *Outer = dyn_cast<ArrayType>(GV.getValueType());
  auto *Inner = Outer ? dyn_cast<ArrayType>(Outer->getElementType()) : nullptr;
  if (!Inner || !Inner->getElementType()->isSized())
    return std::nullopt;
  uint64_t RowBytes =
      K.DM.M->getDataLayout().getTypeAllocSize(Inner).getFixedValue();
  if (RowBytes % (K.Arch.SharedBanks * K.Arch.SharedBankBytes) != 0)
    return std::nullopt;
  std::optional<SourceText> Row = rowSizeOf(K, A, GV);
  if (!Row || StringRef(Row->Text).contains('\n'))
    return std::nullopt;
  return Row;
}

} // namespace

void SharedBankConflictRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (A.Space != AS_Shared || !P.PerRequest || wasteRatio(P) <= Threshold)
      continue;
    // One lane's adjacent words read or written at its stride, aligned to it
    // (a float4 the IR split into four floats): nvcc makes them one vector
    // access per lane, whose wavefronts are the fewest its width allows.
    if (P.StrideBytes && P.CoveringAlign >= uint64_t(std::abs(*P.StrideBytes)) &&
        std::abs(*P.StrideBytes) <= int64_t(K.Arch.WidestLaneAccessBytes))
      continue;
    std::string What, Why;
    if (unsigned Ways = unsigned(std::lround(wasteRatio(P))); Ways >= 2) {
      What = formatv("{0}-way bank conflict", Ways).str();
      Why = P.StrideBytes
                ? formatv("adjacent threads are {0} bytes apart, so {1} lanes share a bank",
                          std::abs(*P.StrideBytes), Ways)
                      .str()
                : formatv("about {0} lanes share a bank", Ways).str();
    } else {
      // Above the ideal by less than half: an average over requests some of
      // which conflict, or one phase of a wide access's request that does.
      // No lane count describes that ("1-way" would be no conflict). (Each
      // sampled request costs whole wavefronts.)
      What = "bank conflict in part of the requests";
      Why = P.Min != P.Max && !P.LoopVarying
                ? formatv("the sampled warps' requests cost {0} to {1} wavefronts, lanes "
                          "sharing a bank in the costlier ones",
                          std::lround(P.Min), std::lround(P.Max))
                      .str()
            : P.Min != P.Max ? "lanes of a warp share a bank in the costlier requests"
                             : "lanes of a warp share a bank in part of each request";
    }
    const GlobalVariable *GV = sharedArrayOf(A);
    std::optional<SourceText> Row = GV ? paddableRow(K, A, *GV) : std::nullopt;
    std::string Remedy =
        Row ? "pad the row of '" + variableName(*GV) + "' by one element so a column "
                                                       "spreads over all banks"
            : std::string("change the indexing so the lanes of a warp hit different banks "
                          "(pad rows by one element, or use sequential addressing)");
    Finding F = make(K, A.Loc,
                     kernelPrefix(K) + What + ": " +
                         costAgainstIdeal(A, P) + ": " + Why + ", " + K.launchAssumption() +
                         "; " + Remedy);
    if (Row && Row->NotOwn.empty()) {
      F.FixIts.push_back(FixIt{Row->Loc, unsigned(Row->Text.size()), paddedSize(Row->Text)});
      F.Notes.push_back({Row->Loc, "pad the tile here"});
    } else if (Row) {
      // As clang-tidy does with a fix inside a macro: the place, no edit.
      F.Notes.push_back({Row->Loc, "pad the tile here (no fix-it: the row's size is " +
                                       Row->NotOwn + ")"});
    }
    addAssumptionNote(F, A, P);
    confirmAccess(K, A, P, Threshold, F);
    Out(std::move(F));
  }
}

} // namespace warplint
