//===- ConstantDivergent.cpp - constant-divergent -------------------------===//
#include "rules/ConstantDivergent.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

ConstantDivergentRule::ConstantDivergentRule(const RuleOptions &Opts)
    : Rule("constant-divergent", Opts), Threshold(Opts.number("threshold", 1)) {}

namespace {
const char *const Why = "the constant cache serves one address per pass, so the warp's read "
                        "is replayed once for every distinct address";
const char *const Fix = "index the table with a warp-uniform value (blockIdx, a loop counter, "
                        "threadIdx.x / 32), or move it to global memory read through __ldg() "
                        "or to shared memory, which serve different addresses in one request";
} // namespace

void ConstantDivergentRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (A.Space != AS_Const)
      continue;
    if (P.PerRequest) {
      if (*P.PerRequest <= Threshold)
        continue;
      Finding F = make(K, A.Loc,
                       kernelPrefix(K) + costAgainstIdeal(A, P) +
                           ": the lanes of a warp read different __constant__ addresses and " +
                           Why + ", " + K.launchAssumption() + "; " + Fix);
      addAssumptionNote(F, A, P);
      confirmAccess(K, A, P, Threshold, F);
      Out(std::move(F));
      continue;
    }
    // Data-dependent index: only the run can tell.
    const dm::SiteMetrics *S = measuredSite(K, A);
    std::optional<double> M = S ? S->perRequest() : std::nullopt;
    if (!M || *M <= Threshold)
      continue;
    Finding F = make(K, A.Loc,
                     formatv("{0}measured {1:F2} addresses per request where 1 would do: the "
                             "index depends on loaded data ({2}) and {3}, measured on the "
                             "device model; {4}",
                             kernelPrefix(K), *M, P.DependsOn.empty() ? "a load" : P.DependsOn,
                             Why, Fix)
                         .str());
    Prediction Measured = P;
    Measured.PerRequest = *M;
    Measured.Ideal = 1;
    confirmAccess(K, A, Measured, Threshold, F);
    Out(std::move(F));
  }
}

} // namespace warplint
