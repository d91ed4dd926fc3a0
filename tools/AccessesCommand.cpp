//===- AccessesCommand.cpp - warplint accesses ----------------------------===//
#include "analyzer/AccessPatterns.h"
#include "analyzer/StateSpaces.h"
#include "tools/CommandLine.h"
#include "tools/InputLoop.h"
#include "tools/Locations.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {
namespace {

json::Object accessJson(const MemoryAccess &A, const Prediction &P) {
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
                 {"ir_sites", (int64_t)A.Sites.size()}};
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
    for (const auto &[Value, Stride] : P.SampledStrides)
      Samples.push_back(json::Object{{"arg_value", Value}, {"stride_bytes", Stride}});
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
  return O;
}

json::Array dimJson(const Dim3 &D) { return json::Array{D.V[0], D.V[1], D.V[2]}; }

json::Object kernelJson(const StateSpaces &S, const AccessPatterns &P) {
  json::Array Accesses, Locals, Branches, Barriers;
  for (size_t I = 0; I < S.accesses().size(); ++I)
    Accesses.push_back(accessJson(S.accesses()[I], P.prediction(I)));
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
  json::Object K{
      {"name", sourceName(S.kernel())},
      {"mangled", S.kernel().getName().str()},
      {"launch", json::Object{{"grid", L.Grid ? json::Value(dimJson(*L.Grid)) : nullptr},
                              {"block", dimJson(L.Block)},
                              {"source", L.Source},
                              {"assumptions", std::move(LaunchAssumptions)}}},
      {"accesses", std::move(Accesses)},
      {"branches", std::move(Branches)},
      {"barriers", std::move(Barriers)},
      {"local_arrays", std::move(Locals)}};
  if (P.exhausted())
    K["analysis_stopped"] = P.exhaustedReason() + " (the per-kernel budget is " +
                            P.budget().str() + ")";
  return K;
}

/// One function of a SASS listing: ptxas's facts and every memory
/// instruction by state space, spills and local-array accesses apart.
json::Object sassFunctionJson(const SassFunction &F) {
  json::Array Accesses;
  for (const SassMemoryAccess &A : F.Accesses) {
    const SassInstruction &I = F.instruction(A);
    json::Object O{{"file", I.Source.File},
                   {"line", I.Source.Line},
                   {"column", 0},
                   {"listing_line", I.ListingLine},
                   {"address", I.Address},
                   {"opcode", I.Opcode},
                   {"space", addrSpaceName(A.Space)},
                   {"op", sassMemOpName(A.Op)},
                   {"bytes", A.Bytes},
                   {"spill", A.IsSpill},
                   {"local_array", A.Space == AS_Local && !A.IsSpill},
                   {"runtime_address", A.RuntimeAddress},
                   {"loop_depth", I.LoopDepth}};
    if (!I.Predicate.empty())
      O["predicate"] = I.Predicate;
    if (A.ConstBank >= 0)
      O["const_bank"] = A.ConstBank;
    if (!I.Source.InlinedAtFile.empty())
      O["inlined_at"] = json::Object{{"file", I.Source.InlinedAtFile},
                                     {"line", I.Source.InlinedAtLine}};
    Accesses.push_back(std::move(O));
  }
  auto Optional = [](const auto &V) { return V ? json::Value(*V) : json::Value(nullptr); };
  return json::Object{{"name", F.SourceName},
                      {"mangled", F.Name},
                      {"registers", Optional(F.Registers)},
                      {"stack_frame_bytes", Optional(F.StackFrameBytes)},
                      {"instructions", (int64_t)F.Instructions.size()},
                      {"loops", F.Loops},
                      {"spill_instructions", F.spillInstructions()},
                      {"spill_instructions_in_loops", F.spillInstructionsInLoops()},
                      {"local_array_instructions", F.localArrayInstructions()},
                      {"local_array_instructions_in_loops", F.localArrayInstructionsInLoops()},
                      {"accesses", std::move(Accesses)}};
}

bool sassSelected(const CommandLine &CL, const SassFunction &F) {
  return CL.Kernel.empty() || CL.Kernel == F.Name || CL.Kernel == F.SourceName;
}

} // namespace

int runAccessesCommand(const CommandLine &CL) {
  Expected<std::vector<LaunchEntry>> Launches = explicitLaunches(CL);
  if (!Launches) {
    errs() << toString(Launches.takeError()) << "\n";
    return ExitToolError;
  }
  Expected<const ArchProfile &> Arch = lookupArch(CL.Arch);
  if (!Arch) {
    errs() << toString(Arch.takeError()) << "\n";
    return ExitToolError;
  }
  json::Array Files;
  int Exit = forEachInput(CL, [&](DeviceModule &DM) {
    if (CL.DumpIr)
      DM.M->print(errs(), nullptr);
    json::Array Kernels;
    for (const Function &F : *DM.M) {
      if (!isKernel(F) || !kernelSelected(CL, F))
        continue;
      StateSpaces S = StateSpaces::analyze(DM, F);
      AccessPatterns P =
          AccessPatterns::analyze(S, resolveLaunch(DM, F, *Launches), *Arch, CL.budget());
      if (CL.Format == "json")
        Kernels.push_back(kernelJson(S, P));
      else
        P.print(outs(), S);
    }
    if (CL.Format == "json")
      Files.push_back(json::Object{{"file", DM.Path}, {"kernels", std::move(Kernels)}});
  }, [&](const SassListing &L) {
    if (CL.Format != "json") {
      outs() << L.Path << ": " << L.Format << " listing"
             << (L.Arch.empty() ? "" : " for " + L.Arch) << "\n";
      for (const SassFunction &F : L.Functions)
        if (sassSelected(CL, F))
          F.print(outs());
      return;
    }
    json::Array Kernels;
    for (const SassFunction &F : L.Functions)
      if (sassSelected(CL, F))
        Kernels.push_back(sassFunctionJson(F));
    Files.push_back(json::Object{{"file", L.Path},
                                 {"input", "sass"},
                                 {"listing", L.Format},
                                 {"arch", L.Arch.empty() ? json::Value(nullptr) : json::Value(L.Arch)},
                                 {"kernels", std::move(Kernels)}});
  });
  if (CL.Format == "json")
    outs() << formatv("{0:2}", json::Value(json::Object{{"files", std::move(Files)}}))
           << "\n";
  return Exit;
}

} // namespace warplint
