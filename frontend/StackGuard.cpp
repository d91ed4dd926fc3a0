//===- StackGuard.cpp - Where a stack overflow is recoverable -------------===//
#include "frontend/StackGuard.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/thread.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#if defined(__linux__)
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace llvm;

namespace warplint {

namespace {

#if defined(__linux__)
/// The alternate stack the recovery handler runs on: it unblocks the signal
/// and jumps back to CrashRecoveryContext::RunSafely.
constexpr size_t AltStackBytes = 256u << 10;
/// Kept inaccessible at the bottom of the thread's stack.
constexpr size_t ExtraGuardBytes = 1u << 20;

/// Makes the handlers installed for crash recovery run on the alternate
/// stack of the thread that crashed. Idempotent; the handlers stay
/// CrashRecoveryContext's own.
void handlersOnAltStack() {
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
    struct sigaction A;
    if (sigaction(Sig, nullptr, &A) != 0 || (A.sa_flags & SA_ONSTACK) || A.sa_handler == SIG_DFL ||
        A.sa_handler == SIG_IGN)
      continue;
    A.sa_flags |= SA_ONSTACK;
    sigaction(Sig, &A, nullptr);
  }
}

/// This thread's alternate signal stack and extra guard, for its lifetime.
class ThreadGuard {
public:
  ThreadGuard() : Alt(new char[AltStackBytes]) {
    stack_t S{};
    S.ss_sp = Alt.get();
    S.ss_size = AltStackBytes;
    HaveAlt = sigaltstack(&S, nullptr) == 0;
    pthread_attr_t Attr;
    if (pthread_getattr_np(pthread_self(), &Attr) != 0)
      return;
    void *Low = nullptr;
    size_t Size = 0;
    if (pthread_attr_getstack(&Attr, &Low, &Size) == 0 && Size > 4 * ExtraGuardBytes) {
      uintptr_t Page = sysconf(_SC_PAGESIZE);
      uintptr_t Start = (reinterpret_cast<uintptr_t>(Low) + Page - 1) & ~(Page - 1);
      if (mprotect(reinterpret_cast<void *>(Start), ExtraGuardBytes, PROT_NONE) == 0)
        Guard = reinterpret_cast<void *>(Start);
    }
    pthread_attr_destroy(&Attr);
  }
  ~ThreadGuard() {
    // glibc reuses a finished thread's stack: give the guard back.
    if (Guard)
      mprotect(Guard, ExtraGuardBytes, PROT_READ | PROT_WRITE);
    if (HaveAlt) {
      stack_t S{};
      S.ss_flags = SS_DISABLE;
      sigaltstack(&S, nullptr);
    }
  }

private:
  std::unique_ptr<char[]> Alt;
  bool HaveAlt = false;
  void *Guard = nullptr;
};
#else
void handlersOnAltStack() {}
struct ThreadGuard {};
#endif

/// The stack of the guarded thread this thread is, 0 on any other thread:
/// a guarded run nested in another (a compile inside a file's check) runs in
/// place rather than on a thread of its own, which would reserve a second
/// large stack per file. Set and cleared by runGuarded alone.
thread_local unsigned GuardedStackOfThisThread = 0;

/// Fn under a context of its own on this thread; false when it crashed,
/// with the crash's code in *Code where given.
bool runInPlace(function_ref<void()> Fn, int *Code = nullptr) {
  CrashRecoveryContext CRC;
  bool Finished = CRC.RunSafely(Fn);
  if (!Finished && Code)
    *Code = CRC.RetCode;
  return Finished;
}

/// A new thread with a StackBytes stack that runs Fn guarded and sets
/// Finished. The context lives and dies on the thread it guards (a context
/// destroyed on another thread would reset that thread's current context).
llvm::thread guardedThread(function_ref<void()> Fn, unsigned StackBytes, bool &Finished,
                           int *Code = nullptr) {
  return llvm::thread(std::optional<unsigned>(StackBytes), [Fn, StackBytes, &Finished, Code] {
    ThreadGuard G;
    GuardedStackOfThisThread = StackBytes;
    Finished = runInPlace(Fn, Code);
    GuardedStackOfThisThread = 0;
  });
}

} // namespace

GuardedRun runGuarded(function_ref<void()> Fn, unsigned StackBytes, int *CrashCode) {
  if (GuardedStackOfThisThread >= StackBytes)
    return runInPlace(Fn, CrashCode) ? GuardedRun::Finished : GuardedRun::Crashed;
  handlersOnAltStack();
  bool Finished = false;
  guardedThread(Fn, StackBytes, Finished, CrashCode).join();
  return Finished ? GuardedRun::Finished : GuardedRun::Crashed;
}

GuardedRun runGuardedInParallel(unsigned Threads, function_ref<void()> Fn, unsigned StackBytes) {
  handlersOnAltStack();
  std::unique_ptr<bool[]> Finished(new bool[Threads]());
  std::vector<llvm::thread> Others;
  for (unsigned I = 1; I < Threads; ++I)
    Others.push_back(guardedThread(Fn, StackBytes, Finished[I]));
  Finished[0] = runInPlace(Fn);
  for (llvm::thread &T : Others)
    T.join();
  for (unsigned I = 0; I < Threads; ++I)
    if (!Finished[I])
      return GuardedRun::Crashed;
  return GuardedRun::Finished;
}

std::string crashText(int Code) {
  if (Code > 128)
    return "signal " + std::to_string(Code - 128);
  return Code == 1 ? "given up" : "code " + std::to_string(Code);
}

void abandonGuardedRun() {
  if (CrashRecoveryContext *C = CrashRecoveryContext::GetCurrent())
    C->HandleExit(1);
  report_fatal_error("a crash outside any guarded run");
}

} // namespace warplint
