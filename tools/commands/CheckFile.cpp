//===- CheckFile.cpp - Check one file as `check` and `lsp` do -------------===//
#include "tools/commands/CheckFile.h"
#include "tools/commands/HeaderTemplates.h"
#include "tools/commands/ResultCache.h"
#include "rules/TimeSaved.h"

#include "analyzer/arch/GpuProfile.h"
#include "frontend/StackGuard.h"

#include "rules/Suppressions.h"
#include "tools/Heap.h"
#include "tools/NotAnalyzed.h"
#include "tools/Progress.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>

using namespace llvm;

namespace warplint {

namespace {

/// The architecture for a file: --arch when given, else the configuration's,
/// else Fallback's (when set: a compile command's), else --arch's default.
Expected<const ArchProfile &> archFor(const CommandLine &CL, const WarplintConfig &Config,
                                      StringRef Fallback) {
  if (!CL.Arch.getNumOccurrences() && !Config.Arch && !Fallback.empty())
    return lookupArch(Fallback);
  if (CL.Arch.getNumOccurrences() || !Config.Arch)
    return lookupArch(CL.Arch);
  Expected<const ArchProfile &> A = lookupArch(*Config.Arch);
  if (!A)
    return createStringError(inconvertibleErrorCode(), "%s: %s", Config.Path.c_str(),
                             toString(A.takeError()).c_str());
  return A;
}

} // namespace

std::string docsUrlFor(const CommandLine &CL, const CheckOptions &Opts, StringRef Path) {
  if (!CL.DocsUrl.empty())
    return CL.DocsUrl;
  if (!Path.empty()) {
    auto CA = configAndArch(CL, Opts, Path);
    if (CA && CA->first && CA->first->DocsUrl)
      return *CA->first->DocsUrl;
    if (!CA)
      consumeError(CA.takeError());
  }
  return ruleDocsUri();
}

Expected<CheckOptions> checkOptions(const CommandLine &CL) {
  Expected<std::vector<LaunchEntry>> Launches = explicitLaunches(CL);
  if (!Launches)
    return Launches.takeError();
  CheckOptions Opts;
  Opts.Launches = std::move(*Launches);
  Opts.Kernel = CL.Kernel;
  Opts.Confirm = CL.Confirm;
  Opts.CudaPath = CL.CudaPath;
  if (CL.Ptxas.empty() || CL.Ptxas == "nvcc")
    Opts.Verdict = CheckOptions::VerdictMode::Nvcc;
  else if (CL.Ptxas == "clang")
    Opts.Verdict = CheckOptions::VerdictMode::Clang;
  else if (CL.Ptxas == "off")
    Opts.Verdict = CheckOptions::VerdictMode::Off;
  else
    return createStringError(inconvertibleErrorCode(),
                             "--ptxas=%s: expected nvcc, clang or off", CL.Ptxas.c_str());
  Opts.Registers.MaxRRegCount = CL.MaxRRegCount;
  Opts.NvccSeconds = CL.NvccSeconds ? unsigned(CL.NvccSeconds) : 180;
  Opts.Budget = CL.budget();
  // The name alone is checked here: each file's architecture picks the default.
  Expected<const GpuProfile *> G = selectGpu(CL.Gpu, defaultArch());
  if (!G)
    return G.takeError();
  // A GPU older than the code's architecture cannot run it: say what its
  // times then mean (each finding's note says it again).
  if (*G && !CL.Gpu.empty())
    if (Expected<const ArchProfile &> A = lookupArch(CL.Arch); A && (*G)->SmVersion < A->SmVersion)
      WithColor::warning(errs(), "warplint")
          << gpuArchMismatch(**G, *A) << "\n";
  Opts.Gpu = CL.Gpu;
  Opts.SystemHeaders = CL.SystemHeaders;
  if (!CL.Checks.empty()) {
    Expected<CheckGlobs> G = CheckGlobs::parse(CL.Checks, "--checks");
    if (!G)
      return G.takeError();
    Opts.CommandLineChecks = std::move(*G);
  }
  return Opts;
}

unsigned kernelThreads(const CommandLine &CL) {
  if (CL.Jobs.getNumOccurrences())
    return hardware_concurrency(CL.Jobs).compute_thread_count();
  unsigned Cores = hardware_concurrency().compute_thread_count();
  double Load[1];
  if (getloadavg(Load, 1) != 1)
    return 1;
  double Idle = double(Cores) - Load[0];
  return Idle < 1 ? 1 : unsigned(Idle);
}

Expected<std::pair<std::shared_ptr<const WarplintConfig>, const ArchProfile *>>
configAndArch(const CommandLine &CL, const CheckOptions &Opts, StringRef Path,
              StringRef FallbackArch) {
  Expected<std::shared_ptr<const WarplintConfig>> Found =
      Opts.Configs->forFile(Path, CL.ConfigFile);
  if (!Found)
    return Found.takeError();
  if (!Opts.CommandLineChecks.empty()) {
    auto Mine = std::make_shared<WarplintConfig>(**Found);
    Mine->CommandLineChecks = Opts.CommandLineChecks;
    *Found = std::move(Mine);
  }
  Expected<const ArchProfile &> Arch = archFor(CL, **Found, FallbackArch);
  if (!Arch)
    return Arch.takeError();
  return std::make_pair(std::move(*Found), &*Arch);
}

FileResult checkGuarded(StringRef Path, function_ref<FileResult()> Check) {
  auto Out = std::make_unique<FileResult>();
  if (runGuarded([&] { *Out = Check(); }) == GuardedRun::Finished)
    return std::move(*Out);
  // What the crash left half-built (the result among it) is not safe to
  // destroy.
  (void)Out.release();
  FileResult R;
  R.Input = Path.str();
  R.Error = formatv("{0}: error: warplint crashed while checking this file (code nested deeper "
                    "than its {1} MB stack holds, or a bug in warplint); this file is not "
                    "analyzed (the other files are)",
                    Path, GuardedStackBytes >> 20);
  return R;
}

namespace {

FileResult checkFileOnStack(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                            StringRef Path) {
  FileResult R;
  R.Input = Path.str();
  auto CA = configAndArch(CL, Opts, Path, FO.Arch);
  if (!CA) {
    R.Error = toString(CA.takeError());
    return R;
  }
  const WarplintConfig &Config = *CA->first;
  const ArchProfile *Arch = CA->second;
  if (isSassListing(Path)) {
    // A listing from the file, stdin ("-"), or the editor's text.
    Expected<SassListing> L =
        FO.Contents ? parseSassListing(*FO.Contents, Path) : readSassListing(Path);
    if (!L) {
      R.Error = toString(L.takeError());
      return R;
    }
    R.Findings = checkSass(*L, Path, *Arch, Config, Opts);
    return R;
  }
  FO.Arch = Arch->Name.str();
  R.Path = Path.str();
  TimeRecord Start = TimeRecord::getCurrentTime(true);
  FO.Budget = fileBudget(CL, Opts.FilesAtOnce);
  Expected<DeviceModule> DM = loadInput(Path, FO);
  TimeRecord Loaded = TimeRecord::getCurrentTime(false);
  Loaded -= Start;
  R.FrontEndSeconds = Loaded.getWallTime();
  if (!DM) {
    R.Error = toString(DM.takeError());
    return R;
  }
  R.PreambleSource = DM->PreambleSource;
  R.Notes = DM->Notes;
  R.PartialOk = Config.PartialOk;
  if (!DM->BudgetStop.empty()) {
    FileBudgetStop Stop =
        FO.Budget.Stopped->stopped() ? *FO.Budget.Stopped : FO.Budget.stopAt(DM->BudgetStop);
    R.Error = budgetStopText(Path, FO.Budget, Stop) +
              ": this file is not analyzed (the other files are)";
    return R;
  }
  CheckOptions Mine = withFileBudget(Opts, FO.Budget);
  // nvcc's device compile, when a claim asks for it, takes the file's flags.
  Mine.CompileFlags = FO.ClangArgs;
  Mine.VerdictCacheDir = FO.PreambleStoreDir;
  R.Findings = checkModule(*DM, *Arch, Config, Mine, R.Notes);
  addDroppedCode(*DM, R);
  if (Mine.File.passed())
    R.Findings.push_back(budgetStopFinding(Path, FO.Budget, Mine.File.stopAt("")));
  return R;
}

} // namespace

FileResult checkFile(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                     StringRef Path) {
  return checkGuarded(Path, [&] { return checkFileOnStack(CL, std::move(FO), Opts, Path); });
}

FileBudget fileBudget(const CommandLine &CL, unsigned FilesAtOnce) {
  FileBudget B;
  B.Seconds = CL.FileBudgetSeconds;
  B.FilesAtOnce = std::max(FilesAtOnce, 1u);
  B.MemoryBytes = (uint64_t(CL.FileBudgetMb) << 20) * B.FilesAtOnce;
  B.start();
  return B;
}

CheckOptions withFileBudget(const CheckOptions &Opts, const FileBudget &Budget) {
  CheckOptions Mine = Opts;
  Mine.File = Budget;
  // Each kernel's analysis stops when the file's budget runs out.
  if (Budget.Seconds > 0)
    Mine.Budget.FileDeadline =
        Budget.Start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(Budget.Seconds));
  return Mine;
}

std::string budgetStopText(StringRef Path, const FileBudget &Budget, const FileBudgetStop &Stop) {
  StringRef Where = Stop.Where;
  if (Stop.Memory)
    return formatv("{0}: error: the check stopped after {1} MB, at {2:f1} s{3}{4} (the memory "
                   "budget per file is {5} MB, --file-budget-mb{6})",
                   Path, Stop.Grown >> 20, Budget.elapsed(), Where.empty() ? "" : ", in ",
                   Where, (Budget.MemoryBytes >> 20) / Budget.FilesAtOnce,
                   Budget.FilesAtOnce > 1
                       ? formatv("; the process's growth is counted against the {0} files "
                                 "checked at once, {1} MB",
                                 Budget.FilesAtOnce, Budget.MemoryBytes >> 20)
                             .str()
                       : std::string())
        .str();
  std::string Limit = Budget.Seconds == double(uint64_t(Budget.Seconds))
                          ? std::to_string(uint64_t(Budget.Seconds))
                          : formatv("{0:f3}", Budget.Seconds).str();
  return formatv("{0}: error: the check stopped after {1:f1} s{2}{3} (the budget per file is "
                 "{4} s, --file-budget-seconds)",
                 Path, Budget.elapsed(), Where.empty() ? "" : ", in ", Where, Limit)
      .str();
}

Finding budgetStopFinding(StringRef Path, const FileBudget &Budget, const FileBudgetStop &Stop) {
  Finding F = fileErrorFinding(
      Path, budgetStopText(Path, Budget, Stop) +
                ": its analysis is partial (kernels or runs were cut short)");
  // Never a clean result, never kept in the result cache.
  F.Incomplete = true;
  return F;
}

void addDroppedCode(const DeviceModule &DM, FileResult &R) {
  R.CompileErrors = DM.DroppedDiagnostics;
  R.KernelsAnalyzed = llvm::count_if(
      *DM.M, [](const Function &F) { return isKernel(F) && !F.isDeclaration(); });
  if (DM.Dropped.empty()) {
    if (llvm::none_of(*DM.M, [](const Function &F) { return isKernel(F); }))
      R.Notes.push_back(DM.Path + ": no kernels found: nothing was analyzed");
    return;
  }
  std::vector<Finding> Dropped = droppedFindings(DM);
  SourceCache Sources(DM);
  for (Finding &F : Dropped)
    markLabels(F, Sources);
  R.Findings.insert(R.Findings.end(), std::make_move_iterator(Dropped.begin()),
                    std::make_move_iterator(Dropped.end()));
  std::stable_sort(R.Findings.begin(), R.Findings.end());
}

std::vector<FileResult> checkFiles(const CommandLine &CL, const InputSet &In,
                                   const CheckOptions &Opts,
                                   std::function<void(size_t, const KernelFacts &)> OnKernel,
                                   ResultCache *Cache) {
  std::vector<FileResult> Results(In.Files.size());
  ProgressBar Bar("files");
  std::atomic<size_t> Done{0};
  // Files one at a time: the kernels of each on kernelThreads threads;
  // files in parallel: the kernels of each in turn.
  bool FilesInTurn = CL.Jobs == 1 || In.Files.size() == 1;
  unsigned KernelThreads = FilesInTurn ? kernelThreads(CL) : 1;
  unsigned FileThreads = hardware_concurrency(CL.Jobs).compute_thread_count();
  // Files in parallel share one process's memory, which each file's budget counts.
  unsigned FilesAtOnce = FilesInTurn ? 1 : std::min<size_t>(In.Files.size(), FileThreads);
  // --confirm runs the device model on every core.
  heapsForThreads(CL.Confirm ? hardware_concurrency().compute_thread_count()
                  : FilesInTurn ? KernelThreads
                                : FileThreads);
  auto Check = [&](size_t I) {
    CheckOptions Mine = Opts;
    Mine.KernelThreads = KernelThreads;
    Mine.FilesAtOnce = FilesAtOnce;
    std::vector<std::string> Times;
    if (OnKernel || CL.TimeReport)
      Mine.OnKernel = [&, I](const KernelFacts &K) {
        if (CL.TimeReport)
          Times.push_back(kernelTimeLine(In.Files[I], K.Name, K.Patterns));
        if (OnKernel)
          OnKernel(I, K);
      };
    Results[I] = Cache ? Cache->check(CL, In.optionsFor(In.Files[I]), Mine, In.Files[I])
                       : checkFile(CL, In.optionsFor(In.Files[I]), Mine, In.Files[I]);
    Results[I].KernelTimes = std::move(Times);
    Bar.update(++Done, In.Files.size());
  };
  if (FilesInTurn) {
    for (size_t I = 0; I < In.Files.size(); ++I)
      Check(I);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(CL.Jobs));
    for (size_t I = 0; I < In.Files.size(); ++I)
      Pool.async([&, I] { Check(I); });
    Pool.wait();
  }
  locateHeaderTemplates(In, Results);
  return Results;
}

std::string kernelTimeLine(StringRef Path, StringRef Kernel, const AccessPatterns &P) {
  if (P.copy())
    return formatv("time: {0}: kernel {1}: analysis reused (a copy of an earlier kernel)\n",
                   Path, Kernel);
  return formatv("time: {0}: kernel {1}: analysis {2:f3} s\n", Path, Kernel, P.seconds());
}

CheckedFiles gatherFindings(const CommandLine &CL, std::vector<FileResult> &Results,
                            bool FileErrorsAsFindings) {
  CheckedFiles C;
  StringSet<> Told; // Files sharing a broken configuration get one message.
  for (FileResult &R : Results) {
    if (!R.Error.empty()) {
      if (Told.insert(R.Error).second)
        errs() << R.Error << (StringRef(R.Error).ends_with("\n") ? "" : "\n");
      C.Failed = true;
      ++C.Count.FilesFailed;
      if (FileErrorsAsFindings)
        C.Findings.push_back(fileErrorFinding(R.Input, R.Error));
    }
    if (!R.CompileErrors.empty())
      errs() << R.CompileErrors << (StringRef(R.CompileErrors).ends_with("\n") ? "" : "\n");
    for (const std::string &N : R.Notes)
      WithColor::note(errs(), "warplint") << N << "\n";
    if (CL.TimeReport && !R.Path.empty())
      errs() << formatv("time: {0}: front end {1:f3} s\n", R.Path, R.FrontEndSeconds);
    for (const std::string &Line : R.KernelTimes)
      errs() << Line;
    if (CL.TimeReport && !R.PreambleSource.empty())
      errs() << "preamble: " << R.Path << ": " << R.PreambleSource << "\n";
    if (CL.TimeReport && !R.ResultSource.empty())
      errs() << "result: " << R.Input << ": " << R.ResultSource << "\n";
    C.Count.Kernels += R.KernelsAnalyzed;
    for (Finding &F : R.Findings) {
      if (CL.Werror && F.Level == Severity::Warning)
        F.Level = Severity::Error;
      C.Found |= F.Level != Severity::Note;
      C.Failed |= F.Incomplete || (isNotAnalyzed(F) && !R.PartialOk);
      C.Count.add(F);
      C.Findings.push_back(std::move(F));
    }
  }
  return C;
}

} // namespace warplint
