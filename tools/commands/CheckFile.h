//===- CheckFile.h - Check one file as `check` and `lsp` do -----*- C++ -*-===//
#ifndef WARPLINT_TOOLS_CHECKFILE_H
#define WARPLINT_TOOLS_CHECKFILE_H

#include "rules/Checker.h"
#include "tools/CommandLine.h"
#include "tools/InputLoop.h"
#include "tools/NotAnalyzed.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace warplint {

class ResultCache;

/// What checking one file produced.
struct FileResult {
  std::vector<Finding> Findings;
  /// Notes about the check itself (ptxas not found, a run that failed).
  std::vector<std::string> Notes;
  std::string Error; ///< The tool could not check the file; names it.
  /// The file as given (set even when Error is).
  std::string Input;
  /// Clang's diagnostics when kernels were left out of the file for errors
  /// (each of those is also an error finding: tools/NotAnalyzed.h).
  std::string CompileErrors;
  /// The check stopped early because its text went out of date (an editor's
  /// newer edit); nothing else in the result is meaningful.
  bool Abandoned = false;
  /// For --time-report: the file, where its preamble came from, and how long
  /// loading the file took (compile and IR pipeline), in seconds.
  std::string Path;
  std::string PreambleSource;
  double FrontEndSeconds = 0;
  /// For --time-report: whether the result came from the result cache
  /// (tools/commands/ResultCache.h), was stored there, or why not.
  std::string ResultSource;
  /// Each kernel's analysis time (--time-report's lines), in the order checked.
  std::vector<std::string> KernelTimes;
  /// Kernels analyzed (the others are findings of isNotAnalyzed).
  unsigned KernelsAnalyzed = 0;
  /// The file's configuration says `partial-ok: true`.
  bool PartialOk = false;
};

/// The configuration (from Opts.Configs, or --config) and architecture that
/// checkFile uses for Path: --arch when given, else the configuration's, else
/// FallbackArch when set (checkFile's: its options' Arch), else --arch's
/// default. An error names the configuration file.
llvm::Expected<std::pair<std::shared_ptr<const WarplintConfig>, const ArchProfile *>>
configAndArch(const CommandLine &CL, const CheckOptions &Opts, llvm::StringRef Path,
              llvm::StringRef FallbackArch = "");

/// The base URL of the rule pages for output about Path: --docs-url when
/// given, else `docs-url:` of Path's configuration, else ruleDocsUri().
std::string docsUrlFor(const CommandLine &CL, const CheckOptions &Opts, llvm::StringRef Path);

/// How to check, from CL's flags: launches (--grid, --block, --arg,
/// --launch-file), --kernel, --confirm and ptxas.
llvm::Expected<CheckOptions> checkOptions(const CommandLine &CL);

/// Threads for the kernels of one file: -j N when given (0: every core);
/// else the cores the machine leaves idle (its core count less the one-minute
/// load average, as `make -l` judges it), at least one. On a busy machine a
/// second thread only adds processor time (bench/README.md).
unsigned kernelThreads(const CommandLine &CL);

/// Checks Path under the configuration found for it (or --config): compiles
/// it with FO (at the configuration's arch unless --arch is given, else at
/// FO.Arch; from
/// FO.Contents when set) and runs the enabled rules.
FileResult checkFile(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                     llvm::StringRef Path);

/// Runs Check (one file's check) as runGuarded does (frontend/StackGuard.h):
/// on a thread with a large stack, where a crash (a stack overflow on code
/// nested too deep, a bug) becomes Path's error, "PATH: error: warplint
/// crashed ...", rather than the end of the run. checkFile and the
/// language server's checks run in it.
FileResult checkGuarded(llvm::StringRef Path, llvm::function_ref<FileResult()> Check);

/// The budget of one file's check (--file-budget-seconds,
/// --file-budget-mb), starting now. The files checked at the same time
/// (FilesAtOnce) grow one process's memory together: the memory limit, which
/// counts the process's growth, is the per-file budget times their number.
FileBudget fileBudget(const CommandLine &CL, unsigned FilesAtOnce = 1);

/// Opts for a file whose check has Budget: each kernel's analysis gets at
/// most what is left of it, the device model stops once it has run out.
CheckOptions withFileBudget(const CheckOptions &Opts, const FileBudget &Budget);

/// "PATH: error: the check stopped after 12.3 s, in WHERE (the budget per
/// file is 10 s, --file-budget-seconds)", or for a memory stop "PATH:
/// error: the check stopped after 530 MB, at 2.1 s, in WHERE (the memory
/// budget per file is 512 MB, --file-budget-mb)".
std::string budgetStopText(llvm::StringRef Path, const FileBudget &Budget,
                           const FileBudgetStop &Stop);

/// The finding of a file whose budget ran out during its analysis or runs:
/// an input-error, Incomplete (the run is not clean, the result not cached).
Finding budgetStopFinding(llvm::StringRef Path, const FileBudget &Budget,
                          const FileBudgetStop &Stop);

/// Checks every file of In (-j of them at once) as checkFile does, with a
/// progress bar of files on stderr when it is a terminal. Results are in
/// the order of In.Files. OnKernel, when given, is called with the index of
/// the file and the analyses of each of its kernels (from the file's thread).
/// With Cache, a file's result is read from it when it was kept for the
/// same inputs, and kept there otherwise (OnKernel is then not called for
/// the kernels of a file read from it).
std::vector<FileResult>
checkFiles(const CommandLine &CL, const InputSet &In, const CheckOptions &Opts,
           std::function<void(size_t, const KernelFacts &)> OnKernel = nullptr,
           ResultCache *Cache = nullptr);

/// The findings of several files and how the check went.
struct CheckedFiles {
  std::vector<Finding> Findings; ///< In file order.
  /// A file, or a kernel of one, could not be checked.
  bool Failed = false;
  bool Found = false;            ///< A warning or an error was found.
  AnalyzedCount Count;           ///< Kernels analyzed and not.
  /// ExitToolError, ExitFindings or ExitClean.
  int exitCode() const {
    return Failed ? ExitToolError : Found ? ExitFindings : ExitClean;
  }
};

/// --time-report's line for the analysis P of one kernel of the file at Path
/// (or that it was reused: a copy of an earlier kernel).
std::string kernelTimeLine(llvm::StringRef Path, llvm::StringRef Kernel,
                           const AccessPatterns &P);

/// Prints each file's errors (once per message) and notes on stderr and
/// gathers the findings in file order, warnings as errors with --werror.
/// With FileErrorsAsFindings (JSON, SARIF), a file that could not be checked
/// is also an error finding in its place (fileErrorFinding), so that the
/// output never looks clean for it.
CheckedFiles gatherFindings(const CommandLine &CL, std::vector<FileResult> &Results,
                            bool FileErrorsAsFindings = false);

/// Adds the kernels and device functions DM left out (compile errors) to R:
/// error findings among R's, in order, and Clang's diagnostics; with no
/// kernel at all, a note that nothing was analyzed.
void addDroppedCode(const DeviceModule &DM, FileResult &R);

} // namespace warplint

#endif
