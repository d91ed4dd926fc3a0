//===- LoopIterations.h - Costs per iteration of the loop around an access -*- C++ -*-===//
//
// The per-iteration view of loop-varying accesses: the IR copies of an access
// in the order its iterations run them (unrolled loops), and which sampled
// warp executions are consecutive iterations of the same loop.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_LOOPITERATIONS_H
#define WARPLINT_ANALYZER_LOOPITERATIONS_H

#include "analyzer/StateSpaces.h"
#include "analyzer/ThreadIndexModel.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <vector>

namespace warplint {

/// True when S is the iteration of its innermost loop right after Prev's, for
/// the same warp and outer iterations.
bool nextIteration(const WarpSample &Prev, const WarpSample &S);

/// The IR sites of A in program order (reverse post-order of their blocks,
/// then position in the block), when the per-iteration costs of A can be
/// told apart: all sites in the same innermost loop (or none) and, for copies
/// outside any loop (a fully unrolled loop), each copy runs after the one
/// before. Empty otherwise.
std::vector<const IrAccess *>
sitesInIterationOrder(const MemoryAccess &A,
                      const llvm::DenseMap<const llvm::BasicBlock *, unsigned> &Rpo,
                      const ThreadIndexModel &Model);

/// Cost totals (sum, samples) per (iteration of the innermost loop, rank of
/// the IR site in program order).
using IterationCosts = std::map<std::pair<unsigned, unsigned>, std::pair<double, unsigned>>;

/// The average cost of each step in order, or nothing when every step costs
/// the same (the cost changes between warps, not iterations).
std::vector<double> perIterationCosts(const IterationCosts &Steps);

} // namespace warplint

#endif
