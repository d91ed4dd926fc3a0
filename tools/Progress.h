//===- Progress.h - A progress bar on stderr for long work ------*- C++ -*-===//
//
// One line on stderr redrawn in place: a bar, "done/total unit", the time
// elapsed and an estimate of the time left. Drawn only when stderr is a
// terminal and the work has lasted longer than a short delay; erased when
// the work ends, so nothing is left in a terminal and nothing at all reaches
// a file or a pipe.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PROGRESS_H
#define WARPLINT_TOOLS_PROGRESS_H

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace warplint {

/// A progress bar; update() may be called from several threads.
class ProgressBar {
public:
  /// Unit names what is counted ("files", "blocks"). Shown only when
  /// stderr is displayed (a terminal), after half a second of work
  /// (WARPLINT_PROGRESS_DELAY_MS in the environment changes the delay).
  explicit ProgressBar(std::string Unit);
  /// A bar drawn on OS when Enabled (for tests of the drawing itself).
  ProgressBar(std::string Unit, llvm::raw_ostream &OS, bool Enabled,
              std::chrono::milliseconds Delay);
  ~ProgressBar();
  ProgressBar(const ProgressBar &) = delete;
  ProgressBar &operator=(const ProgressBar &) = delete;

  /// Done of Total units are finished.
  void update(uint64_t Done, uint64_t Total);

  /// The line drawn for Done of Total after Elapsed: "[####    ] 3/8 files
  /// 0:02 elapsed, ~0:03 left".
  static std::string line(llvm::StringRef Unit, uint64_t Done, uint64_t Total,
                          std::chrono::milliseconds Elapsed);

private:
  std::string Unit;
  llvm::raw_ostream &OS;
  bool Enabled;
  std::chrono::milliseconds Delay;
  std::chrono::steady_clock::time_point Start, Last;
  size_t Drawn = 0; ///< Width of the line on screen; 0 when none is.
  std::mutex Lock;
};

} // namespace warplint

#endif
