//===- BlockRunner.h - Run one thread block of a kernel ---------*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_BLOCKRUNNER_H
#define WARPLINT_DEVICEMODEL_BLOCKRUNNER_H

#include "devicemodel/DeviceMemory.h"
#include "devicemodel/Observer.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace warplint {
namespace dm {

/// The shape of a launch and what stays the same for all its blocks.
struct LaunchShape {
  Dim3 Grid, Block;
  uint64_t DynamicShared = 0;
  /// The system's reserved shared memory (ArchProfile::SharedReservedPerBlock)
  /// for a kernel that reads %reserved_smem_offset_* (cooperative groups from
  /// sm_80 on), else 0. The model places it after the kernel's shared memory
  /// (the hardware places it before), zeroed and initialized, as system
  /// software leaves it.
  uint64_t ReservedShared = 0;
  /// Where the reserved shared memory begins, for a kernel with StaticBytes
  /// of static shared memory.
  uint64_t reservedSharedBase(uint64_t StaticBytes) const {
    return (StaticBytes + DynamicShared + 127) / 128 * 128;
  }
  unsigned WarpSize = MaxLanes;
  /// Warp-level instructions one block may execute before it is stopped
  /// (--max-instructions); 0: no limit, a kernel that does not terminate is
  /// found by its lack of progress.
  uint64_t BlockBudget = 0;
  /// Warp-level instructions of a block after which its warps are watched
  /// for a repeating state (a hang).
  uint64_t ProbeAfter = uint64_t(1) << 22;
};

/// What one block did.
struct BlockResult {
  std::optional<Finding> Stop;   ///< The error that stopped the block.
  std::vector<Finding> Findings; ///< Errors that did not stop it.
  std::string Output;            ///< printf output, in thread order per call.
  BlockStats Stats;
};

/// Runs blocks of one launch. Thread-safe: one BlockRunner serves every
/// worker; each call to run() has its own state.
class BlockRunner {
public:
  BlockRunner(const Program &P, DeviceMemory &Mem, const LaunchShape &Shape,
              llvm::ArrayRef<uint64_t> ArgValues)
      : P(P), Mem(Mem), Shape(Shape), Args(ArgValues.begin(), ArgValues.end()) {}

  /// Runs block Linear (x fastest), telling Observers what happens.
  BlockResult run(uint64_t Linear, llvm::ArrayRef<BlockObserver *> Observers) const;

  const LaunchShape &shape() const { return Shape; }

private:
  const Program &P;
  DeviceMemory &Mem;
  LaunchShape Shape;
  std::vector<uint64_t> Args; ///< One value per flat kernel argument slot.
};

} // namespace dm
} // namespace warplint

#endif
