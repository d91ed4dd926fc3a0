//===- LaunchCounting.h - Execution counts over a whole launch --*- C++ -*-===//
//
// Fills the execution counts of LaunchTotals.h from the thread-index model.
//
// Requests. For a warp (a block, a warp of it), the executions of each basic
// block over the kernel are counted by ThreadIndexModel::executions: the
// iterations of the loops around the block sampled as the predictions sample
// them (the innermost loop up to 64 iterations, enclosing ones fewer), an
// execution counted when at least one lane reaches the block, and a loop
// that runs past its sampled iterations scaled to its trip count (LLVM's
// ScalarEvolution backedge-taken count, evaluated in every lane that enters
// the loop, the most of them), its sampled iterations standing for the rest.
// Warps and blocks are not all counted: along the warps of a block and along
// each dimension of the grid, the first, middle and last are, and an
// interval whose two ends count differently is bisected (a bounds check
// that leaves the blocks past n idle, the last warp partly idle) until the
// change is found; an interval whose ends agree is taken as constant. The
// blocks counted are the product of the points found along each dimension,
// each weighing the blocks it stands for. An access's requests are the
// executions of its IR sites' blocks; its cost, the requests times its
// predicted cost per request (Prediction::PerRequest), and the ideal
// likewise.
//
// Unknowns. An unknown grid is taken as 65535 blocks (the large grid the
// predictions sample), and each formula is per block ("8*blocks"). Unknown
// scalar arguments take 4096 (the value the predictions assume); the counts
// are made again at 1000 and 72, and where an access's requests are affine
// in the argument (the kernel has one unknown) Formula gives it ("8*n").
// A branch or trip count on loaded data leaves Known false (Requests counts
// every lane that may reach the access); an address on loaded data leaves
// the requests known (RequestsKnown) and their cost not.
//
// Footprints. Per pointer parameter or global variable, the union of the
// sectors the sampled warps (ArgSample 0) read and write is U; the union
// over the samples of the first half of the sampled blocks is U_half. How
// the footprint grows with the samples, alpha = log(U / U_half) /
// log(S / S_half) for S the sampled requests, is in [0, 1]: 0 when every
// block reads the same sectors (a row all blocks re-read), 1 when each
// reads its own (disjoint tiles). Distinct sectors over the launch = U x
// (R / S)^alpha for R the launch's requests, clamped to [U, the sectors
// requested]. ReadReuse = sectors requested by loads / distinct sectors read.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_LAUNCHCOUNTING_H
#define WARPLINT_ANALYZER_LAUNCHCOUNTING_H

#include "analyzer/LaunchConfig.h"
#include "analyzer/LaunchTotals.h"
#include "analyzer/Prediction.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/ThreadIndexModel.h"
#include "analyzer/arch/ArchProfile.h"

#include <vector>

namespace warplint {

/// Fills Predictions[I].Totals for every access I of Spaces (whose
/// predictions they are, already made with Model) and Kernel: warps, warp
/// instructions, buffer footprints and the assumptions.
void countLaunch(const StateSpaces &Spaces, ThreadIndexModel &Model,
                 const LaunchConfig &Launch, const ArchProfile &Arch,
                 std::vector<Prediction> &Predictions, KernelTotals &Kernel);

/// "8", "0.5", "32768*n", "8*n+256", "-2*n-1" (Factor*Arg+Offset, numbers
/// printed shortest).
std::string affineFormula(double Factor, double Offset, llvm::StringRef Arg);

} // namespace warplint

#endif
