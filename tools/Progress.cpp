//===- Progress.cpp - A progress bar on stderr for long work --------------===//
#include "tools/Progress.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"

using namespace llvm;
using namespace std::chrono;

namespace warplint {

namespace {

/// Work shorter than this shows no bar at all.
constexpr milliseconds DefaultDelay(500);
/// Redraws at most this often.
constexpr milliseconds Redraw(100);

std::string clock(milliseconds T) {
  uint64_t S = uint64_t(T.count()) / 1000;
  if (S >= 3600)
    return formatv("{0}:{1:2}:{2:2}", S / 3600, (S / 60) % 60, S % 60).str();
  return formatv("{0}:{1:2}", S / 60, S % 60).str();
}

/// DefaultDelay, or WARPLINT_PROGRESS_DELAY_MS when it is set (tests draw
/// the bar at once).
milliseconds delay() {
  unsigned Ms = 0;
  if (std::optional<std::string> V = sys::Process::GetEnv("WARPLINT_PROGRESS_DELAY_MS"))
    if (!StringRef(*V).getAsInteger(10, Ms))
      return milliseconds(Ms);
  return DefaultDelay;
}

} // namespace

ProgressBar::ProgressBar(std::string Unit)
    : ProgressBar(std::move(Unit), errs(), sys::Process::StandardErrIsDisplayed(), delay()) {}

ProgressBar::ProgressBar(std::string Unit, raw_ostream &OS, bool Enabled, milliseconds Delay)
    : Unit(std::move(Unit)), OS(OS), Enabled(Enabled), Delay(Delay),
      Start(steady_clock::now()) {}

ProgressBar::~ProgressBar() {
  if (Drawn)
    OS << "\r" << std::string(Drawn, ' ') << "\r";
  OS.flush();
}

std::string ProgressBar::line(StringRef Unit, uint64_t Done, uint64_t Total,
                              milliseconds Elapsed) {
  constexpr unsigned Width = 30;
  unsigned Filled = unsigned(Width * std::min(Done, Total) / Total);
  std::string Out = "[" + std::string(Filled, '#') + std::string(Width - Filled, ' ') + "] " +
                    std::to_string(Done) + "/" + std::to_string(Total) + " " + Unit.str() +
                    "  " + clock(Elapsed) + " elapsed";
  if (Done > 0 && Done < Total)
    Out += ", ~" + clock(milliseconds(Elapsed.count() * int64_t(Total - Done) / int64_t(Done))) +
           " left";
  return Out;
}

void ProgressBar::update(uint64_t Done, uint64_t Total) {
  if (!Enabled || !Total)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  auto Now = steady_clock::now();
  bool Final = Done >= Total;
  if (Now - Start < Delay || (!Final && Drawn && Now - Last < Redraw))
    return;
  Last = Now;
  std::string L = line(Unit, Done, Total, duration_cast<milliseconds>(Now - Start));
  // Pad over a longer previous line.
  size_t Width = L.size();
  if (Drawn > L.size())
    L.append(Drawn - L.size(), ' ');
  OS << "\r" << L;
  OS.flush();
  Drawn = std::max(Drawn, Width);
}

} // namespace warplint
