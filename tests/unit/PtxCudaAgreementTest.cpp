//===- PtxCudaAgreementTest.cpp - A .cu and nvcc's PTX of it run alike ----===//
//
// Every measured kernel of the hardware fixtures runs on the device model
// twice, from tests/hardware/X.cu and from nvcc's PTX of it
// (tests/hardware/h100/X.ptx), with the same launch and with buffers the
// device model sizes itself (elements per thread of the launch: a pointer
// parameter must count the same elements, float3 or a 16-byte structure as
// much as float, from either input). Requests and sectors or wavefronts of
// every space must agree, and neither run may stop on an error.
//
//===----------------------------------------------------------------------===//
#include "DeviceModelTestUtil.h"
#include "NcuCsv.h"

#include "frontend/launch/LaunchFile.h"

#include <cmath>

using namespace llvm;
using namespace warplint;
using namespace warplint::dmtest;

namespace {

const std::string HwDir = std::string(WARPLINT_SOURCE_DIR) + "/tests/hardware/";

/// Where the two instruction streams differ (clang and nvcc compile the
/// source differently), with the reason.
const char *knownDifference(StringRef Kernel, StringRef Space) {
  (void)Kernel;
  (void)Space;
  return nullptr;
}

std::unique_ptr<dm::LaunchReport> runOne(const DeviceModule &DM, StringRef Name,
                                         const NcuKernel &H, ArrayRef<LaunchEntry> File,
                                         const Function *Named) {
  const Function *K = kernel(DM, Name);
  if (!K) {
    ADD_FAILURE() << DM.Frontend << ": no kernel " << Name.str();
    return nullptr;
  }
  dm::LaunchRequest Req;
  Req.Grid = H.Grid;
  Req.Block = H.Block;
  // Scalar arguments by position: the launch file names the .cu's parameters.
  for (const LaunchEntry &E : File)
    if (launchMatches(E, *Named))
      for (const auto &[ArgName, Value] : E.Args)
        for (const Argument &A : Named->args())
          if (A.getName() == ArgName)
            Req.Args.push_back({K->getArg(A.getArgNo())->getName().str(),
                                std::to_string(Value)});
  // Generous default buffers (strided kernels read far), the same element
  // count from either input.
  Req.DefaultElemsPerThread = 64;
  dm::RunOptions RO;
  RO.SampleBlocks = 16;
  Expected<dm::LaunchReport> R = dm::runLaunch(*K, Req, defaultArch(), RO);
  if (!R) {
    ADD_FAILURE() << DM.Frontend << ": " << toString(R.takeError());
    return nullptr;
  }
  EXPECT_TRUE(R->Errors.empty()) << DM.Frontend << ": " << R->Errors[0].Message;
  return std::make_unique<dm::LaunchReport>(std::move(*R));
}

void checkFixture(StringRef Fixture) {
  std::map<std::string, NcuKernel> Hw =
      readNcuCsv(HwDir + "h100/" + Fixture.str() + ".ncu.csv");
  ASSERT_FALSE(Hw.empty());
  FrontendOptions CuOpts;
  CuOpts.ForcePrelude = true;
  Expected<DeviceModule> Cu = loadInput(HwDir + Fixture.str() + ".cu", CuOpts);
  ASSERT_TRUE(bool(Cu)) << toString(Cu.takeError());
  Expected<DeviceModule> Ptx = loadInput(HwDir + "h100/" + Fixture.str() + ".ptx", {});
  ASSERT_TRUE(bool(Ptx)) << toString(Ptx.takeError());
  std::vector<LaunchEntry> File;
  if (auto L = readLaunchFile(HwDir + Fixture.str() + ".launch.json"))
    File = std::move(*L);
  else
    consumeError(L.takeError());
  unsigned Compared = 0;
  for (auto &[Name, H] : Hw) {
    SCOPED_TRACE(Fixture.str() + ":" + Name);
    const Function *Named = kernel(*Cu, Name);
    ASSERT_TRUE(Named);
    std::unique_ptr<dm::LaunchReport> A = runOne(*Cu, Name, H, File, Named);
    std::unique_ptr<dm::LaunchReport> B = runOne(*Ptx, Name, H, File, Named);
    if (!A || !B)
      continue;
    for (std::string Op : {"ld", "st"})
      for (auto [Space, Req, Cost] :
           {std::tuple<const char *, std::string, std::string>{
                "global", "l1tex__t_requests_pipe_lsu_mem_global_op_" + Op + ".sum",
                "l1tex__t_sectors_pipe_lsu_mem_global_op_" + Op + ".sum"},
            {"shared", "smsp__inst_executed_op_shared_" + Op + ".sum",
             "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + Op + ".sum"}}) {
        if (knownDifference(Name, Space))
          continue;
        ++Compared;
        EXPECT_NEAR(B->metric(Req), A->metric(Req), 0.02 * A->metric(Req))
            << Space << " " << Op << " requests: PTX against .cu";
        EXPECT_NEAR(B->metric(Cost), A->metric(Cost), 0.02 * A->metric(Cost))
            << Space << " " << Op << " cost: PTX against .cu";
      }
  }
  EXPECT_GT(Compared, 0u);
}

TEST(PtxCudaAgreement, Patterns) { checkFixture("patterns"); }
TEST(PtxCudaAgreement, Execution) { checkFixture("execution"); }
TEST(PtxCudaAgreement, CostModel) { checkFixture("costmodel"); }

} // namespace
