//===- AccessMessages.cpp - Wording shared by the access rules ------------===//
#include "rules/AccessMessages.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

StringRef costUnit(const MemoryAccess &A) {
  StringRef Metric = Prediction::metricName(A.Space);
  return Metric.split("_per_").first;
}

namespace {
std::string number(double V) {
  if (V == double(int64_t(V)))
    return std::to_string(int64_t(V));
  return formatv("{0:F2}", V).str();
}
} // namespace

std::string costAgainstIdeal(const MemoryAccess &A, const Prediction &P) {
  if (!P.PerRequest)
    return "";
  std::string Average;
  if (P.LoopVarying && P.Min != P.Max)
    Average = " on average (" + number(P.Min) + " to " + number(P.Max) + " over the loop)";
  // A bulk copy's requests are the pieces its TMA reads.
  bool Bulk = isBulkCopy(A);
  return formatv("{0} {1} per {2}{3} where {4} would do", number(*P.PerRequest), costUnit(A),
                 Bulk ? "piece the TMA reads of this bulk copy" : "request", Average,
                 number(P.Ideal));
}

std::string kernelPrefix(const KernelFacts &K) { return "kernel '" + K.Name + "': "; }

double wasteRatio(const Prediction &P) {
  if (!P.PerRequest || P.Ideal <= 0)
    return 1;
  return *P.PerRequest / P.Ideal;
}

void addAssumptionNote(Finding &F, const MemoryAccess &A, const Prediction &P) {
  if (P.Assumptions.empty())
    return;
  F.Notes.push_back({A.Loc, "assumed: " + join(P.Assumptions, "; ")});
}

bool isGlobalAccess(const MemoryAccess &A) {
  return A.Space == AS_Global || A.Space == AS_Generic;
}

} // namespace warplint
