//===- LaunchConfig.h - The launch shape an analysis assumes ----*- C++ -*-===//
#ifndef WARPLINT_ANALYZER_LAUNCHCONFIG_H
#define WARPLINT_ANALYZER_LAUNCHCONFIG_H

#include "frontend/launch/LaunchFile.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A resolved launch: block shape (always), grid (when known), known scalar
/// argument values, and where each came from.
struct LaunchConfig {
  Dim3 Block;
  std::optional<Dim3> Grid;
  /// Grid unknown: the most blocks the chosen host launch lets it have.
  std::optional<uint64_t> GridBlocksMax;
  std::map<std::string, int64_t> Args;
  std::string Source;        ///< "command line", "annotation", "host-launch", ...
  bool BlockAssumed = false; ///< No source said; a 1-D block was assumed.
  /// Dynamic shared memory per block (the third <<<>>> argument), 0 unless a
  /// source gave it; SharedSource says which ("annotation at line 4", ...).
  uint64_t DynamicSharedBytes = 0;
  std::string SharedSource;
  std::vector<std::string> Assumptions;
  /// Argument values the output must say the origin of, as "n = 4096 from
  /// the host launch at main.cu:88" (also in Assumptions).
  std::vector<std::string> ArgSources;
  /// Bytes cudaMalloc'd for the buffers the host launches pass to pointer
  /// parameters, by parameter name: check --confirm sizes the device
  /// model's buffers by them where --buffer and launch files do not.
  std::map<std::string, uint64_t> BufferBytes;
  /// When the grid is unknown and a host launch computes it from inputs
  /// nothing gives: which, and the --arg flags that would ("the grid of the
  /// host launch at main.cu:12 is made of M (a parameter of launch): --arg
  /// M=VALUE gives it"); empty otherwise.
  std::string GridHint;
  /// What the launch finds in L2 (warm unless an entry or --l2 says cold),
  /// and where that came from ("--l2", "launch file F"; empty: the default).
  L2State L2 = L2State::Warm;
  std::string L2Source;

  /// "grid(64,64,1) block(32,8,1)" with unknown grid shown as "grid(?)".
  std::string str() const;
  /// "block(32,8,1)".
  std::string blockStr() const;
};

/// Resolves the launch of kernel F, first match wins: an explicit entry (a
/// launch file or the command line); an annotation comment on the kernel; a
/// host launch k<<<g, b>>> in the same file whose block the host code makes
/// known (its grid too when known; of several, the first whose grid is known,
/// the others named in Assumptions); __launch_bounds__; Defaults (the
/// configuration's launch defaults) when given; otherwise a 1-D block of 256
/// threads (a multiple of 32), stated as an assumption. Argument values: the
/// explicit entries', then those every host launch of F in the file gives
/// alike (each named in ArgSources and Assumptions), then Defaults'. The
/// dynamic shared memory comes from the first of an explicit entry, an
/// annotation, a host launch and Defaults that gives it.
LaunchConfig resolveLaunch(const DeviceModule &DM, const llvm::Function &F,
                           llvm::ArrayRef<LaunchEntry> Explicit,
                           const LaunchEntry *Defaults = nullptr);

/// F's integer arguments that Launch does not give, in parameter order: the
/// unknowns the analysis samples (ThreadIndexModel), the device model's run
/// fills alike and kernel-unreached names.
std::vector<const llvm::Argument *> unknownIntegerArgs(const llvm::Function &F,
                                                       const LaunchConfig &Launch);

} // namespace warplint

#endif
