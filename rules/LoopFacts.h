//===- LoopFacts.h - Loops of a kernel for the rules ------------*- C++ -*-===//
#ifndef WARPLINT_RULES_LOOPFACTS_H
#define WARPLINT_RULES_LOOPFACTS_H

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

namespace warplint {

/// The dominator tree and loops of one function (built once per rule run).
class LoopFacts {
public:
  explicit LoopFacts(const llvm::Function &F);
  /// The innermost loop holding I; null outside loops.
  const llvm::Loop *loopOf(const llvm::Instruction &I) const {
    return LI.getLoopFor(I.getParent());
  }
  /// The first source line of loop L (its header), 0 if unknown.
  static unsigned headerLine(const llvm::Loop &L);

private:
  llvm::DominatorTree DT;
  llvm::LoopInfo LI;
};

} // namespace warplint

#endif
