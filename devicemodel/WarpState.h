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

/// One activation of a device function.
struct Frame {
  uint32_t Func;
  uint32_t RegBase;   ///< First slot of its registers in Warp::Regs.
  uint32_t StackBase; ///< Its first reconvergence-stack entry.
  uint32_t RetDst;    ///< Absolute slot of the caller's result, or NoSlot.
  uint32_t LocalBase; ///< Its local-memory frame.
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
  uint64_t Budget = 0;
  // Block-wide barrier reductions.
  uint64_t BarPopc = 0;
  bool BarAnd = true, BarOr = false;
};

enum class WarpStatus { Done, AtBarrier, Stopped };

/// Runs W until it exits, reaches a barrier, or stops on an error (recorded
/// in B.Result.Stop).
WarpStatus executeWarp(BlockState &B, Warp &W);

/// Formats one thread's printf into Out: Args is vprintf's packed argument
/// buffer; ReadString reads a %s argument from device memory.
void formatPrintf(llvm::StringRef Format, const uint8_t *Args, uint64_t ArgBytes,
                  llvm::function_ref<std::string(uint64_t)> ReadString,
                  std::string &Out);

} // namespace dm
} // namespace warplint

#endif
