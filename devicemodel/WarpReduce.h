//===- WarpReduce.h - redux.sync: a warp's lanes folded into one ---*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_WARPREDUCE_H
#define WARPLINT_DEVICEMODEL_WARPREDUCE_H

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace warplint {
namespace dm {

/// The operations of redux.sync (__reduce_*_sync, sm_80 on) on 32-bit lanes.
enum ReduxKind : uint32_t { RK_Add, RK_UMin, RK_UMax, RK_Min, RK_Max, RK_And, RK_Or, RK_Xor };

/// Acc combined with lane value V (both 32-bit).
inline uint32_t reduxStep(ReduxKind K, uint32_t Acc, uint32_t V) {
  switch (K) {
  case RK_Add: return Acc + V;
  case RK_UMin: return std::min(Acc, V);
  case RK_UMax: return std::max(Acc, V);
  case RK_Min: return uint32_t(std::min(int32_t(Acc), int32_t(V)));
  case RK_Max: return uint32_t(std::max(int32_t(Acc), int32_t(V)));
  case RK_And: return Acc & V;
  case RK_Or: return Acc | V;
  case RK_Xor: return Acc ^ V;
  }
  return Acc;
}

} // namespace dm
} // namespace warplint

#endif
