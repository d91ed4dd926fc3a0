//===- MemoryCost.h - What one warp-level access costs ----------*- C++ -*-===//
//
// The memory-system rules of DESIGN.md, applied to the byte addresses of the
// active lanes of one warp-level instruction. The analyzer applies them to
// predicted addresses, the device model to executed ones.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ARCH_MEMORYCOST_H
#define WARPLINT_ANALYZER_ARCH_MEMORYCOST_H

#include "analyzer/arch/ArchProfile.h"

#include <array>
#include <cstdint>

namespace warplint {

/// The byte addresses of the lanes of one warp-level access, read where
/// they lie (the device model prices every request without copying them).
/// Only the lanes in Active are read.
struct WarpAddressView {
  const uint64_t *Addr = nullptr; ///< 32 entries.
  uint32_t Active = 0;
  unsigned Bytes = 4; ///< Bytes per lane.
};

/// Byte addresses of the 32 lanes of a warp and which lanes are active.
struct WarpAddresses {
  std::array<uint64_t, 32> Addr{};
  uint32_t Active = 0;
  unsigned Bytes = 4; ///< Bytes per lane.

  operator WarpAddressView() const { return {Addr.data(), Active, Bytes}; }
};

/// Distinct SectorBytes-sized sectors touched (global memory).
unsigned globalSectors(WarpAddressView W, const ArchProfile &A);

/// Sectors touched by a local access, where Addr holds each lane's private
/// offset: local memory interleaves 4-byte words across the lanes of a warp.
unsigned localSectors(WarpAddressView W, const ArchProfile &A);

/// Shared-memory wavefronts: the request is split into phases of at most
/// SharedPhaseBytes; each phase costs as many wavefronts as its most loaded
/// bank has distinct words (a word read by many lanes is a broadcast).
unsigned sharedWavefronts(WarpAddressView W, const ArchProfile &A);

/// Phases of a shared request with at least one active lane (the ideal
/// wavefront count, with no bank conflict).
unsigned sharedPhases(WarpAddressView W, const ArchProfile &A);

/// Distinct addresses (constant memory: one pass each).
unsigned distinctAddresses(WarpAddressView W);

/// The fewest sectors the active lanes' bytes could occupy.
unsigned idealSectors(WarpAddressView W, const ArchProfile &A);
/// The same, for Distinct lane addresses of Bytes each (a caller that
/// counted them already).
unsigned idealSectors(unsigned Distinct, unsigned Bytes, const ArchProfile &A);

} // namespace warplint

#endif
