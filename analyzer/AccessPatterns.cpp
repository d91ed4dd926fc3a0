//===- AccessPatterns.cpp - Predicted cost of every access ----------------===//
//
// The kernel-wide pass: one prediction per source access (AccessPrediction),
// the facts the accesses tell about each other (AccessRelations), and the
// divergence of branches and barriers (ControlDivergence).
//
//===----------------------------------------------------------------------===//
#include "analyzer/AccessPatterns.h"

#include "analyzer/AccessPrediction.h"
#include "analyzer/AccessRelations.h"
#include "analyzer/ControlDivergence.h"
#include "analyzer/KernelCopies.h"
#include "analyzer/LaunchCounting.h"
#include "analyzer/ThreadIndexModel.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>

using namespace llvm;

namespace warplint {

AccessPatterns AccessPatterns::analyze(const StateSpaces &Spaces, const LaunchConfig &Launch,
                                       const ArchProfile &Arch, const AnalysisBudget &Budget) {
  auto Start = std::chrono::steady_clock::now();
  AccessPatterns R = analyzeUntimed(Spaces, Launch, Arch, Budget);
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  return R;
}

AccessPatterns AccessPatterns::analyzeUntimed(const StateSpaces &Spaces,
                                              const LaunchConfig &Launch,
                                              const ArchProfile &Arch,
                                              const AnalysisBudget &Budget) {
  AccessPatterns R;
  R.Launch = Launch;
  R.Budget = Budget;
  const Function &K = Spaces.kernel();
  ThreadIndexModel Model(K, Launch, Arch, Budget);
  DenseMap<const BasicBlock *, unsigned> Rpo;
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&K))
    Rpo[BB] = Rpo.size();

  // Per access: the probe warp and the sectors it touches (global only), to
  // find loads that share sectors.
  std::vector<ProbeFacts> Probes(Spaces.accesses().size());
  for (size_t I = 0; I < Spaces.accesses().size() && !Model.exhausted(); ++I)
    R.Predictions.push_back(
        predictAccess(Spaces.accesses()[I], K, Model, Rpo, Launch, Arch, Probes[I]));
  if (Model.exhausted())
    return stopped(std::move(R), Spaces, Model.exhaustedReason());
  relateAccesses(Spaces, Probes, R.Predictions);
  analyzeControl(K, Model, Launch, Arch, R.Branches, R.Barriers);
  if (Model.exhausted())
    return stopped(std::move(R), Spaces, Model.exhaustedReason());
  countLaunch(Spaces, Model, Launch, Arch, R.Predictions, R.Totals);
  if (Model.exhausted())
    return stopped(std::move(R), Spaces, Model.exhaustedReason());
  return R;
}

AccessPatterns AccessPatterns::stopped(AccessPatterns R, const StateSpaces &Spaces,
                                       StringRef Reason) {
  R.Exhausted = Reason.str();
  R.Predictions.assign(Spaces.accesses().size(), Prediction());
  for (Prediction &P : R.Predictions) {
    P.Pattern = "unmodelled";
    P.DependsOn = "the kernel's analysis budget (" + R.Budget.str() + ") ran out";
    P.Totals.Why = P.DependsOn;
  }
  R.Branches.clear();
  R.Barriers.clear();
  R.Totals = KernelTotals();
  return R;
}

AccessPatterns AccessPatterns::forCopy(const KernelCorrespondence &C,
                                       const LaunchConfig &CopyLaunch) const {
  AccessPatterns R = *this;
  R.Launch = CopyLaunch;
  R.Seconds = 0;
  R.Copy = true;
  auto Move = [&](SourceLoc &L) {
    if (L.valid())
      L.Line = unsigned(int64_t(L.Line) + C.LineDelta);
  };
  for (Prediction &P : R.Predictions) {
    Move(P.SharesSectorsWith);
    if (P.DependsOnValue) {
      P.DependsOnValue = C.map(P.DependsOnValue);
      P.DependsOn = P.DependsOnValue ? describeDependence(P.DependsOnValue) : "loaded data";
    }
  }
  for (BranchDivergence &B : R.Branches) {
    Move(B.Loc);
    B.Inst = cast_or_null<Instruction>(C.map(B.Inst));
  }
  for (BarrierReach &B : R.Barriers)
    Move(B.Loc);
  auto MoveBlocks = [&](auto &Map) {
    std::remove_reference_t<decltype(Map)> Moved;
    for (const auto &[BB, N] : Map)
      if (const auto *Mapped = dyn_cast_or_null<BasicBlock>(C.map(BB)))
        Moved[Mapped] = N;
    Map = std::move(Moved);
  };
  MoveBlocks(R.Totals.BlockWarps);
  MoveBlocks(R.Totals.BlockSass);
  return R;
}

void AccessPatterns::print(raw_ostream &OS, const StateSpaces &Spaces) const {
  OS << "kernel " << sourceName(Spaces.kernel()) << "  launch " << Launch.str() << " ("
     << Launch.Source << ")";
  for (const std::string &A : Launch.ArgSources)
    OS << "; " << A;
  OS << "\n";
  if (exhausted())
    OS << "  analysis stopped: " << Exhausted << " (the per-kernel budget is "
       << Budget.str() << ")\n";
  for (size_t I = 0; I < Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = Spaces.accesses()[I];
    const Prediction &P = Predictions[I];
    OS << "  " << A.Loc.File << ":" << A.Loc.Line << ":" << A.Loc.Column << " "
       << addrSpaceName(A.Space) << " " << accessOpName(A.Op) << " ";
    // A bulk copy's length may be known only per sample (an argument).
    if (isBulkCopy(A))
      OS << "bulk " << (A.Bytes ? std::to_string(A.Bytes) + "B " : std::string());
    else
      OS << A.Bytes << "B ";
    OS << P.Pattern;
    auto Num = [](double V) { return formatv("{0}", V).str(); };
    if (P.StrideBytes && !P.Uniform)
      OS << " stride " << *P.StrideBytes << "B";
    if (!P.SampledStrides.empty()) {
      if (!P.StrideFormula.empty())
        OS << " stride " << P.StrideFormula << " B";
      else
        OS << " stride depends on " << P.StrideDependsOn;
      OS << " (" << P.sampledStridesText() << ")";
    }
    if (P.StructBytes)
      OS << " struct " << P.StructBytes << "B" << (P.EveryFieldUsed ? " every-field" : "");
    if (P.Pattern == "misaligned") {
      if (P.MisalignOffsets.size() > 1)
        OS << " offset " << P.MisalignOffsets.front() << ".." << P.MisalignOffsets.back()
           << "B";
      else
        OS << " offset " << P.MisalignBytes << "B";
    }
    if (P.SharesSectorsWith.valid())
      OS << " shares-sectors-with " << P.SharesSectorsWith.Line << ":"
         << P.SharesSectorsWith.Column;
    if (P.SlidingWindow)
      OS << " sliding-window";
    if (P.Pattern == "mbarrier") {
      OS << " (a SYNCS instruction: no LSU wavefront)";
    } else if (P.PerRequest) {
      OS << " " << Prediction::metricName(A.Space) << "=" << Num(*P.PerRequest)
         << " ideal " << Num(P.Ideal);
      if (P.Min != P.Max)
        OS << " range " << Num(P.Min) << ".." << Num(P.Max);
      if (!P.PerIteration.empty())
        OS << " per-iteration " << P.perIterationText();
    } else {
      OS << " (" << P.DependsOn << ")";
    }
    if (A.Sites.size() > 1)
      OS << " [" << A.Sites.size() << " IR sites]";
    if (!A.Reason.empty())
      OS << " (" << A.Reason << ")";
    if (!A.CacheHint.empty())
      OS << " cache=" << A.CacheHint;
    for (const SourceLoc &L : A.MergedWith)
      OS << " merged-with " << (L.File == A.Loc.File ? "" : L.File + ":") << L.Line << ":"
         << L.Column;
    OS << "\n";
  }
  for (const BranchDivergence &B : Branches) {
    if (B.K == BranchDivergence::Uniform)
      continue;
    OS << "  " << B.Loc.File << ":" << B.Loc.Line << ":" << B.Loc.Column << " branch "
       << (B.K == BranchDivergence::Divergent ? "divergent within a warp"
                                              : "depends on data");
    if (B.K == BranchDivergence::Divergent)
      OS << ": " << B.DivergentSamples << " of " << B.Samples << " sampled warps"
         << (B.Boundary   ? ", a bound crossed once"
             : B.GridEdge ? ", grid edge only"
             : B.Packed   ? ", packed per block"
                          : "")
         << formatv(", {0:P} of the launch", B.LaunchFraction);
    OS << "\n";
  }
  for (const BarrierReach &B : Barriers)
    if (B.ThreadDependent)
      OS << "  " << B.Loc.File << ":" << B.Loc.Line << ":" << B.Loc.Column
         << " barrier reached by only part of the block\n";
  for (const LocalArrayStatus &L : Spaces.localArrays())
    OS << "  array " << L.Decl.Name << " [" << L.Decl.Bytes << "B] "
       << (L.Promoted ? "promoted to registers" : "local: " + L.Reason) << "\n";
}

} // namespace warplint
