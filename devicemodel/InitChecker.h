//===- InitChecker.h - Reads of memory nothing wrote ------------*- C++ -*-===//
//
// Shadow state, one byte per byte, for the memory a kernel starts without
// values: shared memory (per block), local memory (per thread), device-heap
// blocks, and global buffers given without a fill under --init-check. A
// load, atomic or reduction that reads a byte no store wrote is reported at
// its site, with the memory it read. memcpy carries the shadow from its
// source to its destination instead of reading (copying a struct with
// padding is not a use).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_INITCHECKER_H
#define WARPLINT_DEVICEMODEL_INITCHECKER_H

#include "devicemodel/DeviceMemory.h"
#include "devicemodel/Observer.h"

namespace warplint {
namespace dm {

class InitChecker : public Observer {
public:
  /// Shared bytes [ReservedBegin, ReservedBegin + ReservedBytes) are the
  /// system's reserved shared memory, which blocks start with initialized.
  InitChecker(const Program &P, DeviceMemory &Mem, const Dim3 &Block, unsigned WarpSize,
              uint64_t ReservedBegin = 0, uint64_t ReservedBytes = 0)
      : P(P), Mem(Mem), Block(Block), WarpSize(WarpSize), ReservedBegin(ReservedBegin),
        ReservedBytes(ReservedBytes) {}
  std::unique_ptr<BlockObserver> startBlock(const BlockInfo &B) override;
  void finishBlock(std::unique_ptr<BlockObserver> B) override;
  /// Reads of uninitialized memory, one per site, in block order.
  const std::vector<Finding> &findings() const { return Found; }

private:
  friend class InitBlock;
  const Program &P;
  DeviceMemory &Mem;
  Dim3 Block;
  unsigned WarpSize;
  uint64_t ReservedBegin, ReservedBytes;
  std::vector<Finding> Found;
};

} // namespace dm
} // namespace warplint

#endif
