//===- BlockRunner.h - Run one thread block of a kernel ---------*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_BLOCKRUNNER_H
#define WARPLINT_DEVICEMODEL_BLOCKRUNNER_H

#include "devicemodel/DeviceMemory.h"
#include "devicemodel/Observer.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

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
  /// The grid workspace of a cooperative launch (a kernel that reads
  /// %envreg1/2): the address of a zeroed global buffer the toolkit's
  /// grid-wide sync arrives and spins on; 0 for other launches.
  uint64_t GridWorkspace = 0;
  /// Its bytes: the toolkit's header reads its size, then the barrier
  /// counter (cooperative_groups/details/driver_abi.h).
  static constexpr uint32_t GridWorkspaceBytes = 16;
  unsigned WarpSize = MaxLanes;
  /// Warp-level instructions one block may execute before it is stopped
  /// (--max-instructions); 0: no limit, a kernel that does not terminate is
  /// found by its lack of progress.
  uint64_t BlockBudget = 0;
  /// Warp-level instructions of a block after which its warps are watched
  /// for a repeating state (a hang).
  uint64_t ProbeAfter = uint64_t(1) << 22;
  /// Asked now and then once the hang probes have started (RunOptions::
  /// OutOfTime): true stops the block, its file's budget having run out.
  std::function<bool()> OutOfTime;
};

/// The printf output one launch keeps: a GPU's default printf buffer
/// (cudaLimitPrintfFifoSize, 1 MB); what a kernel prints beyond it is
/// dropped and the output says so (PrintfTruncatedText).
inline constexpr size_t MaxPrintfBytes = size_t(1) << 20;
inline constexpr const char *PrintfTruncatedText =
    "\n[warplint: printf output truncated at 1 MB, the size of a GPU's default printf "
    "buffer (cudaLimitPrintfFifoSize); the rest was dropped]\n";

/// Appends Text to printf output Out, keeping at most MaxPrintfBytes (and
/// saying so once when it cuts).
void appendPrintf(std::string &Out, llvm::StringRef Text);

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
  friend class BlockTurns;
  const Program &P;
  DeviceMemory &Mem;
  LaunchShape Shape;
  std::vector<uint64_t> Args; ///< One value per flat kernel argument slot.
};

/// One block of a cooperative launch, run in turns with the launch's other
/// blocks, all of them resident at once: a block whose warps wait on what
/// another block does (a grid-wide sync) gives the others their turn.
class BlockTurns {
public:
  BlockTurns(const BlockRunner &Runner, uint64_t Linear,
             std::vector<BlockObserver *> Observers);
  ~BlockTurns();
  BlockTurns(const BlockTurns &) = delete;
  BlockTurns &operator=(const BlockTurns &) = delete;

  /// Runs the block until it ends or stops on an error (true), or until
  /// every warp of it that is not at a barrier spins, its state repeating
  /// (false). Progress: the turn did more than come back to the cycles its
  /// warps spun in at the end of the last turn.
  bool turn(bool &Progress);
  /// Stops a waiting block with a hang: no block of the launch can change
  /// what it waits on; Why tells the state of the other blocks.
  void stopHung(const std::string &Why);
  /// What the block did (after its last turn).
  BlockResult &result();

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

} // namespace dm
} // namespace warplint

#endif
