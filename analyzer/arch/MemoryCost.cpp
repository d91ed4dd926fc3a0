//===- MemoryCost.cpp - What one warp-level access costs ------------------===//
#include "analyzer/arch/MemoryCost.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace warplint {
namespace {

unsigned countDistinct(llvm::SmallVectorImpl<uint64_t> &Keys) {
  std::sort(Keys.begin(), Keys.end());
  return std::unique(Keys.begin(), Keys.end()) - Keys.begin();
}

} // namespace

unsigned globalSectors(const WarpAddresses &W, const ArchProfile &A) {
  llvm::SmallVector<uint64_t, 64> Sectors;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t S = W.Addr[L] / A.SectorBytes,
                    E = (W.Addr[L] + std::max(W.Bytes, 1u) - 1) / A.SectorBytes;
           S <= E; ++S)
        Sectors.push_back(S);
  return countDistinct(Sectors);
}

unsigned localSectors(const WarpAddresses &W, const ArchProfile &A) {
  // Word w of lane l lives at (w * WarpSize + l) * 4 bytes.
  const unsigned Word = A.SharedBankBytes;
  llvm::SmallVector<uint64_t, 64> Sectors;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t Wd = W.Addr[L] / Word, E = (W.Addr[L] + W.Bytes - 1) / Word; Wd <= E;
           ++Wd)
        Sectors.push_back(((Wd * A.WarpSize + L) * Word) / A.SectorBytes);
  return countDistinct(Sectors);
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
    llvm::SmallVector<uint64_t, 64> Words;
    for (unsigned L = First; L < First + LanesPerPhase && L < 32; ++L)
      if (W.Active >> L & 1)
        for (uint64_t Wd = W.Addr[L] / Word, E = (W.Addr[L] + W.Bytes - 1) / Word; Wd <= E;
             ++Wd)
          Words.push_back(Wd);
    if (Words.empty())
      continue;
    std::sort(Words.begin(), Words.end());
    Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
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
  return countDistinct(Addrs);
}

unsigned idealSectors(const WarpAddresses &W, const ArchProfile &A) {
  unsigned Distinct = distinctAddresses(W);
  return std::max(1u, (unsigned)llvm::divideCeil(Distinct * W.Bytes, A.SectorBytes));
}

} // namespace warplint
