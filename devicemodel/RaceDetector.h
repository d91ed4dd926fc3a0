//===- RaceDetector.h - Shared and global memory races ----------*- C++ -*-===//
//
// Two threads of one block that touch the same bytes of a shared- or
// global-memory word,
// at least one of them writing, with no barrier between them. Lanes of one
// warp do not run in lockstep (independent thread scheduling, sm_70 on): two
// of them race unless the earlier one executed __syncwarp (or a shuffle or
// vote, which synchronize too) in between. Atomics do not race with each
// other. Global memory is also compared across blocks (GlobalRaces.h); a
// race between two stores of the same value (shared or global) is a note.
// Accesses in different phases of a cooperative launch (between grid-wide
// syncs) are ordered: the cross-block check compares each phase apart.
// Within a block, a release that an acquire reads orders the accesses
// before it with those after (HappensBefore.h).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_RACEDETECTOR_H
#define WARPLINT_DEVICEMODEL_RACEDETECTOR_H

#include "devicemodel/Decoder.h"
#include "devicemodel/GlobalRaces.h"
#include "devicemodel/HappensBefore.h"
#include "devicemodel/Observer.h"

#include <optional>

namespace warplint {
namespace dm {

class RaceDetector : public Observer {
public:
  /// Mem: the launch's memory (buffer names in reports; heap blocks are
  /// not compared across blocks, their windows are reused).
  RaceDetector(const Program &P, DeviceMemory &Mem, const Dim3 &Grid, unsigned WarpSize)
      : P(P), Mem(Mem), WarpSize(WarpSize), Cross(P, Mem, Grid),
        OrdersThroughMemory(ordersThroughMemory(P)) {}
  std::unique_ptr<BlockObserver> startBlock(const BlockInfo &B) override;
  void finishBlock(std::unique_ptr<BlockObserver> B) override;
  /// Races found, one per pair of sites, in block order.
  const std::vector<Finding> &findings() const { return Races; }
  /// A note when the cross-block check met its bounds, else none.
  std::optional<Finding> boundsNote() const;
  /// The grid workspace of a cooperative launch (LaunchShape::GridWorkspace,
  /// Bytes long): a block that arrives on it (an atomic), waits on it (a
  /// load after the arrival) and passes a barrier has passed a grid-wide
  /// sync, which orders its accesses before with every block's after.
  void setGridWorkspace(uint64_t Address, uint64_t Bytes) {
    WorkspaceBegin = Address & OffsetMask;
    WorkspaceEnd = WorkspaceBegin + Bytes;
  }

private:
  friend class RaceBlock;
  const Program &P;
  DeviceMemory &Mem;
  unsigned WarpSize;
  CrossBlockRaces Cross;
  std::vector<Finding> Races;
  uint64_t WorkspaceBegin = 0, WorkspaceEnd = 0; ///< Global offsets.
  /// Threads of a block may order accesses through memory (HappensBefore).
  bool OrdersThroughMemory;
};

} // namespace dm
} // namespace warplint

#endif
