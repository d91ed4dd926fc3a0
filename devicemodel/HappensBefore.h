//===- HappensBefore.h - Orderings through memory within a block -*- C++ -*-===//
//
// The orderings a block's threads make through memory rather than through a
// barrier: a release (st.release, an atom or red with .release or .acq_rel,
// or a relaxed atomic or volatile store after a fence) and an acquire (a
// load or atom with .acquire or .acq_rel, or a relaxed atomic or volatile
// load followed by a fence) that reads its value order everything the
// releasing thread did before with everything the acquiring one does after
// (PTX memory model: "synchronizes with"; release sequences: atomics that
// read and write a location continue the sequence a release began). This is
// how cooperative groups synchronize the warps of a thread_block_tile larger
// than a warp (cooperative_groups/details/sync.h), and how hand-written
// flags between warps work.
//
// Each thread has a vector clock over the block's threads; each location
// that a release wrote holds the join of the clocks released into it. An
// access of thread A at A's clock C happens before thread B's later access
// when B's clock knows A's component to be at least C. __syncwarp (a
// shuffle, a vote) joins the clocks of its lanes. Barriers are the race
// detector's epochs and need no clock.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_HAPPENSBEFORE_H
#define WARPLINT_DEVICEMODEL_HAPPENSBEFORE_H

#include "devicemodel/Decoder.h"
#include "devicemodel/Observer.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace warplint {
namespace dm {

/// Whether a program can order memory between threads other than with
/// barriers and warp syncs: it has an acquire or release access, or a fence
/// and an atomic or volatile access. Others need no clocks.
bool ordersThroughMemory(const Program &P);

/// Vector clocks of one block's threads.
class HappensBefore {
public:
  /// Threads: the block's threads (a whole number of warps of WarpSize);
  /// Active: false makes every query "unordered" and every update free.
  HappensBefore(unsigned Threads, unsigned WarpSize, bool Active);

  bool active() const { return Active; }
  /// Thread T's own clock now (0 when inactive).
  uint32_t clock(uint32_t T) const { return Active ? Clocks[row(T) + T] : 0; }
  /// Thread From's access at its clock FromClock happens before what thread
  /// To does now.
  bool ordered(uint32_t From, uint32_t FromClock, uint32_t To) const {
    return Active && FromClock && Clocks[row(To) + From] >= FromClock;
  }

  /// The lanes of Mask (threads First + lane) synchronized (__syncwarp).
  void warpSync(uint32_t First, uint32_t Mask);
  /// Thread T accessed synchronizing location Loc (an atomic, volatile or
  /// ordered access; Op an atom or red: a read-modify-write) with the
  /// ordering Acquire and Release say.
  void syncAccess(uint32_t T, uint64_t Loc, MemOp Op, bool Acquire, bool Release);
  /// Thread T executed a fence (fence.acq_rel, fence.sc, membar): earlier
  /// relaxed loads acquire, later relaxed stores release.
  void fence(uint32_t T);

private:
  using Clock = std::vector<uint32_t>;
  uint64_t row(uint32_t T) const { return uint64_t(T) * Threads; }
  void joinInto(Clock &Into, const uint32_t *From) const;
  void joinRow(uint32_t T, const Clock &From);

  unsigned Threads, WarpSize;
  bool Active;
  /// Per warp: its lanes' clocks agree on every thread outside the warp
  /// (true until one acquires alone), so a warp sync need only join the
  /// warp's own columns: a shuffle costs the warp size squared, not the
  /// warp size times the block's threads.
  std::vector<bool> Uniform;
  Clock Clocks; ///< Threads x Threads: row T is thread T's clock.
  /// Per synchronizing location: the clocks released into it.
  llvm::DenseMap<uint64_t, Clock> Released;
  /// Per thread, once it fenced: its clock at its last fence (what its
  /// relaxed stores release), and what its relaxed loads read since
  /// (what its next fence acquires). Empty: none.
  std::vector<Clock> FenceRelease, Pending;
};

} // namespace dm
} // namespace warplint

#endif
