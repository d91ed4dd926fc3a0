//===- KernelJson.cpp - One kernel of `accesses --format=json` ------------===//
#include "tools/output/KernelJson.h"

#include "rules/Confirm.h"
#include "rules/KernelResources.h"
#include "rules/TimeSaved.h"
#include "tools/Locations.h"
#include "tools/output/TimeOutput.h"

using namespace llvm;

namespace warplint {
namespace {

/// The bytes one unit of A's per-request figure moves: a sector (global,
/// local) or a wavefront's phase (shared); 0 where the figure is not bytes.
unsigned unitBytes(const MemoryAccess &A, const ArchProfile &Arch) {
  switch (A.Space) {
  case AS_Global:
  case AS_Local:
  case AS_Generic:
    return Arch.SectorBytes;
  case AS_Shared:
    return Arch.SharedPhaseBytes;
  default:
    return 0;
  }
}

json::Object measuredJson(const dm::SiteMetrics &S) {
  std::optional<double> Per = S.perRequest();
  return json::Object{{"requests", S.requests()},
                      {"per_request", Per ? json::Value(*Per) : nullptr},
                      {"space", addrSpaceName(S.Space)}};
}

/// {"requests", UNIT, "ideal", "formula"} over the whole launch (with
/// "assumed" where the cost is the worst case of addresses from loaded
/// data), or {"known": false, "why"} (with "requests" when only the cost is
/// unknown).
json::Object totalsJson(const MemoryAccess &A, const AccessTotals &T) {
  json::Object O;
  if (T.RequestsKnown)
    O["requests"] = T.Requests;
  if (!T.Known) {
    O["known"] = false;
    O["why"] = T.Why;
  } else {
    O[costUnit(A.Space)] = T.Cost;
    O["ideal"] = T.IdealCost;
    std::string Assumed;
    if (T.RequestsAtMost)
      Assumed = "which lanes reach it depends on loaded data: every lane that may reach it "
                "counted (at most)";
    if (T.WorstCaseAssumed)
      Assumed += (Assumed.empty() ? "" : "; ") +
                 std::string("addresses from loaded data: every lane its own sector (the "
                             "worst case)");
    if (!Assumed.empty())
      O["assumed"] = Assumed;
  }
  if (T.RequestsKnown)
    O["formula"] = T.Formula.empty() ? json::Value(nullptr) : json::Value(T.Formula);
  return O;
}

json::Object kernelTotalsJson(const KernelTotals &T) {
  json::Array Buffers, Assumptions;
  for (const BufferFootprint &B : T.Buffers)
    Buffers.push_back(json::Object{{"name", B.Name},
                                   {"read_sectors", B.ReadSectors},
                                   {"written_sectors", B.WrittenSectors},
                                   {"read_reuse", B.ReadReuse},
                                   {"known", B.Known}});
  for (const std::string &A : T.Assumptions)
    Assumptions.push_back(A);
  return json::Object{{"known", T.Known},
                      {"warps", T.Warps},
                      {"warp_instructions", T.WarpInstructions},
                      {"sass_instructions", T.SassInstructions},
                      {"mufu_instructions", T.MufuInstructions},
                      {"buffers", std::move(Buffers)},
                      {"assumptions", std::move(Assumptions)}};
}

json::Object accessJson(const KernelFacts &K, const MemoryAccess &A, const Prediction &P) {
  json::Object Predicted;
  for (unsigned Space : {AS_Global, AS_Shared, AS_Const}) {
    StringRef Name = Prediction::metricName(Space);
    bool Mine = Prediction::metricName(A.Space) == Name;
    Predicted[Name] = Mine && P.PerRequest ? json::Value(*P.PerRequest) : json::Value(nullptr);
  }
  if (P.PerRequest) {
    Predicted["ideal"] = P.Ideal;
    Predicted["min"] = P.Min;
    Predicted["max"] = P.Max;
    Predicted["active_lanes"] = P.ActiveLanes;
    if (unsigned Unit = unitBytes(A, K.Arch)) {
      // In bytes, so that the state spaces add up (the page's waste).
      Predicted["bytes_per_request"] = *P.PerRequest * Unit;
      Predicted["ideal_bytes_per_request"] = P.Ideal * Unit;
      Predicted["wasted_bytes_per_request"] = std::max(0.0, *P.PerRequest - P.Ideal) * Unit;
    }
    if (!P.PerIteration.empty()) {
      json::Array PerIteration;
      for (double V : P.PerIteration)
        PerIteration.push_back(V);
      Predicted["per_iteration"] = std::move(PerIteration);
    }
  }
  json::Array Assumptions;
  for (const std::string &S : P.Assumptions)
    Assumptions.push_back(S);
  json::Object O{{"file", A.Loc.File},
                 {"line", A.Loc.Line},
                 {"column", A.Loc.Column},
                 {"space", addrSpaceName(A.Space)},
                 {"op", accessOpName(A.Op)},
                 {"bytes", A.Bytes},
                 {"pattern", P.Pattern},
                 {"stride_bytes", P.StrideBytes ? json::Value(*P.StrideBytes) : nullptr},
                 {"uniform", P.Uniform},
                 {"predicted", std::move(Predicted)},
                 {"assumptions", std::move(Assumptions)},
                 {"ir_sites", (int64_t)A.Sites.size()},
                 {"totals", totalsJson(A, P.Totals)}};
  if (!A.CacheHint.empty())
    O["cache"] = A.CacheHint; // The PTX cache operator: "cs", "nc", ...
  if (P.StructBytes)
    O["struct_bytes"] = P.StructBytes;
  if (P.EveryFieldUsed)
    O["every_field_used"] = true;
  if (P.Pattern == "misaligned")
    O["offset_bytes"] = P.MisalignBytes;
  if (P.MisalignOffsets.size() > 1) {
    json::Array Offsets;
    for (int64_t Offset : P.MisalignOffsets)
      Offsets.push_back(Offset);
    O["offsets_bytes"] = std::move(Offsets); // Lane 0's offset changes between warps.
  }
  if (P.SharesSectorsWith.valid())
    O["shares_sectors_with"] = locationJson(P.SharesSectorsWith);
  if (P.SlidingWindow)
    O["sliding_window"] = true;
  if (!P.SampledStrides.empty()) {
    // The stride depends on unknown arguments: what it was at each value.
    O["stride_depends_on"] = P.StrideDependsOn;
    json::Array Samples;
    for (size_t I = 0; I < P.SampledStrides.size(); ++I) {
      json::Object Sample{{"arg_value", P.SampledStrides[I].first},
                          {"stride_bytes", P.SampledStrides[I].second}};
      // Several unknowns, each at a value of its own: "n=4096, k=8192".
      if (I < P.SampledArgValues.size() && StringRef(P.SampledArgValues[I]).contains(", "))
        Sample["arg_values"] = P.SampledArgValues[I];
      Samples.push_back(std::move(Sample));
    }
    O["stride_samples"] = std::move(Samples);
    if (!P.StrideFormula.empty())
      O["stride_formula"] = P.StrideFormula;
  }
  if (!P.DependsOn.empty())
    O["depends_on"] = P.DependsOn;
  if (!A.Reason.empty())
    O["reason"] = A.Reason;
  if (A.CallSite.valid())
    O["call_site"] = locationJson(A.CallSite);
  if (!A.MergedWith.empty()) {
    json::Array Merged;
    for (const SourceLoc &L : A.MergedWith)
      Merged.push_back(locationJson(L));
    O["merged_with"] = std::move(Merged);
  }
  if (const dm::SiteMetrics *S = measuredSite(K, A))
    O["measured"] = measuredJson(*S);
  return O;
}

json::Array dimJson(const Dim3 &D) { return json::Array{D.V[0], D.V[1], D.V[2]}; }

} // namespace

StringRef costUnit(unsigned Space) {
  switch (Space) {
  case AS_Shared:
    return "wavefronts";
  case AS_Const:
  case AS_Param:
    return "passes";
  default:
    return "sectors";
  }
}

Expected<TimeEstimate> kernelTime(const KernelFacts &K, const GpuProfile &Gpu) {
  LaunchWork W = kernelLaunchWork(K);
  if (!W.Known)
    return createStringError(inconvertibleErrorCode(), "%s", noTimeHint(K, W.Why).c_str());
  return W.time(Gpu);
}

json::Object kernelJson(const KernelFacts &K, const GpuProfile *Gpu) {
  const StateSpaces &S = K.Spaces;
  const AccessPatterns &P = K.Patterns;
  json::Array Accesses, Locals, Branches, Barriers;
  for (size_t I = 0; I < S.accesses().size(); ++I)
    Accesses.push_back(accessJson(K, S.accesses()[I], P.prediction(I)));
  for (const LocalArrayStatus &L : S.localArrays()) {
    json::Object O{{"name", L.Decl.Name},
                   {"bytes", L.Decl.Bytes},
                   {"line", L.Decl.Line},
                   {"space", L.Promoted ? "reg" : "local"}};
    if (!L.Promoted)
      O["reason"] = L.Reason;
    Locals.push_back(std::move(O));
  }
  for (const BranchDivergence &B : P.branches()) {
    StringRef Kind = B.K == BranchDivergence::Divergent       ? "divergent"
                     : B.K == BranchDivergence::DataDependent ? "data-dependent"
                                                              : "uniform";
    json::Object O = locationJson(B.Loc);
    O["kind"] = Kind;
    if (B.K == BranchDivergence::Divergent) {
      O["divergent_fraction"] = B.DivergentFraction;
      O["launch_fraction"] = B.LaunchFraction;
      O["boundary"] = B.Boundary;
      O["packed"] = B.Packed;
      O["grid_edge"] = B.GridEdge;
    }
    Branches.push_back(std::move(O));
  }
  for (const BarrierReach &B : P.barriers()) {
    json::Object O = locationJson(B.Loc);
    O["thread_dependent"] = B.ThreadDependent;
    Barriers.push_back(std::move(O));
  }
  const LaunchConfig &L = P.launch();
  json::Array LaunchAssumptions;
  for (const std::string &A : L.Assumptions)
    LaunchAssumptions.push_back(A);
  json::Object Launch{{"grid", L.Grid ? json::Value(dimJson(*L.Grid)) : nullptr},
                     {"block", dimJson(L.Block)},
                     {"source", L.Source},
                     {"assumptions", std::move(LaunchAssumptions)}};
  // Known argument values and cudaMalloc'd buffer sizes, when there are any.
  if (!L.Args.empty()) {
    json::Object Args;
    for (const auto &[Name, V] : L.Args)
      Args[Name] = V;
    Launch["args"] = std::move(Args);
  }
  if (!L.BufferBytes.empty()) {
    json::Object Bytes;
    for (const auto &[Name, V] : L.BufferBytes)
      Bytes[Name] = V;
    Launch["buffer_bytes"] = std::move(Bytes);
  }
  json::Object Kernel{
      {"name", sourceName(S.kernel())},
      {"mangled", S.kernel().getName().str()},
      {"launch", std::move(Launch)},
      {"accesses", std::move(Accesses)},
      {"branches", std::move(Branches)},
      {"barriers", std::move(Barriers)},
      {"local_arrays", std::move(Locals)},
      {"resources", resourcesJson(K)},
      {"totals", kernelTotalsJson(P.totals())}};
  if (Gpu) {
    Expected<TimeEstimate> T = kernelTime(K, *Gpu);
    if (T)
      Kernel["time"] = timeJson(*T, *Gpu);
    else
      Kernel["time"] = json::Object{
          {"gpu", Gpu->Name}, {"predicted_us", nullptr}, {"why", toString(T.takeError())}};
  }
  if (P.exhausted())
    Kernel["analysis_stopped"] = P.exhaustedReason() + " (the per-kernel budget is " +
                                 P.budget().str() + ")";
  return Kernel;
}

json::Object resourcesJson(const KernelFacts &K) {
  RegisterFigure Registers = registersPerThread(K);
  KernelResources R = launchResources(K);
  OccupancyResult O = computeOccupancy(K.Arch, R);
  return json::Object{
      {"registers", Registers.Registers},
      {"registers_from", Registers.FromPtxas ? "ptxas" : "estimate"},
      {"static_shared_bytes", R.StaticSharedBytes},
      {"dynamic_shared_bytes", R.DynamicSharedBytes},
      {"block_size", R.BlockSize},
      {"blocks_per_sm", O.BlocksPerSM},
      {"warps_per_sm", O.WarpsPerSM},
      {"occupancy_percent", O.occupancyPercent()},
      {"limiter", O.Limiter == OccupancyLimiter::None
                      ? json::Value(nullptr)
                      : json::Value(occupancyLimiterName(O.Limiter))}};
}

} // namespace warplint
