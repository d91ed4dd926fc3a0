//===- StackGuard.h - Where a stack overflow is recoverable -----*- C++ -*-===//
//
// Clang's parser recurses once per level of nesting (100,000 `!`, 85,000
// nested template arguments), and so do parts of LLVM: deep enough input
// overflows any stack. llvm::CrashRecoveryContext recovers from a crash, but
// its signal handlers run on the crashing stack, so an overflow kills the
// process instead, and every other file's results with it. runGuarded runs
// a function on a thread with a large stack whose overflow is a recovered
// crash: the thread gets an alternate signal stack, the recovery handlers
// are made to run on it (SA_ONSTACK), and the lowest megabyte of the stack
// is made inaccessible, so that a large frame cannot step over the guard page
// into other memory.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_STACKGUARD_H
#define WARPLINT_FRONTEND_STACKGUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace warplint {

/// The stack a compile or an analysis of one file runs on: deep but valid
/// code (long macro chains, deep templates) needs more than a default
/// thread's 8 MB, and its depth limit is this.
constexpr unsigned GuardedStackBytes = 256u << 20;

/// What a guarded run did.
enum class GuardedRun {
  Finished,
  /// Fn crashed (a signal, a stack overflow among them): what it was
  /// building is in an unknown state and must not be used or destroyed.
  Crashed,
};

/// Runs Fn on a new thread with a StackBytes stack, under a
/// CrashRecoveryContext whose handlers can run after a stack overflow, and
/// waits for it; on a thread that is itself a guarded run's with at least
/// StackBytes, runs Fn in place under a context of its own. Crash recovery
/// must be enabled (llvm::CrashRecoveryContext::Enable) for a crash to be
/// recovered. A crash while a lock is held (inside malloc, say) leaves the
/// lock held: recovery is for the overflows and bugs of parsing and
/// analysis, not a sandbox. After a crash, *CrashCode (where given) is
/// CrashRecoveryContext's code for it (crashText says it).
GuardedRun runGuarded(llvm::function_ref<void()> Fn, unsigned StackBytes = GuardedStackBytes,
                      int *CrashCode = nullptr);

/// A crash's code in words: "signal 11" for a signal, "given up" for
/// abandonGuardedRun.
std::string crashText(int Code);

/// The stack of each helper thread runGuardedInParallel starts: an analysis
/// shared between threads needs less than a compile, and one thread per core
/// reserves it.
constexpr unsigned HelperStackBytes = 64u << 20;

/// Runs Fn on Threads threads at once, this one and Threads - 1 new ones
/// with StackBytes stacks, each under a context of its own as runGuarded
/// runs it, and waits for all. Crashed when any of them crashed: what they
/// share is then in an unknown state (abandonGuardedRun gives it up).
GuardedRun runGuardedInParallel(unsigned Threads, llvm::function_ref<void()> Fn,
                                unsigned StackBytes = HelperStackBytes);

/// Gives up the guarded run this thread is in, as a crash would: its
/// runGuarded returns Crashed. Outside any, a fatal error.
[[noreturn]] void abandonGuardedRun();

} // namespace warplint

#endif
