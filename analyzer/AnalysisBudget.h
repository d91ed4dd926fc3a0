//===- AnalysisBudget.h - What one kernel's analysis may spend --*- C++ -*-===//
//
// A kernel whose loop nests would need more samples than a lint step can
// afford (a deep nest of loops with unknown bounds) stops at this budget and
// is reported as such; the other kernels of the file are still analyzed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ANALYSISBUDGET_H
#define WARPLINT_ANALYZER_ANALYSISBUDGET_H

#include <chrono>
#include <cstdint>
#include <string>

namespace warplint {

/// Memory for the sampled warps' values and work, per kernel. Both are
/// counted, not timed, so that a kernel stops at the same point on a loaded
/// machine as on an idle one (a lint result must not depend on the load of
/// the CI runner); a wall-clock limit is there for whoever asks for one.
struct AnalysisBudget {
  uint64_t MemoryBytes = uint64_t(192) << 20;
  /// Values evaluated for a sampled warp (or warp states made), in
  /// millions: 12 is about 20 s of one core of the team's machine (0.25 to
  /// 0.7 million a second on real kernels).
  uint64_t MillionSteps = 12;
  /// Wall-clock seconds; 0 for none (the default).
  double Seconds = 0;
  /// When the budget of the kernel's file runs out (frontend/FileBudget.h,
  /// --file-budget-seconds); never by default. Not part of str(): a kernel
  /// it stops is reported with the file's budget.
  std::chrono::steady_clock::time_point FileDeadline =
      std::chrono::steady_clock::time_point::max();
  /// "192 MB and 12M steps" (and ", 20 s" with a wall-clock limit).
  std::string str() const;
};

} // namespace warplint

#endif
