//===- LaunchLimits.h - Bounds on what a launch may ask for -----*- C++ -*-===//
//
// The device model allocates every buffer and runs every block it is given;
// these checks turn requests it cannot honour (a trillion-element buffer, an
// argument beyond any integer) into usage errors that name the limit, before
// anything is allocated (a launch file nested 50,000 deep is refused by
// frontend/BoundedJson.h, with MaxLaunchFileDepth as its limit). Each is
// a small free function so that every reader of launches (flags, launch
// files) can call it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCHLIMITS_H
#define WARPLINT_FRONTEND_LAUNCHLIMITS_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace warplint {

/// The deepest nesting of JSON lists and objects a launch file may have (one
/// needs three: the list, an entry, its args).
constexpr unsigned MaxLaunchFileDepth = 64;

/// The most elements one buffer may have: the device model holds (and
/// fills) every buffer in memory, at most 2 GiB for 8-byte elements.
constexpr uint64_t MaxBufferElements = uint64_t(1) << 28;

/// The most blocks a launch may have: 2^31 - 1 in x times 65535 in y and z
/// is CUDA's grid, but the device model keeps per-block state for what it
/// runs and sizes defaulted buffers by the launch's threads.
constexpr uint64_t MaxGridBlocks = uint64_t(1) << 32;

/// Checks a buffer's element count against MaxBufferElements.
llvm::Error checkBufferCount(uint64_t Count);

/// Checks a numeric argument: its magnitude must be below 2^63 (the range
/// of a 64-bit integer, which integer parameters are converted through) and
/// it must be finite.
llvm::Error checkArgValue(double Value);

/// Checks a grid against MaxGridBlocks.
llvm::Error checkGrid(const Dim3 &Grid);

} // namespace warplint

#endif
