//===- LaunchLimits.cpp - Bounds on what a launch may ask for -------------===//
#include "frontend/LaunchLimits.h"

#include <cmath>

using namespace llvm;

namespace warplint {

Error checkBufferCount(uint64_t Count) {
  if (Count <= MaxBufferElements)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "COUNT %llu is more than the device model's limit of %llu "
                           "elements per buffer",
                           (unsigned long long)Count,
                           (unsigned long long)MaxBufferElements);
}

Error checkArgValue(double Value) {
  if (std::isfinite(Value) && std::fabs(Value) < 9223372036854775808.0)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "%g is outside the range of argument values (finite, of "
                           "magnitude below 2^63)",
                           Value);
}

Error checkGrid(const Dim3 &Grid) {
  // Each dimension is bounded first so that the product cannot wrap.
  for (uint64_t V : Grid.V)
    if (V > MaxGridBlocks)
      return createStringError(inconvertibleErrorCode(),
                               "a grid dimension of %llu is more than the limit of %llu "
                               "blocks",
                               (unsigned long long)V, (unsigned long long)MaxGridBlocks);
  unsigned __int128 Blocks = (unsigned __int128)Grid.V[0] * Grid.V[1] * Grid.V[2];
  if (Blocks <= MaxGridBlocks)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "a grid of %llu x %llu x %llu blocks is more than the limit of "
                           "%llu blocks per launch",
                           (unsigned long long)Grid.V[0], (unsigned long long)Grid.V[1],
                           (unsigned long long)Grid.V[2],
                           (unsigned long long)MaxGridBlocks);
}

} // namespace warplint
