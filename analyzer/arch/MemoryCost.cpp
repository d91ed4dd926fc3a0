//===- MemoryCost.cpp - What one warp-level access costs ------------------===//
#include "analyzer/arch/MemoryCost.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace warplint {
namespace {

/// Removes repeated keys from Keys (leaving them in increasing order) and
/// returns how many remain: a bitset when they span little, else a sort. The
/// device model calls this once per warp-level memory instruction.
unsigned uniqueKeys(llvm::SmallVectorImpl<uint64_t> &Keys) {
  if (Keys.empty())
    return 0;
  uint64_t Lo = Keys[0], Hi = Keys[0];
  for (uint64_t K : Keys) {
    Lo = std::min(Lo, K);
    Hi = std::max(Hi, K);
  }
  if (Hi - Lo < 256) {
    uint64_t Bits[4] = {};
    for (uint64_t K : Keys)
      Bits[(K - Lo) >> 6] |= uint64_t(1) << ((K - Lo) & 63);
    Keys.clear();
    for (unsigned W = 0; W < 4; ++W)
      for (uint64_t B = Bits[W]; B; B &= B - 1)
        Keys.push_back(Lo + W * 64 + llvm::countr_zero(B));
    return Keys.size();
  }
  std::sort(Keys.begin(), Keys.end());
  Keys.erase(std::unique(Keys.begin(), Keys.end()), Keys.end());
  return Keys.size();
}

/// Keys for 32 lanes of up to 16 bytes, without allocating.
using KeyVector = llvm::SmallVector<uint64_t, 160>;

/// The last byte lane L touches.
uint64_t lastByte(const WarpAddresses &W, unsigned L) {
  return W.Addr[L] + std::max(W.Bytes, 1u) - 1;
}

} // namespace

unsigned globalSectors(const WarpAddresses &W, const ArchProfile &A) {
  KeyVector Sectors;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t S = W.Addr[L] / A.SectorBytes,
                    E = lastByte(W, L) / A.SectorBytes;
           S <= E; ++S)
        Sectors.push_back(S);
  return uniqueKeys(Sectors);
}

unsigned localSectors(const WarpAddresses &W, const ArchProfile &A) {
  // Word w of lane l lives at (w * WarpSize + l) * 4 bytes.
  const unsigned Word = A.SharedBankBytes;
  KeyVector Sectors;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t Wd = W.Addr[L] / Word, E = lastByte(W, L) / Word; Wd <= E;
           ++Wd)
        Sectors.push_back(((Wd * A.WarpSize + L) * Word) / A.SectorBytes);
  return uniqueKeys(Sectors);
}

unsigned sharedPhases(const WarpAddresses &W, const ArchProfile &A) {
  unsigned LanesPerPhase = std::max(1u, std::min(32u, A.SharedPhaseBytes / std::max(W.Bytes, 1u)));
  unsigned Phases = 0;
  for (unsigned First = 0; First < 32; First += LanesPerPhase) {
    uint32_t Mask = (LanesPerPhase >= 32 ? ~0u : ((1u << LanesPerPhase) - 1)) << First;
    if (W.Active & Mask)
      ++Phases;
  }
  return Phases;
}

unsigned sharedWavefronts(const WarpAddresses &W, const ArchProfile &A) {
  unsigned LanesPerPhase = std::max(1u, std::min(32u, A.SharedPhaseBytes / std::max(W.Bytes, 1u)));
  const unsigned Word = A.SharedBankBytes;
  unsigned Total = 0;
  for (unsigned First = 0; First < 32; First += LanesPerPhase) {
    KeyVector Words;
    for (unsigned L = First; L < First + LanesPerPhase && L < 32; ++L)
      if (W.Active >> L & 1)
        for (uint64_t Wd = W.Addr[L] / Word, E = lastByte(W, L) / Word; Wd <= E;
             ++Wd)
          Words.push_back(Wd);
    if (Words.empty())
      continue;
    uniqueKeys(Words);
    llvm::SmallVector<unsigned, 32> PerBank(A.SharedBanks, 0);
    unsigned Worst = 0;
    for (uint64_t Wd : Words)
      Worst = std::max(Worst, ++PerBank[Wd % A.SharedBanks]);
    Total += Worst;
  }
  return Total;
}

unsigned distinctAddresses(const WarpAddresses &W) {
  llvm::SmallVector<uint64_t, 32> Addrs;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      Addrs.push_back(W.Addr[L]);
  return uniqueKeys(Addrs);
}

unsigned idealSectors(const WarpAddresses &W, const ArchProfile &A) {
  unsigned Distinct = distinctAddresses(W);
  return std::max(1u, (unsigned)llvm::divideCeil(Distinct * W.Bytes, A.SectorBytes));
}

} // namespace warplint
