//===- BlockPartialWarp.cpp - block-partial-warp --------------------------===//
#include "rules/BlockPartialWarp.h"

#include "rules/KernelResources.h"
#include "rules/LaunchFails.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace warplint {

BlockPartialWarpRule::BlockPartialWarpRule(const RuleOptions &Opts)
    : Rule("block-partial-warp", Opts), Threshold(Opts.number("threshold", 20)) {}

void BlockPartialWarpRule::check(const KernelFacts &K, const FindingSink &Out) const {
  unsigned Warp = K.Arch.WarpSize;
  SourceLoc Loc = kernelOrPeakLocation(K);
  for (const LaunchCheckInput &In : launchesToCheck(K)) {
    uint64_t Threads = In.Block.count();
    if (!Threads || !checkLaunch(K.Arch, In).empty())
      continue;
    // A whole launch that fits in one warp (`<<<1, 1>>>` for a serial
    // running sum, `<<<2, 8>>>`) has no lanes another shape would fill.
    if (In.Grid && In.Grid->count() * Threads <= Warp)
      continue;
    uint64_t Warps = divideCeil(Threads, Warp), Lanes = Warps * Warp;
    double Idle = 100.0 * double(Lanes - Threads) / double(Lanes);
    if (Idle <= Threshold)
      continue;
    std::string Shape = formatv("block({0},{1},{2})", In.Block.V[0], In.Block.V[1],
                                In.Block.V[2])
                            .str();
    std::string What =
        Threads < Warp
            ? formatv("{0} thread{1} per block, and each block's one warp runs {0} of its {2} "
                      "lanes",
                      Threads, Threads == 1 ? "" : "s", Warp)
                  .str()
            : formatv("{0} threads per block in {1} warps of {2} lanes, {3} of them idle",
                      Threads, Warps, Warp, Lanes - Threads)
                  .str();
    std::string Fix =
        Threads < Warp
            ? formatv("blocks of 256 threads and {0:F0}x fewer blocks, each thread indexing "
                      "with blockIdx.x * blockDim.x + threadIdx.x",
                      256.0 / double(Threads))
                  .str()
            : formatv("block({0}) or another multiple of {1} threads", alignTo(Threads, Warp),
                      Warp)
                  .str();
    Out(make(K, Loc,
             formatv("kernel '{0}': {1} launches {2}: {3}, so {4:F0}% of the lanes the launch "
                     "occupies do no work, and the warps an SM holds, not its threads, bound "
                     "how many run at once; launch {5}",
                     In.Kernel, In.Origin, Shape, What, Idle, Fix)
                 .str()));
  }
}

} // namespace warplint
