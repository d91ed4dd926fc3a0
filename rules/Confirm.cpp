//===- Confirm.cpp - What the device model measured for a finding ---------===//
#include "rules/Confirm.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace warplint {

Expected<dm::LaunchReport> confirmingRun(const Function &Kernel, const LaunchConfig &Launch,
                                         const ArchProfile &Arch, unsigned Blocks,
                                         bool &Synthesized) {
  dm::LaunchRequest Req;
  Req.Kernel = Kernel.getName().str();
  Req.Block = Launch.Block;
  Synthesized = !Launch.Grid || Launch.BlockAssumed;
  if (Launch.Grid) {
    Req.Grid = Launch.Grid;
  } else {
    Dim3 G;
    G.V = {std::max(1u, Blocks), 1, 1};
    Req.Grid = G;
  }
  for (const auto &KV : Launch.Args)
    Req.Args.emplace_back(KV.first, std::to_string(KV.second));
  dm::RunOptions Opts;
  Opts.SampleBlocks = Blocks;
  Opts.Threads = 1; // The checker already runs files in parallel.
  return dm::runLaunch(Kernel, Req, Arch, Opts);
}

namespace {
bool sameOp(AccessOp Op, dm::MemOp M) {
  switch (Op) {
  case AccessOp::Load:
    return M == dm::MemOp::Load;
  case AccessOp::Store:
    return M == dm::MemOp::Store;
  case AccessOp::Atomic:
    return M == dm::MemOp::Atomic || M == dm::MemOp::Reduction;
  }
  return false;
}
} // namespace

const dm::SiteMetrics *measuredSite(const KernelFacts &K, const MemoryAccess &A) {
  if (!K.Run)
    return nullptr;
  for (const dm::SiteMetrics &S : K.Run->Sites)
    if (S.Loc == A.Loc && sameOp(A.Op, S.Op) &&
        (S.Space == A.Space || A.Space == AS_Generic))
      return &S;
  return nullptr;
}

std::optional<double> measuredPerRequest(const dm::SiteMetrics &Site) {
  double Requests = 0, Cost = 0;
  for (const auto &KV : Site.Metrics) {
    StringRef N = KV.first;
    if (N.contains("_requests_") || N.starts_with("smsp__inst_executed_op_shared"))
      Requests += KV.second;
    if ((Site.Space == AS_Global || Site.Space == AS_Local) && N.contains("_sectors_"))
      Cost += KV.second;
    else if (Site.Space == AS_Shared && N.contains("wavefronts"))
      Cost += KV.second;
    else if (Site.Space == AS_Const && N.contains("idc_divergent_instruction_replays"))
      Cost += KV.second;
  }
  if (Requests <= 0)
    return std::nullopt;
  // Constant: addresses per request = replays per request + 1.
  return Site.Space == AS_Const ? Cost / Requests + 1 : Cost / Requests;
}

void confirmAccess(const KernelFacts &K, const MemoryAccess &A, const Prediction &P,
                   double Threshold, Finding &F) {
  if (!K.Run)
    return;
  Confirmation C;
  C.Metric = Prediction::metricName(A.Space).str();
  C.Predicted = P.PerRequest;
  C.Launch = formatv("grid({0},{1},{2}) block({3},{4},{5})", K.Run->Grid.V[0],
                     K.Run->Grid.V[1], K.Run->Grid.V[2], K.Run->Block.V[0],
                     K.Run->Block.V[1], K.Run->Block.V[2]);
  C.Synthesized = K.RunSynthesized;
  const dm::SiteMetrics *S = measuredSite(K, A);
  std::optional<double> M = S ? measuredPerRequest(*S) : std::nullopt;
  if (!M) {
    F.Notes.push_back({A.Loc, "the confirming run (" + C.Launch +
                                  ") never executed this access"});
    return;
  }
  C.Measured = *M;
  C.Contradicted = P.Ideal > 0 && *M <= Threshold * P.Ideal;
  std::string Msg = formatv("device model measured {0:F2} {1} ({2}{3})", *M,
                            StringRef(C.Metric).rsplit("_per_").first.str() + " per request",
                            C.Launch, C.Synthesized ? ", a launch synthesized for the run" : "");
  if (C.Contradicted)
    Msg += ": the run contradicts the prediction";
  F.Notes.push_back({A.Loc, Msg});
  F.Confirmed = C;
}

} // namespace warplint
