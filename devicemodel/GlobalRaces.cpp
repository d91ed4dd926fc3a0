//===- GlobalRaces.cpp - Global-memory races across blocks ----------------===//
#include "devicemodel/GlobalRaces.h"

#include "devicemodel/DeviceMemory.h"

#include <algorithm>

using namespace llvm;

namespace warplint {
namespace dm {

namespace {
/// Flags a block's accesses are compared against, at most (the first ones).
constexpr size_t MaxFlagsTried = 64;
/// Fence ticks kept per thread (then the last one moves forward).
constexpr size_t MaxFencesPerThread = 1024;

bool isWrite(unsigned Kind) { return Kind != GU_Read; }

uint32_t byteMask(uint8_t Bytes) {
  uint32_t M = 0;
  for (unsigned B = 0; B < 4; ++B)
    if (Bytes & (1u << B))
      M |= 0xffu << (8 * B);
  return M;
}
} // namespace

// ---- one block ----------------------------------------------------------

void BlockGlobalLog::fence(uint32_t Thread) {
  if (Thread >= LastFence.size())
    return;
  LastFence[Thread] = Now;
  AnyFence = true;
  // Only the first fence after an access or a barrier can order anything
  // the previous one did not.
  std::vector<uint32_t> &F = Fences[Thread];
  uint32_t Access = Thread < LastAccess.size() ? LastAccess[Thread] : 0;
  uint32_t Barrier = Barriers.empty() ? 0 : Barriers.back();
  if (!F.empty() && F.back() > Access && F.back() > Barrier)
    return;
  if (F.size() >= MaxFencesPerThread)
    F.back() = Now;
  else
    F.push_back(Now);
}

void BlockGlobalLog::access(uint64_t W, GlobalUseKind Kind, uint32_t Thread, uint32_t Loc,
                            uint8_t Bytes, const uint32_t *Value) {
  auto It = Words.find(W);
  if (It == Words.end()) {
    if (Words.size() >= MaxWords) {
      ++Dropped;
      return;
    }
    It = Words.try_emplace(W).first;
  }
  if (Thread < LastAccess.size())
    LastAccess[Thread] = Now;
  Word &Wd = It->second;
  Side &S = Wd.Sides[Kind];
  if (S.FirstTick == ~0u) {
    S.FirstTick = Now;
    S.FirstThread = Thread;
  }
  S.LastTick = Now;
  S.LastThread = Thread;
  S.LastLoc = Loc;
  uint8_t Before = S.Bytes;
  S.Bytes |= Bytes;
  if (Kind != GU_Write)
    return;
  if (!Value) {
    Wd.SameValue = false;
    return;
  }
  uint32_t M = byteMask(Bytes), Overlap = M & byteMask(Before);
  if (Wd.HasValue && ((Wd.Value ^ *Value) & Overlap))
    Wd.SameValue = false;
  Wd.Value = (Wd.Value & ~M) | (*Value & M);
  Wd.HasValue = true;
}

void BlockGlobalLog::syncOn(uint64_t W, uint32_t Thread, bool Release, bool Acquire) {
  if (Flags.size() >= MaxWords && !Flags.count(W))
    return;
  // A release orders something only after a fence (this thread's, or
  // another's followed by a barrier).
  if (Release && Thread < LastFence.size() && AnyFence) {
    FlagSync &F = Flags[W];
    F.LastRelease = Now;
    F.FenceBefore = std::max(F.FenceBefore, LastFence[Thread]);
    ThreadRelease[{Thread, W}] = Now;
  }
  if (Acquire) {
    FlagSync &F = Flags[W];
    F.FirstAcquire = std::min(F.FirstAcquire, Now);
    ThreadAcquire.try_emplace({Thread, W}, Now);
  }
}

uint32_t BlockGlobalLog::lastBarrierBefore(uint32_t T) const {
  auto It = std::lower_bound(Barriers.begin(), Barriers.end(), T);
  return It == Barriers.begin() ? 0 : *std::prev(It);
}

uint32_t BlockGlobalLog::firstBarrierAfter(uint32_t T) const {
  auto It = std::upper_bound(Barriers.begin(), Barriers.end(), T);
  return It == Barriers.end() ? 0 : *It;
}

uint32_t BlockGlobalLog::firstFenceAfter(uint32_t Thread, uint32_t T) const {
  if (Thread >= Fences.size())
    return 0;
  const std::vector<uint32_t> &F = Fences[Thread];
  auto It = std::upper_bound(F.begin(), F.end(), T);
  return It == F.end() ? 0 : *It;
}

uint64_t BlockGlobalLog::releasedOn(uint32_t Thread, uint32_t T) const {
  uint32_t Fence = firstFenceAfter(Thread, T), Barrier = firstBarrierAfter(T);
  size_t Tried = 0;
  for (const auto &[W, F] : Flags) {
    if (!F.LastRelease)
      continue;
    if (++Tried > MaxFlagsTried)
      break;
    // The access's thread fenced, then it (or, after a barrier, another
    // thread) released the flag.
    if (Fence && Fence < F.LastRelease) {
      auto It = ThreadRelease.find({Thread, W});
      if ((It != ThreadRelease.end() && It->second > Fence) ||
          lastBarrierBefore(F.LastRelease) > Fence)
        return W + 1;
    }
    // A barrier after the access, then a releasing thread's fence.
    if (Barrier && F.FenceBefore > Barrier)
      return W + 1;
  }
  return 0;
}

uint64_t BlockGlobalLog::acquiredFrom(uint32_t Thread, uint32_t T) const {
  uint32_t Barrier = lastBarrierBefore(T);
  size_t Tried = 0;
  for (const auto &[W, F] : Flags) {
    if (F.FirstAcquire == ~0u)
      continue;
    if (++Tried > MaxFlagsTried)
      break;
    if (F.FirstAcquire < Barrier)
      return W + 1;
    auto It = ThreadAcquire.find({Thread, W});
    if (It != ThreadAcquire.end() && It->second < T)
      return W + 1;
  }
  return 0;
}

std::vector<WordSummary> BlockGlobalLog::summarize() const {
  std::vector<WordSummary> Out;
  Out.reserve(Words.size());
  for (const auto &[W, Wd] : Words) {
    WordSummary S;
    S.Word = W;
    for (unsigned K = 0; K < 3; ++K) {
      const Side &Sd = Wd.Sides[K];
      if (!Sd.Bytes)
        continue;
      WordSummary::Use &U = S.Uses[K];
      U.Loc = Sd.LastLoc;
      U.Thread = Sd.LastThread;
      U.Bytes = Sd.Bytes;
      U.Released = releasedOn(Sd.LastThread, Sd.LastTick);
      U.Acquired = acquiredFrom(Sd.FirstThread, Sd.FirstTick);
      if (K == GU_Sync) {
        // An atomic is ordered with atomics and with what follows an
        // atomic on its own word.
        if (!U.Released)
          U.Released = W + 1;
        if (!U.Acquired)
          U.Acquired = W + 1;
      }
      if (K == GU_Write && Wd.HasValue && Wd.SameValue) {
        U.Value = Wd.Value;
        U.HasValue = true;
      }
    }
    Out.push_back(S);
  }
  // DenseMap's order follows its insertions, which a block makes in the
  // same order in every run: deterministic without sorting.
  return Out;
}

// ---- the launch ---------------------------------------------------------

CrossBlockRaces::State *CrossBlockRaces::state(uint64_t Word) {
  auto It = Pages.find(Word / PageWords);
  if (It == Pages.end()) {
    if (Tracked + PageWords > MaxWords) {
      ++Dropped;
      return nullptr;
    }
    It = Pages.try_emplace(Word / PageWords, std::make_unique<State[]>(PageWords)).first;
    Tracked += PageWords;
  }
  return &It->second[Word % PageWords];
}

uint32_t CrossBlockRaces::flagId(uint64_t Flag) {
  if (!Flag)
    return 0;
  auto [It, New] = FlagIds.try_emplace(Flag, uint32_t(FlagIds.size() + 1));
  return It->second;
}

std::string CrossBlockRaces::blockName(uint64_t Linear) const {
  uint64_t X = Linear % Grid.V[0], Y = (Linear / Grid.V[0]) % Grid.V[1],
           Z = Linear / (uint64_t(Grid.V[0]) * Grid.V[1]);
  return "(" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + ")";
}

void CrossBlockRaces::report(const UseRecord &A, unsigned AKind, const UseRecord &B,
                             unsigned BKind, uint64_t Word, bool Benign,
                             std::vector<Finding> &Out) {
  // Which of two blocks is folded first depends on the order the blocks ran
  // in (an atomic ticket taken on several cores), so the pair is reported
  // in an order of its own: the finding is at the read (or atomic) site,
  // else at the later site, and a pair of sites is reported once.
  bool Swap = AKind != BKind ? AKind > BKind : A.Loc > B.Loc;
  const UseRecord &Old = Swap ? B : A, &New = Swap ? A : B;
  unsigned OldKind = Swap ? BKind : AKind, NewKind = Swap ? AKind : BKind;
  if (Out.size() >= 32 || !Seen.insert({Old.Loc, New.Loc}).second)
    return;
  auto Where = [&](uint32_t Loc) {
    const SourceLoc &L = P.Locations[Loc];
    return L.valid() ? L.File + ":" + std::to_string(L.Line) : std::string("?");
  };
  auto Verb = [](unsigned K) {
    return K == GU_Write ? "writes" : K == GU_Read ? "reads" : "atomically accesses";
  };
  uint64_t Addr = tagOf(AS_Global) | ((Word & ((uint64_t(1) << GridPhaseShift) - 1)) * 4);
  uint64_t InWin = Addr & ((uint64_t(1) << BufferShift) - 1);
  const Buffer *Buf = Mem.bufferAt(Addr);
  std::string What = Buf ? "buffer '" + Buf->Name + "'" : std::string("global memory");
  Finding F;
  F.Kind = "global-race";
  F.Loc = P.Locations[New.Loc];
  F.Other = P.Locations[Old.Loc];
  F.Note = Benign;
  F.Message = "global-memory race on byte offset " + std::to_string(InWin) + " of " + What +
              " between blocks: thread " + std::to_string(New.Thread) + " of block " +
              blockName(New.Block) + " " + Verb(NewKind) + " at " + Where(New.Loc) +
              ", thread " + std::to_string(Old.Thread) + " of block " + blockName(Old.Block) +
              " " + Verb(OldKind) + " at " + Where(Old.Loc) +
              (Benign ? "; both store the same value, so the result does not depend on "
                        "their order (a benign race)"
                      : ", with nothing ordering them (blocks run in any order; the kernel's "
                        "end, or __threadfence() and an atomic flag the other block reads, "
                        "orders them)");
  Out.push_back(std::move(F));
}

void CrossBlockRaces::fold(const BlockInfo &Info, const std::vector<WordSummary> &Words,
                           std::vector<Finding> &Out) {
  for (const WordSummary &S : Words) {
    State *St = state(S.Word);
    if (!St)
      continue;
    UseRecord New[3];
    for (unsigned K = 0; K < 3; ++K) {
      const WordSummary::Use &U = S.Uses[K];
      if (!U.Bytes)
        continue;
      New[K] = {Info.Linear, U.Loc,   U.Thread, flagId(U.Released), flagId(U.Acquired),
                U.Value,     U.Bytes, U.HasValue};
    }
    for (unsigned K = 0; K < 3; ++K) {
      if (!New[K].Bytes)
        continue;
      for (unsigned J = 0; J < 3; ++J) {
        const UseRecord &Old = St->Uses[J];
        if (!Old.Bytes || Old.Block == Info.Linear || !(Old.Bytes & New[K].Bytes))
          continue;
        if (!(isWrite(K) || isWrite(J)) || (K == GU_Sync && J == GU_Sync))
          continue;
        bool Ordered = (Old.Released && Old.Released == New[K].Acquired) ||
                       (New[K].Released && New[K].Released == Old.Acquired);
        if (Ordered)
          continue;
        uint32_t Overlap = byteMask(Old.Bytes & New[K].Bytes);
        bool Benign = K == GU_Write && J == GU_Write && Old.HasValue && New[K].HasValue &&
                      !((Old.Value ^ New[K].Value) & Overlap);
        report(Old, J, New[K], K, S.Word, Benign, Out);
      }
    }
    // Keep, per kind, the latest block's use, unless it is ordered and the
    // kept one is not (an unordered use is the one later blocks may race with).
    for (unsigned K = 0; K < 3; ++K)
      if (New[K].Bytes &&
          (!St->Uses[K].Bytes || !New[K].Released || St->Uses[K].Released))
        St->Uses[K] = New[K];
  }
}

} // namespace dm
} // namespace warplint
