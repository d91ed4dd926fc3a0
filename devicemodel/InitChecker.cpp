//===- InitChecker.cpp - Reads of memory nothing wrote --------------------===//
#include "devicemodel/InitChecker.h"

#include "frontend/DeviceModule.h"

#include "llvm/ADT/bit.h"
#include "llvm/Demangle/Demangle.h"

#include <algorithm>
#include <cstring>

using namespace llvm;

namespace warplint {
namespace dm {

namespace {
constexpr uint64_t WindowMask = (uint64_t(1) << BufferShift) - 1;
constexpr unsigned MaxChunk = 16; ///< memcpy chunks are at most 16 bytes.
constexpr size_t MaxFindings = 32;

/// The first byte of [P, P+N) that no write marked, or null. A lane's access
/// is a few bytes: a loop is cheaper than calling memchr.
const uint8_t *firstUnwritten(const uint8_t *P, uint64_t N) {
  if (N > MaxChunk)
    return static_cast<const uint8_t *>(memchr(P, 0, N));
  for (uint64_t K = 0; K < N; ++K)
    if (!P[K])
      return P + K;
  return nullptr;
}

/// Marks [P, P+N) written; a lane's few bytes by a loop, not a call.
void markWritten(uint8_t *P, uint64_t N) {
  if (N > MaxChunk)
    memset(P, 1, N);
  else
    for (uint64_t K = 0; K < N; ++K)
      P[K] = 1;
}

std::string where(const SourceLoc &L) {
  return L.valid() ? L.File + ":" + std::to_string(L.Line) : std::string("?");
}
} // namespace

class InitBlock : public BlockObserver {
public:
  InitBlock(const InitChecker &Parent, const BlockInfo &B)
      : Parent(Parent), Info(B), Local(B.Warps) {
    if (Parent.ReservedBytes) {
      Shared.assign(Parent.ReservedBegin + Parent.ReservedBytes, 0);
      std::fill(Shared.begin() + Parent.ReservedBegin, Shared.end(), 1);
    }
  }

  void onMemory(const MemoryEvent &E) override {
    if (E.TmaRead) // Its bytes moved in the copy's own chunks.
      return;
    if (E.Space == AS_Const || (E.Space == AS_Global && !Parent.Mem.tracksInit())) {
      // Memory not tracked is written: a copy from it (a bulk copy into
      // shared memory) writes what its store marks.
      if (E.Transfer == MemoryEvent::Copy && E.Op == MemOp::Load)
        for (uint32_t MM = E.Mask; MM; MM &= MM - 1)
          memset(Carried[countr_zero(MM)], 1, std::min<uint64_t>(E.Bytes, MaxChunk));
      return;
    }
    // A site already reported is not checked again (its writes still are).
    bool Reads = E.Op != MemOp::Store && !reported(E.Loc);
    bool Writes = E.Op != MemOp::Load;
    if (!Reads && !Writes && E.Transfer == MemoryEvent::None)
      return;
    if (E.Space == AS_Shared && E.Transfer == MemoryEvent::None)
      return onShared(E, Reads, Writes);
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint64_t Size;
      uint8_t *Shadow = shadowOf(E, L, Size);
      if (!Shadow)
        continue;
      uint64_t Off = offsetIn(E, L);
      uint64_t N = Off < Size ? std::min<uint64_t>(E.Bytes, Size - Off) : 0;
      if (E.Transfer == MemoryEvent::Copy) {
        // The load of a memcpy chunk remembers, its store applies.
        N = std::min<uint64_t>(N, MaxChunk);
        if (E.Op == MemOp::Load)
          memcpy(Carried[L], Shadow + Off, N);
        else
          for (uint64_t K = 0; K < N; ++K)
            Shadow[Off + K] |= Carried[L][K];
        continue;
      }
      checkAndMark(E, L, Shadow, Off, N, Reads, Writes);
    }
  }

  std::vector<Finding> Found;

private:
  /// A load or store in shared memory (the most frequent checked event):
  /// each lane's few bytes checked and marked in the block's one shadow.
  void onShared(const MemoryEvent &E, bool Reads, bool Writes) {
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint64_t Off = E.Offsets[L];
      if (Off + E.Bytes > Shared.size())
        Shared.resize(Off + E.Bytes, 0);
      checkAndMark(E, L, Shared.data(), Off, E.Bytes, Reads, Writes);
    }
  }

  /// Lane L's N bytes at Off of the shadow Shadow: a read of one nothing
  /// wrote is reported (once per event: Reads turns off), a write marks them.
  void checkAndMark(const MemoryEvent &E, unsigned L, uint8_t *Shadow, uint64_t Off, uint64_t N,
                    bool &Reads, bool Writes) {
    if (Reads)
      if (const uint8_t *Hole = firstUnwritten(Shadow + Off, N)) {
        report(E, L, Hole - Shadow);
        Reads = false;
      }
    if (Writes)
      markWritten(Shadow + Off, N);
  }

  uint64_t offsetIn(const MemoryEvent &E, unsigned L) const {
    return E.Space == AS_Global ? (E.Offsets[L] & WindowMask) : E.Offsets[L];
  }

  /// The shadow of the memory lane L's access falls in (null: not tracked).
  uint8_t *shadowOf(const MemoryEvent &E, unsigned L, uint64_t &Size) {
    uint64_t Off = E.Offsets[L];
    switch (E.Space) {
    case AS_Shared:
      if (Off + E.Bytes > Shared.size())
        Shared.resize(Off + E.Bytes, 0);
      Size = Shared.size();
      return Shared.data();
    case AS_Local: {
      uint64_t Stride = Parent.P.MaxLocalBytes;
      std::vector<uint8_t> &W = Local[E.Warp];
      if (W.empty())
        W.assign(Stride * MaxLanes, 0);
      Size = Stride;
      return W.data() + uint64_t(L) * Stride;
    }
    case AS_Global: {
      Buffer *B = Parent.Mem.bufferAt(tagOf(AS_Global) | Off);
      if (!B || !B->Written)
        return nullptr;
      Size = B->Heap ? B->Heap->Bytes : B->Bytes;
      return B->Written.get();
    }
    default:
      return nullptr;
    }
  }

  std::string threadName(unsigned Warp, unsigned L) const {
    const Dim3 &Blk = Parent.Block;
    uint64_t T = uint64_t(Warp) * Parent.WarpSize + L;
    return "thread (" + std::to_string(T % Blk.V[0]) + "," +
           std::to_string((T / Blk.V[0]) % Blk.V[1]) + "," +
           std::to_string(T / (Blk.V[0] * Blk.V[1])) + ") of block (" +
           std::to_string(Info.Index.V[0]) + "," + std::to_string(Info.Index.V[1]) + "," +
           std::to_string(Info.Index.V[2]) + ")";
  }

  /// What byte Off of the event's memory is, and where it came from.
  std::string memoryText(const MemoryEvent &E, unsigned L, uint64_t Off) const {
    switch (E.Space) {
    case AS_Shared: {
      std::string S = "byte offset " + std::to_string(Off) + " of shared memory";
      for (const GlobalImage &G : Parent.P.Globals) {
        uint64_t Start = G.Address & OffsetMask;
        if (G.Space == AS_Shared && Off >= Start && Off < Start + std::max<uint64_t>(1, G.Bytes)) {
          std::string Name = demangle(G.Name);
          size_t Colon = Name.rfind("::");
          S += " ('" + (Colon == std::string::npos ? Name : Name.substr(Colon + 2)) + "')";
          break;
        }
      }
      return S + ", which no thread of the block has written";
    }
    case AS_Local:
      return "byte offset " + std::to_string(Off) +
             " of the thread's local memory (a private variable or array), which it has not "
             "written";
    default: {
      Buffer *B = Parent.Mem.bufferAt(tagOf(AS_Global) | E.Offsets[L]);
      if (B && B->Heap) {
        const HeapBlock &H = *B->Heap;
        const char *How = H.Kind == HK_Malloc ? "malloc" : H.Kind == HK_New ? "new" : "new[]";
        return "byte offset " + std::to_string(Off) + " of a " + std::to_string(H.Bytes) +
               "-byte heap block (" + How + " at " + where(H.AllocLoc) + " by " + H.AllocBy +
               "), which nothing has written since it was allocated";
      }
      return "byte offset " + std::to_string(Off) + " of buffer '" + (B ? B->Name : "?") +
             "', which was given without a fill (--init-check) and nothing has written";
    }
    }
  }

  bool reported(uint32_t Loc) const { return Loc < Reported.size() && Reported[Loc]; }

  void report(const MemoryEvent &E, unsigned L, uint64_t Off) {
    if (E.Loc >= Reported.size())
      Reported.resize(std::max<size_t>(E.Loc + 1, Parent.P.Locations.size()), false);
    Reported[E.Loc] = true;
    if (Found.size() >= MaxFindings)
      return;
    Finding F;
    F.Kind = "uninitialized-read";
    F.Loc = Parent.P.Locations[E.Loc];
    const char *What = E.Op == MemOp::Load ? "load" : "atomic";
    F.Message = std::string("read of uninitialized memory: ") + What + " of " +
                std::to_string(E.Bytes) + " bytes at " + memoryText(E, L, Off) + ", by lane " +
                std::to_string(L) + ", " + threadName(E.Warp, L);
    Found.push_back(std::move(F));
  }

  const InitChecker &Parent;
  BlockInfo Info;
  std::vector<uint8_t> Shared;
  std::vector<std::vector<uint8_t>> Local; ///< Per warp, lane-major.
  uint8_t Carried[MaxLanes][MaxChunk] = {};
  std::vector<bool> Reported; ///< By location: sites already reported in this block.
};

std::unique_ptr<BlockObserver> InitChecker::startBlock(const BlockInfo &B) {
  return std::make_unique<InitBlock>(*this, B);
}

void InitChecker::finishBlock(std::unique_ptr<BlockObserver> B) {
  auto &IB = static_cast<InitBlock &>(*B);
  for (Finding &F : IB.Found) {
    bool Dup = false;
    for (const Finding &G : Found)
      Dup |= G.Loc == F.Loc;
    if (!Dup && Found.size() < MaxFindings)
      Found.push_back(std::move(F));
  }
}

} // namespace dm
} // namespace warplint
