//===- Confirm.cpp - What the device model measured for a finding ---------===//
#include "rules/Confirm.h"

#include "analyzer/TensorAccessors.h"
#include "analyzer/ThreadIndexModel.h"
#include "rules/LaunchFails.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace llvm;

namespace warplint {

namespace {
/// A double as text that reads back to the same value.
std::string numberText(double V) {
  char Text[32];
  snprintf(Text, sizeof(Text), "%.17g", V);
  return Text;
}
} // namespace

dm::LaunchRequest confirmingRequest(const Function &Kernel, const LaunchConfig &Launch,
                                    ArrayRef<LaunchEntry> Explicit, const LaunchEntry *Defaults,
                                    unsigned Blocks, bool &Synthesized) {
  dm::LaunchRequest Req;
  Req.Kernel = Kernel.getName().str();
  Req.Block = Launch.Block;
  Synthesized = !Launch.Grid || Launch.BlockAssumed;
  Dim3 Grid;
  Grid.V = {std::max(1u, Blocks), 1, 1};
  if (Launch.Grid)
    Grid = *Launch.Grid;
  Req.Grid = Grid;
  // Only what names a parameter of this kernel: --arg and the configuration
  // apply to every kernel of a file.
  StringSet<> Params;
  for (const Argument &A : Kernel.args())
    if (A.hasName())
      Params.insert(A.getName());
  // A parameter, or a field of a structure parameter ("p.n", "p.dims[1]").
  auto Names = [&](StringRef Name) {
    return Params.count(Name) || Params.count(Name.take_until([](char C) {
             return C == '.' || C == '[';
           }));
  };
  for (const auto &KV : Launch.Args)
    if (Names(KV.first))
      Req.Args.emplace_back(KV.first, std::to_string(KV.second));
  for (const auto &[Name, Bytes] : Launch.BufferBytes) // Below --buffer.
    if (Names(Name))
      Req.BufferBytes[Name] = Bytes;
  // Buffers, non-integral arguments and dynamic shared memory: the first
  // matching entry that gives one wins, the configuration's last.
  StringSet<> Given;
  auto AddEntry = [&](const LaunchEntry &E) {
    for (const auto &KV : E.Buffers)
      if (std::string Name = parameterName(Kernel, KV.first);
          Names(Name) && Given.insert(Name).second)
        Req.Buffers.emplace_back(Name, KV.second);
    for (const auto &KV : E.FloatArgs)
      if (std::string Name = parameterName(Kernel, KV.first);
          Names(Name) && !Launch.Args.count(Name) && Given.insert(Name).second)
        Req.Args.emplace_back(Name, numberText(KV.second));
    // Integer fields of structure parameters (the static analysis binds
    // top-level scalars only).
    for (const auto &KV : E.Args)
      if (!Params.count(KV.first) && Names(KV.first) && !Launch.Args.count(KV.first) &&
          Given.insert(KV.first).second)
        Req.Args.emplace_back(KV.first, std::to_string(KV.second));
    if (!Req.SharedBytes)
      Req.SharedBytes = E.SharedBytes;
  };
  for (const LaunchEntry &E : Explicit)
    if (launchMatches(E, Kernel))
      AddEntry(E);
  // The dynamic shared memory of the launch resolved from the source (an
  // annotation's shared(N), a host launch's third <<<>>> argument).
  if (!Req.SharedBytes)
    Req.SharedBytes = Launch.DynamicSharedBytes;
  if (Defaults)
    AddEntry(*Defaults);
  // Generous default buffers, within ConfirmMaxDefaultBytes for 16-byte
  // elements.
  uint64_t Threads = std::max<uint64_t>(1, Grid.count() * Launch.Block.count());
  Req.DefaultElemsPerThread =
      std::clamp<uint64_t>(ConfirmMaxDefaultBytes / (Threads * 16), 2, ConfirmElemsPerThread);
  // An integer argument nobody gives: the value the analysis predicted with.
  // Each its own, as the analysis's first argument sample gives them.
  Req.DefaultIntArg = ThreadIndexModel::argValue(0);
  unsigned Unknown = 0;
  for (const Argument *A : unknownIntegerArgs(Kernel, Launch))
    Req.DefaultIntArgs[A->getName().str()] = ThreadIndexModel::argValue(0, Unknown++);
  // A PyTorch accessor's strides as the analysis samples them: a contiguous
  // tensor's, its sizes the default (analyzer/TensorAccessors.h).
  for (const Argument &A : Kernel.args())
    if (unsigned Rank = accessorRank(A))
      for (unsigned D = 0; D < Rank; ++D)
        Req.DefaultIntArgs[formatv("{0}.strides_[{1}]", A.getName(), D).str()] =
            contiguousStrideOf(D, Rank, *Req.DefaultIntArg);
  return Req;
}

Expected<dm::LaunchReport> confirmingRun(const Function &Kernel, const dm::LaunchRequest &Req,
                                         const ArchProfile &Arch, unsigned Blocks,
                                         const FileBudget *Budget) {
  dm::RunOptions Opts;
  Opts.SampleBlocks = Blocks;
  if (Budget && Budget->limited())
    Opts.OutOfTime = [Budget] { return Budget->passed(); };
  Opts.Threads = 1; // The checker already runs files in parallel.
  if (Req.Block)
    Opts.ResidentBlocks = residentBlocks(Kernel, Arch, *Req.Block, Req.SharedBytes,
                                         Opts.ResidentText);
  return dm::runLaunch(Kernel, Req, Arch, Opts);
}

namespace {
/// "grid(4,1,1) block(128,1,1)" of a run.
std::string shapeText(const dm::LaunchReport &R) {
  return formatv("grid({0},{1},{2}) block({3},{4},{5})", R.Grid.V[0], R.Grid.V[1], R.Grid.V[2],
                 R.Block.V[0], R.Block.V[1], R.Block.V[2]);
}
} // namespace

std::string runDescription(const KernelFacts &K) {
  if (!K.Run)
    return "";
  const dm::LaunchReport &R = *K.Run;
  std::string S = shapeText(R);
  if (K.RunSynthesized)
    S += K.launch().BlockAssumed ? ", a launch synthesized for the run: no launch was found"
                                 : ", a grid synthesized for the run: no grid was given";
  // Scalar arguments the run made up.
  SmallVector<std::string, 4> Made;
  for (const auto &[Name, Value] : R.DefaultedArgs)
    Made.push_back(Name + " = " + Value);
  if (!Made.empty())
    S += "; not given: " + join(Made, ", ");
  if (R.Run.Sampled)
    S += formatv("; {0} of {1} blocks run", R.Run.BlocksRun, R.Run.TotalBlocks).str();
  return S;
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

/// "sectors per request" for "sectors_per_request".
std::string unitText(StringRef Metric) { return Metric.rsplit("_per_").first.str() + " per request"; }
} // namespace

const dm::SiteMetrics *measuredSite(const KernelFacts &K, const MemoryAccess &A) {
  return K.Run ? measuredSite(*K.Run, A) : nullptr;
}

const dm::SiteMetrics *measuredSite(const dm::LaunchReport &Run, const MemoryAccess &A) {
  for (const dm::SiteMetrics &S : Run.Sites)
    if (S.Loc == A.Loc && sameOp(A.Op, S.Op) &&
        (S.Space == A.Space || A.Space == AS_Generic))
      return &S;
  return nullptr;
}

void confirmAccess(const KernelFacts &K, const MemoryAccess &A, const Prediction &P,
                   double Threshold, Finding &F) {
  if (!K.Run)
    return;
  Confirmation C;
  C.Metric = Prediction::metricName(A.Space).str();
  // A data-dependent access had no prediction: the figure is the run's alone.
  bool RunOnly = P.Pattern == "data-dependent";
  if (!RunOnly)
    C.Predicted = P.PerRequest;
  C.Launch = shapeText(*K.Run);
  C.Synthesized = K.RunSynthesized;
  std::string Run = runDescription(K);
  const dm::SiteMetrics *S = measuredSite(K, A);
  std::optional<double> M = S ? S->perRequest() : std::nullopt;
  if (!M) {
    std::string Why = K.Run->Run.Stopped ? ": the run stopped early at an error" : "";
    F.Notes.push_back({A.Loc, "the device model's run (" + Run + ") never executed this access" +
                                  Why + ", so it neither confirms nor contradicts it"});
    return;
  }
  C.Measured = *M;
  std::string Unit = unitText(C.Metric);
  bool NoWaste = !RunOnly && P.Ideal > 0 && *M <= Threshold * P.Ideal;
  bool OffFigure = !RunOnly && P.PerRequest && *P.PerRequest > 0 &&
                   std::fabs(*M - *P.PerRequest) > ConfirmTolerance * *P.PerRequest;
  C.Contradicted = NoWaste || OffFigure;
  std::string Msg = formatv("device model measured {0:F2} {1} ({2})", *M, Unit, Run);
  if (NoWaste)
    Msg += formatv(": the run contradicts the prediction, it saw no waste ({0:F2} where {1} "
                   "would do)",
                   *M, P.Ideal == std::floor(P.Ideal) ? formatv("{0}", int64_t(P.Ideal)).str()
                                                      : formatv("{0:F2}", P.Ideal).str());
  else if (OffFigure)
    Msg += formatv(": the run contradicts the predicted {0:F2} {1}", *P.PerRequest, Unit);
  else if (!RunOnly)
    Msg += ": the run confirms the prediction";
  else
    Msg += ": the addresses depend on data, so only the run can tell";
  if (C.Contradicted)
    F.Message += formatv(" (contradicted by the device model, which measured {0:F2} {1})", *M,
                         Unit);
  F.Notes.push_back({A.Loc, Msg});
  F.Confirmed = C;
}

std::vector<const dm::Finding *> runErrors(const KernelFacts &K, StringRef Kind) {
  std::vector<const dm::Finding *> Out;
  if (K.Run)
    for (const dm::Finding &F : K.Run->Errors)
      if (F.Kind == Kind)
        Out.push_back(&F);
  return Out;
}

std::string runMessage(const dm::Finding &E) {
  std::string M = E.Message;
  if (!E.Loc.valid())
    return M;
  std::string Where = " at " + E.Loc.File + ":" + std::to_string(E.Loc.Line);
  size_t At = M.find(Where);
  // Only a whole "FILE:LINE", not the start of a longer line number.
  while (At != std::string::npos) {
    size_t End = At + Where.size();
    if (End == M.size() || !isDigit(M[End]))
      return M.erase(At, Where.size());
    At = M.find(Where, End);
  }
  return M;
}

Confirmation eventConfirmation(const KernelFacts &K, StringRef Metric, bool Seen,
                               bool Predicted) {
  Confirmation C;
  C.Metric = Metric.str();
  C.Measured = Seen;
  if (Predicted)
    C.Predicted = 1;
  C.Contradicted = Predicted && !Seen;
  C.Synthesized = K.RunSynthesized;
  if (K.Run)
    C.Launch = shapeText(*K.Run);
  return C;
}

namespace {
/// A total as text: "16000", "12.5".
std::string totalText(double V) {
  if (std::abs(V - std::round(V)) < 1e-6 * std::max(1.0, std::abs(V)))
    return std::to_string(int64_t(std::llround(V)));
  return formatv("{0:f1}", V).str();
}
} // namespace

std::vector<Finding> totalsMismatches(const KernelFacts &K) {
  std::vector<Finding> Out;
  if (!K.Run || K.RunSynthesized)
    return Out;
  auto Off = [](double Predicted, double Measured) {
    return std::abs(Predicted - Measured) > TotalsTolerance * std::max(Measured, 1.0);
  };
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const AccessTotals &T = K.Patterns.prediction(I).Totals;
    const dm::SiteMetrics *S = measuredSite(K, A);
    if (!T.RequestsKnown || !S)
      continue;
    double Requests = S->requests();
    std::optional<double> Per = S->perRequest();
    std::string What;
    if (Off(T.Requests, Requests)) {
      What = formatv("{0} requests over the launch, predicted {1}", totalText(Requests),
                     totalText(T.Requests));
    } else if (T.Known && !T.WorstCaseAssumed && Per && Off(T.Cost, *Per * Requests)) {
      // (A worst case assumed for addresses from loaded data is not a
      // prediction the run could contradict.)
      StringRef Unit = A.Space == AS_Shared                          ? "wavefronts"
                       : A.Space == AS_Const || A.Space == AS_Param ? "constant-cache passes"
                                                                    : "sectors";
      What = formatv("{0} {1} over the launch, predicted {2}", totalText(*Per * Requests),
                     Unit, totalText(T.Cost));
    }
    if (What.empty())
      continue;
    Finding N;
    N.Rule = "totals-mismatch";
    N.Level = Severity::Note;
    N.Kernel = K.Name;
    N.Loc = A.Loc;
    N.Message = formatv("device model measured {0} ({1}): more than {2}% apart", What,
                        runDescription(K), totalText(TotalsTolerance * 100))
                    .str();
    Out.push_back(std::move(N));
  }
  return Out;
}

} // namespace warplint
