//===- CostAgreementTest.cpp - The two engines price accesses alike -------===//
//
// The static analysis and the device model take every per-request cost from
// analyzer/arch/MemoryCost. This test runs every kernel of samples/,
// tests/lit and tests/hardware on the device model, the way `check --confirm`
// does (rules/Confirm), and asserts that at every access whose address the
// analysis models (not data-dependent, not unmodelled) the measured figure
// per request is the predicted one: equal when the prediction is the same in
// every sampled warp, within the sampled range otherwise. A difference is a
// bug in one of the engines.
//
//===----------------------------------------------------------------------===//
#include "analyzer/AccessPatterns.h"
#include "analyzer/LaunchConfig.h"
#include "analyzer/StateSpaces.h"
#include "frontend/Frontend.h"
#include "frontend/launch/LaunchFile.h"
#include "rules/Confirm.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace warplint;

namespace {

const std::string Root = WARPLINT_SOURCE_DIR;

/// Blocks each run executes (sampled beyond), as `check --confirm`.
constexpr unsigned RunBlocks = 8;

/// Every .cu file under Dir, sorted.
std::vector<std::string> cudaFiles(const std::string &Dir) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    // (tests/lit/hostile/ holds inputs built to run forever or to balloon:
    // its own tests run them under a budget and a cap.)
    if (sys::path::extension(It->path()) == ".cu" &&
        !StringRef(It->path()).contains("/tests/lit/hostile/"))
      Out.push_back(It->path());
  std::sort(Out.begin(), Out.end());
  return Out;
}

/// The launch file that goes with a .cu file: F.launch.json next to it or in
/// Inputs/ beside it.
std::vector<LaunchEntry> launchesFor(StringRef Path) {
  SmallString<256> Stem = sys::path::parent_path(Path);
  std::string Name = (sys::path::stem(Path) + ".launch.json").str();
  for (std::string Candidate :
       {(Stem + "/" + Name).str(), (Stem + "/Inputs/" + Name).str()}) {
    if (!sys::fs::exists(Candidate))
      continue;
    Expected<std::vector<LaunchEntry>> E = readLaunchFile(Candidate);
    if (E)
      return *E;
    consumeError(E.takeError());
  }
  return {};
}

struct Tally {
  unsigned Files = 0, Kernels = 0, Runs = 0, Compared = 0;
  std::vector<std::string> Disagreements;
};

/// Compares the predicted and measured figures of every kernel of Path.
void compareFile(const std::string &Path, Tally &T) {
  FrontendOptions Opts;
  Opts.ForcePrelude = true; // CI has no CUDA SDK.
  Expected<DeviceModule> DM = loadInput(Path, Opts);
  if (!DM) {
    consumeError(DM.takeError()); // Bad-input tests, or a file that needs an SDK.
    return;
  }
  ++T.Files;
  std::vector<LaunchEntry> Launches = launchesFor(Path);
  const ArchProfile &Arch = defaultArch();
  for (const Function &F : *DM->M) {
    if (!isKernel(F) || F.isDeclaration())
      continue;
    ++T.Kernels;
    if (getenv("AGREE_TRACE")) fprintf(stderr, "%s %s\n", Path.c_str(), F.getName().str().c_str());
    StateSpaces S = StateSpaces::analyze(*DM, F);
    LaunchConfig L = resolveLaunch(*DM, F, Launches);
    bool Synthesized = false;
    dm::LaunchRequest Req = confirmingRequest(F, L, Launches, nullptr, RunBlocks, Synthesized);
    // The analysis sees the launch the run makes.
    if (!L.Grid)
      L.Grid = Req.Grid;
    AccessPatterns P = AccessPatterns::analyze(S, L, Arch);
    Expected<dm::LaunchReport> R = confirmingRun(F, Req, Arch, RunBlocks);
    if (!R) {
      consumeError(R.takeError());
      continue;
    }
    ++T.Runs;
    for (size_t I = 0; I < S.accesses().size(); ++I) {
      const MemoryAccess &A = S.accesses()[I];
      const Prediction &Pr = P.prediction(I);
      if (!Pr.PerRequest)
        continue; // Data-dependent, unmodelled or unreached.
      const dm::SiteMetrics *Site = measuredSite(*R, A);
      std::optional<double> M = Site ? Site->perRequest() : std::nullopt;
      if (!M)
        continue; // The run never executed it.
      ++T.Compared;
      bool Agrees = Pr.Min == Pr.Max ? std::fabs(*M - Pr.Min) < 1e-6
                                     : *M >= Pr.Min - 1e-6 && *M <= Pr.Max + 1e-6;
      if (!Agrees)
        T.Disagreements.push_back(
            formatv("{0}:{1}:{2} kernel {3} {4}: predicted {5} (range {6}..{7}), device "
                    "model {8} ({9} pattern)",
                    sys::path::filename(Path), A.Loc.Line, A.Loc.Column, sourceName(F),
                    Prediction::metricName(A.Space), *Pr.PerRequest, Pr.Min, Pr.Max, *M,
                    Pr.Pattern)
                .str());
    }
  }
}

} // namespace

TEST(CostAgreement, EveryModelledAccessOfTheRepository) {
  Tally T;
  for (const char *Dir : {"/samples", "/tests/lit", "/tests/hardware"})
    for (const std::string &Path : cudaFiles(Root + Dir))
      compareFile(Path, T);
  for (const std::string &D : T.Disagreements)
    ADD_FAILURE() << D;
  // The repository's kernels, not a handful: a broken loader would pass.
  EXPECT_GT(T.Files, 60u);
  EXPECT_GT(T.Runs, 200u);
  EXPECT_GT(T.Compared, 500u);
  std::printf("cost agreement: %u files, %u kernels, %u runs, %u accesses compared, %zu "
              "disagreements\n",
              T.Files, T.Kernels, T.Runs, T.Compared, T.Disagreements.size());
}
