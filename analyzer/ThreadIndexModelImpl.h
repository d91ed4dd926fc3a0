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
/// Warps sampled per block and blocks per grid.
constexpr unsigned WarpSamples = 8;
/// Pointer kernel arguments get bases this far apart (256-byte aligned).
constexpr unsigned BaseShift = 36;
} // namespace detail

} // namespace warplint

#endif
