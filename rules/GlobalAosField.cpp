//===- GlobalAosField.cpp - global-aos-field ------------------------------===//
#include "rules/GlobalAosField.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"
#include "rules/Suppressions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

GlobalAosFieldRule::GlobalAosFieldRule(const RuleOptions &Opts)
    : Rule("global-aos-field", Opts), Threshold(Opts.number("threshold", 1.5)) {}

namespace {

/// The member name at the access's column (`p[i].mass` -> "mass"), or just
/// before it when the column is an assignment's operator (`p[i].mass = 0`),
/// when the source there reads `.NAME` or `->NAME`; empty otherwise.
std::string fieldNameAt(SourceCache &Sources, const SourceLoc &Loc) {
  StringRef Line = Sources.line(Loc.File, Loc.Line);
  if (!Loc.Column || Loc.Column > Line.size())
    return "";
  auto IsIdent = [](char C) { return isAlnum(C) || C == '_'; };
  size_t Start = Loc.Column - 1;
  StringRef Name = Line.substr(Start).take_while(IsIdent);
  if (Name.empty()) {
    // A store's location is its operator: take the operand on its left.
    StringRef Left = Line.take_front(Start).rtrim();
    size_t Begin = Left.size();
    while (Begin > 0 && IsIdent(Left[Begin - 1]))
      --Begin;
    Name = Left.drop_front(Begin);
    Start = Begin;
  }
  StringRef Before = Line.take_front(Start).rtrim();
  if (Name.empty() || isDigit(Name.front()) ||
      !(Before.ends_with(".") || Before.ends_with("->")))
    return "";
  return Name.str();
}

/// What to do about it.
std::string fixFor(const MemoryAccess &A, const Prediction &P, StringRef Field,
                   bool AllFields) {
  std::string Verb = A.Op == AccessOp::Load ? "load" : "store";
  if (AllFields) {
    if (P.StructBytes == 8 || P.StructBytes == 16)
      return formatv("every field is used: {0} each struct whole with one {1}-byte vector "
                     "access (declare it __align__({1})), or use a structure of arrays",
                     Verb, P.StructBytes)
          .str();
    return formatv("every field is used, but a {0}-byte struct cannot move as one vector: "
                   "pad it to 16 bytes (__align__(16)) and {1} it whole, or use a "
                   "structure of arrays",
                   P.StructBytes, Verb)
        .str();
  }
  if (!Field.empty())
    return ("use a structure of arrays: keep '" + Field +
            "' in an array of its own so adjacent threads touch adjacent elements")
        .str();
  return "use a structure of arrays (one array per field) so adjacent threads touch "
         "adjacent elements";
}

} // namespace

void GlobalAosFieldRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (!isGlobalAccess(A) || P.Pattern != "struct-field" || !P.StructBytes ||
        !P.PerRequest || wasteRatio(P) <= Threshold)
      continue;
    std::string Field = fieldNameAt(K.Sources, A.Loc);
    StringRef Does = A.Op == AccessOp::Load    ? "reads"
                     : A.Op == AccessOp::Store ? "writes"
                                               : "updates";
    unsigned Unused =
        unsigned(std::lround(100.0 * (P.StructBytes - A.Bytes) / P.StructBytes));
    std::string Why =
        formatv("each thread {0} {1} bytes of its {2}-byte struct{3}, so adjacent threads are "
                "{2} bytes apart and {4}% of the bytes fetched are other fields",
                Does, A.Bytes, P.StructBytes, Field.empty() ? "" : " ('" + Field + "')",
                Unused)
            .str();
    Finding F = make(K, A.Loc,
                     kernelPrefix(K) + costAgainstIdeal(A, P) + ": " + Why + ", " +
                         K.launchAssumption() + "; " +
                         fixFor(A, P, Field, P.EveryFieldUsed));
    addAssumptionNote(F, A, P);
    confirmAccess(K, A, P, Threshold, F);
    Out(std::move(F));
  }
}

} // namespace warplint
