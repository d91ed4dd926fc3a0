//===- RaceDetector.cpp - Shared and global memory races ------------------===//
#include "devicemodel/RaceDetector.h"

#include "devicemodel/DeviceMemory.h"
#include "devicemodel/HappensBefore.h"
#include "frontend/DeviceModule.h"

#include "llvm/ADT/DenseMap.h"

#include "llvm/ADT/bit.h"

#include <set>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// The last accesses to one shared word in the current barrier interval.
struct Access {
  uint32_t Thread = ~0u; ///< ~0: none.
  uint32_t Loc = 0;
  uint32_t Epoch = 0;
  uint8_t Bytes = 0; ///< Byte mask within the word.
  uint32_t Sync = 0; ///< Warp synchronizations of Thread before it.
  uint32_t Event = 0; ///< The warp instruction's number in the block.
  uint32_t Value = 0; ///< A store's bytes in the word, when HasValue.
  bool HasValue = false;
  uint32_t Clock = 0; ///< Thread's clock at the access (HappensBefore).
  /// An atomic, volatile or ordered load or store: two of them never race
  /// (the PTX memory model's morally strong accesses).
  bool Strong = false;
};
struct Shadow {
  /// Write2: an earlier write by another thread to bytes of the word that
  /// Write does not cover (threads that write a word's bytes in turn).
  Access Write, Write2, Read1, Read2;
};

} // namespace

class RaceBlock : public BlockObserver {
public:
  RaceBlock(const RaceDetector &Parent, const BlockInfo &B)
      : Parent(Parent), Info(B), Log(B.Warps * Parent.WarpSize),
        LaneSync(uint64_t(B.Warps) * Parent.WarpSize, 0),
        Clocks(B.Warps * Parent.WarpSize, Parent.WarpSize, Parent.OrdersThroughMemory) {}

  const BlockInfo &info() const { return Info; }

  void onBarrier() override {
    ++Epoch;
    // The barrier after the wait of a grid-wide sync: a new phase.
    if (GridWaited) {
      ++Phase;
      GridArrived = GridWaited = false;
    }
    GlobalShadows.clear(); // Nothing before a barrier races with what follows.
    Log.tick();
    Log.barrier();
  }

  void onFence(unsigned Warp, uint32_t Mask, bool DeviceScope) override {
    // Any fence orders the block's own threads.
    for (uint32_t MM = Mask; MM; MM &= MM - 1)
      Clocks.fence(Warp * Parent.WarpSize + countr_zero(MM));
    if (!DeviceScope)
      return;
    Log.tick();
    for (uint32_t MM = Mask; MM; MM &= MM - 1)
      Log.fence(Warp * Parent.WarpSize + countr_zero(MM));
  }

  void onBlockEnd(const BlockStats &) override {
    Summary = Log.summarize();
    Dropped += Log.dropped();
    Log = BlockGlobalLog(0);
  }

  void onWarpSync(unsigned Warp, uint32_t Mask) override {
    for (uint32_t MM = Mask; MM; MM &= MM - 1)
      ++LaneSync[uint64_t(Warp) * Parent.WarpSize + countr_zero(MM)];
    Clocks.warpSync(Warp * Parent.WarpSize, Mask);
  }

  void onMemory(const MemoryEvent &E) override {
    if (E.TmaRead) // Its bytes moved in the copy's own chunks.
      return;
    if (E.Space == AS_Global)
      return onGlobal(E);
    if (E.Space != AS_Shared)
      return;
    // Atomics do not race with each other; they may order other accesses.
    if (E.Op != MemOp::Atomic && E.Op != MemOp::Reduction)
      checkShared(E);
    synchronize(E);
  }

  /// An atomic, volatile or ordered access (not a plain one).
  bool strong(const MemoryEvent &E) const {
    const Site &S = Parent.P.Sites[E.Site];
    return S.Atomic || S.Volatile || S.OpKind >= 2 || S.Acquire || S.Release;
  }

  /// What an atomic, volatile or ordered access orders (HappensBefore).
  void synchronize(const MemoryEvent &E) {
    if (!Clocks.active() || !strong(E))
      return;
    const Site &S = Parent.P.Sites[E.Site];
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint64_t Loc = E.Offsets[L] / 4 | uint64_t(E.Space) << 60;
      Clocks.syncAccess(E.Warp * Parent.WarpSize + L, Loc, E.Op, S.Acquire, S.Release);
    }
  }

  void checkShared(const MemoryEvent &E) {
    bool Write = E.Op == MemOp::Store;
    ++Event;
    Strong = strong(E);
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint32_t Thread = E.Warp * Parent.WarpSize + L;
      uint64_t Off = E.Offsets[L];
      if (E.Bytes == 4 && Off % 4 == 0) { // One whole word: most accesses.
        uint32_t Value = E.Values ? uint32_t(E.Values[L]) : 0;
        check(sharedShadow(Off / 4), Off / 4, Thread, E, 0xf, Write,
              E.Values ? &Value : nullptr);
        continue;
      }
      for (uint64_t B = Off; B < Off + E.Bytes;) {
        uint64_t W = B / 4;
        uint64_t End = std::min<uint64_t>((W + 1) * 4, Off + E.Bytes);
        uint8_t Mask = 0;
        uint32_t Value = 0;
        for (uint64_t X = B; X < End; ++X) {
          Mask |= 1u << (X % 4);
          if (E.Values)
            Value |= uint32_t((E.Values[L] >> (8 * (X - Off))) & 0xff) << (8 * (X % 4));
        }
        check(sharedShadow(W), W, Thread, E, Mask, Write, E.Values ? &Value : nullptr);
        B = End;
      }
    }
  }

  /// A global access: the same check within the block (atomics and volatile
  /// accesses aside), and the block's record for the cross-block check.
  void onGlobal(const MemoryEvent &E) {
    synchronize(E);
    // A block that touched more words than the bounds allow is checked no
    // further (the run says so in a note): the cost per access stays bounded.
    if (Dropped || Log.full())
      return;
    if (E.Mask && Parent.WorkspaceEnd) {
      uint64_t Off = E.Offsets[countr_zero(E.Mask)];
      if (Off >= Parent.WorkspaceBegin && Off < Parent.WorkspaceEnd) {
        // The grid-wide sync's own accesses: an arrival, then its wait.
        if (E.Op == MemOp::Atomic || E.Op == MemOp::Reduction)
          GridArrived = true;
        else if (E.Op == MemOp::Load && GridArrived)
          GridWaited = true;
        return;
      }
    }
    bool Atomic = E.Op == MemOp::Atomic || E.Op == MemOp::Reduction;
    bool SyncLike = strong(E);
    Strong = false;
    bool Write = E.Op == MemOp::Store;
    GlobalUseKind Kind = SyncLike ? GU_Sync : Write ? GU_Write : GU_Read;
    ++Event;
    Log.tick();
    uint64_t HeapWindow = ~0ull;
    bool Heap = false;
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint32_t Thread = E.Warp * Parent.WarpSize + L;
      uint64_t Off = E.Offsets[L];
      uint64_t Window = Off >> BufferShift;
      if (Window != HeapWindow) {
        HeapWindow = Window;
        const Buffer *Buf = Parent.Mem.bufferAt(tagOf(AS_Global) | Off);
        Heap = Buf && Buf->Heap;
      }
      if (SyncLike && !Heap)
        Log.syncOn(Off / 4, Thread, /*Release=*/Atomic || Write,
                   /*Acquire=*/E.Op == MemOp::Atomic || E.Op == MemOp::Load);
      for (uint64_t B = Off; B < Off + E.Bytes;) {
        uint64_t W = B / 4;
        uint64_t End = std::min<uint64_t>((W + 1) * 4, Off + E.Bytes);
        uint8_t Mask = 0;
        uint32_t Value = 0;
        for (uint64_t X = B; X < End; ++X) {
          Mask |= 1u << (X % 4);
          if (E.Values)
            Value |= uint32_t((E.Values[L] >> (8 * (X - Off))) & 0xff) << (8 * (X % 4));
        }
        const uint32_t *V = E.Values ? &Value : nullptr;
        if (!SyncLike) {
          auto It = GlobalShadows.find(W);
          if (It == GlobalShadows.end()) {
            if (GlobalShadows.size() >= BlockGlobalLog::MaxWords)
              ++Dropped; // Bounded like the cross-block record.
            else
              It = GlobalShadows.try_emplace(W).first;
          }
          if (It != GlobalShadows.end())
            check(It->second, W, Thread, E, Mask, Write, V);
        }
        if (!Heap)
          Log.access(W | (Phase << GridPhaseShift), Kind, Thread, E.Loc, Mask, V);
        B = End;
      }
    }
  }

  std::vector<Finding> Found;
  std::vector<WordSummary> Summary;
  uint64_t Dropped = 0;

private:
  bool sameWarp(uint32_t A, uint32_t B) const {
    return A / Parent.WarpSize == B / Parent.WarpSize;
  }

  /// Access A and one by Thread now are unordered: no barrier between, and
  /// within a warp no __syncwarp (shuffle, vote) of A's lane since A; lanes
  /// of a warp do not run in lockstep (independent thread scheduling).
  /// SameInstruction: A may be another lane of the instruction being checked.
  bool conflicts(const Access &A, uint32_t Thread, uint8_t Mask,
                 bool SameInstruction = false) const {
    if (A.Thread == ~0u || A.Epoch != Epoch || !(A.Bytes & Mask) || A.Thread == Thread)
      return false;
    // Lanes of one instruction on one word (cooperative groups' reduce has
    // every lane store the warp's result to its slot): one access, unless
    // the caller says they store different values.
    if ((A.Event == Event && !SameInstruction) || (A.Strong && Strong) ||
        Clocks.ordered(A.Thread, A.Clock, Thread))
      return false;
    return !sameWarp(A.Thread, Thread) || LaneSync[A.Thread] == A.Sync;
  }

  bool stale(const Access &A, uint32_t Thread) const {
    return A.Thread == ~0u || A.Epoch != Epoch || A.Thread == Thread;
  }

  void report(const Access &Prev, bool PrevWrite, uint32_t Thread, const MemoryEvent &E,
              bool Write, uint64_t Word, bool Benign = false) {
    bool OneInstruction = Prev.Event == Event;
    if (Found.size() >= 16 || !Seen.insert({Prev.Loc, E.Loc}).second)
      return;
    bool Global = E.Space == AS_Global;
    const SourceLoc &A = Parent.P.Locations[Prev.Loc], &B = Parent.P.Locations[E.Loc];
    auto Where = [](const SourceLoc &L) {
      return L.valid() ? L.File + ":" + std::to_string(L.Line) : std::string("?");
    };
    Finding F;
    F.Kind = Global ? "global-race" : "shared-race";
    F.Loc = B;
    F.Other = A;
    F.Note = Benign;
    std::string Where0 = "byte offset " + std::to_string(Word * 4);
    if (Global) {
      uint64_t Addr = tagOf(AS_Global) | (Word * 4);
      const Buffer *Buf = Parent.Mem.bufferAt(Addr);
      Where0 = "byte offset " + std::to_string(Addr & ((uint64_t(1) << BufferShift) - 1)) +
               " of " + (!Buf ? std::string("global memory")
                         : Buf->Heap ? std::string("a heap block")
                                     : "buffer '" + Buf->Name + "'");
    }
    F.Message = std::string(Global ? "global" : "shared") + "-memory race on " + Where0 +
                " in block (" + std::to_string(Info.Index.V[0]) + "," +
                std::to_string(Info.Index.V[1]) + "," + std::to_string(Info.Index.V[2]) +
                "): thread " + std::to_string(Thread) + " " + (Write ? "writes" : "reads") +
                " at " + Where(B) + ", thread " + std::to_string(Prev.Thread) + " " +
                (PrevWrite ? "wrote" : "read") + " at " + Where(A) +
                (OneInstruction
                     ? ", lanes of one warp that store different values to it in one "
                       "instruction (which lane's value the word keeps is undefined)"
                 : sameWarp(Prev.Thread, Thread)
                     ? ", lanes of one warp with no __syncwarp() between (lanes of a warp do "
                       "not run in lockstep since Volta)"
                     : ", with no barrier between") +
                (Benign ? "; both store the same value, so the result does not depend on "
                          "their order (a benign race)"
                        : "");
    Found.push_back(std::move(F));
  }

  Shadow &sharedShadow(uint64_t W) {
    if (W >= Shadows.size())
      Shadows.resize(std::max<uint64_t>(W + 1, Shadows.size() * 2));
    return Shadows[W];
  }

  /// Now, by the thread that made Prev, keeps Prev's other bytes of the word
  /// when nothing ordered the thread's accesses between (same barrier
  /// interval, warp synchronizations and clock), so that a word written a
  /// byte at a time (a memcpy of bytes) still conflicts with another
  /// thread's access to its first byte. True when it does.
  bool extend(Access &Now, const Access &Prev) const {
    if (Prev.Thread != Now.Thread || Prev.Epoch != Now.Epoch || Prev.Sync != Now.Sync ||
        Prev.Clock != Now.Clock || Prev.Strong != Now.Strong || !(Prev.Bytes & ~Now.Bytes))
      return Prev.Thread == Now.Thread && Prev.Epoch == Now.Epoch;
    uint32_t Mine = 0;
    for (unsigned K = 0; K < 4; ++K)
      if (Now.Bytes & (1u << K))
        Mine |= 0xffu << (8 * K);
    Now.HasValue = Now.HasValue && Prev.HasValue;
    Now.Value = (Now.Value & Mine) | (Prev.Value & ~Mine);
    Now.Bytes |= Prev.Bytes;
    return true;
  }

  /// Value: a store's bytes in the word, when known (two stores of
  /// the same value race benignly).
  void check(Shadow &S, uint64_t W, uint32_t Thread, const MemoryEvent &E, uint8_t Mask,
             bool Write, const uint32_t *Value) {
    Access Now{Thread, E.Loc, Epoch, Mask, LaneSync[Thread], Event, Value ? *Value : 0,
               Value != nullptr, Clocks.clock(Thread), Strong};
    for (const Access *Prev : {&S.Write, &S.Write2}) {
      uint32_t Overlap = 0;
      for (unsigned K = 0; K < 4; ++K)
        if (Prev->Bytes & Mask & (1u << K))
          Overlap |= 0xffu << (8 * K);
      bool Known = Write && Prev->HasValue && Now.HasValue;
      bool Same = Known && !((Prev->Value ^ Now.Value) & Overlap);
      // Lanes of one store instruction that write different values to one
      // word race (the CUDA programming guide: which lane's write lands is
      // undefined), e.g. at a slot two lanes took from one atomicAdd.
      if (conflicts(*Prev, Thread, Mask, /*SameInstruction=*/Known && !Same))
        // Two stores of the same value race benignly (a note), in shared
        // memory as in global (every thread setting a __shared__ pointer).
        report(*Prev, true, Thread, E, Write, W, Same);
    }
    if (Write) {
      if (conflicts(S.Read1, Thread, Mask))
        report(S.Read1, false, Thread, E, Write, W);
      else if (conflicts(S.Read2, Thread, Mask))
        report(S.Read2, false, Thread, E, Write, W);
      extend(Now, S.Write);
      if (S.Write2.Thread == Thread) {
        extend(Now, S.Write2);
        S.Write2 = Access();
      }
      // Another thread's write to bytes this one leaves: kept as Write2.
      if (S.Write.Thread != Thread && !stale(S.Write, Thread) && (S.Write.Bytes & ~Now.Bytes)) {
        S.Write2 = S.Write;
        S.Write2.Bytes &= ~Now.Bytes;
      }
      S.Write = Now;
    } else if (S.Read1.Thread == Thread && extend(Now, S.Read1)) {
      S.Read1 = Now;
    } else if (S.Read2.Thread == Thread && extend(Now, S.Read2)) {
      S.Read2 = Now;
    } else if (stale(S.Read1, Thread)) {
      S.Read1 = Now;
    } else if (stale(S.Read2, Thread)) {
      S.Read2 = Now;
    } else if (sameWarp(S.Read1.Thread, Thread)) {
      // Two other readers known: keep one of another warp when there is.
      S.Read1 = Now;
    } else {
      S.Read2 = Now;
    }
  }

  const RaceDetector &Parent;
  BlockInfo Info;
  uint32_t Epoch = 1;
  uint32_t Event = 0; ///< Memory events seen (numbers each warp instruction).
  /// Grid-wide syncs passed; the block arrived on the current one, and
  /// waited on it.
  uint64_t Phase = 0;
  bool GridArrived = false, GridWaited = false;
  std::vector<Shadow> Shadows;
  /// Global words touched since the last barrier.
  DenseMap<uint64_t, Shadow> GlobalShadows;
  BlockGlobalLog Log;
  std::set<std::pair<uint32_t, uint32_t>> Seen;
  std::vector<uint32_t> LaneSync; ///< Per thread: warp synchronizations so far.
  HappensBefore Clocks;
  bool Strong = false; ///< The access being checked is strong (Access::Strong).
};

std::unique_ptr<BlockObserver> RaceDetector::startBlock(const BlockInfo &B) {
  return std::make_unique<RaceBlock>(*this, B);
}

void RaceDetector::finishBlock(std::unique_ptr<BlockObserver> B) {
  auto &RB = static_cast<RaceBlock &>(*B);
  Cross.addDropped(RB.Dropped);
  std::vector<Finding> Between;
  Cross.fold(RB.info(), RB.Summary, Between);
  for (Finding &F : Between)
    RB.Found.push_back(std::move(F));
  for (Finding &F : RB.Found) {
    bool Dup = false;
    for (const Finding &G : Races)
      Dup |= G.Loc == F.Loc && G.Other == F.Other;
    if (!Dup && Races.size() < 32)
      Races.push_back(std::move(F));
  }
}

std::optional<Finding> RaceDetector::boundsNote() const {
  if (!Cross.dropped())
    return std::nullopt;
  Finding F;
  F.Kind = "global-race";
  F.Note = true;
  F.Message = "the global-memory race check stops following a block once it has "
              "touched " +
              std::to_string(BlockGlobalLog::MaxWords) + " global words, and the launch at " +
              std::to_string(CrossBlockRaces::MaxWords) +
              " words (to bound its time and memory); later accesses of such blocks "
              "were not checked for races";
  return F;
}

} // namespace dm
} // namespace warplint
