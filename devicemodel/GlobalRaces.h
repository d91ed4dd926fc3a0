//===- GlobalRaces.h - Global-memory races across blocks --------*- C++ -*-===//
//
// Blocks of a launch are not ordered with each other: two accesses to one
// global word by different blocks, at least one a write and not both atomic,
// race unless a fence-and-flag protocol orders them (or the kernel ends
// between them, which no launch does). The model runs blocks on several
// cores in any order, so the check does not depend on that order: each block
// records, per global word it touches, what it did (BlockGlobalLog); at the
// block's end the record becomes a summary; the summaries are compared in
// block order with the words' earlier blocks (CrossBlockRaces).
//
// Ordering between blocks is the threadfence-reduction protocol of the CUDA
// programming guide: block X's access A is *released* on flag word F when a
// __threadfence() follows A (by A's thread, or by the releasing thread after
// a __syncthreads() that follows A) and precedes X's atomic or volatile store
// to F; block Y's access B is *acquired* from F when Y's atomic (whose result
// is used) or volatile load of F precedes B in B's thread, or precedes a
// __syncthreads() before B. A released on F and B acquired from F (or the
// other way) are ordered. Atomics and volatile accesses never race with each
// other; an atomic is released on its own word and acquires it. In a
// cooperative launch a grid-wide sync orders everything before it with
// everything after it (GridPhaseShift).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_GLOBALRACES_H
#define WARPLINT_DEVICEMODEL_GLOBALRACES_H

#include "devicemodel/Observer.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <set>
#include <vector>

namespace warplint {
namespace dm {

class DeviceMemory;
struct Program;

/// Words are global byte offsets / 4; in a cooperative launch the bits from
/// here up number the phase (grid-wide syncs passed) the access was in, so
/// accesses of different phases, which grid syncs order, are not compared.
constexpr unsigned GridPhaseShift = 46;

/// How a block touched a global word.
enum GlobalUseKind : unsigned { GU_Write = 0, GU_Read = 1, GU_Sync = 2 };

/// One kind of use of a word by one block, as the cross-block check keeps
/// it: the site of the block's last such access, and the flag words that
/// order it (0: none).
struct UseRecord {
  uint64_t Block = 0;
  uint32_t Loc = 0;
  uint32_t Thread = 0;
  uint32_t Released = 0; ///< Flag id the use is released on.
  uint32_t Acquired = 0; ///< Flag id the use is acquired from.
  uint32_t Value = 0;    ///< Writes: the value, when every write stored it.
  uint8_t Bytes = 0;     ///< Byte mask within the word; 0: no such use.
  bool HasValue = false;
};

/// What one block did to one word, at its end (flag words by address).
struct WordSummary {
  uint64_t Word = 0; ///< Global byte offset / 4 (window and offset).
  struct Use {
    uint32_t Loc = 0, Thread = 0;
    uint64_t Released = 0, Acquired = 0; ///< Flag words + 1 (0: none).
    uint32_t Value = 0;
    uint8_t Bytes = 0;
    bool HasValue = false;
  } Uses[3];
};

/// The global accesses of one block, for the cross-block check. Fed by the
/// race detector's block observer; bounded: at most MaxWords words (the
/// first the block touches).
class BlockGlobalLog {
public:
  static constexpr size_t MaxWords = size_t(1) << 12;
  explicit BlockGlobalLog(unsigned Threads)
      : LastFence(Threads, 0), Fences(Threads), LastAccess(Threads, 0) {}

  /// A new warp instruction (memory, fence or barrier): ticks order events.
  void tick() { ++Now; }
  void barrier() { Barriers.push_back(Now); }
  void fence(uint32_t Thread);
  /// Thread's access of Kind to the Bytes (mask) of Word; Value: the word's
  /// value after a store, when known.
  void access(uint64_t Word, GlobalUseKind Kind, uint32_t Thread, uint32_t Loc, uint8_t Bytes,
              const uint32_t *Value);
  /// Thread's atomic or volatile access to Word that may publish (Release:
  /// a store, an atomic) or observe (Acquire: a load, an atomic whose result
  /// is used) a flag.
  void syncOn(uint64_t Word, uint32_t Thread, bool Release, bool Acquire);
  /// Words not tracked because of MaxWords.
  uint64_t dropped() const { return Dropped; }
  /// The block reached MaxWords: its later accesses are not looked at.
  bool full() const { return Dropped != 0; }
  /// Per word, what the block did and what orders it.
  std::vector<WordSummary> summarize() const;

private:
  struct Side {
    uint32_t FirstTick = ~0u, LastTick = 0;
    uint32_t FirstThread = 0, LastThread = 0, LastLoc = 0;
    uint8_t Bytes = 0;
  };
  struct Word {
    Side Sides[3];
    uint32_t Value = 0;
    bool HasValue = false, SameValue = true;
  };
  struct FlagSync {
    uint32_t LastRelease = 0;   ///< Latest release on the flag, any thread.
    uint32_t FenceBefore = 0;   ///< Latest fence of a releasing thread before its release.
    uint32_t FirstAcquire = ~0u; ///< Earliest acquire, any thread.
  };
  uint32_t lastBarrierBefore(uint32_t T) const;
  uint32_t firstBarrierAfter(uint32_t T) const;
  uint32_t firstFenceAfter(uint32_t Thread, uint32_t T) const;
  uint64_t releasedOn(uint32_t Thread, uint32_t T) const;
  uint64_t acquiredFrom(uint32_t Thread, uint32_t T) const;

  uint32_t Now = 0;
  std::vector<uint32_t> Barriers;            ///< Ticks, increasing.
  std::vector<uint32_t> LastFence;           ///< Per thread.
  std::vector<std::vector<uint32_t>> Fences; ///< Per thread, after an access or barrier.
  std::vector<uint32_t> LastAccess;          ///< Per thread.
  llvm::DenseMap<uint64_t, Word> Words;
  llvm::DenseMap<uint64_t, FlagSync> Flags;
  /// (thread, flag): latest release, earliest acquire.
  llvm::DenseMap<std::pair<uint32_t, uint64_t>, uint32_t> ThreadRelease, ThreadAcquire;
  uint64_t Dropped = 0;
  bool AnyFence = false;
};

/// The launch's global words across blocks, folded in block order.
class CrossBlockRaces {
public:
  /// At most MaxWords words are compared (paged records, 96 bytes a word).
  static constexpr uint64_t MaxWords = uint64_t(1) << 20;
  CrossBlockRaces(const Program &P, DeviceMemory &Mem, const Dim3 &Grid)
      : P(P), Mem(Mem), Grid(Grid) {}
  /// Compares block Info's summaries with the earlier blocks' and records
  /// them; races found are appended to Out (errors; same-value writes as
  /// notes).
  void fold(const BlockInfo &Info, const std::vector<WordSummary> &Words,
            std::vector<Finding> &Out);
  /// Words the check could not follow (over its bounds), for a note.
  uint64_t dropped() const { return Dropped; }
  void addDropped(uint64_t N) { Dropped += N; }

private:
  struct State {
    UseRecord Uses[3];
  };
  static constexpr unsigned PageWords = 64;
  State *state(uint64_t Word);
  uint32_t flagId(uint64_t Flag);
  /// Reports the race of A and B once per pair of sites, whichever block
  /// was folded first.
  void report(const UseRecord &A, unsigned AKind, const UseRecord &B, unsigned BKind,
              uint64_t Word, bool Benign, std::vector<Finding> &Out);
  std::string blockName(uint64_t Linear) const;

  const Program &P;
  DeviceMemory &Mem;
  Dim3 Grid;
  llvm::DenseMap<uint64_t, std::unique_ptr<State[]>> Pages;
  llvm::DenseMap<uint64_t, uint32_t> FlagIds;
  std::set<std::pair<uint32_t, uint32_t>> Seen;
  uint64_t Tracked = 0, Dropped = 0;
};

} // namespace dm
} // namespace warplint

#endif
