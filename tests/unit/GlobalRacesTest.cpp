//===- GlobalRacesTest.cpp - What orders global accesses across blocks ----===//
//
// BlockGlobalLog's summary of one block: which accesses a fence-and-flag
// protocol releases (so another block that acquired the flag may use them)
// and which accesses follow an acquire of a flag.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/GlobalRaces.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::dm;

namespace {

constexpr uint64_t Data = 100, Flag = 7;

/// The summary of Word, or a default one (no use) when the block did not
/// touch it.
WordSummary summaryOf(const BlockGlobalLog &Log, uint64_t Word) {
  for (const WordSummary &S : Log.summarize())
    if (S.Word == Word)
      return S;
  return WordSummary();
}

/// Thread T writes Data (value 5).
void write(BlockGlobalLog &Log, uint32_t T) {
  Log.tick();
  uint32_t V = 5;
  Log.access(Data, GU_Write, T, 1, 0xf, &V);
}

/// Thread T takes a ticket on Flag (an atomic whose result is used).
void ticket(BlockGlobalLog &Log, uint32_t T) {
  Log.tick();
  Log.syncOn(Flag, T, /*Release=*/true, /*Acquire=*/true);
  Log.access(Flag, GU_Sync, T, 2, 0xf, nullptr);
}

void fence(BlockGlobalLog &Log, uint32_t T) {
  Log.tick();
  Log.fence(T);
}

void barrier(BlockGlobalLog &Log) {
  Log.tick();
  Log.barrier();
}

TEST(GlobalRaces, FenceThenTicketReleasesTheWrite) {
  BlockGlobalLog Log(64);
  write(Log, 0);
  fence(Log, 0);
  ticket(Log, 0);
  WordSummary S = summaryOf(Log, Data);
  EXPECT_EQ(S.Uses[GU_Write].Released, Flag + 1);
  EXPECT_TRUE(S.Uses[GU_Write].HasValue);
  EXPECT_EQ(S.Uses[GU_Write].Value, 5u);
}

TEST(GlobalRaces, TicketWithoutFenceReleasesNothing) {
  BlockGlobalLog Log(64);
  write(Log, 0);
  ticket(Log, 0);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Write].Released, 0u);
}

TEST(GlobalRaces, FenceBeforeTheWriteReleasesNothing) {
  BlockGlobalLog Log(64);
  fence(Log, 0);
  write(Log, 0);
  ticket(Log, 0);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Write].Released, 0u);
}

TEST(GlobalRaces, OtherThreadsFenceThenBarrierThenTicket) {
  BlockGlobalLog Log(64);
  write(Log, 40);
  fence(Log, 40);
  barrier(Log);
  ticket(Log, 0);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Write].Released, Flag + 1);
}

TEST(GlobalRaces, OtherThreadsFenceWithoutBarrierReleasesNothing) {
  BlockGlobalLog Log(64);
  write(Log, 40);
  fence(Log, 40);
  ticket(Log, 0);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Write].Released, 0u);
}

TEST(GlobalRaces, BarrierThenTicketThreadsFence) {
  BlockGlobalLog Log(64);
  write(Log, 40);
  barrier(Log);
  fence(Log, 0);
  ticket(Log, 0);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Write].Released, Flag + 1);
}

TEST(GlobalRaces, ReadAfterTicketAndBarrierIsAcquired) {
  BlockGlobalLog Log(64);
  ticket(Log, 0);
  barrier(Log);
  Log.tick();
  Log.access(Data, GU_Read, 33, 3, 0xf, nullptr);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Read].Acquired, Flag + 1);
}

TEST(GlobalRaces, ReadByAnotherThreadWithoutBarrierIsNotAcquired) {
  BlockGlobalLog Log(64);
  ticket(Log, 0);
  Log.tick();
  Log.access(Data, GU_Read, 33, 3, 0xf, nullptr);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Read].Acquired, 0u);
}

TEST(GlobalRaces, ReadBeforeTheTicketIsNotAcquired) {
  BlockGlobalLog Log(64);
  Log.tick();
  Log.access(Data, GU_Read, 0, 3, 0xf, nullptr);
  ticket(Log, 0);
  barrier(Log);
  EXPECT_EQ(summaryOf(Log, Data).Uses[GU_Read].Acquired, 0u);
}

TEST(GlobalRaces, AnAtomicOrdersItsOwnWord) {
  BlockGlobalLog Log(64);
  ticket(Log, 0);
  WordSummary S = summaryOf(Log, Flag);
  EXPECT_EQ(S.Uses[GU_Sync].Released, Flag + 1);
  EXPECT_EQ(S.Uses[GU_Sync].Acquired, Flag + 1);
  // Resetting the counter after the ticket: acquired from it.
  Log.tick();
  uint32_t Zero = 0;
  Log.access(Flag, GU_Write, 0, 4, 0xf, &Zero);
  EXPECT_EQ(summaryOf(Log, Flag).Uses[GU_Write].Acquired, Flag + 1);
}

TEST(GlobalRaces, DifferentValuesAreNotOneValue) {
  BlockGlobalLog Log(64);
  write(Log, 0);
  Log.tick();
  uint32_t Other = 6;
  Log.access(Data, GU_Write, 1, 1, 0xf, &Other);
  EXPECT_FALSE(summaryOf(Log, Data).Uses[GU_Write].HasValue);
}

TEST(GlobalRaces, BytesOfOneWordByDifferentThreads) {
  BlockGlobalLog Log(64);
  Log.tick();
  uint32_t A = 0x11, B = 0x2200;
  Log.access(Data, GU_Write, 0, 1, 0x1, &A);
  Log.access(Data, GU_Write, 1, 1, 0x2, &B);
  WordSummary::Use U = summaryOf(Log, Data).Uses[GU_Write];
  EXPECT_EQ(U.Bytes, 0x3);
  EXPECT_TRUE(U.HasValue);
  EXPECT_EQ(U.Value, 0x2211u);
}

} // namespace
