//===- FrontendBudgetWatch.h - The file budget inside Clang -----*- C++ -*-===//
//
// Clang's front end cannot be asked to stop, and a file of a few hundred
// bytes can make it run and grow without bound (a macro that doubles forty
// times; a template that instantiates two of itself per level). The watch
// checks the file's budget (FileBudget.h) where the front end spends: every
// macro expansion, file entered, template instantiation and top-level
// declaration (the clock every 64, the memory every 1,024). Once the budget
// is passed it gives up the compile's guarded run (abandonGuardedRun), as a
// crash would: the compile's state is then buried, not destroyed, and its
// memory, at most about the budget, stays allocated (docs/security.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_FRONTENDBUDGETWATCH_H
#define WARPLINT_FRONTEND_CUDA_FRONTENDBUDGETWATCH_H

#include "frontend/FileBudget.h"

#include <memory>

namespace clang {
class ASTConsumer;
class Preprocessor;
} // namespace clang

namespace warplint {

/// Checks one compile's front end against its file's budget.
class FrontendBudgetWatch {
public:
  explicit FrontendBudgetWatch(const FileBudget &Budget) : Budget(Budget), Ticker(Budget) {}
  /// Checks the budget as PP expands macros, enters files and hands the
  /// parser each token.
  void watch(clang::Preprocessor &PP);
  /// A consumer to run among the compile's: checks the budget at each
  /// top-level declaration and, once Sema exists, each template
  /// instantiation.
  std::unique_ptr<clang::ASTConsumer> consumer();
  /// One checkpoint: once the budget is passed, records the stop in the
  /// budget (FileBudget::stop, "the front end", with the memory grown by
  /// then), sets stopped() and gives up the guarded run this thread is in
  /// (it does not return).
  void check() {
    if (Ticker.tick())
      stop();
  }
  /// True when a checkpoint gave up the compile.
  bool stopped() const { return Stopped; }

private:
  [[noreturn]] void stop();
  const FileBudget &Budget;
  BudgetTicker Ticker;
  bool Stopped = false;
};

} // namespace warplint

#endif
