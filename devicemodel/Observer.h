//===- Observer.h - What the interpreter tells its observers ----*- C++ -*-===//
//
// The interpreter emits events; observers override only what they need. Each
// block gets its own BlockObserver (blocks run on several threads); the
// kernel-level Observer folds them in block order, so results are
// deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_OBSERVER_H
#define WARPLINT_DEVICEMODEL_OBSERVER_H

#include "frontend/DeviceModule.h"
#include "frontend/SourceLocation.h"

#include <cstdint>
#include <memory>
#include <string>

namespace warplint {
namespace dm {

/// What a memory instruction does.
/// Reduction: an atomic whose result is unused (Nsight Compute's "red" in
/// global memory; shared memory has only ATOMS, so MemoryCounters counts a
/// shared reduction as "atom").
enum class MemOp : uint8_t { Load = 0, Store = 1, Atomic = 2, Reduction = 3 };

/// One warp-level memory instruction (or one chunk of a memcpy).
struct MemoryEvent {
  uint32_t Site = 0;      ///< Index into Program::Sites.
  uint32_t Loc = 0;       ///< Index into Program::Locations.
  unsigned Space = 0;     ///< Resolved space: 1, 3, 4 or 5.
  MemOp Op = MemOp::Load;
  unsigned Bytes = 0;     ///< Per lane.
  uint32_t Mask = 0;      ///< Active lanes.
  unsigned Warp = 0;      ///< Warp index in its block.
  /// Per lane: the byte offset in the space (global: window and offset).
  const uint64_t *Offsets = nullptr;
  /// Per lane: the value a scalar store, or a memcpy or memset chunk of up to
  /// 8 bytes, writes (its low Bytes bytes); null for loads, atomics, vector
  /// stores and larger chunks.
  const uint64_t *Values = nullptr;
  /// A chunk of a memcpy (its load, then its store) or of a memset (a store).
  enum TransferKind : uint8_t { None, Copy, Set } Transfer = None;
  /// The global read of bulk copies as their TMA makes it: each active
  /// lane's whole copy (Bytes), which the counters price in the pieces the
  /// TMA reads (bulkCopyCost). The bytes themselves move in the copy's Copy
  /// chunks, which the counters skip; every other observer skips this one.
  bool TmaRead = false;
};

/// Per-block execution totals.
struct BlockStats {
  /// IR instructions executed by warps and by threads: the interpreter's
  /// own progress and clock.
  uint64_t WarpInsts = 0;
  uint64_t ThreadInsts = 0;
  /// The SASS-like instructions they stand for (Block::Sass):
  /// smsp__inst_executed and smsp__thread_inst_executed.
  double SassWarpInsts = 0;
  double SassThreadInsts = 0;
};

/// The block a BlockObserver watches.
struct BlockInfo {
  uint64_t Linear = 0;
  Dim3 Index;
  unsigned Threads = 0;
  unsigned Warps = 0;
};

/// An error an observer or the interpreter found.
struct Finding {
  std::string Kind; ///< "out-of-bounds", "misaligned", "shared-race",
                    ///< "global-race", "barrier-divergent", "hang", "runaway", "trap",
                    ///< "heap-use-after-free", "heap-double-free",
                    ///< "heap-invalid-free", "heap-leak" (a note),
                    ///< "constant-store",
                    ///< "uninitialized-read", "unsupported".
  std::string Message;
  SourceLoc Loc;
  SourceLoc Other; ///< Second site (races).
  /// A note rather than an error (a leak): the run still counts as clean.
  bool Note = false;
};

/// Watches one block.
class BlockObserver {
public:
  virtual ~BlockObserver();
  virtual void onMemory(const MemoryEvent &E) {}
  /// All threads of the block passed a barrier.
  virtual void onBarrier() {}
  /// The lanes of Mask in Warp executed __syncwarp, a shuffle or a vote.
  virtual void onWarpSync(unsigned Warp, uint32_t Mask) {}
  /// The lanes of Mask in Warp executed a memory fence; DeviceScope: one that
  /// orders global memory for other blocks (__threadfence), not only this one.
  virtual void onFence(unsigned Warp, uint32_t Mask, bool DeviceScope) {}
  virtual void onBlockEnd(const BlockStats &S) {}
};

/// Watches one kernel launch.
class Observer {
public:
  virtual ~Observer();
  /// Called from the worker thread that runs the block.
  virtual std::unique_ptr<BlockObserver> startBlock(const BlockInfo &B) = 0;
  /// Called in block order, from one thread at a time.
  virtual void finishBlock(std::unique_ptr<BlockObserver> B) = 0;
};

} // namespace dm
} // namespace warplint

#endif
