//===- GlobalUncoalesced.cpp - global-uncoalesced -------------------------===//
#include "rules/GlobalUncoalesced.h"

#include "analyzer/ThreadDependence.h"
#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

GlobalUncoalescedRule::GlobalUncoalescedRule(const RuleOptions &Opts)
    : Rule("global-uncoalesced", Opts), Threshold(Opts.number("threshold", 1.5)) {}

namespace {

/// Why the lanes' addresses spread, and what to do about it.
std::pair<std::string, std::string> whyAndFix(const MemoryAccess &A, const Prediction &P,
                                              const ArchProfile &Arch) {
  std::string Apart =
      P.StrideBytes ? formatv("adjacent threads are {0} bytes apart", std::abs(*P.StrideBytes)).str()
                    : std::string("the lanes' addresses are scattered");
  if (!P.SampledStrides.empty()) {
    // The stride depends on an argument that was not given.
    Apart = P.StrideFormula.empty()
                ? "adjacent threads are a distance apart that depends on " + P.StrideDependsOn
                : "adjacent threads are " + P.StrideFormula + " bytes apart";
    Apart += " (" + P.sampledStridesText() + ")";
  }
  // " (2 elements of 4 bytes)" for a stride of whole elements, else empty.
  std::string Elements =
      P.StrideBytes && *P.StrideBytes % int64_t(A.Bytes) == 0
          ? formatv(" ({0} elements of {1} bytes)", std::abs(*P.StrideBytes) / int64_t(A.Bytes),
                    A.Bytes)
                .str()
          : std::string();
  const char *AdjacentFix = "make adjacent threads touch adjacent elements (threadIdx.x in the "
                            "fastest-varying index), or use a structure of arrays";
  if (P.Pattern == "column-major")
    return {"threadIdx.x walks down a column: " + Apart,
            "swap the index order so threadIdx.x indexes the contiguous (last) dimension, "
            "or transpose through a shared-memory tile"};
  if (P.Pattern == "loop-varying" && !P.StrideBytes)
    // No one distance between adjacent lanes: the spread itself changes (a
    // packed triangle's gather, whose stride grows with the row).
    return {"the distance between adjacent lanes changes with the loop counter (no one "
            "stride: a gather whose spread grows or shrinks from one iteration to the next)",
            "make adjacent threads touch adjacent elements in every iteration (threadIdx.x "
            "in the fastest-varying index), or stage the data through shared memory"};
  if (P.Pattern == "loop-varying" && std::abs(*P.StrideBytes) > int64_t(A.Bytes))
    // Strided first, and the stride's start moving besides.
    return {Apart + Elements + ", and the warp's alignment changes with the loop counter",
            AdjacentFix};
  if (P.Pattern == "loop-varying")
    return {"the lanes' alignment changes with the loop counter",
            formatv("align the base of each iteration to {0} bytes, or stage the data "
                    "through shared memory",
                    Arch.LineBytes)
                .str()};
  if (!Elements.empty())
    return {Apart + Elements, AdjacentFix};
  if (!P.SampledStrides.empty())
    return {Apart, "make adjacent threads touch adjacent elements (threadIdx.x in the "
                   "fastest-varying index)"};
  return {Apart, "make adjacent threads touch adjacent addresses"};
}

} // namespace

void GlobalUncoalescedRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (!isGlobalAccess(A) || P.Pattern == "struct-field" || P.Pattern == "misaligned" ||
        A.Sites.empty())
      continue;
    // Contiguous lanes whose alignment moves with a loop counter are
    // global-misaligned's business.
    if (P.Pattern == "loop-varying" && P.StrideBytes &&
        std::abs(*P.StrideBytes) == int64_t(A.Bytes))
      continue;
    // Atomics that together update every byte of their stride (a pair of
    // half2 atomics on out[2 * t] and out[2 * t + 1]) waste no sector: no
    // wider atomic would do it in fewer.
    if (P.StrideCovered)
      continue;
    // An address that threadIdx.x does not enter is shared by the lanes of a
    // row (a broadcast): re-reading is global-reuse-without-tiling's business.
    ThreadDependence D = threadDependence(A.Sites.front().Pointer);
    if (!D.dependsOnTid(0) && !D.LoadedData)
      continue;
    if (P.PerRequest) {
      if (wasteRatio(P) <= Threshold)
        continue;
      auto [Why, Fix] = whyAndFix(A, P, K.Arch);
      Finding F = make(K, A.Loc,
                       kernelPrefix(K) + costAgainstIdeal(A, P) + ": " + Why + ", " +
                           K.launchAssumption() + "; " + Fix);
      addAssumptionNote(F, A, P);
      confirmAccess(K, A, P, Threshold, F);
      Out(std::move(F));
      continue;
    }
    // Data-dependent: only the run can tell.
    const dm::SiteMetrics *S = measuredSite(K, A);
    std::optional<double> M = S ? S->perRequest() : std::nullopt;
    if (!M)
      continue;
    double Ideal = std::ceil(double(K.Arch.WarpSize * A.Bytes) / K.Arch.SectorBytes);
    if (*M <= Threshold * Ideal)
      continue;
    Prediction Measured = P;
    Measured.PerRequest = *M;
    Measured.Ideal = Ideal;
    Finding F = make(K, A.Loc,
                     formatv("{0}measured {1:F2} sectors per request where {2} would do: "
                             "the addresses depend on loaded data ({3}), measured on the "
                             "device model; sort or bucket the indices so the lanes of a "
                             "warp touch nearby addresses",
                             kernelPrefix(K), *M, Ideal,
                             P.DependsOn.empty() ? "a load" : P.DependsOn));
    confirmAccess(K, A, Measured, Threshold, F);
    Out(std::move(F));
  }
}

bool GlobalUncoalescedRule::modelFix(const KernelFacts &K, const Finding &F,
                                     LaunchWork &W) const {
  double Warps = std::max(1.0, W.Blocks * W.WarpsPerBlock);
  std::vector<SiteWork *> Sites = W.sitesAt(F.Loc);
  if (Sites.empty())
    return false;
  // Giving threadIdx.x the contiguous dimension fixes every access of the
  // line indexed the same way (out[x * n + y] = in[x * n + y]): those at the
  // same sectors per request.
  SourceLoc Line = F.Loc;
  Line.Column = 0;
  double PerRequest = Sites.front()->Requests > 0 ? Sites.front()->Cost / Sites.front()->Requests : 0;
  for (SiteWork *S : W.sitesAt(Line))
    if (S->Requests > 0 && std::fabs(S->Cost / S->Requests - PerRequest) < 0.5 &&
        !llvm::is_contained(Sites, S))
      Sites.push_back(S);
  bool RowWalk = false;
  for (SiteWork *S : Sites) {
    RowWalk |= S->LinesPerSector >= 1 && S->Requests / Warps >= K.Arch.WarpSize;
    W.makeIdeal(*S);
  }
  if (RowWalk)
    W.Blocks *= K.Arch.WarpSize;
  return true;
}

} // namespace warplint
