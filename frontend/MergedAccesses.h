//===- MergedAccesses.h - Which source lines one optimized access serves -*- C++ -*-===//
//
// The O2 pipeline merges memory accesses of different lines into one
// instruction: a load hoisted out of both arms of a branch, stores sunk into
// their join, a load CSE'd into an earlier one of the same address. LLVM keeps
// one location (NvptxPipeline picks the first) and drops the others with the
// metadata it does not know. MergedAccessTracker watches each function pass
// and writes the locations of the accesses a pass folded into a surviving one
// on it as `warplint.merged` metadata, so the report can name every line the
// access stands for.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_MERGEDACCESSES_H
#define WARPLINT_FRONTEND_MERGEDACCESSES_H

#include "llvm/IR/Instruction.h"
#include "llvm/IR/PassInstrumentation.h"

#include <vector>

namespace warplint {

/// The metadata kind: a tuple of the DILocations of the accesses merged into
/// the instruction that carries it (its own location not among them).
inline constexpr llvm::StringLiteral MergedAccessesKind = "warplint.merged";

/// Records merges of accesses that carry `warplint.origin` metadata
/// (markAccessOrigins) while the passes it is registered with run. A merge
/// is an access that loses its origin in a pass that erases an access of the
/// same opcode and type: the one with the same address operand, or, where a
/// pass kept as many such accesses as it erased (common code hoisted or sunk
/// out of two arms), the erased one of the same rank.
class MergedAccessTracker {
public:
  /// Hooks the tracker to PIC's before and after function-pass callbacks.
  /// The tracker must outlive the passes run with PIC.
  void registerCallbacks(llvm::PassInstrumentationCallbacks &PIC);

private:
  struct Entry {
    llvm::Instruction *Inst;
    llvm::MDNode *Origin;
    llvm::MDNode *Merged;
    unsigned Opcode;
    llvm::Type *Type;
    const llvm::Value *Pointer;
  };
  void snapshot(const llvm::Function &F);
  void compare(const llvm::Function &F);
  std::vector<Entry> Before;
};

} // namespace warplint

#endif
