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

/// Byte addresses of the 32 lanes of a warp and which lanes are active.
struct WarpAddresses {
  std::array<uint64_t, 32> Addr{};
  uint32_t Active = 0;
  unsigned Bytes = 4; ///< Bytes per lane.
};

/// Distinct SectorBytes-sized sectors touched (global memory).
unsigned globalSectors(const WarpAddresses &W, const ArchProfile &A);

/// Sectors touched by a local access, where Addr holds each lane's private
/// offset: local memory interleaves 4-byte words across the lanes of a warp.
unsigned localSectors(const WarpAddresses &W, const ArchProfile &A);

/// Shared-memory wavefronts: the request is split into phases of at most
/// SharedPhaseBytes; each phase costs as many wavefronts as its most loaded
/// bank has distinct words (a word read by many lanes is a broadcast).
unsigned sharedWavefronts(const WarpAddresses &W, const ArchProfile &A);

/// Phases of a shared request with at least one active lane (the ideal
/// wavefront count, with no bank conflict).
unsigned sharedPhases(const WarpAddresses &W, const ArchProfile &A);

/// Distinct addresses (constant memory: one pass each).
unsigned distinctAddresses(const WarpAddresses &W);

/// The fewest sectors the active lanes' bytes could occupy.
unsigned idealSectors(const WarpAddresses &W, const ArchProfile &A);

} // namespace warplint

#endif
