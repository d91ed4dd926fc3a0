//===- IncrementalCheck.h - Re-check only the kernels that changed -*- C++ -*-===//
//
// How `warplint lsp` checks a buffer after an edit: compile it unoptimized
// (against the file's precompiled preamble), fingerprint each kernel (its
// unoptimized IR and that of everything it calls, its launch, its source
// lines, the architecture and the configuration), take the findings of
// unchanged kernels from the last check, and optimize and analyze only the
// others, in a module that defines just them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_INCREMENTALCHECK_H
#define WARPLINT_TOOLS_INCREMENTALCHECK_H

#include "tools/commands/CheckFile.h"
#include "tools/output/AccessHover.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

namespace warplint {

/// One document's per-kernel results, by fingerprint.
class KernelResultCache {
public:
  /// What the rules found on one kernel, before suppressions.
  struct Entry {
    std::vector<Finding> Findings;
    std::vector<std::string> Notes;
    /// Its accesses as the editor's hover shows them.
    std::vector<AccessHover> Accesses;
  };

  /// Kernels taken from the cache and kernels analyzed by the last check.
  unsigned lastHits() const { return Hits; }
  unsigned lastMisses() const { return Misses; }
  /// Where the last check spent its processor time: "compile 310 ms,
  /// fingerprint 40 ms, ..." (for the server's log and bench/lsp.sh).
  const std::string &lastPhases() const { return Phases; }
  /// The accesses of every kernel of the last check that ran to its end,
  /// for hovers.
  const std::vector<AccessHover> &accesses() const { return Accesses; }

private:
  friend FileResult checkIncrementally(const CommandLine &, FrontendOptions, const CheckOptions &,
                                       llvm::StringRef, KernelResultCache &,
                                       llvm::function_ref<bool()>);
  llvm::StringMap<Entry> Entries;
  std::vector<AccessHover> Accesses;
  unsigned Hits = 0, Misses = 0;
  std::string Phases;
};

/// checkFile's findings for Path (an editor's buffer in FO.Contents), reusing
/// Cache's results for kernels whose fingerprint is unchanged and updating
/// it. Stale is asked between steps; when it says the text is out of date
/// the check stops (what it finished stays in Cache) and the result has
/// Abandoned set. Inputs other than CUDA are checked whole, as checkFile does.
FileResult checkIncrementally(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                              llvm::StringRef Path, KernelResultCache &Cache,
                              llvm::function_ref<bool()> Stale);

} // namespace warplint

#endif
