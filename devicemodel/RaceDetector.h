//===- RaceDetector.h - Shared-memory races within a block ------*- C++ -*-===//
//
// Two threads of one block that touch the same bytes of a shared-memory word,
// at least one of them writing, with no barrier between them. Lanes of one
// warp do not run in lockstep (independent thread scheduling, sm_70 on): two
// of them race unless the earlier one executed __syncwarp (or a shuffle or
// vote, which synchronize too) in between. Atomics do not race with each
// other.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_RACEDETECTOR_H
#define WARPLINT_DEVICEMODEL_RACEDETECTOR_H

#include "devicemodel/Decoder.h"
#include "devicemodel/Observer.h"

namespace warplint {
namespace dm {

class RaceDetector : public Observer {
public:
  RaceDetector(const Program &P, unsigned WarpSize) : P(P), WarpSize(WarpSize) {}
  std::unique_ptr<BlockObserver> startBlock(const BlockInfo &B) override;
  void finishBlock(std::unique_ptr<BlockObserver> B) override;
  /// Races found, one per pair of sites, in block order.
  const std::vector<Finding> &findings() const { return Races; }

private:
  friend class RaceBlock;
  const Program &P;
  unsigned WarpSize;
  std::vector<Finding> Races;
};

} // namespace dm
} // namespace warplint

#endif
