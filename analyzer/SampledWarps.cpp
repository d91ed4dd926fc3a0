//===- SampledWarps.cpp - Which warps of a block the model samples ---------===//
#include "analyzer/ThreadIndexModelImpl.h"

using namespace llvm;

namespace warplint {
namespace detail {

std::vector<unsigned> sampledWarps(const Dim3 &Block, unsigned WarpSize) {
  unsigned NumWarps = divideCeil(Block.count(), WarpSize);
  std::vector<unsigned> Warps;
  // Rows of several whole warps (block(128,4)): warp W covers threadIdx.x
  // from W % PerRow * WarpSize, so a warp stands for the warps of its column
  // only. Sample every column in the same rows, spread over the rows, so
  // that each sampled warp stands for as many of the block's warps.
  unsigned PerRow = Block.V[0] % WarpSize ? 0 : unsigned(Block.V[0] / WarpSize);
  unsigned Rows = PerRow ? NumWarps / PerRow : 0;
  if (NumWarps > WarpSamples && PerRow > 1 && PerRow <= WarpSamples / 2 && Rows > 1) {
    unsigned Picked = WarpSamples / PerRow;
    for (unsigned R = 0; R < Picked; ++R) {
      unsigned Row = R * (Rows - 1) / (Picked - 1);
      for (unsigned C = 0; C < PerRow; ++C)
        Warps.push_back(Row * PerRow + C);
    }
    return Warps;
  }
  for (unsigned K = 0; K < std::min(NumWarps, WarpSamples); ++K) {
    unsigned W = NumWarps <= WarpSamples ? K : K * (NumWarps - 1) / (WarpSamples - 1);
    if (llvm::find(Warps, W) == Warps.end())
      Warps.push_back(W);
  }
  return Warps;
}

} // namespace detail
} // namespace warplint
