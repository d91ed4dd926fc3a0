//===- SassCfg.h - Control flow of a SASS function --------------*- C++ -*-===//
//
// Basic blocks from branch targets (BRA, BRX, JMP, CALL, RET, EXIT), a
// Boost.Graph of them, and the natural loops found from its back edges.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_SASSCFG_H
#define WARPLINT_FRONTEND_SASSCFG_H

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <vector>

namespace warplint {

struct SassFunction;

/// A basic block: instructions [Begin, End).
struct SassBlock {
  size_t Begin = 0, End = 0;
  std::vector<unsigned> Successors;
  unsigned LoopDepth = 0;
};

/// The control-flow graph of one function.
struct SassCfg {
  std::vector<SassBlock> Blocks;
  unsigned Loops = 0; ///< Natural loops (one per loop header).
};

/// Builds the CFG of F. Labels maps nvdisasm label names to addresses.
SassCfg buildSassCfg(const SassFunction &F, const llvm::StringMap<uint64_t> &Labels);

/// Builds the CFG and stores each instruction's loop depth and the loop
/// count in F.
void annotateSassLoops(SassFunction &F, const llvm::StringMap<uint64_t> &Labels);

} // namespace warplint

#endif
