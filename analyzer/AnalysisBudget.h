//===- AnalysisBudget.h - What one kernel's analysis may spend --*- C++ -*-===//
//
// A kernel whose loop nests would need more samples than a lint step can
// afford (a deep nest of loops with unknown bounds) stops at this budget and
// is reported as such; the other kernels of the file are still analyzed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ANALYSISBUDGET_H
#define WARPLINT_ANALYZER_ANALYSISBUDGET_H

#include <cstdint>
#include <string>

namespace warplint {

/// Memory for the sampled warps' values and wall-clock time, per kernel.
struct AnalysisBudget {
  uint64_t MemoryBytes = uint64_t(192) << 20;
  double Seconds = 20;
  /// "192 MB and 20 s".
  std::string str() const;
};

} // namespace warplint

#endif
