//===- Checker.cpp - Run the rules over a module --------------------------===//
#include "rules/Checker.h"
#include "rules/AssumedBlockShape.h"
#include "frontend/SourceLines.h"
#include "rules/LibraryCallSites.h"

#include "rules/Confirm.h"
#include "devicemodel/DeviceModel.h"
#include "rules/KernelResources.h"
#include "rules/TimeSaved.h"
#include "rules/LaunchFails.h"
#include "rules/LoopFacts.h"
#include "rules/Suppressions.h"
#include "rules/UnreachedAccesses.h"
#include "rules/Verdicts.h"

#include "analyzer/KernelCopies.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "frontend/launch/KernelName.h"

#include <algorithm>

using namespace llvm;

namespace warplint {

std::vector<std::unique_ptr<Rule>> createRules(const WarplintConfig &Config) {
  std::vector<std::unique_ptr<Rule>> Rules;
  for (const RuleInfo &R : allRules())
    if (Config.enabled(R.Id))
      Rules.push_back(R.Create(Config.optionsFor(R.Id)));
  return Rules;
}

namespace {

bool selected(const CheckOptions &Opts, const Function &F) {
  return kernelNameMatches(Opts.Kernel, F);
}

/// ptxas's report for the module when asked and available.
std::optional<PtxasReport> ptxasReport(const DeviceModule &DM, const ArchProfile &Arch,
                                       const CheckOptions &Opts,
                                       std::vector<std::string> &Notes) {
  if (Opts.Verdict != CheckOptions::VerdictMode::Clang)
    return std::nullopt;
  std::optional<std::string> Ptxas = findPtxas(Opts.CudaPath);
  if (!Ptxas) {
    Notes.push_back("ptxas not found: register and spill findings are predictions only");
    return std::nullopt;
  }
  PtxasOptions PO;
  PO.Arch = Arch.Name.str();
  PO.MaxRRegCount = Opts.Registers.MaxRRegCount;
  Expected<PtxasReport> R = confirmWithPtxas(DM, *Ptxas, PO);
  if (!R) {
    Notes.push_back(DM.Path + ": ptxas failed: " + toString(R.takeError()));
    return std::nullopt;
  }
  return std::move(*R);
}

/// The finding for a kernel whose analysis stopped at its budget: a note at
/// the kernel, naming it, the limit it hit and the budget; no rule runs on it.
Finding budgetNote(const Function &F, const AccessPatterns &Patterns, SourceCache &Sources) {
  Finding N;
  N.Rule = AnalysisBudgetRule.str();
  N.Level = Severity::Note;
  N.Kernel = sourceName(F);
  N.Loc = kernelLocation(F, Sources);
  N.Message = formatv("kernel '{0}' was not checked: its analysis stopped because {1} "
                      "(the budget per kernel is {2}); its loop nests need more sampled "
                      "warps than a lint step affords: give the loop bounds with --arg "
                      "or a launch file, or check it with 'warplint run'",
                      N.Kernel, Patterns.exhaustedReason(), Patterns.budget().str())
                  .str();
  return N;
}

/// launch-fails' message for the launch Req when the GPU would refuse it:
/// the message of the source's launch with the same shape when there is one.
std::optional<std::string> refusedLaunch(const KernelFacts &K, const dm::LaunchRequest &Req) {
  if (!Req.Block)
    return std::nullopt;
  std::vector<LaunchCheckInput> Stated = launchesToCheck(K);
  LaunchCheckInput In = kernelLaunchInput(K);
  setLaunch(In, Req.Grid, *Req.Block, Req.SharedBytes, "the launch --confirm runs");
  for (const LaunchCheckInput &S : Stated)
    if (S.Grid == Req.Grid && S.Block == *Req.Block &&
        S.DynamicSharedBytes == Req.SharedBytes) {
      In = S;
      break;
    }
  std::vector<LaunchFailure> Failures = checkLaunch(K.Arch, In);
  if (Failures.empty())
    return std::nullopt;
  return launchFailureMessage(In, Failures.front());
}

/// Suppressions removed, sorted, and one finding kept of several identical
/// ones (the load and the store of `s[i] += ...` cost the same).
std::vector<Finding> finish(std::vector<Finding> Out, SourceCache &Sources,
                            const KernelDeclarations &Kernels, ArrayRef<std::string> Files) {
  applySuppressions(Out, Sources, Kernels, Files);
  for (Finding &F : Out)
    markLabels(F, Sources);
  std::stable_sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [](const Finding &A, const Finding &B) {
                          return A.Rule == B.Rule && A.Loc == B.Loc && A.Message == B.Message;
                        }),
            Out.end());
  return Out;
}

} // namespace

namespace {

/// With --confirm, a note on each warning the device model attached nothing
/// to, saying why: the kernel was not run, its run never reached the line,
/// or the rule has nothing the run measures.
void noteUnconfirmed(const KernelFacts &K, std::vector<Finding> &Findings) {
  for (Finding &F : Findings) {
    if (F.Confirmed || F.Level == Severity::Note)
      continue;
    std::string Why;
    if (!K.Run)
      Why = "the device model did not run the kernel (the note at its declaration says why)";
    else if (any_of(K.Spaces.accesses(),
                    [&](const MemoryAccess &A) {
                      return A.Loc.Line == F.Loc.Line && A.Loc.File == F.Loc.File;
                    }) &&
             none_of(K.Run->Sites, [&](const dm::SiteMetrics &S) {
               return S.Loc.Line == F.Loc.Line && S.Loc.File == F.Loc.File;
             }))
      Why = formatv("the device model's run (grid({0},{1},{2}) block({3},{4},{5})) did not "
                    "execute this line in the blocks it ran",
                    K.Run->Grid.V[0], K.Run->Grid.V[1], K.Run->Grid.V[2], K.Run->Block.V[0],
                    K.Run->Block.V[1], K.Run->Block.V[2])
                .str();
    else
      Why = "the device model measures nothing that this rule's figure is compared with";
    F.Notes.push_back(RelatedNote{F.Loc, "--confirm attached no measurement: " + Why});
  }
}

/// checkKernel after the access-pattern analysis of F.
void checkAnalyzedKernel(const DeviceModule &DM, const Function &F,
                         ArrayRef<std::unique_ptr<Rule>> Rules, const ArchProfile &Arch,
                         const WarplintConfig &Config, const CheckOptions &Opts,
                         const PtxasReport *Ptxas, SourceCache &Sources,
                         const FindingSink &Sink, std::vector<std::string> &Notes,
                         const StateSpaces &Spaces, const AccessPatterns &Patterns,
                         VerdictSource *Verdicts = nullptr) {
  const LaunchEntry *Defaults = Config.Launch ? &*Config.Launch : nullptr;
  if (Patterns.exhausted()) {
    Sink(budgetNote(F, Patterns, Sources));
    return;
  }
  RegisterPressure Registers = RegisterPressure::analyze(F, Arch, Opts.Registers);
  LoopFacts Loops(F);
  SharedMemoryUse Shared = SharedMemoryUse::analyze(F);
  KernelFacts K{DM,        F,         sourceName(F), Arch,  Spaces,
                Patterns,  Registers, Sources,       Loops, Shared};
  if (Ptxas)
    K.Ptxas = Ptxas->find(F.getName());
  K.Verdicts = Verdicts;
  switch (Opts.Verdict) {
  case CheckOptions::VerdictMode::Off:
    K.NoVerdict = "--ptxas=off";
    break;
  case CheckOptions::VerdictMode::Clang:
    K.NoVerdict = Ptxas ? "ptxas's report has no such kernel" : "ptxas did not run";
    break;
  case CheckOptions::VerdictMode::Nvcc:
    K.NoVerdict = "nvcc's device compile does not run on an editor's incremental checks";
    break;
  }
  std::optional<dm::LaunchReport> Run;
  if (Opts.Confirm) {
    bool Synthesized = false;
    dm::LaunchRequest Req = confirmingRequest(F, Patterns.launch(), Opts.Launches, Defaults,
                                              Opts.ConfirmBlocks, Synthesized);
    // A launch the GPU would refuse is not run either, and the check did not
    // do what --confirm asked: a note that makes it exit 2.
    Finding N;
    N.Level = Severity::Note;
    N.Kernel = K.Name;
    N.Incomplete = true;
    if (std::optional<std::string> Refused = refusedLaunch(K, Req)) {
      N.Rule = "launch-fails";
      N.Loc = kernelLocation(F, Sources);
      N.Message = *Refused + "; --confirm does not run a launch the GPU refuses";
      Sink(std::move(N));
    } else if (Expected<dm::LaunchReport> R =
                   confirmingRun(F, Req, Arch, Opts.ConfirmBlocks, &Opts.File)) {
      Run = std::move(*R);
      K.Run = &*Run;
      K.RunSynthesized = Synthesized;
    } else {
      N.Rule = "device-fault";
      N.Loc = kernelLocation(F, Sources);
      N.Message = formatv("kernel '{0}': the device model could not run it: {1}", K.Name,
                          toString(R.takeError()));
      Sink(std::move(N));
    }
  }
  if (Opts.OnKernel)
    Opts.OnKernel(K);
  // The kernel's findings are placed (library lines as notes, lost lines at
  // the declaration) before they leave.
  std::vector<Finding> Mine;
  FindingSink Collect = [&](Finding Fd) { Mine.push_back(std::move(Fd)); };
  for (const std::unique_ptr<Rule> &R : Rules)
    R->check(K, Collect);
  // Accesses no sampled thread reached: said, never a silent clean.
  if (std::optional<Finding> U =
          unreachedFinding(K.Name, kernelLocation(F, Sources), F, Spaces, Patterns))
    Mine.push_back(std::move(*U));
  // (The name was checked with the options.)
  if (const GpuProfile *G = expectedToOptional(selectGpu(Opts.Gpu, Arch)).value_or(nullptr))
    addTimeSaved(K, Rules, *G, Mine);
  if (Opts.Confirm)
    noteUnconfirmed(K, Mine);
  for (Finding &Fd : totalsMismatches(K))
    Mine.push_back(std::move(Fd));
  demoteForGuessedShape(K, Mine);
  placeFindings(F, Mine, 0);
  noteMergedAccesses(Spaces, Mine);
  for (Finding &Fd : Mine)
    Sink(std::move(Fd));
}

const LaunchEntry *launchDefaults(const WarplintConfig &Config) {
  return Config.Launch ? &*Config.Launch : nullptr;
}

} // namespace

void checkKernel(const DeviceModule &DM, const Function &F,
                 ArrayRef<std::unique_ptr<Rule>> Rules, const ArchProfile &Arch,
                 const WarplintConfig &Config, const CheckOptions &Opts,
                 const PtxasReport *Ptxas, SourceCache &Sources, const FindingSink &Sink,
                 std::vector<std::string> &Notes) {
  StateSpaces Spaces = StateSpaces::analyze(DM, F);
  AccessPatterns Patterns = AccessPatterns::analyze(
      Spaces, resolveLaunch(DM, F, Opts.Launches, launchDefaults(Config)), Arch, Opts.Budget);
  checkAnalyzedKernel(DM, F, Rules, Arch, Config, Opts, Ptxas, Sources, Sink, Notes, Spaces,
                      Patterns);
}

bool kernelToCheck(const DeviceModule &DM, const Function &F, const CheckOptions &Opts) {
  return isKernel(F) && !F.isDeclaration() && selected(Opts, F) &&
         (Opts.SystemHeaders || !isLibraryKernel(DM, F));
}

std::string libraryKernelsNote(StringRef Path, ArrayRef<std::string> Names) {
  std::string List;
  for (size_t I = 0; I < Names.size() && I < 3; ++I)
    List += (I ? ", " : "") + Names[I];
  if (Names.size() > 3)
    List += formatv(" and {0} more", Names.size() - 3).str();
  return formatv("{0}: {1} kernel{2} written in library headers (CUB, Thrust, the toolkit) "
                 "{3} not checked, as a library's own code: {4}; --system-headers checks them",
                 Path, Names.size(), Names.size() == 1 ? "" : "s",
                 Names.size() == 1 ? "was" : "were", List)
      .str();
}

bool isLibraryKernel(const DeviceModule &DM, const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return false;
  if (DM.Frontend != "cuda")
    return isLibraryFile(displayPath(SP->getDirectory(), SP->getFilename()));
  SmallString<256> Name(SP->getFilename());
  if (!sys::path::is_absolute(Name)) {
    Name = SP->getDirectory();
    sys::path::append(Name, SP->getFilename());
  }
  std::string Abs = absolutePath(Name);
  return StringRef(Abs).starts_with("/__warplint_prelude") ||
         std::binary_search(DM.SystemFiles.begin(), DM.SystemFiles.end(), Abs);
}

std::vector<Finding> finishFindings(std::vector<Finding> Out, SourceCache &Sources,
                                    const KernelDeclarations &Kernels,
                                    ArrayRef<std::string> Files) {
  return finish(std::move(Out), Sources, Kernels, Files);
}

KernelDeclarations kernelDeclarations(ArrayRef<const Function *> Kernels, SourceCache &Sources) {
  KernelDeclarations Out;
  for (const Function *F : Kernels)
    Out.try_emplace(sourceName(*F), kernelLocation(*F, Sources));
  return Out;
}

std::vector<Finding> checkModule(const DeviceModule &DM, const ArchProfile &Arch,
                                 const WarplintConfig &Config, const CheckOptions &Opts,
                                 std::vector<std::string> &Notes) {
  std::vector<std::unique_ptr<Rule>> Rules = createRules(Config);
  std::optional<PtxasReport> Ptxas = ptxasReport(DM, Arch, Opts, Notes);
  // nvcc's verdict, compiled when the first claim asks for it.
  std::optional<FileVerdicts> Nvcc;
  if (Opts.Verdict == CheckOptions::VerdictMode::Nvcc)
    Nvcc.emplace(DM, Arch, Opts, Notes);
  std::vector<Finding> Out;
  FindingSink Sink = [&](Finding F) { Out.push_back(std::move(F)); };
  SourceCache Sources(DM);
  // The kernels' access patterns first (copies of a kernel analyzed once,
  // the others on KernelThreads threads), then their rules in order.
  std::vector<const Function *> Kernels;
  std::vector<std::string> Library;
  for (const Function &F : *DM.M)
    if (kernelToCheck(DM, F, Opts))
      Kernels.push_back(&F);
    else if (isKernel(F) && !F.isDeclaration() && selected(Opts, F))
      Library.push_back(sourceName(F));
  if (!Library.empty())
    Notes.push_back(libraryKernelsNote(DM.Path, Library));
  AnalyzedKernels A = analyzeModuleKernels(
      DM, Kernels,
      [&](const Function &F) {
        return resolveLaunch(DM, F, Opts.Launches, launchDefaults(Config));
      },
      Arch, Opts.Budget, Opts.KernelThreads);
  for (size_t I = 0; I < Kernels.size(); ++I)
    checkAnalyzedKernel(DM, *Kernels[I], Rules, Arch, Config, Opts,
                        Ptxas ? &*Ptxas : nullptr, Sources, Sink, Notes, A.Spaces[I],
                        A.Patterns[I], Nvcc ? &*Nvcc : nullptr);
  return finish(std::move(Out), Sources, kernelDeclarations(Kernels, Sources), {DM.Path});
}

std::vector<Finding> checkSass(const SassListing &Listing, StringRef Path,
                               const ArchProfile &Arch, const WarplintConfig &Config,
                               const CheckOptions &Opts) {
  std::vector<std::unique_ptr<Rule>> Rules = createRules(Config);
  std::vector<Finding> Out;
  FindingSink Sink = [&](Finding F) { Out.push_back(std::move(F)); };
  for (const SassFunction &F : Listing.Functions) {
    if (!kernelNameMatches(Opts.Kernel, F.Name, F.SourceName))
      continue;
    SassFacts K{F, F.SourceName, Path.str(), Arch};
    for (const std::unique_ptr<Rule> &R : Rules)
      R->checkSass(K, Sink);
  }
  SourceCache Sources;
  Sources.allow(Path);
  return finish(std::move(Out), Sources, {}, {});
}

} // namespace warplint
