//===- RaceDetector.cpp - Shared-memory races within a block --------------===//
#include "devicemodel/RaceDetector.h"

#include "frontend/DeviceModule.h"

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
};
struct Shadow {
  Access Write, Read1, Read2;
};

} // namespace

class RaceBlock : public BlockObserver {
public:
  RaceBlock(const RaceDetector &Parent, const BlockInfo &B)
      : Parent(Parent), Info(B), LaneSync(uint64_t(B.Warps) * Parent.WarpSize, 0) {}

  void onBarrier() override { ++Epoch; }

  void onWarpSync(unsigned Warp, uint32_t Mask) override {
    for (uint32_t MM = Mask; MM; MM &= MM - 1)
      ++LaneSync[uint64_t(Warp) * Parent.WarpSize + countr_zero(MM)];
  }

  void onMemory(const MemoryEvent &E) override {
    if (E.Space != AS_Shared || E.Op == MemOp::Atomic || E.Op == MemOp::Reduction)
      return;
    bool Write = E.Op == MemOp::Store;
    ++Event;
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint32_t Thread = E.Warp * Parent.WarpSize + L;
      uint64_t Off = E.Offsets[L];
      if (E.Bytes == 4 && Off % 4 == 0) { // One whole word: most accesses.
        check(Off / 4, Thread, E, 0xf, Write);
        continue;
      }
      for (uint64_t B = Off; B < Off + E.Bytes;) {
        uint64_t W = B / 4;
        uint64_t End = std::min<uint64_t>((W + 1) * 4, Off + E.Bytes);
        uint8_t Mask = 0;
        for (uint64_t X = B; X < End; ++X)
          Mask |= 1u << (X % 4);
        check(W, Thread, E, Mask, Write);
        B = End;
      }
    }
  }

  std::vector<Finding> Found;

private:
  bool sameWarp(uint32_t A, uint32_t B) const {
    return A / Parent.WarpSize == B / Parent.WarpSize;
  }

  /// Access A and one by Thread now are unordered: no barrier between, and
  /// within a warp no __syncwarp (shuffle, vote) of A's lane since A; lanes
  /// of a warp do not run in lockstep (independent thread scheduling).
  bool conflicts(const Access &A, uint32_t Thread, uint8_t Mask) const {
    if (A.Thread == ~0u || A.Epoch != Epoch || !(A.Bytes & Mask) || A.Thread == Thread)
      return false;
    // Lanes of one instruction on one word (cooperative groups' reduce has
    // every lane store the warp's result to its slot): one access.
    if (A.Event == Event)
      return false;
    return !sameWarp(A.Thread, Thread) || LaneSync[A.Thread] == A.Sync;
  }

  bool stale(const Access &A, uint32_t Thread) const {
    return A.Thread == ~0u || A.Epoch != Epoch || A.Thread == Thread;
  }

  void report(const Access &Prev, bool PrevWrite, uint32_t Thread, const MemoryEvent &E,
              bool Write, uint64_t Word) {
    if (Found.size() >= 16 || !Seen.insert({Prev.Loc, E.Loc}).second)
      return;
    const SourceLoc &A = Parent.P.Locations[Prev.Loc], &B = Parent.P.Locations[E.Loc];
    auto Where = [](const SourceLoc &L) {
      return L.valid() ? L.File + ":" + std::to_string(L.Line) : std::string("?");
    };
    Finding F;
    F.Kind = "shared-race";
    F.Loc = B;
    F.Other = A;
    F.Message = "shared-memory race on byte offset " + std::to_string(Word * 4) +
                " in block (" + std::to_string(Info.Index.V[0]) + "," +
                std::to_string(Info.Index.V[1]) + "," + std::to_string(Info.Index.V[2]) +
                "): thread " + std::to_string(Thread) + " " + (Write ? "writes" : "reads") +
                " at " + Where(B) + ", thread " + std::to_string(Prev.Thread) + " " +
                (PrevWrite ? "wrote" : "read") + " at " + Where(A) +
                (sameWarp(Prev.Thread, Thread)
                     ? ", lanes of one warp with no __syncwarp() between (lanes of a warp do "
                       "not run in lockstep since Volta)"
                     : ", with no barrier between");
    Found.push_back(std::move(F));
  }

  void check(uint64_t W, uint32_t Thread, const MemoryEvent &E, uint8_t Mask, bool Write) {
    if (W >= Shadows.size())
      Shadows.resize(std::max<uint64_t>(W + 1, Shadows.size() * 2));
    Shadow &S = Shadows[W];
    Access Now{Thread, E.Loc, Epoch, Mask, LaneSync[Thread], Event};
    if (conflicts(S.Write, Thread, Mask))
      report(S.Write, true, Thread, E, Write, W);
    if (Write) {
      if (conflicts(S.Read1, Thread, Mask))
        report(S.Read1, false, Thread, E, Write, W);
      else if (conflicts(S.Read2, Thread, Mask))
        report(S.Read2, false, Thread, E, Write, W);
      S.Write = Now;
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
  std::vector<Shadow> Shadows;
  std::set<std::pair<uint32_t, uint32_t>> Seen;
  std::vector<uint32_t> LaneSync; ///< Per thread: warp synchronizations so far.
};

std::unique_ptr<BlockObserver> RaceDetector::startBlock(const BlockInfo &B) {
  return std::make_unique<RaceBlock>(*this, B);
}

void RaceDetector::finishBlock(std::unique_ptr<BlockObserver> B) {
  auto &RB = static_cast<RaceBlock &>(*B);
  for (Finding &F : RB.Found) {
    bool Dup = false;
    for (const Finding &G : Races)
      Dup |= G.Loc == F.Loc && G.Other == F.Other;
    if (!Dup && Races.size() < 32)
      Races.push_back(std::move(F));
  }
}

} // namespace dm
} // namespace warplint
