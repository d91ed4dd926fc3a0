//===- LoopFacts.cpp - Loops of a kernel for the rules --------------------===//
#include "rules/LoopFacts.h"

#include "llvm/IR/DebugLoc.h"

using namespace llvm;

namespace warplint {

// The analyses only read the function; their interfaces take it non-const.
LoopFacts::LoopFacts(const Function &F)
    : DT(const_cast<Function &>(F)), LI(DT) {}

unsigned LoopFacts::headerLine(const Loop &L) {
  if (DebugLoc D = L.getStartLoc())
    return D.getLine();
  return 0;
}

} // namespace warplint
