//===- FileBudget.h - What one input file's check may spend -----*- C++ -*-===//
//
// A file of the repository under review can make any stage slow or large
// (an else-if chain of 10,000 arms spends minutes in the LLVM optimizer; a
// macro that doubles forty times, or a template that instantiates two of
// itself per level, makes Clang's front end run and grow without bound).
// The file budget is wall-clock time and memory for the whole pipeline of
// one file: the front end (checked as it expands macros, enters files,
// instantiates templates and hands over declarations: FrontendBudgetWatch),
// the IR optimizer (checked before every pass, and abandoned at the
// deadline), the analysis (each kernel's budget is cut to what is left) and
// the device model (checked between blocks and in long loops). A file that
// passes either stops, says so ("stopped after N s", "stopped at N MB") and
// counts as not analyzed; the other files are checked as usual.
//
// The memory counted is the process's resident memory (/proc/self/statm)
// above what it held when the file's check started: what the machine lends
// the check of this file. Memory freed by earlier files and kept in the heap
// is reused without counting; with -j N the files checked at the same time
// share the count (docs/security.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_FILEBUDGET_H
#define WARPLINT_FRONTEND_FILEBUDGET_H

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace warplint {

/// The process's resident memory in bytes (/proc/self/statm); 0 where it
/// cannot be read.
uint64_t residentBytes();

/// Which limit a file's check passed, and where: what the stop message says.
struct FileBudgetStop {
  /// The stage: "the front end", "the IR optimizer"; empty for none.
  std::string Where;
  /// The memory limit, not the clock, was passed.
  bool Memory = false;
  /// Resident bytes gained when it stopped (for a memory stop).
  uint64_t Grown = 0;

  bool stopped() const { return !Where.empty(); }
};

/// What one file's check may spend (--file-budget-seconds, --file-budget-mb).
struct FileBudget {
  /// Seconds for the whole pipeline; 0 for no limit.
  double Seconds = 0;
  /// Bytes of resident memory the check may add; 0 for no limit.
  uint64_t MemoryBytes = 0;
  /// The files checked at the same time, whose growth MemoryBytes (their
  /// budgets together) counts: 1 when files are checked in turn.
  unsigned FilesAtOnce = 1;
  /// When the file's check started.
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
  /// The process's resident memory then (set by start()).
  uint64_t StartResident = 0;
  /// Where the check stopped, when a stage stopped it (stop()): shared by
  /// the copies of this budget (the optimizer's thread, the analysis'
  /// options), written by the thread that stops a stage.
  std::shared_ptr<FileBudgetStop> Stopped = std::make_shared<FileBudgetStop>();

  /// Starts the budget now: the clock, and the memory it counts from.
  void start() {
    Start = std::chrono::steady_clock::now();
    StartResident = MemoryBytes ? residentBytes() : 0;
  }
  /// True when either limit is set.
  bool limited() const { return Seconds > 0 || MemoryBytes > 0; }
  /// Seconds since Start.
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }
  /// Resident bytes the process gained since Start (0 when it holds less).
  uint64_t grown() const {
    uint64_t Now = residentBytes();
    return Now > StartResident ? Now - StartResident : 0;
  }
  /// True when there is a time limit and the check has run past it.
  bool outOfTime() const { return Seconds > 0 && elapsed() > Seconds; }
  /// True when there is a memory limit and the check has grown past it
  /// (reads /proc: a few microseconds).
  bool outOfMemory() const { return MemoryBytes > 0 && grown() > MemoryBytes; }
  /// True when either limit has been passed.
  bool passed() const { return outOfTime() || outOfMemory(); }
  /// What stopping in Where now means: memory when that limit is passed,
  /// else time.
  FileBudgetStop stopAt(std::string Where) const {
    FileBudgetStop S;
    S.Where = std::move(Where);
    if (MemoryBytes) {
      S.Grown = grown();
      S.Memory = S.Grown > MemoryBytes;
    }
    return S;
  }
  /// Records that the check stopped in Where (the first stop is kept).
  void stop(std::string Where) const {
    if (!Stopped->stopped())
      *Stopped = stopAt(std::move(Where));
  }
  /// Seconds left (0 when passed); a negative number for no time limit.
  double remaining() const {
    if (Seconds <= 0)
      return -1;
    double Left = Seconds - elapsed();
    return Left > 0 ? Left : 0;
  }
};

/// Checks a file's budget from a callback that runs very often (each macro
/// expansion, each template instantiation): the clock every 64 calls, the
/// memory every 1,024. Not shared between threads.
class BudgetTicker {
public:
  explicit BudgetTicker(const FileBudget &Budget) : Budget(Budget) {}
  /// True once the budget has been passed (and from then on).
  bool tick() {
    if (Passed || !Budget.limited())
      return Passed;
    if ((++Calls & 63) != 0)
      return false;
    Passed = Budget.outOfTime() || ((Calls & 1023) == 0 && Budget.outOfMemory());
    return Passed;
  }

private:
  const FileBudget &Budget;
  uint64_t Calls = 0;
  bool Passed = false;
};

} // namespace warplint

#endif
