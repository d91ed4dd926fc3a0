//===- HappensBeforeTest.cpp - Orderings through memory within a block ----===//
//
// HappensBefore's vector clocks: which release an acquire synchronizes with,
// release sequences through read-modify-writes, fences around relaxed
// accesses, and warp syncs (whose fast path, for warps whose lanes agree
// outside the warp, must order exactly what the full join orders).
//
//===----------------------------------------------------------------------===//
#include "devicemodel/HappensBefore.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::dm;

namespace {

constexpr unsigned Warp = 32, Threads = 128;
constexpr uint64_t Flag = 7, Other = 8;

TEST(HappensBeforeTest, AcquireOfAReleaseOrders) {
  HappensBefore HB(Threads, Warp, true);
  uint32_t Before = HB.clock(0);
  HB.syncAccess(0, Flag, MemOp::Store, false, true);
  uint32_t After = HB.clock(0);
  EXPECT_FALSE(HB.ordered(0, Before, 40));
  HB.syncAccess(40, Flag, MemOp::Load, true, false);
  EXPECT_TRUE(HB.ordered(0, Before, 40));
  // What thread 0 does after its release is not ordered.
  EXPECT_FALSE(HB.ordered(0, After, 40));
  // Nor is anything ordered for a thread that did not acquire.
  EXPECT_FALSE(HB.ordered(0, Before, 41));
}

TEST(HappensBeforeTest, RelaxedLoadOrOtherLocationOrdersNothing) {
  HappensBefore HB(Threads, Warp, true);
  uint32_t Before = HB.clock(0);
  HB.syncAccess(0, Flag, MemOp::Store, false, true);
  HB.syncAccess(40, Flag, MemOp::Load, false, false);
  HB.syncAccess(41, Other, MemOp::Load, true, false);
  EXPECT_FALSE(HB.ordered(0, Before, 40));
  EXPECT_FALSE(HB.ordered(0, Before, 41));
}

TEST(HappensBeforeTest, ReadModifyWritesContinueTheReleaseSequence) {
  HappensBefore HB(Threads, Warp, true);
  uint32_t Zero = HB.clock(0), ThirtyTwo = HB.clock(32);
  // Two warps arrive (acq_rel or), a relaxed red follows; the acquire of
  // the word synchronizes with both releases.
  HB.syncAccess(0, Flag, MemOp::Atomic, true, true);
  HB.syncAccess(32, Flag, MemOp::Atomic, true, true);
  EXPECT_TRUE(HB.ordered(0, Zero, 32));
  HB.syncAccess(64, Flag, MemOp::Reduction, false, false);
  HB.syncAccess(96, Flag, MemOp::Load, true, false);
  EXPECT_TRUE(HB.ordered(0, Zero, 96));
  EXPECT_TRUE(HB.ordered(32, ThirtyTwo, 96));
  // A relaxed plain store ends the sequence.
  HB.syncAccess(64, Flag, MemOp::Store, false, false);
  HB.syncAccess(97, Flag, MemOp::Load, true, false);
  EXPECT_FALSE(HB.ordered(0, Zero, 97));
}

TEST(HappensBeforeTest, FencesAroundRelaxedAccesses) {
  HappensBefore HB(Threads, Warp, true);
  uint32_t Before = HB.clock(0);
  HB.fence(0);
  HB.syncAccess(0, Flag, MemOp::Store, false, false);
  HB.syncAccess(40, Flag, MemOp::Load, false, false);
  EXPECT_FALSE(HB.ordered(0, Before, 40)); // Not yet: no fence after the load.
  HB.fence(40);
  EXPECT_TRUE(HB.ordered(0, Before, 40));
  // Without the writer's fence, a relaxed store releases nothing.
  uint32_t Late = HB.clock(1);
  HB.syncAccess(1, Other, MemOp::Store, false, false);
  HB.syncAccess(41, Other, MemOp::Load, false, false);
  HB.fence(41);
  EXPECT_FALSE(HB.ordered(1, Late, 41));
}

TEST(HappensBeforeTest, WarpSyncCarriesLanesIntoARelease) {
  // Lane 5 writes, the warp syncs, lane 0 releases: the acquirer is ordered
  // after lane 5's write, not after lane 5's write after the sync. Run it
  // both on a uniform warp (fast path) and after a lone acquire made the
  // warp's lanes differ (full join).
  for (bool Disturb : {false, true}) {
    HappensBefore HB(Threads, Warp, true);
    if (Disturb) {
      HB.syncAccess(100, Other, MemOp::Store, false, true);
      HB.syncAccess(3, Other, MemOp::Load, true, false);
    }
    uint32_t Write = HB.clock(5);
    HB.warpSync(0, ~0u);
    uint32_t After = HB.clock(5);
    HB.syncAccess(0, Flag, MemOp::Store, false, true);
    HB.syncAccess(64, Flag, MemOp::Load, true, false);
    EXPECT_TRUE(HB.ordered(5, Write, 64)) << Disturb;
    EXPECT_FALSE(HB.ordered(5, After, 64)) << Disturb;
    // Lanes outside the sync's mask learn nothing.
    HappensBefore Part(Threads, Warp, true);
    uint32_t Lane9 = Part.clock(9);
    Part.warpSync(0, 0x3);
    Part.syncAccess(0, Flag, MemOp::Store, false, true);
    Part.syncAccess(64, Flag, MemOp::Load, true, false);
    EXPECT_FALSE(Part.ordered(9, Lane9, 64));
    // The disturbed lane's knowledge reaches the warp through the sync.
    if (Disturb) {
      EXPECT_TRUE(HB.ordered(100, 1, 64));
    }
  }
}

TEST(HappensBeforeTest, InactiveOrdersNothing) {
  HappensBefore HB(Threads, Warp, false);
  HB.syncAccess(0, Flag, MemOp::Store, false, true);
  HB.syncAccess(40, Flag, MemOp::Load, true, false);
  EXPECT_EQ(HB.clock(0), 0u);
  EXPECT_FALSE(HB.ordered(0, 0, 40));
}

} // namespace
