//===- MemoryCostTest.cpp - MemoryCost against a plain reference ----------===//
//
// MemoryCost counts with bitsets and one-pass windows (the device model calls
// it on every warp-level access). These tests compare it with the rules of
// DESIGN.md written the plain way, with sets, on structured and random
// requests: near and far lanes, lanes spanning two sectors, every access size,
// partial masks, and bank patterns with and without conflicts.
//
//===----------------------------------------------------------------------===//
#include "analyzer/arch/MemoryCost.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

namespace warplint {
namespace {

unsigned refGlobalSectors(const WarpAddresses &W, const ArchProfile &A) {
  std::set<uint64_t> S;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t B = W.Addr[L]; B < W.Addr[L] + W.Bytes; ++B)
        S.insert(B / A.SectorBytes);
  return S.size();
}

unsigned refSharedWavefronts(const WarpAddresses &W, const ArchProfile &A) {
  unsigned PerPhase = std::max(1u, std::min(32u, A.SharedPhaseBytes / W.Bytes));
  unsigned Total = 0;
  for (unsigned First = 0; First < 32; First += PerPhase) {
    std::set<uint64_t> Words;
    for (unsigned L = First; L < std::min(32u, First + PerPhase); ++L)
      if (W.Active >> L & 1)
        for (uint64_t B = W.Addr[L]; B < W.Addr[L] + W.Bytes; ++B)
          Words.insert(B / A.SharedBankBytes);
    std::map<uint64_t, unsigned> PerBank;
    unsigned Worst = 0;
    for (uint64_t Wd : Words)
      Worst = std::max(Worst, ++PerBank[Wd % A.SharedBanks]);
    Total += Worst;
  }
  return Total;
}

/// A shared atomic that updates a word once per lane: lane-words per bank,
/// one pass when every active lane is on one word.
unsigned refAtomicWavefronts(const WarpAddresses &W, const ArchProfile &A) {
  std::set<uint64_t> All;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t B = W.Addr[L]; B < W.Addr[L] + W.Bytes; ++B)
        All.insert(B / A.SharedBankBytes);
  if (All.size() == 1)
    return 1;
  unsigned PerPhase = std::max(1u, std::min(32u, A.SharedPhaseBytes / W.Bytes));
  unsigned Total = 0;
  for (unsigned First = 0; First < 32; First += PerPhase) {
    std::map<uint64_t, unsigned> PerBank;
    unsigned Worst = 0;
    for (unsigned L = First; L < std::min(32u, First + PerPhase); ++L)
      if (W.Active >> L & 1)
        for (uint64_t Wd = W.Addr[L] / A.SharedBankBytes;
             Wd <= (W.Addr[L] + W.Bytes - 1) / A.SharedBankBytes; ++Wd)
          Worst = std::max(Worst, ++PerBank[Wd % A.SharedBanks]);
    Total += Worst;
  }
  return Total;
}

WarpAddresses strided(uint64_t Base, int64_t Stride, unsigned Bytes, uint32_t Active = ~0u) {
  WarpAddresses W;
  W.Bytes = Bytes;
  W.Active = Active;
  for (unsigned L = 0; L < 32; ++L)
    W.Addr[L] = Base + Stride * int64_t(L);
  return W;
}

void expectSame(const WarpAddresses &W) {
  const ArchProfile &A = defaultArch();
  EXPECT_EQ(globalSectors(W, A), refGlobalSectors(W, A))
      << "bytes " << W.Bytes << " first lane " << W.Addr[0] << " lane 1 " << W.Addr[1];
  EXPECT_EQ(sharedWavefronts(W, A), refSharedWavefronts(W, A))
      << "bytes " << W.Bytes << " first lane " << W.Addr[0] << " lane 1 " << W.Addr[1];
}

TEST(MemoryCost, StridesOfEverySize) {
  for (unsigned Bytes : {1u, 2u, 4u, 8u, 16u})
    for (int64_t Stride : {0, 1, 2, 4, 8, 12, 16, 32, 33, 64, 128, 132, 1024, -4, -132})
      for (uint64_t Base : {uint64_t(0), uint64_t(4), uint64_t(30), uint64_t(1) << 20})
        for (uint32_t Active : {~0u, 0x0000ffffu, 0x80000001u, 0x00f0f0f0u, 0u}) {
          uint64_t Start = Base + (Stride < 0 ? uint64_t(-Stride) * 40 : 0);
          expectSame(strided(Start, Stride, Bytes, Active));
        }
}

TEST(MemoryCost, KnownCosts) {
  const ArchProfile &A = defaultArch();
  // 32 consecutive floats: 4 sectors, 1 wavefront; a stride of 32 words puts
  // every lane in bank 0: 32 wavefronts.
  EXPECT_EQ(globalSectors(strided(0, 4, 4), A), 4u);
  EXPECT_EQ(sharedWavefronts(strided(0, 4, 4), A), 1u);
  EXPECT_EQ(sharedWavefronts(strided(0, 128, 4), A), 32u);
  // Stride 2 words: two words per bank in a 64-word span.
  EXPECT_EQ(sharedWavefronts(strided(0, 8, 4), A), 2u);
  // Floats 2 bytes short of each sector's end span two sectors each: the 32
  // lanes touch sectors 0 to 32.
  EXPECT_EQ(globalSectors(strided(30, 32, 4), A), 33u);
}

TEST(MemoryCost, RandomRequestsNearAndFar) {
  std::mt19937_64 Rng(12345);
  for (unsigned Trial = 0; Trial < 20000; ++Trial) {
    WarpAddresses W;
    W.Bytes = 1u << (Rng() % 5);
    W.Active = uint32_t(Rng());
    uint64_t Base = Rng() % (uint64_t(1) << 40);
    // Spreads below and above a 64-sector / 64-word window, aligned or not.
    uint64_t Spread = uint64_t(1) << (Rng() % 14);
    bool Aligned = Rng() % 2;
    for (unsigned L = 0; L < 32; ++L) {
      uint64_t A = Base + Rng() % Spread;
      W.Addr[L] = Aligned ? A & ~uint64_t(W.Bytes - 1) : A;
    }
    expectSame(W);
    if (HasFailure())
      return;
  }
}

// A shared-memory histogram (`atomicAdd(&s[bin], 1)`): lanes land on few
// words in no order, the same word again far from its first lane. Each
// distinct word costs its bank one wavefront, however many lanes and in
// whatever order; a constant-memory read costs one pass per distinct address.
TEST(MemoryCost, HistogramLanesInAnyOrder) {
  const ArchProfile &A = defaultArch();
  std::mt19937_64 Rng(2024);
  for (uint64_t Bins : {1u, 2u, 8u, 33u, 64u, 256u, 1024u, 4096u})
    for (unsigned Trial = 0; Trial < 500; ++Trial) {
      WarpAddresses W;
      W.Bytes = Trial % 3 ? 4 : 8;
      W.Active = Trial % 5 ? ~0u : uint32_t(Rng());
      uint64_t Base = (Rng() % 1024) * 8;
      std::set<uint64_t> Addrs;
      for (unsigned L = 0; L < 32; ++L) {
        W.Addr[L] = Base + (Rng() % Bins) * W.Bytes;
        if (W.Active >> L & 1)
          Addrs.insert(W.Addr[L]);
      }
      EXPECT_EQ(sharedWavefronts(W, A), refSharedWavefronts(W, A)) << Bins << " bins";
      EXPECT_EQ(sharedAtomicWavefronts(W, A, true), refSharedWavefronts(W, A)) << Bins;
      EXPECT_EQ(sharedAtomicWavefronts(W, A, false), refAtomicWavefronts(W, A)) << Bins;
      EXPECT_EQ(distinctAddresses(W), Addrs.size()) << Bins << " bins";
      if (HasFailure())
        return;
    }
  // Words 0 and 32 (bank 0) alternating over the 32 lanes: 2 wavefronts, not
  // the 32 lanes a count of lanes per bank would give; an atomic that updates
  // once per lane (not ATOMS.POPC.INC) takes the 32.
  WarpAddresses W;
  W.Active = ~0u;
  for (unsigned L = 0; L < 32; ++L)
    W.Addr[L] = L % 2 ? 128 : 0;
  EXPECT_EQ(sharedWavefronts(W, A), 2u);
  EXPECT_EQ(distinctAddresses(W), 2u);
  EXPECT_EQ(sharedAtomicWavefronts(W, A, true), 2u);
  EXPECT_EQ(sharedAtomicWavefronts(W, A, false), 32u);
  // Every lane on word 1: one pass either way (nvcc gives a warp-uniform
  // address to one lane).
  for (unsigned L = 0; L < 32; ++L)
    W.Addr[L] = 4;
  EXPECT_EQ(sharedAtomicWavefronts(W, A, false), 1u);
}

} // namespace
} // namespace warplint
