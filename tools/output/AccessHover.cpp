//===- AccessHover.cpp - One access as the editor's hover shows it --------===//
#include "tools/output/AccessHover.h"

#include "analyzer/AccessPatterns.h"
#include "analyzer/StateSpaces.h"
#include "rules/Rule.h"
#include "rules/TimeSaved.h"
#include "tools/output/KernelJson.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

namespace {

/// A per-request figure: whole numbers as such, else two decimals at most.
std::string figure(double V) {
  if (std::fabs(V - std::round(V)) < 0.005)
    return formatv("{0}", static_cast<int64_t>(std::llround(V))).str();
  std::string S = formatv("{0:F2}", V).str();
  while (S.back() == '0')
    S.pop_back();
  return S;
}

/// A count over the launch, with thousands separators.
std::string count(double V) {
  return formatv("{0:N}", static_cast<uint64_t>(std::llround(std::max(0.0, V)))).str();
}

/// "global load", "shared store", "global atomic".
std::string kindText(const MemoryAccess &A) {
  StringRef Op = A.Op == AccessOp::Load ? "load" : A.Op == AccessOp::Store ? "store" : "atomic";
  return (addrSpaceName(A.Space) + " " + Op).str();
}

/// The sum of the launch totals of K's accesses costed in Unit (their
/// known ones).
double kernelCost(const KernelFacts &K, StringRef Unit) {
  double Sum = 0;
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const AccessTotals &T = K.Patterns.prediction(I).Totals;
    if (T.Known && costUnit(K.Spaces.accesses()[I].Space) == Unit)
      Sum += T.Cost;
  }
  return Sum;
}

/// What making A ideal saves of K's time on G, in the words a finding's
/// time note has (TimeSaved::text), or why there is no time.
std::string timeText(const KernelFacts &K, const LaunchWork &W, const TimeEstimate &Before,
                     const MemoryAccess &A, const GpuProfile &G) {
  LaunchWork Fixed = W;
  bool Store = A.Op != AccessOp::Load;
  std::vector<SiteWork *> Sites;
  for (SiteWork *S : Fixed.sitesAt(A.Loc))
    if (S->Store == Store)
      Sites.push_back(S);
  if (any_of(Sites, [&](const SiteWork *S) { return S->Space == A.Space; }))
    erase_if(Sites, [&](const SiteWork *S) { return S->Space != A.Space; });
  bool Waste = any_of(Sites, [](const SiteWork *S) { return S->Cost > S->Ideal; });
  if (!Waste)
    return formatv("at its ideal: nothing of the kernel's {0} on {1} to save here",
                   formatMicroseconds(Before.Us), G.Display)
        .str();
  for (SiteWork *S : Sites)
    Fixed.makeIdeal(*S);
  TimeSaved T;
  T.Gpu = G.Name.str();
  T.GpuDisplay = G.Display.str();
  T.KernelUs = Before.Us;
  T.Us = Before.Us - Fixed.time(G).Us;
  T.Launch = K.launch().str();
  T.Assumption = l2Assumption(Before, G);
  if (G.SmVersion < K.Arch.SmVersion)
    T.Assumption += (T.Assumption.empty() ? "" : "; ") + gpuArchMismatch(G, K.Arch);
  // "fixing this saves ..." as the finding says it; here: making it ideal.
  std::string Text = T.text();
  if (StringRef(Text).starts_with("fixing this"))
    Text.replace(0, 11, "making it ideal");
  return Text;
}

std::string markdown(const KernelFacts &K, const MemoryAccess &A, const Prediction &P,
                     const LaunchWork *W, const TimeEstimate *Before, const GpuProfile *G) {
  std::string Out;
  raw_string_ostream OS(Out);
  StringRef Unit = costUnit(A.Space);
  OS << "**" << kindText(A) << "** of " << A.Bytes << " bytes in kernel `" << K.Name
     << "`: " << P.Pattern;
  if (P.Uniform)
    OS << " (every lane the same address)";
  else if (P.StrideBytes)
    OS << " (" << *P.StrideBytes << " bytes between lanes)";
  OS << "\n\n";
  if (P.PerRequest) {
    OS << "- **" << figure(*P.PerRequest) << " " << Unit << " per request** where "
       << figure(P.Ideal) << " would do";
    if (P.Ideal > 0 && *P.PerRequest > P.Ideal)
      OS << " (" << figure(*P.PerRequest / P.Ideal) << "x the ideal)";
    if (P.Min != P.Max)
      OS << "; " << figure(P.Min) << " to " << figure(P.Max) << " over the sampled warps";
    OS << "\n";
  } else {
    OS << "- " << Unit << " per request: not known here";
    if (!P.DependsOn.empty())
      OS << " (the address depends on " << P.DependsOn << ")";
    OS << "\n";
  }
  const AccessTotals &T = P.Totals;
  if (T.Known) {
    OS << "- over " << K.launch().str() << ": " << count(T.Requests) << " requests, "
       << count(T.Cost) << " " << Unit << " (ideal " << count(T.IdealCost) << ")";
    double All = kernelCost(K, Unit);
    if (All > 0)
      OS << ", " << static_cast<int>(std::lround(100 * T.Cost / All)) << "% of the kernel's "
         << Unit;
    OS << "\n";
  } else if (!T.Why.empty()) {
    OS << "- over the launch: not known (" << T.Why << ")\n";
  }
  if (G) {
    if (W && Before)
      OS << "- time: " << timeText(K, *W, *Before, A, *G) << "\n";
    else if (W)
      OS << "- time: no time predicted: " << noTimeHint(K, W->Why) << "\n";
  }
  for (const std::string &S : P.Assumptions)
    OS << "- assumed: " << S << "\n";
  if (!A.Reason.empty())
    OS << "- " << addrSpaceName(A.Space) << ": " << A.Reason << "\n";
  return Out;
}

} // namespace

std::vector<AccessHover> accessHovers(const KernelFacts &K, const GpuProfile *Gpu) {
  std::vector<AccessHover> Out;
  std::optional<LaunchWork> W;
  std::optional<TimeEstimate> Before;
  if (Gpu) {
    W = kernelLaunchWork(K);
    if (W->Known)
      Before = W->time(*Gpu);
  }
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    std::string Text = markdown(K, A, K.Patterns.prediction(I), W ? &*W : nullptr,
                                Before ? &*Before : nullptr, Gpu);
    // A line whose access the optimizer merged into this one's instructions
    // shows the merged access, saying so.
    for (const SourceLoc &L : A.MergedWith)
      Out.push_back({L, Text + formatv("- merged by the optimizer into the access at line {0}, "
                                       "column {1}\n",
                                       A.Loc.Line, A.Loc.Column)
                                   .str()});
    Out.push_back({A.Loc, std::move(Text)});
  }
  return Out;
}

} // namespace warplint
