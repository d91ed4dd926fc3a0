//===- ControlDivergence.h - Branches and barriers across a warp -*- C++ -*-===//
#ifndef WARPLINT_ANALYZER_CONTROLDIVERGENCE_H
#define WARPLINT_ANALYZER_CONTROLDIVERGENCE_H

#include "analyzer/LaunchConfig.h"
#include "analyzer/Prediction.h"
#include "analyzer/ThreadIndexModel.h"
#include "analyzer/arch/ArchProfile.h"

#include <vector>

namespace warplint {

/// Classifies every conditional branch of K (whether the lanes of a warp
/// disagree on it, and how much of the launch that concerns) and every
/// barrier (whether only part of a block may reach it). Copies of one source
/// branch or barrier (unrolled loops) are one entry.
void analyzeControl(const llvm::Function &K, ThreadIndexModel &Model,
                    const LaunchConfig &Launch, const ArchProfile &Arch,
                    std::vector<BranchDivergence> &Branches,
                    std::vector<BarrierReach> &Barriers);

/// True for a barrier of the whole block (__syncthreads, bar.sync, and the
/// like), not a warp's.
bool isBlockBarrier(const llvm::Instruction &I);

} // namespace warplint

#endif
