//===- MemoryCost.cpp - What one warp-level access costs ------------------===//
#include "analyzer/arch/MemoryCost.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <optional>

namespace warplint {
namespace {

/// Keys for 32 lanes of up to 16 bytes: no allocation per request.
using KeyVector = llvm::SmallVector<uint64_t, 160>;

/// Keys spanning fewer than 256 values, as bits above the smallest.
struct SpanBits {
  uint64_t Lo = 0;
  uint64_t Bits[4] = {};
};

/// Keys (not empty) as bits when they span little; none otherwise.
std::optional<SpanBits> spanBits(const KeyVector &Keys) {
  SpanBits S;
  S.Lo = Keys[0];
  uint64_t Hi = Keys[0];
  for (uint64_t K : Keys) {
    S.Lo = std::min(S.Lo, K);
    Hi = std::max(Hi, K);
  }
  if (Hi - S.Lo >= 256)
    return std::nullopt;
  for (uint64_t K : Keys)
    S.Bits[(K - S.Lo) >> 6] |= uint64_t(1) << ((K - S.Lo) & 63);
  return S;
}

/// Calls Fn once per distinct key of Keys (in increasing order): a bitset
/// when they span little, else a sort. The device model prices every
/// warp-level memory instruction through here.
template <class Fn> void forEachDistinct(KeyVector &Keys, Fn &&F) {
  if (Keys.empty())
    return;
  if (std::optional<SpanBits> S = spanBits(Keys)) {
    for (unsigned W = 0; W < 4; ++W)
      for (uint64_t B = S->Bits[W]; B; B &= B - 1)
        F(S->Lo + W * 64 + llvm::countr_zero(B));
    return;
  }
  std::sort(Keys.begin(), Keys.end());
  for (size_t I = 0; I < Keys.size(); ++I)
    if (I == 0 || Keys[I] != Keys[I - 1])
      F(Keys[I]);
}

/// How many distinct keys Keys holds.
unsigned countDistinct(KeyVector &Keys) {
  if (Keys.empty())
    return 0;
  // Lanes in address order (a positive stride: most requests) need no set.
  if (std::is_sorted(Keys.begin(), Keys.end())) {
    unsigned Distinct = 1;
    for (size_t I = 1; I < Keys.size(); ++I)
      Distinct += Keys[I] != Keys[I - 1];
    return Distinct;
  }
  if (std::optional<SpanBits> S = spanBits(Keys))
    return llvm::popcount(S->Bits[0]) + llvm::popcount(S->Bits[1]) +
           llvm::popcount(S->Bits[2]) + llvm::popcount(S->Bits[3]);
  std::sort(Keys.begin(), Keys.end());
  return std::unique(Keys.begin(), Keys.end()) - Keys.begin();
}

/// log2 of a size ArchProfile gives as a power of two (sectors, bank words):
/// the hot loops shift rather than divide.
unsigned shiftOf(unsigned Bytes) {
  assert(llvm::isPowerOf2_32(Bytes) && "memory sizes are powers of two");
  return llvm::countr_zero(Bytes);
}

/// The last byte lane L touches.
uint64_t lastByte(WarpAddressView W, unsigned L) {
  return W.Addr[L] + std::max(W.Bytes, 1u) - 1;
}

/// Lanes served by one phase of a shared request.
unsigned lanesPerPhase(WarpAddressView W, const ArchProfile &A) {
  return std::max(1u, std::min(32u, A.SharedPhaseBytes / std::max(W.Bytes, 1u)));
}

/// The units 2^Shift bytes wide (sectors, bank words) that the lanes of Mask
/// touch, as bits above the lowest, when they span fewer than Limit (<= 64);
/// none when they spread wider.
std::optional<uint64_t> laneSpanBits(WarpAddressView W, uint32_t Mask, unsigned Shift,
                                     unsigned Limit) {
  uint64_t Lo = ~uint64_t(0);
  for (uint32_t M = Mask; M; M &= M - 1)
    Lo = std::min(Lo, W.Addr[llvm::countr_zero(M)] >> Shift);
  uint64_t Bits = 0;
  for (uint32_t M = Mask; M; M &= M - 1) {
    unsigned L = llvm::countr_zero(M);
    uint64_t First = (W.Addr[L] >> Shift) - Lo, Last = (lastByte(W, L) >> Shift) - Lo;
    if (Last >= Limit)
      return std::nullopt;
    Bits |= ((uint64_t(2) << (Last - First)) - 1) << First;
  }
  return Bits;
}

/// The wavefronts of one phase (the lanes of Mask) when its words lie within
/// 2 * Banks of the lowest (Banks <= 32): a bank then holds at most two of
/// them, words I and I + Banks above the lowest. None when they spread wider.
std::optional<unsigned> nearWavefronts(WarpAddressView W, uint32_t Mask, unsigned WordShift,
                                       unsigned Banks) {
  if (Banks > 32)
    return std::nullopt;
  std::optional<uint64_t> Bits = laneSpanBits(W, Mask, WordShift, 2 * Banks);
  if (!Bits)
    return std::nullopt;
  uint64_t Low = (uint64_t(1) << Banks) - 1;
  return *Bits ? 1 + ((*Bits & (*Bits >> Banks) & Low) != 0) : 0;
}

} // namespace

unsigned globalSectors(WarpAddressView W, const ArchProfile &A) {
  // The device model's hottest function: bits held in registers (rather than
  // a store and reload of the same word per lane); a sort only for a request
  // spanning 256 sectors or more.
  const unsigned Shift = shiftOf(A.SectorBytes);
  if (!W.Active)
    return 0;
  // Nearly every request lies within 64 sectors of its first lane's, each
  // lane within one sector: one pass sets bits in a 128-sector window.
  const uint64_t Base = (W.Addr[llvm::countr_zero(W.Active)] >> Shift) - 64;
  uint64_t Near = 0, Far = 0;
  auto Mark = [&](unsigned L) {
    uint64_t X = (W.Addr[L] >> Shift) - Base;
    if (X >= 128 || X != (lastByte(W, L) >> Shift) - Base)
      return false;
    uint64_t Bit = uint64_t(1) << (X & 63);
    Near |= X < 64 ? Bit : 0;
    Far |= X < 64 ? 0 : Bit;
    return true;
  };
  bool Marked = true;
  if (W.Active == ~0u) { // Straight through, no mask to walk.
    for (unsigned L = 0; L < 32 && Marked; ++L)
      Marked = Mark(L);
  } else {
    for (uint32_t M = W.Active; M && Marked; M &= M - 1)
      Marked = Mark(llvm::countr_zero(M));
  }
  if (Marked)
    return llvm::popcount(Near) + llvm::popcount(Far);
  // Otherwise (a lane spans two sectors, or the lanes spread wider): a word
  // of bits above the lowest sector when they fit, then four, then a sort.
  if (std::optional<uint64_t> Bits = laneSpanBits(W, W.Active, Shift, 64))
    return llvm::popcount(*Bits);
  uint64_t Lo = ~uint64_t(0), Hi = 0;
  for (uint32_t M = W.Active; M; M &= M - 1) {
    unsigned L = llvm::countr_zero(M);
    Lo = std::min(Lo, W.Addr[L] >> Shift);
    Hi = std::max(Hi, lastByte(W, L) >> Shift);
  }
  if (Hi - Lo < 256) {
    uint64_t B0 = 0, B1 = 0, B2 = 0, B3 = 0;
    for (uint32_t M = W.Active; M; M &= M - 1) {
      unsigned L = llvm::countr_zero(M);
      for (uint64_t X = (W.Addr[L] >> Shift) - Lo, E = (lastByte(W, L) >> Shift) - Lo; X <= E;
           ++X) {
        uint64_t Bit = uint64_t(1) << (X & 63), Word = X >> 6;
        B0 |= Word == 0 ? Bit : 0;
        B1 |= Word == 1 ? Bit : 0;
        B2 |= Word == 2 ? Bit : 0;
        B3 |= Word == 3 ? Bit : 0;
      }
    }
    return llvm::popcount(B0) + llvm::popcount(B1) + llvm::popcount(B2) + llvm::popcount(B3);
  }
  KeyVector Sectors;
  for (uint32_t M = W.Active; M; M &= M - 1) {
    unsigned L = llvm::countr_zero(M);
    for (uint64_t S = W.Addr[L] >> Shift, E = lastByte(W, L) >> Shift; S <= E; ++S)
      Sectors.push_back(S);
  }
  return countDistinct(Sectors);
}

unsigned localSectors(WarpAddressView W, const ArchProfile &A) {
  // Word w of lane l lives at (w * WarpSize + l) * 4 bytes.
  const unsigned WordShift = shiftOf(A.SharedBankBytes), SectorShift = shiftOf(A.SectorBytes);
  KeyVector Sectors;
  for (uint32_t M = W.Active; M; M &= M - 1) {
    unsigned L = llvm::countr_zero(M);
    for (uint64_t Wd = W.Addr[L] >> WordShift, E = lastByte(W, L) >> WordShift; Wd <= E;
         ++Wd)
      Sectors.push_back(((Wd * A.WarpSize + L) << WordShift) >> SectorShift);
  }
  return countDistinct(Sectors);
}

unsigned sharedPhases(WarpAddressView W, const ArchProfile &A) {
  unsigned LanesPerPhase = lanesPerPhase(W, A);
  unsigned Phases = 0;
  for (unsigned First = 0; First < 32; First += LanesPerPhase) {
    uint32_t Mask = (LanesPerPhase >= 32 ? ~0u : ((1u << LanesPerPhase) - 1)) << First;
    if (W.Active & Mask)
      ++Phases;
  }
  return Phases;
}

namespace {
/// The sum over the phases of W's request (those with active lanes) of
/// F(PhaseMask, WordShift, BankMask): a bank's cost per phase, the request's
/// wavefronts.
template <class Fn> unsigned sumOverPhases(WarpAddressView W, const ArchProfile &A, Fn F) {
  const unsigned LanesPerPhase = lanesPerPhase(W, A), WordShift = shiftOf(A.SharedBankBytes);
  const uint64_t BankMask = A.SharedBanks - 1;
  assert(llvm::isPowerOf2_32(A.SharedBanks) && A.SharedBanks <= 64);
  unsigned Total = 0;
  for (unsigned First = 0; First < 32; First += LanesPerPhase)
    if (uint32_t PhaseMask =
            W.Active & ((LanesPerPhase >= 32 ? ~0u : ((1u << LanesPerPhase) - 1)) << First))
      Total += F(PhaseMask, WordShift, BankMask);
  return Total;
}
} // namespace

unsigned sharedWavefronts(WarpAddressView W, const ArchProfile &A) {
  // Lanes in one 32-bit word (1- and 2-byte accesses) are served together:
  // the cost counts distinct words, never lanes.
  return sumOverPhases(W, A, [&](uint32_t PhaseMask, unsigned WordShift, uint64_t BankMask) {
    if (std::optional<unsigned> Near = nearWavefronts(W, PhaseMask, WordShift, A.SharedBanks))
      return *Near;
    KeyVector Words;
    for (uint32_t M = PhaseMask; M; M &= M - 1) {
      unsigned L = llvm::countr_zero(M);
      for (uint64_t Wd = W.Addr[L] >> WordShift, E = lastByte(W, L) >> WordShift; Wd <= E;
           ++Wd)
        Words.push_back(Wd);
    }
    unsigned PerBank[64] = {};
    unsigned Worst = 0;
    forEachDistinct(Words, [&](uint64_t Wd) {
      Worst = std::max(Worst, ++PerBank[Wd & BankMask]);
    });
    return Worst;
  });
}

unsigned sharedAtomicWavefronts(WarpAddressView W, const ArchProfile &A, bool CombinesLanes) {
  if (CombinesLanes)
    return sharedWavefronts(W, A);
  // Every lane on one word: nvcc gives a warp-uniform address to one lane
  // (the warp's values combined first), one pass.
  if (std::optional<uint64_t> Words = laneSpanBits(W, W.Active, shiftOf(A.SharedBankBytes), 64);
      Words && llvm::popcount(*Words) == 1)
    return sharedPhases(W, A);
  // Otherwise each lane updates its word in turn: a bank costs one
  // wavefront per lane on it, same-word lanes included.
  return sumOverPhases(W, A, [&](uint32_t PhaseMask, unsigned WordShift, uint64_t BankMask) {
    unsigned PerBank[64] = {};
    unsigned Worst = 0;
    for (uint32_t M = PhaseMask; M; M &= M - 1) {
      unsigned L = llvm::countr_zero(M);
      for (uint64_t Wd = W.Addr[L] >> WordShift, E = lastByte(W, L) >> WordShift; Wd <= E;
           ++Wd)
        Worst = std::max(Worst, ++PerBank[Wd & BankMask]);
    }
    return Worst;
  });
}

bool atomicCombinesLanes(const llvm::Instruction &I) {
  const auto *RMW = llvm::dyn_cast<llvm::AtomicRMWInst>(&I);
  // A 64-bit add is a compare-and-swap loop on sm_90 (ATOMS.CAST.SPIN.64).
  if (!RMW || RMW->getOperation() != llvm::AtomicRMWInst::Add || !RMW->use_empty() ||
      !RMW->getType()->isIntegerTy(32))
    return false;
  const auto *One = llvm::dyn_cast<llvm::ConstantInt>(RMW->getValOperand());
  return One && One->isOne();
}

unsigned distinctAddresses(WarpAddressView W) {
  KeyVector Addrs;
  for (uint32_t M = W.Active; M; M &= M - 1)
    Addrs.push_back(W.Addr[llvm::countr_zero(M)]);
  return countDistinct(Addrs);
}

unsigned idealSectors(WarpAddressView W, const ArchProfile &A) {
  return idealSectors(distinctAddresses(W), W.Bytes, A);
}

unsigned idealSectors(unsigned Distinct, unsigned Bytes, const ArchProfile &A) {
  return std::max(1u, (unsigned)llvm::divideCeil(Distinct * Bytes, A.SectorBytes));
}

uint64_t bulkCopyPieces(uint64_t Bytes, const ArchProfile &A) {
  return llvm::divideCeil(Bytes, A.BulkCopyPieceBytes);
}

BulkCopyCost bulkCopyCost(WarpAddressView W, const ArchProfile &A) {
  BulkCopyCost C;
  for (uint32_t M = W.Active; M; M &= M - 1) {
    uint64_t From = W.Addr[llvm::countr_zero(M)];
    for (uint64_t Pos = 0; Pos < W.Bytes; Pos += A.BulkCopyPieceBytes) {
      uint64_t Last = From + std::min<uint64_t>(W.Bytes, Pos + A.BulkCopyPieceBytes) - 1;
      C.Sectors += Last / A.SectorBytes - (From + Pos) / A.SectorBytes + 1;
      ++C.Pieces;
    }
    C.Ideal += llvm::divideCeil(W.Bytes, A.SectorBytes);
  }
  return C;
}

} // namespace warplint
