//===- CommandLine.h - warplint's command-line options ----------*- C++ -*-===//
//
// All options of every subcommand, as members of one object that main()
// constructs once (no option lives in a global).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDLINE_H
#define WARPLINT_TOOLS_COMMANDLINE_H

#include "analyzer/AnalysisBudget.h"
#include "frontend/Frontend.h"
#include "frontend/cuda/PreambleStore.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace warplint {

/// Exit codes of DESIGN.md.
enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitToolError = 2 };

struct CommandLine {
  llvm::cl::SubCommand Accesses{"accesses", "List every memory access with its state space"};
  llvm::cl::SubCommand Run{"run", "Run a kernel on the device model and report counters"};
  llvm::cl::SubCommand Check{"check", "Report wasted memory traffic as diagnostics"};
  llvm::cl::SubCommand Report{"report", "Write an HTML page with each kernel's findings and "
                                        "per-line memory costs"};
  llvm::cl::SubCommand Diff{"diff", "Compare two git revisions: the findings a change "
                                    "introduces and fixes, and each kernel's predicted time"};
  llvm::cl::SubCommand Merge{"merge", "Merge the JSON or SARIF results of check's shards "
                                      "(--shard=I/N) into the result of one run"};
  llvm::cl::SubCommand Launch{"launch", "Lint the CUDA file a compiler command compiles, then "
                                        "run the command (a build's compiler launcher)"};
  llvm::cl::SubCommand Lsp{"lsp", "Serve diagnostics and fix-its to an editor (Language "
                                  "Server Protocol over stdin/stdout)"};
  llvm::cl::OptionCategory Category{"warplint options"};

  // Common to every subcommand.
  llvm::cl::list<std::string> Files{llvm::cl::Positional, llvm::cl::desc("<file>..."),
                                    llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                    llvm::cl::sub(Run), llvm::cl::sub(Merge), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Arch{"arch", llvm::cl::desc("Target architecture (sm_70 .. sm_120)"),
                                  llvm::cl::init("sm_90"), llvm::cl::sub(llvm::cl::SubCommand::getAll()),
                                  llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Gpu{
      "gpu",
      llvm::cl::desc("GPU whose time is predicted: h100-sxm, h100-pcie, h200, a100-sxm, l40s, "
                     "a10, t4, v100-sxm, or none (default: follows --arch, sm_90 -> h100-sxm)"),
      llvm::cl::sub(llvm::cl::SubCommand::getAll()), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Format{"format", llvm::cl::desc("Output format: text, json or sarif (diff: also markdown)"),
                                    llvm::cl::init("text"), llvm::cl::sub(llvm::cl::SubCommand::getAll()),
                                    llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> LaunchFile{"launch-file", llvm::cl::desc("JSON launch file"),
                                        llvm::cl::sub(llvm::cl::SubCommand::getAll()),
                                        llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> CudaPath{"cuda-path", llvm::cl::desc("CUDA SDK to take headers from"),
                                      llvm::cl::sub(llvm::cl::SubCommand::getAll()),
                                      llvm::cl::cat(Category)};
  llvm::cl::opt<bool> NoCudaSdk{"no-cuda-sdk",
                                llvm::cl::desc("Use the embedded prelude even when an SDK is found"),
                                llvm::cl::sub(llvm::cl::SubCommand::getAll()),
                                llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> HeaderFilter{
      "header-filter",
      llvm::cl::desc("Regular expression: the user headers that report their own findings "
                     "(default: all); others report at the main file's line that called "
                     "into them, as library headers always do"),
      llvm::cl::sub(llvm::cl::SubCommand::getAll()), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> SystemHeaders{
      "system-headers",
      llvm::cl::desc("Check kernels written in library headers (CUB, Thrust, the CUDA "
                     "toolkit) too; without it they are counted in a note, as clang-tidy's "
                     "--system-headers"),
      llvm::cl::sub(llvm::cl::SubCommand::getAll()), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> DocsUrl{
      "docs-url",
      llvm::cl::desc("Base URL of the rule pages that links point at (default: the "
                     "configuration's docs-url, else the project's pages on GitHub)"),
      llvm::cl::sub(llvm::cl::SubCommand::getAll()), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> ConfigFile{"config", llvm::cl::desc("Configuration file (default: nearest .warplint.yaml)"),
                                        llvm::cl::sub(llvm::cl::SubCommand::getAll()),
                                        llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Kernel{"kernel", llvm::cl::desc("Only this kernel (source name)"),
                                    llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report), llvm::cl::sub(Run), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::list<std::string> Args{"arg", llvm::cl::desc("Kernel argument NAME=VALUE"),
                                   llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report), llvm::cl::sub(Run), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> BudgetMb{"budget-mb",
                                   llvm::cl::desc("Memory each kernel's analysis may use (MB) "
                                                  "before it stops and says so"),
                                   llvm::cl::init(192), llvm::cl::sub(Accesses),
                                   llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Lsp), llvm::cl::sub(Report),
                                   llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> BudgetSteps{
      "budget-steps",
      llvm::cl::desc("Work each kernel's analysis may do (millions of values evaluated "
                     "for a sampled warp; 12 is about 20 s of one core) before it stops "
                     "and says so; counted, so the result does not depend on the machine"),
      llvm::cl::init(12), llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Lsp),
      llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<double> BudgetSeconds{"budget-seconds",
                                      llvm::cl::desc("Wall-clock time each kernel's analysis "
                                                     "may take (s) before it stops and says "
                                                     "so; 0 (the default) for no limit"),
                                      llvm::cl::init(0), llvm::cl::sub(Accesses),
                                      llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Lsp), llvm::cl::sub(Report),
                                      llvm::cl::sub(Launch), llvm::cl::cat(Category)};

  llvm::cl::opt<double> FileBudgetSeconds{
      "file-budget-seconds",
      llvm::cl::desc("Wall-clock time the whole check of one file may take (front end, IR "
                     "optimizer, analysis, device model) before it stops and says so (s); "
                     "0 for no limit"),
      llvm::cl::init(300), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Lsp),
      llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> FileBudgetMb{
      "file-budget-mb",
      llvm::cl::desc("Memory the whole check of one file may add to the process (MB of "
                     "resident memory; front end, IR optimizer, analysis, device model) "
                     "before it stops and says so; 0 for no limit"),
      llvm::cl::init(1024), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Lsp),
      llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};

  /// The per-kernel analysis budget of --budget-mb, --budget-steps and
  /// --budget-seconds.
  AnalysisBudget budget() const {
    AnalysisBudget B;
    B.MemoryBytes = uint64_t(BudgetMb) << 20;
    B.MillionSteps = BudgetSteps;
    B.Seconds = BudgetSeconds;
    return B;
  }

  // run
  llvm::cl::opt<std::string> Grid{"grid", llvm::cl::desc("Grid X[,Y[,Z]]"), llvm::cl::sub(Run),
                                  llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                  llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Block{"block", llvm::cl::desc("Block X[,Y[,Z]]"), llvm::cl::sub(Run),
                                   llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                   llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::list<std::string> Buffers{"buffer", llvm::cl::desc("Buffer NAME=COUNT[:FILL]"),
                                      llvm::cl::sub(Run), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                      llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Blocks{"blocks", llvm::cl::desc("Blocks to run: all or N (sampled)"),
                                    llvm::cl::sub(Run),
                                    llvm::cl::cat(Category)};
  llvm::cl::opt<bool> TimeReport{
      "time-report",
      llvm::cl::desc("Print on stderr how long the front end, each kernel's analysis "
                     "and the device model took, the device model's lane-instructions per "
                     "second, where each file's preamble came from, and whether check "
                     "read its result from the cache"),
      llvm::cl::sub(Run), llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
      llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> CacheDir{
      "cache-dir",
      llvm::cl::desc("Where the precompiled preambles of CUDA files (their includes, the CUDA "
                     "SDK's headers) and check's results are kept between runs (default: "
                     "$XDG_CACHE_HOME/warplint or ~/.cache/warplint)"),
      llvm::cl::value_desc("dir"), llvm::cl::sub(Run), llvm::cl::sub(Accesses),
      llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> NoCache{"no-cache",
                              llvm::cl::desc("Parse and analyze every file anew: read and write "
                                             "no precompiled preamble and no kept result"),
                              llvm::cl::sub(Run), llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff),
                              llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> NoResultCache{
      "no-result-cache",
      llvm::cl::desc("Analyze every file anew: read and write no kept result (the "
                     "preambles are still kept)"),
      llvm::cl::sub(Check), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> InitCheck{"init-check",
                                llvm::cl::desc("Report reads of buffers given without a fill "
                                               "before anything wrote them"),
                                llvm::cl::sub(Run), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> NoShadowChecks{
      "no-shadow-checks",
      llvm::cl::desc("Skip the uninitialized-read shadow (to measure its cost: bench/)"),
      llvm::cl::Hidden, llvm::cl::sub(Run), llvm::cl::cat(Category)};
  llvm::cl::opt<uint64_t> MaxInstructions{
      "max-instructions",
      llvm::cl::desc("Stop a block after this many warp instructions (default: no limit; "
                     "a kernel that does not terminate is found by its lack of progress)"),
      llvm::cl::init(0), llvm::cl::sub(Run), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> L2{
      "l2",
      llvm::cl::desc("What a launch finds in L2: warm (default: what the launch before left, "
                     "as for a kernel launched again) or cold (a first call, a benchmark that "
                     "flushes L2); a launch-file entry's \"l2\" overrides it"),
      llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
      llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> SharedBytes{"shared-bytes", llvm::cl::desc("Dynamic shared memory per block"),
                                      llvm::cl::init(0), llvm::cl::sub(Run),
                                      llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                      llvm::cl::sub(Launch), llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> BuildDir{"p", llvm::cl::desc("Build directory with compile_commands.json"),
                                      llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                      llvm::cl::sub(Lsp),
                                      llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> HostFlags{
      "host-flags",
      llvm::cl::desc("Flags the files' host code needs, space-separated (-fopenmp, an MPI "
                     "-I path): host code that does not compile loses its launch shapes"),
      llvm::cl::value_desc("flags"), llvm::cl::sub(Accesses), llvm::cl::sub(Check), llvm::cl::sub(Diff),
      llvm::cl::sub(Report), llvm::cl::sub(Run), llvm::cl::sub(Lsp), llvm::cl::sub(Launch), llvm::cl::cat(Category)};

  llvm::cl::opt<bool> DumpIr{"dump-ir", llvm::cl::desc("Print the module the analyses see"),
                             llvm::cl::Hidden, llvm::cl::sub(Accesses), llvm::cl::cat(Category)};

  // check
  llvm::cl::opt<bool> Confirm{"confirm",
                              llvm::cl::desc("Run each kernel on the device model and attach "
                                             "what it measured"),
                              llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> Jobs{"j", llvm::cl::desc("Files analyzed in parallel (0: all cores); one file's kernels are analyzed on this many threads (default: the idle cores)"),
                               llvm::cl::init(1), llvm::cl::Prefix, // -j2 as make's, -j 2, -j=2
                               llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> Werror{"werror",
                             llvm::cl::desc("Report warnings as errors (the exit code stays 1, "
                                            "as for warnings; notes never change it)"),
                             llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Ptxas{
      "ptxas",
      llvm::cl::desc("Where claims about registers, local memory and spills get their "
                     "verdict: 'nvcc' (the default; bare --ptxas too): nvcc's own device "
                     "compile of the file (-cubin -Xptxas -v with its -I/-D/-U/-std flags "
                     "only), run once per file when such a claim is about to be reported, "
                     "PTX and IR inputs assembled by ptxas; 'clang': ptxas on Clang's PTX "
                     "for every kernel; 'off': the IR's estimates. Without a toolkit the "
                     "claims are estimates and say so"),
      llvm::cl::value_desc("nvcc|clang|off"), llvm::cl::ValueOptional, llvm::cl::init("nvcc"),
      llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
      llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> NvccSeconds{
      "nvcc-timeout",
      llvm::cl::desc("Seconds nvcc's device compile of one file may take before it is "
                     "stopped and the file's claims stay estimates"),
      llvm::cl::init(180), llvm::cl::Hidden, llvm::cl::sub(Check), llvm::cl::sub(Diff),
      llvm::cl::sub(Report), llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> MaxRRegCount{"maxrregcount",
                                       llvm::cl::desc("Register cap per thread, as nvcc's "
                                                      "--maxrregcount"),
                                       llvm::cl::init(0), llvm::cl::sub(Check), llvm::cl::sub(Diff), llvm::cl::sub(Report),
                                       llvm::cl::sub(Launch), llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> Checks{
      "checks",
      llvm::cl::desc("Rules to run, as clang-tidy's --checks: comma-separated globs, '-' "
                     "turning off what it matches, the last match winning ('-*,shared-*'); "
                     "applied after the configuration's 'checks:' and 'rules:'"),
      llvm::cl::value_desc("globs"), llvm::cl::sub(Check), llvm::cl::sub(Diff),
      llvm::cl::sub(Report), llvm::cl::sub(Lsp), llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> ListChecks{
      "list-checks",
      llvm::cl::desc("Print the rules that would run (after --checks and the configuration "
                     "of the first file, or of the current directory) and exit"),
      llvm::cl::sub(Check), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> Fix{"fix",
                          llvm::cl::desc("Apply the findings' fix-its to the files in place "
                                         "(an edit that overlaps another is not applied)"),
                          llvm::cl::sub(Check), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> ExportFixes{
      "export-fixes",
      llvm::cl::desc("Write the findings and their fix-its as clang-apply-replacements' YAML "
                     "(byte offsets) to this file"),
      llvm::cl::value_desc("file.yaml"), llvm::cl::sub(Check), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Shard{
      "shard",
      llvm::cl::desc("Check the I-th of N equal runs of the input files (I from 1), in their "
                     "order (-p's compile commands); `warplint merge` joins the shards' JSON or "
                     "SARIF into what one run writes"),
      llvm::cl::value_desc("I/N"), llvm::cl::sub(Check), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Baseline{
      "baseline",
      llvm::cl::desc("SARIF log of an earlier check: report only the findings it does not "
                     "have (matched as diff matches them)"),
      llvm::cl::value_desc("file.sarif"), llvm::cl::sub(Check), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> Depfile{
      "depfile",
      llvm::cl::desc("Write a Makefile-style depfile (as a compiler's -MD) to this file: the "
                     "files the checked files' compiles read and the .warplint.yaml files "
                     "consulted, for a build step that re-runs the check when one changes"),
      llvm::cl::value_desc("file.d"), llvm::cl::sub(Check), llvm::cl::cat(Category)};
  llvm::cl::opt<std::string> DepfileTarget{
      "depfile-target",
      llvm::cl::desc("The target the depfile names (as a compiler's -MT); default: the "
                     "depfile's name without its .d"),
      llvm::cl::value_desc("name"), llvm::cl::sub(Check), llvm::cl::cat(Category)};

  // diff
  llvm::cl::opt<std::string> FailOn{
      "fail-on",
      llvm::cl::desc("Exit 1 when the change brings this: 'new' (a new finding, or a kernel "
                     "predicted slower by more than --slower-than); default: never"),
      llvm::cl::sub(Diff), llvm::cl::cat(Category)};
  llvm::cl::opt<double> SlowerThan{
      "slower-than",
      llvm::cl::desc("Percent a kernel's predicted time may grow before --fail-on=new fails"),
      llvm::cl::init(10), llvm::cl::sub(Diff), llvm::cl::cat(Category)};

  // report
  llvm::cl::opt<std::string> Output{"o", llvm::cl::desc("The HTML file to write"),
                                    llvm::cl::value_desc("file"), llvm::cl::sub(Report),
                                    llvm::cl::cat(Category)};

  // launch
  llvm::cl::opt<bool> FailOnFindings{
      "fail-on-findings",
      llvm::cl::desc("Exit 1 when the compile succeeds but the lint found a warning or an "
                     "error (also when WARPLINT_FAIL_ON_FINDINGS is set to other than 0); "
                     "default: the compiler's exit code"),
      llvm::cl::sub(Launch), llvm::cl::cat(Category)};
  /// The compiler command `launch` runs (its words after launch's options).
  std::vector<std::string> CompilerCommand;

  // lsp
  llvm::cl::opt<std::string> LspLog{"log",
                                    llvm::cl::desc("What the server logs on stderr: error, "
                                                   "info or debug"),
                                    llvm::cl::init("error"), llvm::cl::sub(Lsp),
                                    llvm::cl::cat(Category)};
  llvm::cl::opt<unsigned> LspDebounce{"debounce",
                                      llvm::cl::desc("Milliseconds of quiet after a change "
                                                     "before the buffer is checked"),
                                      llvm::cl::init(150), llvm::cl::sub(Lsp),
                                      llvm::cl::cat(Category)};
  llvm::cl::opt<bool> LspSync{"sync",
                              llvm::cl::desc("Check every change on the message thread, in "
                                             "order, none skipped (for scripted sessions)"),
                              llvm::cl::sub(Lsp), llvm::cl::cat(Category)};
  llvm::cl::opt<bool> LspFullChecks{"full-checks",
                                    llvm::cl::desc("Compile and analyze the whole file on every "
                                                   "check: no preamble, no per-kernel cache "
                                                   "(the bench's baseline)"),
                                    llvm::cl::Hidden, llvm::cl::sub(Lsp),
                                    llvm::cl::cat(Category)};

  /// Clang flags given after "--".
  std::vector<std::string> ClangArgs;

  /// Frontend options from the parsed flags.
  FrontendOptions frontendOptions() const {
    FrontendOptions O;
    O.Arch = Arch;
    O.ClangArgs = ClangArgs;
    llvm::SmallVector<llvm::StringRef, 8> Host;
    llvm::StringRef(HostFlags).split(Host, ' ', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef F : Host)
      O.ClangArgs.push_back(F.str());
    O.CudaPath = CudaPath;
    O.ForcePrelude = NoCudaSdk;
    // --arg's integers bind host parameters of their names too (a malformed
    // one is the command's to report, through explicitLaunches).
    for (const std::string &A : Args) {
      auto [Name, Value] = llvm::StringRef(A).split('=');
      int64_t V;
      double D;
      if (!Name.trim().empty() && !Value.trim().getAsInteger(0, V))
        O.HostArgs.insert({Name.trim().str(), V});
      else if (!Value.trim().empty() && Value.trim().getAsDouble(D))
        O.KeepFunctions.push_back(Value.trim().str()); // A function's name.
    }
    if (HeaderFilter.getNumOccurrences())
      O.HeaderFilter = HeaderFilter;
    // The server keeps its preambles in memory (PreambleCache).
    if (!Lsp && !NoCache)
      O.PreambleStoreDir = CacheDir.empty() ? defaultPreambleStoreDir() : CacheDir.getValue();
    return O;
  }
};

/// Subcommands; each returns an ExitCode.
int runAccessesCommand(const CommandLine &CL);
int runRunCommand(const CommandLine &CL);
int runCheckCommand(const CommandLine &CL);
int runReportCommand(const CommandLine &CL);
/// `diff BASE [HEAD]`: ExitClean, ExitFindings (--fail-on) or ExitToolError.
int runDiffCommand(const CommandLine &CL);
int runMergeCommand(const CommandLine &CL);
/// `launch COMPILER ARGS...`: lints the CUDA files the command compiles
/// (diagnostics on stderr), then runs it; the compiler's exit code, or 1
/// with --fail-on-findings and a finding.
int runLaunchCommand(const CommandLine &CL);
/// Serves until the client's "exit": 0 after a "shutdown" request, else 1
/// (as the protocol asks); 2 when the flags are wrong.
int runLspCommand(const CommandLine &CL);

} // namespace warplint

#endif
