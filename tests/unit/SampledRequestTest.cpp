//===- SampledRequestTest.cpp - Pieces the access sampling leans on --------===//
//
// The access prediction lists a request's sectors without allocating (to tell
// whether consecutive iterations share one), and the lane model caches a
// branch condition's true lanes in the value. These compare both with the
// plain way: sets of sectors, and a lane-by-lane count after every change.
//
//===----------------------------------------------------------------------===//
#include "analyzer/AccessRelations.h"
#include "analyzer/ThreadIndexModel.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace warplint {
namespace {

std::set<uint64_t> refSectors(const WarpAddresses &W, const ArchProfile &A) {
  std::set<uint64_t> S;
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t B = W.Addr[L]; B < W.Addr[L] + W.Bytes; ++B)
        S.insert(B / A.SectorBytes);
  return S;
}

bool refShare(const std::set<uint64_t> &A, const std::set<uint64_t> &B) {
  for (uint64_t S : A)
    if (B.count(S))
      return true;
  return false;
}

TEST(SampledRequest, SectorListsMatchSetsInAnyLaneOrder) {
  const ArchProfile &A = defaultArch();
  std::mt19937_64 Rng(7);
  for (int Round = 0; Round < 5000; ++Round) {
    WarpAddresses W, Next;
    W.Bytes = Next.Bytes = 1u << (Rng() % 5); // 1 to 16 bytes.
    W.Active = Next.Active = uint32_t(Rng()) | (Round % 3 == 0 ? ~0u : 0u);
    if (!W.Active)
      W.Active = Next.Active = 1;
    // Strided in address order, backwards, or scattered; the next iteration
    // a few bytes or a long way further.
    int64_t Stride = int64_t(Rng() % 3 == 0 ? Rng() % 20000 : Rng() % 64) *
                     (Round % 4 == 1 ? -1 : 1);
    uint64_t Base = (uint64_t(1) << 36) + Rng() % 4096, Step = Rng() % 2 ? Rng() % 160 : 4096;
    for (unsigned L = 0; L < 32; ++L) {
      W.Addr[L] = Round % 5 == 4 ? Base + Rng() % 8192 : Base + Stride * int64_t(L);
      Next.Addr[L] = W.Addr[L] + Step;
    }
    SectorList Got, GotNext;
    sectorsInto(W, A, Got);
    sectorsInto(Next, A, GotNext);
    std::set<uint64_t> Want = refSectors(W, A), WantNext = refSectors(Next, A);
    ASSERT_EQ(std::vector<uint64_t>(Got.begin(), Got.end()),
              std::vector<uint64_t>(Want.begin(), Want.end()))
        << "round " << Round;
    EXPECT_EQ(shareAny(Got, GotNext), refShare(Want, WantNext)) << "round " << Round;
  }
}

TEST(SampledRequest, SectorListIsEmptiedFirst) {
  const ArchProfile &A = defaultArch();
  WarpAddresses W;
  W.Active = 1;
  W.Addr[0] = 64;
  SectorList Out = {1, 2, 3};
  sectorsInto(W, A, Out);
  EXPECT_EQ(std::vector<uint64_t>(Out.begin(), Out.end()), std::vector<uint64_t>{2});
}

uint32_t refNonZero(const LaneValues &V) {
  uint32_t M = 0;
  for (unsigned L = 0; L < 32; ++L)
    if (V.V[L])
      M |= 1u << L;
  return M;
}

TEST(SampledRequest, TrueLanesFollowTheLanesOfEachCopy) {
  LaneValues C;
  for (unsigned L = 0; L < 32; L += 3)
    C.V[L] = 1;
  EXPECT_EQ(C.nonZeroLanes(), refNonZero(C));
  // A copy whose lanes change afterwards (a cast of the condition) finds
  // its own true lanes, whether copied by construction or by assignment.
  LaneValues Constructed(C);
  Constructed.V[1] = 5;
  EXPECT_EQ(Constructed.nonZeroLanes(), refNonZero(Constructed));
  LaneValues Assigned;
  EXPECT_EQ(Assigned.nonZeroLanes(), 0u);
  Assigned = C;
  Assigned.V[0] = 0;
  EXPECT_EQ(Assigned.nonZeroLanes(), refNonZero(Assigned));
  EXPECT_NE(Assigned.nonZeroLanes(), C.nonZeroLanes());
}

} // namespace
} // namespace warplint
