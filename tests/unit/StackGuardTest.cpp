//===- StackGuardTest.cpp - Guarded runs and what their crashes were ------===//
#include "frontend/StackGuard.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <gtest/gtest.h>

#include <csignal>

using namespace warplint;

namespace {

class StackGuardTest : public ::testing::Test {
protected:
  void SetUp() override { llvm::CrashRecoveryContext::Enable(); }
};

TEST_F(StackGuardTest, FinishedRunLeavesTheCodeAlone) {
  int Code = -7;
  bool Ran = false;
  EXPECT_EQ(runGuarded([&] { Ran = true; }, GuardedStackBytes, &Code), GuardedRun::Finished);
  EXPECT_TRUE(Ran);
  EXPECT_EQ(Code, -7);
}

TEST_F(StackGuardTest, SaysWhichSignalCrashedTheRun) {
  int Code = 0;
  EXPECT_EQ(runGuarded([] { std::raise(SIGSEGV); }, GuardedStackBytes, &Code),
            GuardedRun::Crashed);
  EXPECT_EQ(crashText(Code), "signal " + std::to_string(SIGSEGV));
}

TEST_F(StackGuardTest, SaysARunGivenUpWasGivenUp) {
  int Code = 0;
  EXPECT_EQ(runGuarded([] { abandonGuardedRun(); }, GuardedStackBytes, &Code),
            GuardedRun::Crashed);
  EXPECT_EQ(crashText(Code), "given up");
}

} // namespace
