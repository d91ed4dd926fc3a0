//===- Footprint.cpp - The distinct sectors a launch touches --------------===//
#include "devicemodel/Footprint.h"

#include "devicemodel/Decoded.h"
#include "devicemodel/DeviceMemory.h"

#include "llvm/Support/MathExtras.h"

namespace warplint {
namespace dm {

class FootprintBlock : public BlockObserver {
public:
  explicit FootprintBlock(Footprint &F) : F(F) {}

  void onMemory(const MemoryEvent &E) override {
    if (E.TmaRead) // Its bytes moved in the copy's own chunks.
      return;
    if (E.Space != AS_Global)
      return;
    bool Reads = E.Op != MemOp::Store;
    bool Writes = E.Op != MemOp::Load;
    if (E.Mask && LastSite != E.Site) {
      LastSite = E.Site;
      SiteWindow.try_emplace(E.Site, windowOf(E.Offsets[llvm::countr_zero(E.Mask)]));
    }
    for (uint32_t M = E.Mask; M; M &= M - 1) {
      uint64_t Addr = E.Offsets[llvm::countr_zero(M)];
      Footprint::Tracked *TP = F.Windows[windowOf(Addr)];
      if (!TP)
        continue;
      Footprint::Tracked &T = *TP;
      uint64_t Off = Addr & ((uint64_t(1) << BufferShift) - 1);
      for (uint64_t S = Off >> F.SectorShift,
                    Last = (Off + std::max(E.Bytes, 1u) - 1) >> F.SectorShift;
           S <= Last && S < T.Sectors; ++S) {
        uint64_t Bit = uint64_t(1) << (S & 63);
        if (Reads && !(T.ReadBits[S >> 6].load(std::memory_order_relaxed) & Bit))
          T.ReadBits[S >> 6].fetch_or(Bit, std::memory_order_relaxed);
        if (Writes && !(T.WriteBits[S >> 6].load(std::memory_order_relaxed) & Bit))
          T.WriteBits[S >> 6].fetch_or(Bit, std::memory_order_relaxed);
      }
    }
  }

  static uint64_t windowOf(uint64_t Addr) {
    return (Addr >> BufferShift) & (DeviceMemory::MaxWindows - 1);
  }

  Footprint &F;
  uint32_t LastSite = ~0u;
  /// The buffer each site used first in this block.
  std::map<uint32_t, uint64_t> SiteWindow;
};

Footprint::Footprint(const Program &P, DeviceMemory &Memory, unsigned SectorBytes)
    : P(P), SectorShift(llvm::Log2_32(SectorBytes)), Windows(DeviceMemory::MaxWindows) {
  for (uint64_t W = 1; W < DeviceMemory::MaxWindows; ++W) {
    const Buffer *B = Memory.bufferAt(W << BufferShift);
    if (!B || !B->Bytes || B->Heap)
      continue;
    Tracked &T = ByWindow[W];
    Windows[W] = &T;
    T.Name = B->Name;
    T.Sectors = (B->Bytes + SectorBytes - 1) >> SectorShift;
    size_t Words = (T.Sectors + 63) / 64;
    T.ReadBits.reset(new std::atomic<uint64_t>[Words]());
    T.WriteBits.reset(new std::atomic<uint64_t>[Words]());
  }
}

Footprint::~Footprint() = default;

std::unique_ptr<BlockObserver> Footprint::startBlock(const BlockInfo &) {
  return std::make_unique<FootprintBlock>(*this);
}

void Footprint::finishBlock(std::unique_ptr<BlockObserver> B) {
  auto &FB = static_cast<FootprintBlock &>(*B);
  for (auto [Site, Window] : FB.SiteWindow)
    if (const Tracked *T = Windows[Window])
      SiteBuffer.try_emplace(Site, T->Name);
}

std::vector<BufferSectors> Footprint::buffers() const {
  std::vector<BufferSectors> Out;
  for (const auto &[Window, T] : ByWindow) {
    BufferSectors S;
    S.Name = T.Name;
    for (size_t I = 0, E = (T.Sectors + 63) / 64; I < E; ++I) {
      S.Read += llvm::popcount(T.ReadBits[I].load(std::memory_order_relaxed));
      S.Written += llvm::popcount(T.WriteBits[I].load(std::memory_order_relaxed));
    }
    if (S.Read || S.Written)
      Out.push_back(std::move(S));
  }
  return Out;
}

} // namespace dm
} // namespace warplint
