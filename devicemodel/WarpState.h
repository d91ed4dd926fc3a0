//===- WarpState.h - Execution state of warps and blocks --------*- C++ -*-===//
//
// Internal to the device model: launch parameters (LaunchShape, Program) are
// kept apart from this execution state.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_WARPSTATE_H
#define WARPLINT_DEVICEMODEL_WARPSTATE_H

#include "devicemodel/BlockRunner.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace warplint {
namespace dm {

constexpr uint32_t AllLanes = 0xffffffffu;

/// One entry of a warp's reconvergence stack: lanes Mask run from Inst in
/// Block until they reach Reconv.
struct StackEntry {
  uint32_t Block, Reconv, Inst, Mask;
};

/// The Reconv of an entry whose lanes only make the indirect call at Inst
/// (their function differs from the other lanes'): done when it returns.
constexpr uint32_t CallJoin = 0xfffffffeu;

/// One activation of a device function.
struct Frame {
  uint32_t Func;
  uint32_t RegBase;   ///< First slot of its registers in Warp::Regs.
  uint32_t StackBase; ///< Its first reconvergence-stack entry.
  uint32_t RetDst;    ///< Absolute slot of the caller's result, or NoSlot.
  uint32_t LocalBase; ///< Its local-memory frame.
};

/// Hang detection for one warp: Brent's cycle detection over the warp's
/// state (registers, reconvergence stack, frames), sampled every Stride-th
/// time the warp enters one block of the loop it runs (the anchor).
struct HangProbe {
  bool Active = false, Started = false;
  uint32_t Func = 0, Block = 0, Depth = 0; ///< The anchor.
  uint64_t Visits = 0, Stride = 0;
  uint64_t LastSample = 0; ///< Block instructions at the last sample.
  uint64_t Tortoise = 0, Power = 1, Lam = 0;
  uint64_t CycleLeft = 0, CycleMin = 0; ///< Walking the cycle once found.
};

/// A warp: 32 lanes of registers, a reconvergence stack, private memory.
struct Warp {
  unsigned Index = 0;
  uint32_t Live = 0; ///< Lanes that exist and have not exited.
  uint32_t Tid[3][MaxLanes] = {};
  std::vector<uint64_t> Regs; ///< Slot-major: Regs[Slot * MaxLanes + Lane].
  std::vector<StackEntry> Stack;
  std::vector<Frame> Frames;
  std::vector<uint8_t> Local; ///< Lane-major, LocalStride bytes per lane.
  uint32_t LocalStride = 0;
  bool Done = false;
  bool AtBarrier = false;
  uint32_t BarrierMask = 0;
  uint32_t BarrierInst = 0; ///< In the top frame's function.
  HangProbe Probe;
  /// Its state repeats with nothing else in the block running: set by
  /// executeWarp's WarpStatus::Spinning.
  bool Spinning = false;
  uint64_t CycleId = 0, PrevCycleId = 0; ///< The cycle's smallest state hash.
  uint64_t Period = 0;                   ///< Anchor visits per cycle.
  SourceLoc SpinLoc;                     ///< The anchor's branch.
  /// It arrived on or polled a cooperative launch's grid workspace: it
  /// yields (Spinning, its state hash the cycle) at its next block entry.
  bool GridYield = false;
  /// It loaded with an acquire, volatile or atomic load (it may poll what
  /// another warp sets): it yields at its next block entry, as GridYield.
  bool PollYield = false;
  /// Its last Spinning was such a yield, not a cycle its probe found: run
  /// alone, it may still go on (its state need not repeat).
  bool Polled = false;
  /// The shared-memory offset of the mbarrier its last wait found
  /// incomplete, and the parity it waited for (NoMbarrier: its last wait
  /// completed, or it has none): what a hang names.
  static constexpr uint64_t NoMbarrier = ~uint64_t(0);
  uint64_t MbarrierWait = NoMbarrier;
  unsigned MbarrierParity = 0;
};

/// The state of one running block.
struct BlockState {
  const Program &P;
  DeviceMemory &Mem;
  const LaunchShape &Shape;
  llvm::ArrayRef<BlockObserver *> Obs;
  BlockResult &Result;
  Dim3 Idx;
  std::vector<uint8_t> Shared;
  /// Warp instructions the block may execute (--max-instructions; 0: no
  /// limit), and after how many the warps' hang probes start.
  uint64_t MaxInsts = 0, ProbeAfter = 0;
  /// Block instructions after which the next block entry checks progress.
  uint64_t NextCheck = 0;
  /// Block instructions after which Shape.OutOfTime is asked again.
  uint64_t NextTimeCheck = 0;
  // Block-wide barrier reductions.
  uint64_t BarPopc = 0;
  bool BarAnd = true, BarOr = false;
};

enum class WarpStatus { Done, AtBarrier, Stopped, Spinning };

/// Runs W until it exits, reaches a barrier, stops on an error (recorded
/// in B.Result.Stop), or its state repeats (Spinning: W.CycleId says which
/// cycle; run it again once other warps had their turn).
WarpStatus executeWarp(BlockState &B, Warp &W);

/// The mbarrier at shared-memory offset Off, named (its variable, when one
/// holds it) and its current phase's state, for a message.
std::string mbarrierText(const Program &P, llvm::ArrayRef<uint8_t> Shared, uint64_t Off);

/// Formats one thread's printf into Out: Args is vprintf's packed argument
/// buffer; ReadString reads a %s argument from device memory.
void formatPrintf(llvm::StringRef Format, const uint8_t *Args, uint64_t ArgBytes,
                  llvm::function_ref<std::string(uint64_t)> ReadString,
                  std::string &Out);

} // namespace dm
} // namespace warplint

#endif
