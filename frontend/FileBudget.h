//===- FileBudget.h - What one input file's check may spend -----*- C++ -*-===//
//
// A file of the repository under review can make any stage slow (an
// else-if chain of 10,000 arms spends minutes in the LLVM optimizer). The
// file budget is wall-clock time for the whole pipeline of one file: the
// front end, the IR optimizer (checked before every pass), the analysis
// (each kernel's budget is cut to what is left) and the device model (checked
// between blocks). A file that runs past it stops, says so ("stopped after
// N s") and counts as not analyzed; the other files are checked as usual.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_FILEBUDGET_H
#define WARPLINT_FRONTEND_FILEBUDGET_H

#include <chrono>
#include <string>

namespace warplint {

/// The wall-clock budget of one file's check (--file-budget-seconds).
struct FileBudget {
  /// Seconds for the whole pipeline; 0 for no limit.
  double Seconds = 0;
  /// When the file's check started.
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();

  /// Seconds since Start.
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }
  /// True when there is a limit and the check has run past it.
  bool passed() const { return Seconds > 0 && elapsed() > Seconds; }
  /// Seconds left (0 when passed); a negative number for no limit.
  double remaining() const {
    if (Seconds <= 0)
      return -1;
    double Left = Seconds - elapsed();
    return Left > 0 ? Left : 0;
  }
};

} // namespace warplint

#endif
