//===- Checker.h - Run the rules over a module ------------------*- C++ -*-===//
//
// What `warplint check` and `warplint lsp` share: for every kernel of a
// module, the analyses (state spaces, predictions, register pressure; ptxas
// and the device model when asked), then every enabled rule, then the
// suppression comments.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_CHECKER_H
#define WARPLINT_RULES_CHECKER_H

#include "analyzer/AnalysisBudget.h"
#include "analyzer/PtxasConfirm.h"
#include "frontend/FileBudget.h"
#include "frontend/sass/SassReader.h"
#include "rules/Config.h"
#include "rules/Finding.h"
#include "rules/Rule.h"
#include "rules/Suppressions.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <string>
#include <vector>

namespace warplint {

struct KernelFacts;

/// How to check.
struct CheckOptions {
  /// Launches from the command line and --launch-file.
  std::vector<LaunchEntry> Launches;
  /// Only this kernel (source or mangled name) when set.
  std::string Kernel;
  /// Run the device model and attach what it measured (--confirm).
  bool Confirm = false;
  /// Blocks the confirming run executes (sampled beyond).
  unsigned ConfirmBlocks = 8;
  RegisterPressureOptions Registers;
  /// The toolkit to find nvcc and ptxas in (else PATH, $CUDA_PATH,
  /// /usr/local/cuda).
  std::string CudaPath;
  /// Where claims about registers, local memory and spills get their
  /// verdict (--ptxas): nvcc's own device compile of a CUDA file, run once
  /// per file and only when such a claim is about to be reported (the
  /// default); ptxas on Clang's PTX for every kernel; or none (estimates).
  enum class VerdictMode { Nvcc, Clang, Off };
  VerdictMode Verdict = VerdictMode::Nvcc;
  /// The file's compile flags (the compile database's, those after --),
  /// of which nvcc's device compile takes -I/-D/-U/-std only.
  std::vector<std::string> CompileFlags;
  /// Where nvcc's reports are kept between runs; empty for none.
  std::string VerdictCacheDir;
  /// Seconds nvcc's device compile of one file may take.
  unsigned NvccSeconds = 180;
  /// What each kernel's analysis may spend before it is reported as stopped.
  AnalysisBudget Budget;
  /// The file's budget for its whole check (frontend/FileBudget.h): each
  /// kernel's analysis gets at most what is left of it, the device model
  /// stops between blocks once it has run out.
  FileBudget File;
  /// Threads that analyze the kernels of one module (the findings are the
  /// same, in the same order, for any number).
  unsigned KernelThreads = 1;
  /// Files checked at the same time (-j with several files): they share the
  /// process's resident memory, which the file budget's memory limit counts,
  /// so each file's limit is --file-budget-mb times this.
  unsigned FilesAtOnce = 1;
  /// Called with each kernel's analyses (and run, with Confirm) before its
  /// rules run: what `warplint report` lists beside the findings.
  std::function<void(const KernelFacts &)> OnKernel;
  /// The GPU (GpuProfile::Name) kernel times and each finding's time saved
  /// are predicted on: empty follows the architecture (sm_90: h100-sxm),
  /// "none" predicts no time.
  std::string Gpu;
  /// Check kernels written in library headers too (CUB's, Thrust's, the
  /// toolkit's): --system-headers, as clang-tidy's. Without it such a
  /// kernel's findings are the library's, not reported (a note counts them).
  bool SystemHeaders = false;
  /// --checks: applied over each file's configuration (configAndArch).
  CheckGlobs CommandLineChecks;
  /// The configurations found for the files of this run, shared by them.
  std::shared_ptr<ConfigCache> Configs = std::make_shared<ConfigCache>();
};

/// The enabled rules of a configuration, constructed with their options.
std::vector<std::unique_ptr<Rule>> createRules(const WarplintConfig &Config);

/// Every finding of the enabled rules on every (selected) kernel of DM, in
/// stable order, suppressed ones removed. Notes about the check itself (a
/// failed confirming run, ptxas not found) go to Notes.
std::vector<Finding> checkModule(const DeviceModule &DM, const ArchProfile &Arch,
                                 const WarplintConfig &Config, const CheckOptions &Opts,
                                 std::vector<std::string> &Notes);

/// True for the kernels checkModule checks: defined kernels that --kernel
/// (when given) selects.
bool kernelToCheck(const DeviceModule &DM, const llvm::Function &F, const CheckOptions &Opts);

/// True for a kernel written in a library header, whose findings only
/// --system-headers reports: for CUDA source, a system header of DM's
/// compile (-isystem, the toolkit's, CUB and Thrust under /usr/include, the
/// prelude); for other inputs, frontend/SourceLocation.h isLibraryFile.
bool isLibraryKernel(const DeviceModule &DM, const llvm::Function &F);

/// The note for the library kernels of the file at Path that were not
/// checked (their source names).
std::string libraryKernelsNote(llvm::StringRef Path, llvm::ArrayRef<std::string> Names);

/// What checkModule does for one kernel F of DM: its analyses, then Rules;
/// findings go to Sink unsorted, suppressions not yet applied. Ptxas is
/// ptxas's report for DM when it ran, else null.
void checkKernel(const DeviceModule &DM, const llvm::Function &F,
                 llvm::ArrayRef<std::unique_ptr<Rule>> Rules, const ArchProfile &Arch,
                 const WarplintConfig &Config, const CheckOptions &Opts,
                 const PtxasReport *Ptxas, SourceCache &Sources, const FindingSink &Sink,
                 std::vector<std::string> &Notes);

/// The findings of kernels as checkModule returns them: suppressed ones
/// removed (read from Sources), sorted, duplicates dropped.
/// Kernels (NOLINT, ignore-kernel) and Files (the input) name what else is
/// read for suppression comments and their errors (rules/Suppressions.h).
std::vector<Finding> finishFindings(std::vector<Finding> Findings, SourceCache &Sources,
                                    const KernelDeclarations &Kernels = KernelDeclarations(),
                                    llvm::ArrayRef<std::string> Files = {});

/// Where each of Kernels is declared, for `warplint: ignore-kernel[...]`.
KernelDeclarations kernelDeclarations(llvm::ArrayRef<const llvm::Function *> Kernels,
                                      SourceCache &Sources);

/// The findings of the enabled rules on every function of a SASS listing.
std::vector<Finding> checkSass(const SassListing &Listing, llvm::StringRef Path,
                               const ArchProfile &Arch, const WarplintConfig &Config,
                               const CheckOptions &Opts);

} // namespace warplint

#endif
