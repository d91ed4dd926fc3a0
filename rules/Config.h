//===- Config.h - .warplint.yaml --------------------------------*- C++ -*-===//
//
// The configuration a project keeps next to its sources, found upward from
// each analyzed file (or named with --config):
//
//   arch: sm_80
//   rules:
//     warp-divergent-branch: off          # off | note | warning | error
//     global-uncoalesced:
//       severity: error
//       threshold: 2                      # rule-specific options
//   launch:                               # defaults for kernels with no launch
//     block: [256]
//     grid: [1024]
//     args: {n: 1048576}
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_CONFIG_H
#define WARPLINT_RULES_CONFIG_H

#include "frontend/launch/LaunchFile.h"
#include "rules/Rule.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace warplint {

struct WarplintConfig {
  std::string Path; ///< Empty when no file was found (all defaults).
  std::optional<std::string> Arch;
  llvm::StringMap<RuleOptions> Rules;
  llvm::StringSet<> Disabled;
  /// Launch defaults (Source "config FILE"); none when the file gives none.
  std::optional<LaunchEntry> Launch;

  bool enabled(llvm::StringRef Id) const { return !Disabled.contains(Id); }
  RuleOptions optionsFor(llvm::StringRef Id) const;
};

/// Parses the configuration text of Path. Errors name the file and line.
llvm::Expected<WarplintConfig> parseConfig(llvm::StringRef Text, llvm::StringRef Path);

/// Reads the configuration file at Path.
llvm::Expected<WarplintConfig> loadConfig(llvm::StringRef Path);

/// The configuration for SourceFile: Explicit when given, else the nearest
/// .warplint.yaml in its directory or a parent, else the defaults.
llvm::Expected<WarplintConfig> configForFile(llvm::StringRef SourceFile,
                                             llvm::StringRef Explicit);

} // namespace warplint

#endif
