//===- ThreadIndexModelImpl.h - Private state of the lane model -*- C++ -*-===//
//
// Shared by ThreadIndexModel.cpp (samples, active lanes) and
// LaneEvaluation.cpp (the values of the address slice in each lane). Not for
// use outside the thread-index model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_THREADINDEXMODELIMPL_H
#define WARPLINT_ANALYZER_THREADINDEXMODELIMPL_H

#include "analyzer/ThreadIndexModel.h"

#include "llvm/ADT/DenseMap.h"

#include <array>

namespace warplint {

struct ThreadIndexModel::State {
  WarpSample S;
  uint32_t Exists = 0;
  std::array<std::array<uint32_t, 3>, 32> Tid{};
  llvm::DenseMap<const llvm::Value *, LaneValues> Memo;
  llvm::DenseMap<const llvm::BasicBlock *, std::pair<uint32_t, bool>> Active;
};

namespace detail {
/// Loop iteration caps: the innermost loop around an access is sampled in
/// full up to InnerCap iterations, enclosing loops up to OuterCap.
constexpr unsigned InnerCap = 64, OuterCap = 8;
/// Iteration samples per warp for the whole loop nest around an access: two
/// loops deep gets OuterCap x InnerCap; a deeper nest (a convolution's
/// row, column and channel loops) samples fewer iterations of its inner
/// loops instead of multiplying the caps (which grew without bound).
constexpr unsigned NestSampleBudget = OuterCap * InnerCap;
/// Warp states one kernel's model keeps between accesses (each caches every
/// value it evaluated for 32 lanes, tens of kilobytes in a long loop body);
/// past it the cache is dropped before the next access is sampled, which
/// costs recomputation, never a different answer.
constexpr size_t StateBudget = 1 << 14;
/// Warps sampled per block and blocks per grid.
constexpr unsigned WarpSamples = 8;
/// Pointer kernel arguments get bases this far apart (256-byte aligned).
constexpr unsigned BaseShift = 36;
} // namespace detail

} // namespace warplint

#endif
