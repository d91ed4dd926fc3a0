//===- FileBudgetTest.cpp - The per-file budget's clock and memory --------===//
#include "frontend/FileBudget.h"

#include "gtest/gtest.h"

#include <cstring>
#include <memory>
#include <thread>

using namespace warplint;

TEST(FileBudget, ResidentMemoryIsRead) {
#if defined(__linux__)
  EXPECT_GT(residentBytes(), uint64_t(1) << 20);
#endif
}

TEST(FileBudget, MemoryGrowthPassesTheBudget) {
#if defined(__linux__)
  FileBudget B;
  B.MemoryBytes = uint64_t(64) << 20;
  B.start();
  EXPECT_FALSE(B.outOfMemory());
  EXPECT_FALSE(B.outOfTime()); // No time limit.
  // 128 MB, touched: resident.
  size_t Bytes = size_t(128) << 20;
  std::unique_ptr<char[]> Block(new char[Bytes]);
  std::memset(Block.get(), 1, Bytes);
  EXPECT_GE(B.grown(), uint64_t(100) << 20);
  EXPECT_TRUE(B.outOfMemory());
  EXPECT_TRUE(B.passed());
  FileBudgetStop S = B.stopAt("the front end");
  EXPECT_TRUE(S.stopped());
  EXPECT_TRUE(S.Memory);
  EXPECT_GE(S.Grown, uint64_t(100) << 20);
  volatile char Keep = Block[Bytes - 1];
  (void)Keep;
#endif
}

TEST(FileBudget, TickerChecksTheClockEvery64Calls) {
  FileBudget B;
  B.Seconds = 0.001;
  B.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  BudgetTicker T(B);
  for (int I = 0; I < 63; ++I)
    EXPECT_FALSE(T.tick());
  EXPECT_TRUE(T.tick());
  EXPECT_TRUE(T.tick()); // And from then on.
  FileBudgetStop S = B.stopAt("the IR optimizer");
  EXPECT_FALSE(S.Memory);
  // The copies of a budget share where it stopped; the first stop is kept.
  FileBudget Copy = B;
  Copy.stop("the IR optimizer");
  B.stop("the analysis");
  EXPECT_EQ(B.Stopped->Where, "the IR optimizer");
}

TEST(FileBudget, NoLimitNeverPasses) {
  FileBudget B;
  B.start();
  BudgetTicker T(B);
  for (int I = 0; I < 5000; ++I)
    ASSERT_FALSE(T.tick());
  EXPECT_FALSE(B.passed());
}
