//===- ConfirmTest.cpp - --confirm against fabricated device-model runs ---===//
//
// The rules compare what they predicted with what the device model measured.
// Here the measurement is made up, so that every verdict (confirmed, no waste,
// a different figure, an event not seen) is exercised on purpose.
//
//===----------------------------------------------------------------------===//
#include "DeviceModelTestUtil.h"

#include "analyzer/AccessPatterns.h"
#include "rules/BarrierDivergent.h"
#include "rules/Confirm.h"
#include "rules/GlobalUncoalesced.h"
#include "rules/LoopFacts.h"
#include "rules/Suppressions.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

const char *const Source = R"(
// warplint: launch grid(4) block(128)
__global__ void stride8(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}
// warplint: launch grid(1) block(64)
__global__ void half_barrier(float *out) {
  if (threadIdx.x < 32)
    __syncthreads();
  out[threadIdx.x] = 1;
}
)";

/// The analyses of one kernel, and a run to fabricate.
struct Fixture {
  std::unique_ptr<DeviceModule> DM;
  const Function *F = nullptr;
  std::optional<StateSpaces> Spaces;
  std::optional<AccessPatterns> Patterns;
  std::optional<RegisterPressure> Registers;
  mutable SourceCache Sources;
  std::optional<LoopFacts> Loops;
  std::optional<SharedMemoryUse> Shared;
  dm::LaunchReport Run;

  explicit Fixture(StringRef Name) {
    DM = dmtest::compile(Source);
    if (!DM)
      return;
    F = dmtest::kernel(*DM, Name);
    if (!F)
      return;
    Spaces = StateSpaces::analyze(*DM, *F);
    Patterns = AccessPatterns::analyze(*Spaces, resolveLaunch(*DM, *F, {}), defaultArch());
    Registers = RegisterPressure::analyze(*F, defaultArch(), {});
    Loops.emplace(*F);
    Shared = SharedMemoryUse::analyze(*F);
    Run.Grid = *Patterns->launch().Grid;
    Run.Block = Patterns->launch().Block;
  }

  KernelFacts facts() const {
    KernelFacts K{*DM, *F, sourceName(*F), defaultArch(), *Spaces, *Patterns, *Registers,
                  Sources, *Loops, *Shared};
    K.Run = &Run;
    return K;
  }

  /// The strided global load.
  const MemoryAccess &load() const {
    for (const MemoryAccess &A : Spaces->accesses())
      if (A.Op == AccessOp::Load && A.Space == AS_Global)
        return A;
    return Spaces->accesses().front();
  }

  /// Makes the run measure Sectors per request at the load.
  void measure(double Sectors) {
    dm::SiteMetrics S;
    S.Loc = load().Loc;
    S.Space = AS_Global;
    S.Op = dm::MemOp::Load;
    S.Bytes = 4;
    S.Metrics["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"] = 16;
    S.Metrics["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] = 16 * Sectors;
    Run.Sites = {S};
  }

  std::vector<Finding> check(const Rule &R) const {
    std::vector<Finding> Out;
    R.check(facts(), [&](Finding F) { Out.push_back(std::move(F)); });
    return Out;
  }
};

std::string notes(const Finding &F) {
  std::string S;
  for (const RelatedNote &N : F.Notes)
    S += N.Message + "\n";
  return S;
}

TEST(Confirm, MeasuredAsPredictedConfirms) {
  Fixture X("stride8");
  ASSERT_TRUE(X.F);
  X.measure(32);
  GlobalUncoalescedRule R{RuleOptions()};
  std::vector<Finding> Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Confirmed);
  EXPECT_FALSE(Out[0].Confirmed->Contradicted);
  EXPECT_EQ(Out[0].Confirmed->Measured, 32);
  EXPECT_EQ(Out[0].Confirmed->Predicted, 32);
  EXPECT_EQ(Out[0].Confirmed->Metric, "sectors_per_request");
  EXPECT_EQ(Out[0].Confirmed->Launch, "grid(4,1,1) block(128,1,1)");
  EXPECT_EQ(StringRef(Out[0].Message).find("contradicted"), StringRef::npos);
  EXPECT_NE(notes(Out[0]).find("device model measured 32.00 sectors per request"),
            std::string::npos);
}

TEST(Confirm, NoWasteMeasuredContradicts) {
  Fixture X("stride8");
  ASSERT_TRUE(X.F);
  X.measure(4);
  GlobalUncoalescedRule R{RuleOptions()};
  std::vector<Finding> Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u); // Kept, never silently dropped.
  ASSERT_TRUE(Out[0].Confirmed);
  EXPECT_TRUE(Out[0].Confirmed->Contradicted);
  EXPECT_EQ(Out[0].Confirmed->Measured, 4);
  EXPECT_NE(Out[0].Message.find("(contradicted by the device model, which measured 4.00 "
                                "sectors per request)"),
            std::string::npos);
  EXPECT_NE(notes(Out[0]).find("it saw no waste (4.00 where 4 would do)"), std::string::npos);
}

TEST(Confirm, DifferentFigureContradicts) {
  Fixture X("stride8");
  ASSERT_TRUE(X.F);
  X.measure(16); // Still waste, but half the predicted 32.
  GlobalUncoalescedRule R{RuleOptions()};
  std::vector<Finding> Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Confirmed);
  EXPECT_TRUE(Out[0].Confirmed->Contradicted);
  EXPECT_NE(notes(Out[0]).find("the run contradicts the predicted 32.00 sectors per request"),
            std::string::npos);
}

TEST(Confirm, WithinToleranceConfirms) {
  Fixture X("stride8");
  ASSERT_TRUE(X.F);
  X.measure(30);
  GlobalUncoalescedRule R{RuleOptions()};
  std::vector<Finding> Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Confirmed);
  EXPECT_FALSE(Out[0].Confirmed->Contradicted);
}

TEST(Confirm, AccessNeverRunNeitherConfirmsNorContradicts) {
  Fixture X("stride8");
  ASSERT_TRUE(X.F);
  X.Run.Run.Stopped = true;
  GlobalUncoalescedRule R{RuleOptions()};
  std::vector<Finding> Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_FALSE(Out[0].Confirmed);
  EXPECT_NE(notes(Out[0]).find("never executed this access: the run stopped early"),
            std::string::npos);
}

TEST(Confirm, BarrierTheRunNeverSawContradicts) {
  Fixture X("half_barrier");
  ASSERT_TRUE(X.F);
  BarrierDivergentRule R{RuleOptions()};
  std::vector<Finding> Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Confirmed);
  EXPECT_TRUE(Out[0].Confirmed->Contradicted);
  EXPECT_EQ(Out[0].Confirmed->Measured, 0);
  EXPECT_EQ(Out[0].Level, Severity::Error);

  // The run saw it: confirmed.
  dm::Finding E;
  E.Kind = "barrier-divergent";
  E.Loc = Out[0].Loc;
  E.Message = "barrier at " + E.Loc.File + ":" + std::to_string(E.Loc.Line) +
              " reached by 32 of 64 threads of block (0,0,0); 32 had exited";
  X.Run.Errors = {E};
  Out = X.check(R);
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].Confirmed);
  EXPECT_FALSE(Out[0].Confirmed->Contradicted);
  EXPECT_NE(notes(Out[0]).find("confirms it: barrier reached by 32 of 64 threads of block "
                               "(0,0,0); 32 had exited"),
            std::string::npos);
}

TEST(Confirm, RequestTakesOnlyThisKernelsParameters) {
  Fixture X("stride8");
  ASSERT_TRUE(X.F);
  LaunchEntry Cmd;
  Cmd.Buffers = {{"in", "4096:iota"}, {"other", "8"}};
  LaunchEntry Elsewhere;
  Elsewhere.Kernel = "half_barrier";
  Elsewhere.Buffers = {{"out", "64"}};
  LaunchConfig L = X.Patterns->launch();
  L.Args = {{"n", 512}, {"m", 3}};
  bool Synthesized = true;
  dm::LaunchRequest Req = confirmingRequest(*X.F, L, {Cmd, Elsewhere}, nullptr, 8, Synthesized);
  EXPECT_FALSE(Synthesized);
  ASSERT_EQ(Req.Buffers.size(), 1u);
  EXPECT_EQ(Req.Buffers[0].first, "in");
  ASSERT_EQ(Req.Args.size(), 1u);
  EXPECT_EQ(Req.Args[0], std::make_pair(std::string("n"), std::string("512")));
  EXPECT_EQ(Req.Grid->V[0], 4u);

  L.Grid.reset();
  Req = confirmingRequest(*X.F, L, {}, nullptr, 8, Synthesized);
  EXPECT_TRUE(Synthesized);
  EXPECT_EQ(Req.Grid->V[0], 8u);
}

TEST(Confirm, RunMessageDropsItsOwnLocation) {
  dm::Finding E;
  E.Loc.File = "k.cu";
  E.Loc.Line = 4;
  E.Message = "load of 4 bytes by lane 3 at k.cu:4";
  EXPECT_EQ(runMessage(E), "load of 4 bytes by lane 3");
  E.Message = "barrier at k.cu:42 reached by 1 of 2";
  EXPECT_EQ(runMessage(E), "barrier at k.cu:42 reached by 1 of 2");
}

} // namespace
