//===- CheckFile.h - Check one file as `check` and `lsp` do -----*- C++ -*-===//
#ifndef WARPLINT_TOOLS_CHECKFILE_H
#define WARPLINT_TOOLS_CHECKFILE_H

#include "rules/Checker.h"
#include "tools/CommandLine.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace warplint {

/// What checking one file produced.
struct FileResult {
  std::vector<Finding> Findings;
  /// Notes about the check itself (ptxas not found, a run that failed).
  std::vector<std::string> Notes;
  std::string Error; ///< The tool could not check the file; names it.
  /// The check stopped early because its text went out of date (an editor's
  /// newer edit); nothing else in the result is meaningful.
  bool Abandoned = false;
};

/// The configuration (from Opts.Configs, or --config) and architecture that
/// checkFile uses for Path; an error names the configuration file.
llvm::Expected<std::pair<std::shared_ptr<const WarplintConfig>, const ArchProfile *>>
configAndArch(const CommandLine &CL, const CheckOptions &Opts, llvm::StringRef Path);

/// How to check, from CL's flags: launches (--grid, --block, --arg,
/// --launch-file), --kernel, --confirm and ptxas.
llvm::Expected<CheckOptions> checkOptions(const CommandLine &CL);

/// Checks Path under the configuration found for it (or --config): compiles
/// it with FO (at the configuration's arch unless --arch is given; from
/// FO.Contents when set) and runs the enabled rules.
FileResult checkFile(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                     llvm::StringRef Path);

} // namespace warplint

#endif
