//===- Executor.h - Runs one warp: the interpreter's families ---*- C++ -*-===//
//
// Internal to the interpreter. Executor::run (Interpreter.cpp) is the one
// dispatch: it runs the arithmetic family inline (InterpretArithmetic.h)
// and control flow and calls itself, and hands every other instruction to
// its family:
//
//   InterpretArithmetic.h   integer, floating point, conversions, native
//                           math and bit functions (inline: the hot path)
//   InterpretMemory.cpp     loads, stores, atomics, memcpy/memset, the
//                           device heap; bounds, alignment, memory events
//   InterpretIntrinsics.cpp special registers (cooperative groups' reserved
//                           shared memory), shuffles, votes, redux.sync
//   InterpretAsync.cpp      mbarriers and wgmma
//   InterpretProgress.cpp   hangs, runaways and traps
//   Printf.cpp              vprintf
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_EXECUTOR_H
#define WARPLINT_DEVICEMODEL_EXECUTOR_H

#include "devicemodel/WarpState.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <optional>

namespace warplint {
namespace dm {

/// Runs its body for each lane L of the active mask M; a full mask takes a
/// straight loop the compiler vectorizes.
#define FOR_LANES(...)                                                        \
  do {                                                                         \
    if (M == AllLanes) {                                                       \
      for (unsigned L = 0; L < MaxLanes; ++L) {                                \
        __VA_ARGS__;                                                           \
      }                                                                        \
    } else {                                                                   \
      for (uint32_t MM = M; MM; MM &= MM - 1) {                                \
        unsigned L = llvm::countr_zero(MM);                                    \
        __VA_ARGS__;                                                           \
      }                                                                        \
    }                                                                          \
  } while (0)

/// The EB-byte little-endian value at H, zero-extended. Fixed-size copies
/// for the common sizes compile to one move (a variable-size memcpy is a
/// call, and its partial store stalls the 8-byte read that follows).
inline uint64_t loadBytes(const uint8_t *H, unsigned EB) {
  switch (EB) {
  case 4: { uint32_t V; memcpy(&V, H, 4); return V; }
  case 8: { uint64_t V; memcpy(&V, H, 8); return V; }
  case 2: { uint16_t V; memcpy(&V, H, 2); return V; }
  case 1: return *H;
  default: { uint64_t V = 0; memcpy(&V, H, EB); return V; }
  }
}

/// Stores the low EB bytes of V at H.
inline void storeBytes(uint8_t *H, uint64_t V, unsigned EB) {
  switch (EB) {
  case 4: { uint32_t X = uint32_t(V); memcpy(H, &X, 4); return; }
  case 8: memcpy(H, &V, 8); return;
  case 2: { uint16_t X = uint16_t(V); memcpy(H, &X, 2); return; }
  case 1: *H = uint8_t(V); return;
  default: memcpy(H, &V, EB); return;
  }
}

inline float f32(uint64_t V) { return llvm::bit_cast<float>(uint32_t(V)); }
inline double f64(uint64_t V) { return llvm::bit_cast<double>(V); }
inline uint64_t bits(float F) { return llvm::bit_cast<uint32_t>(F); }
inline uint64_t bits(double D) { return llvm::bit_cast<uint64_t>(D); }
inline int64_t sx(uint64_t V, unsigned Bits) {
  unsigned S = 64 - Bits;
  return (int64_t)(V << S) >> S;
}

/// Executes warps for one block.
class Executor {
public:
  Executor(BlockState &B, Warp &W) : B(B), W(W) {}
  WarpStatus run();

private:
  BlockState &B;
  Warp &W;

  uint64_t *regs(const Frame &F) { return W.Regs.data() + uint64_t(F.RegBase) * MaxLanes; }
  WarpStatus stop(const Function &Fn, uint32_t InstIdx, std::string Kind, std::string Msg) {
    Finding F;
    F.Kind = std::move(Kind);
    F.Message = std::move(Msg);
    F.Loc = B.P.locationOf(Fn, InstIdx);
    if (F.Loc.valid())
      F.Message += " at " + F.Loc.File + ":" + std::to_string(F.Loc.Line);
    if (!B.Result.Stop)
      B.Result.Stop = std::move(F);
    return WarpStatus::Stopped;
  }
  std::string threadName(unsigned L) const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << "thread (" << W.Tid[0][L] << "," << W.Tid[1][L] << "," << W.Tid[2][L]
       << ") of block (" << B.Idx.V[0] << "," << B.Idx.V[1] << "," << B.Idx.V[2] << ")";
    return S;
  }

  // ---- dispatch and control flow (Interpreter.cpp) ---------------------------
  void applyEdge(const Function &Fn, uint64_t *R, uint32_t EdgeIdx, uint32_t Mask);
  void takeEdge(const Function &Fn, uint64_t *R, StackEntry &E, uint32_t EdgeIdx);
  /// Pushes the frame of a call I of Fn to CalleeIdx for the lanes of Mask.
  void enterFunction(const Function &Fn, const Inst &I, uint32_t CalleeIdx, uint32_t Mask);
  /// Stops the kernel when Callee already runs in this warp (recursion).
  bool reentered(const Function &Fn, uint32_t Idx, uint32_t Callee, uint32_t M);
  /// Each lane's function for CallIndirect I (A: the pointers); false when
  /// the kernel stopped (no function there, or one the model cannot call).
  bool indirectTargets(const Function &Fn, uint32_t Idx, const Inst &I, const uint64_t *A,
                       uint32_t M, uint32_t *Target);

  // ---- memory and atomics (InterpretMemory.cpp) -------------------------------
  /// Host memory for a lane's access, or null (OOB recorded in Why).
  uint8_t *resolve(uint64_t Addr, uint64_t Bytes, unsigned L, bool Write, unsigned &Space,
                   std::string &Why);
  std::string describeBadAddress(uint64_t Addr, bool Write);
  /// The buffer whose window starts just above Addr, when Addr lies in the
  /// upper half of its own window (a negative index into that buffer).
  const Buffer *bufferBelow(uint64_t Addr) const;
  /// The run-error kind of the last bad address described.
  const char *BadKind = "out-of-bounds";
  /// Stops the kernel at a misaligned access (in bounds, off its alignment).
  bool misaligned(const Function &Fn, uint32_t Idx, const char *What, uint64_t Addr,
                  uint64_t Bytes, uint64_t Align, unsigned L);
  /// Load, Store, AtomicRMW, CmpXchg: false when the kernel stopped.
  bool memoryOp(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  /// A scalar load or store of 1, 2, 4 or 8 bytes whose lanes all lie in one
  /// global buffer or in shared memory, aligned: done and observed; false
  /// (and nothing observed) when the general path must do it.
  bool directAccess(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  /// MemCpy, MemSet: false when the kernel stopped.
  bool memTransfer(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  /// The global read of the bulk copies of I, a MemCpy of a Bulk site, as
  /// the TMA makes it (MemoryEvent::TmaRead), after its bytes moved.
  void emitBulkRead(uint32_t Loc, const Inst &I, const uint64_t *Src, const uint64_t *Len,
                    uint32_t M);
  template <class T> void atomicLane(uint8_t *Ptr, unsigned Kind, bool Host, uint64_t V,
                                     uint64_t &Old);
  /// The memory events observers see (one per space the lanes touch).
  void emit(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
            uint32_t Mask, const uint64_t *Offsets, const unsigned *Spaces,
            MemoryEvent::TransferKind Transfer = MemoryEvent::None,
            const uint64_t *Values = nullptr);
  /// One event for the lanes of Mask, all in Space.
  void emitIn(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
              uint32_t Mask, const uint64_t *Offsets,
              MemoryEvent::TransferKind Transfer = MemoryEvent::None,
              const uint64_t *Values = nullptr);
  std::string heapBlockText(const Buffer &Buf) const;
  void heapAlloc(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  bool heapFree(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);

  // ---- intrinsics: thread state and warp operations (InterpretIntrinsics.cpp)
  void specialRegister(const Inst &I, uint64_t *D, uint32_t M);
  void shuffle(const Inst &I, uint64_t *D, const uint64_t *A, const uint64_t *Bv,
               const uint64_t *C, uint32_t M);
  void vote(const Inst &I, uint64_t *D, const uint64_t *A, uint32_t M);
  void redux(const Inst &I, uint64_t *D, const uint64_t *A, uint32_t M);
  void match(const Inst &I, uint64_t *D, const uint64_t *A, uint32_t M);
  /// mapa in a one-block cluster: A where every lane's rank (Bv) is 0, else
  /// a stop (false).
  bool clusterMap(const Function &Fn, uint32_t Idx, uint64_t *D, const uint64_t *A,
                  const uint64_t *Bv, uint32_t M);
  /// The lanes of M synchronize (__syncwarp, a shuffle, a vote, redux.sync).
  void warpSync(uint32_t M);

  // ---- mbarriers and wgmma (InterpretAsync.cpp) ------------------------------
  /// One mbarrier operation, lane by lane in lane order: false when the
  /// kernel stopped (an address outside shared memory, a barrier used
  /// uninitialized, more arrivals than pending).
  bool mbarrier(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  /// The warp's quarter of a warpgroup's wgmma.mma_async: false when the
  /// kernel stopped.
  bool wgmma(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);

  // ---- hangs, runaways, traps (InterpretProgress.cpp) -------------------------
  /// At the entry of block BlockIdx once the block ran long: stops it at
  /// --max-instructions, or samples the warp's state for a hang. A status
  /// when the warp must leave.
  std::optional<WarpStatus> checkProgress(const Function &Fn, uint32_t BlockIdx);
  uint64_t stateHash() const;
  WarpStatus trap(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);

  // ---- vprintf (Printf.cpp) -----------------------------------------------------
  void printf(const Inst &I, uint64_t *R, uint32_t M);
};

} // namespace dm
} // namespace warplint

#endif
