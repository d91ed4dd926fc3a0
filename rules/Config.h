//===- Config.h - .warplint.yaml --------------------------------*- C++ -*-===//
//
// The configuration a project keeps next to its sources, found upward from
// each analyzed file (or named with --config):
//
//   arch: sm_80
//   checks: '-*,global-*,shared-*'        # clang-tidy's glob list (rules/CheckGlobs.h)
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
#include "rules/CheckGlobs.h"
#include "rules/Rule.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <mutex>
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
  /// `partial-ok: true`: kernels left out of a file (for compile errors, or
  /// templates nothing instantiates) are still reported, but do not make the
  /// run exit 2 (a file that could not be analyzed at all still does).
  bool PartialOk = false;
  /// `docs-url: URL`: where the rule pages are linked from (--docs-url wins).
  std::optional<std::string> DocsUrl;

  /// The `checks:` glob list (all rules when empty).
  CheckGlobs Checks;
  /// --checks, applied after the file's settings (the command line wins, as
  /// clang-tidy appends its --checks to the configuration's).
  CheckGlobs CommandLineChecks;

  /// Whether rule Id runs: on unless `checks:` turns it off, then `rules:`
  /// (`off` turns it off), then --checks.
  bool enabled(llvm::StringRef Id) const;
  RuleOptions optionsFor(llvm::StringRef Id) const;
};

/// Parses the configuration text of Path. Errors name the file and line.
llvm::Expected<WarplintConfig> parseConfig(llvm::StringRef Text, llvm::StringRef Path);

/// Reads the configuration file at Path.
llvm::Expected<WarplintConfig> loadConfig(llvm::StringRef Path);

/// The configurations of a run over many files (`check -p`, the editor):
/// each directory is searched once and each configuration file parsed once,
/// and read again only when it changed on disk (modification time or size).
/// Safe to share between threads.
class ConfigCache {
public:
  /// The configuration for SourceFile: the file Explicit when given, else
  /// the nearest .warplint.yaml in its directory or a parent, else the
  /// defaults. The search never goes above the top of the git repository
  /// that holds the file (a directory with a .git entry) nor above a root
  /// given to addRoot. Errors name the configuration file and line.
  llvm::Expected<std::shared_ptr<const WarplintConfig>> forFile(llvm::StringRef SourceFile,
                                                                llvm::StringRef Explicit);

  /// Makes Dir (absolute) a top the search does not go above, for the
  /// files under it (`diff`'s copy of a revision, which has no .git: a
  /// .warplint.yaml in the temporary directory above it is anyone's).
  void addRoot(llvm::StringRef Dir);

  /// How many configuration files were parsed so far (for tests).
  unsigned parses() const;

private:
  struct Parsed {
    llvm::sys::TimePoint<> Modified;
    uint64_t Size = 0;
    std::shared_ptr<const WarplintConfig> Config;
    std::string Error; ///< Set when the file did not parse.
  };
  /// The nearest configuration file of Dir and its parents ("" for none).
  std::string nearest(llvm::StringRef Dir);
  llvm::Expected<std::shared_ptr<const WarplintConfig>> load(llvm::StringRef Path);

  mutable std::mutex Lock;
  llvm::StringMap<std::string> NearestIn;
  llvm::StringSet<> Roots;
  llvm::StringMap<Parsed> Files;
  const std::shared_ptr<const WarplintConfig> Defaults =
      std::make_shared<const WarplintConfig>();
  unsigned Parses = 0;
};

} // namespace warplint

#endif
