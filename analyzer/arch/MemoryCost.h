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

namespace llvm {
class Instruction;
} // namespace llvm

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

/// Shared-memory wavefronts of an atomic (ATOMS): the lanes on one word
/// update it one after another, each a pass in its bank, so a phase costs as
/// many wavefronts as its most loaded bank has lane-words; unless
/// CombinesLanes (atomicCombinesLanes), where each distinct word is one pass
/// (sharedWavefronts). Every active lane on one word costs one pass: nvcc
/// gives a warp-uniform address to one lane (measured for `old =
/// atomicAdd(&s[k], 1)`; the device model takes every such request for one).
unsigned sharedAtomicWavefronts(WarpAddressView W, const ArchProfile &A, bool CombinesLanes);

/// Whether I, an atomic, serves the lanes on one shared word at once: nvcc
/// emits a 32-bit atomic add of the constant 1 whose result is unused as
/// ATOMS.POPC.INC, which adds the number of lanes on each word in one pass.
/// Other values (atomicSub(p, 1) too), other operations and used results
/// update the word once per lane (measured on an H100,
/// tests/hardware/atomics.cu).
bool atomicCombinesLanes(const llvm::Instruction &I);

/// Phases of a shared request with at least one active lane (the ideal
/// wavefront count, with no bank conflict).
unsigned sharedPhases(WarpAddressView W, const ArchProfile &A);

/// Distinct addresses (constant memory: one pass each).
unsigned distinctAddresses(WarpAddressView W);

/// What the bulk copies (cp.async.bulk) of W's active lanes cost, each
/// W.Bytes long from its lane's address: the TMA reads each lane's copy in
/// BulkCopyPieceBytes pieces counted from its source, each piece the sectors
/// it touches. Pieces are the requests; Ideal is the sectors the same bytes
/// need at best.
struct BulkCopyCost {
  uint64_t Pieces = 0;
  double Sectors = 0, Ideal = 0;
};
BulkCopyCost bulkCopyCost(WarpAddressView W, const ArchProfile &A);

/// The pieces one bulk copy of Bytes is read in (BulkCopyPieceBytes each).
uint64_t bulkCopyPieces(uint64_t Bytes, const ArchProfile &A);

/// The fewest sectors the active lanes' bytes could occupy.
unsigned idealSectors(WarpAddressView W, const ArchProfile &A);
/// The same, for Distinct lane addresses of Bytes each (a caller that
/// counted them already).
unsigned idealSectors(unsigned Distinct, unsigned Bytes, const ArchProfile &A);

} // namespace warplint

#endif
