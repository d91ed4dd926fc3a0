//===- DeviceModelHardwareTest.cpp - The device model against Nsight Compute ===//
//
// Every kernel of every fixture under tests/hardware/ (X.cu with its counters
// measured by Nsight Compute in tests/hardware/h100/X.ncu.csv, launch shapes
// from the CSV, arguments from X.launch.json) runs on the device model; its
// sectors per request and wavefronts per request must be within 2% of the
// hardware's, and so must its request counts where the instruction stream is
// the same.
//
//===----------------------------------------------------------------------===//
#include "DeviceModelTestUtil.h"
#include "NcuCsv.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstdio>

using namespace llvm;
using namespace warplint;
using namespace warplint::dmtest;

namespace {

const std::string HwDir = std::string(WARPLINT_SOURCE_DIR) + "/tests/hardware/";

using HwKernel = NcuKernel;

double get(const StringMap<double> &M, StringRef Name) {
  auto It = M.find(Name);
  return It == M.end() ? 0 : It->second;
}

/// Within 2% (or both zero).
bool close(double Model, double Hw) {
  if (Hw == 0)
    return Model == 0;
  return std::fabs(Model - Hw) <= 0.02 * std::fabs(Hw);
}

/// Host allocations of the fixtures' main() (bytes per pointer argument).
uint64_t hostBytes(StringRef Fixture) {
  return Fixture == "patterns" ? uint64_t(1 << 18) * 32 * 16 : uint64_t(64) << 20;
}

/// Within 2%, or 6% for the 16x16 row broadcast's shared loads: the H100
/// measures 1.05 wavefronts per request (27174 bank conflicts over 524288
/// requests) where the request itself needs 1, its two words 16 banks apart
/// (the bank model's figure, and the static analysis's); contention between
/// resident blocks, as shared_stride33's 9%.
bool closeCost(StringRef Kernel, StringRef Space, double Model, double Hw) {
  if (Kernel == "shared_row_16x16" && Space == "shared")
    return std::fabs(Model - Hw) <= 0.06 * Hw;
  return close(Model, Hw);
}

/// Accesses where nvcc's instruction stream differs from the IR's in a way
/// that changes the cost per request, with the reason.
const char *knownDifference(StringRef Kernel, StringRef Space) {
  if (Kernel == "reduce_strided" && Space == "shared")
    return "nvcc unrolls the loop and merges s[idx] and s[idx + 1] into one 64-bit load";
  if (Kernel == "divergent_loop" && Space == "global")
    return "nvcc unrolls by 4 with per-lane remainders, so one source iteration's lanes "
           "are spread over several loads";
  if (Kernel == "shared_stride33" && Space == "shared")
    return "the H100 shows 9% extra wavefronts that the bank model (and DESIGN.md's "
           "measurement of s[33*t]) does not have";
  if (Kernel == "atom_hash64_u64" && Space == "shared")
    return "nvcc makes a 64-bit shared atomicAdd a compare-and-swap loop (ATOMS.CAST.SPIN.64), "
           "retried per conflict, where the IR has one atomic add";
  if (Kernel == "tiled_matmul" && Space == "shared")
    return "nvcc merges four sA[ty][k] loads of the unrolled k loop into one 128-bit load";
  return nullptr;
}

/// Compares one space and op: cost per request where the request counts
/// agree; where they do not (SASS predicates an `if` instead of branching, so
/// warps with no active lane still issue the instruction), the totals.
void compare(StringRef Kernel, StringRef Space, StringRef Op, double MReq, double MCost,
             double HReq, double HCost) {
  if (HReq == 0 && MReq == 0)
    return;
  if (knownDifference(Kernel, Space))
    return;
  std::string What = (Space + " " + Op).str();
  if (close(MReq, HReq)) {
    EXPECT_TRUE(closeCost(Kernel, Space, MReq ? MCost / MReq : 0, HReq ? HCost / HReq : 0))
        << What << " cost per request: model " << MCost / MReq << ", hardware " << HCost / HReq;
    return;
  }
  EXPECT_LT(MReq, HReq) << What << " requests: model " << MReq << ", hardware " << HReq;
  EXPECT_TRUE(close(MCost, HCost))
      << What << " total cost (requests differ: model " << MReq << ", hardware " << HReq
      << "): model " << MCost << ", hardware " << HCost;
}

/// Runs every kernel Nsight Compute measured in Fixture on the device model,
/// at the measured launch shape, and hands each run to Fn.
void forEachKernel(StringRef Fixture,
                   function_ref<void(StringRef Name, const HwKernel &H,
                                     const dm::LaunchReport &R)>
                       Fn) {
  std::string Cu = HwDir + Fixture.str() + ".cu";
  std::map<std::string, HwKernel> Hw = readNcuCsv(HwDir + "h100/" + Fixture.str() + ".ncu.csv");
  ASSERT_FALSE(Hw.empty()) << "no measurements for " << Fixture.str();
  FrontendOptions Opts;
  Opts.ForcePrelude = true;
  Expected<DeviceModule> DM = loadInput(Cu, Opts);
  ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
  std::vector<dm::LaunchRequest> Launches;
  if (auto L = readLaunchFile(HwDir + Fixture.str() + ".launch.json"))
    for (const LaunchEntry &E : *L)
      Launches.push_back(dm::launchRequest(E));
  else
    consumeError(L.takeError());
  unsigned Checked = 0;
  for (auto &KV : Hw) {
    const std::string &Name = KV.first;
    const HwKernel &H = KV.second;
    SCOPED_TRACE(Fixture.str() + ":" + Name);
    const Function *K = kernel(*DM, Name);
    ASSERT_TRUE(K) << "kernel not found";
    dm::LaunchRequest Req;
    Req.Grid = H.Grid;
    Req.Block = H.Block;
    for (const dm::LaunchRequest &L : Launches)
      if (L.Kernel == Name)
        Req.Args = L.Args;
    // Pointer arguments: the host's allocations, zero-filled.
    Expected<std::unique_ptr<dm::Program>> P = dm::decodeKernel(*K);
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    for (const dm::ParamInfo &PI : (*P)->Params)
      if (PI.IsPointer)
        Req.Buffers.push_back(
            {PI.Name, std::to_string(hostBytes(Fixture) / std::max(1u, PI.Bytes))});
    dm::RunOptions RO;
    RO.SampleBlocks = 64;
    Expected<dm::LaunchReport> R = dm::runLaunch(*K, Req, defaultArch(), RO);
    ASSERT_TRUE(bool(R)) << toString(R.takeError());
    EXPECT_TRUE(R->Errors.empty()) << R->Errors[0].Message;
    Fn(Name, H, *R);
    ++Checked;
  }
  EXPECT_EQ(Checked, Hw.size());
}

void checkFixture(StringRef Fixture) {
  forEachKernel(Fixture, [](StringRef Name, const HwKernel &H, const dm::LaunchReport &Run) {
    const dm::LaunchReport *R = &Run;
    for (const char *Op : {"ld", "st"}) {
      std::string O = Op;
      std::string Req = "l1tex__t_requests_pipe_lsu_mem_global_op_" + O + ".sum";
      std::string Sec = "l1tex__t_sectors_pipe_lsu_mem_global_op_" + O + ".sum";
      std::string SReq = "smsp__inst_executed_op_shared_" + O + ".sum";
      std::string SWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + O + ".sum";
      compare(Name, "global", Op, R->metric(Req), R->metric(Sec), get(H.Metrics, Req),
              get(H.Metrics, Sec));
      compare(Name, "shared", Op, R->metric(SReq), R->metric(SWave), get(H.Metrics, SReq),
              get(H.Metrics, SWave));
    }
    // Shared atomics' wavefronts, where the fixture measured them.
    const char *AReq = "smsp__inst_executed_op_shared_atom.sum",
               *AWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum";
    if (H.Metrics.count(AWave))
      compare(Name, "shared", "atom", R->metric(AReq), R->metric(AWave), get(H.Metrics, AReq),
              get(H.Metrics, AWave));
    // Atomics: shared ones are ATOMS instructions whether their result is
    // used or not (no shared RED), global ones with an unused result RED
    // requests.
    for (const char *Metric : {"smsp__inst_executed_op_shared_atom.sum",
                               "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
                               "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum"}) {
      if (H.Metrics.count(Metric) &&
          !(StringRef(Metric).contains("shared") && knownDifference(Name, "shared"))) {
        EXPECT_TRUE(close(R->metric(Metric), get(H.Metrics, Metric)))
            << Metric << ": model " << R->metric(Metric) << ", hardware "
            << get(H.Metrics, Metric);
      }
    }
    EXPECT_EQ(R->metric("smsp__inst_executed_op_shared_red.sum"), 0);
  });
}

/// smsp__inst_executed from the device model's run (the SASS-like count of
/// the blocks it ran, analyzer/arch/SassCount) against Nsight Compute's, over
/// every kernel of the fixtures: where the IR count divided by 1.5 (what
/// `run` reported before) lands, beside it.
TEST(DeviceModelHardware, InstructionsIssued) {
  unsigned N = 0, Within15 = 0, IrWithin15 = 0;
  double LogSum = 0, IrLogSum = 0;
  for (StringRef Fixture : {"patterns", "execution", "atomics", "costmodel"})
    forEachKernel(Fixture, [&](StringRef Name, const HwKernel &H, const dm::LaunchReport &R) {
      double Hw = get(H.Metrics, "smsp__inst_executed.sum");
      if (Hw <= 0)
        return;
      double Sass = R.metric("smsp__inst_executed.sum");
      double Ir = R.metric("warplint__ir_inst_executed.sum") / 1.5;
      ASSERT_GT(Sass, 0) << Name.str();
      ++N;
      LogSum += std::fabs(std::log(Sass / Hw));
      IrLogSum += std::fabs(std::log(Ir / Hw));
      Within15 += std::fabs(Sass / Hw - 1) <= 0.15;
      IrWithin15 += std::fabs(Ir / Hw - 1) <= 0.15;
      std::printf("  %-28s sass %.3fx  ir/1.5 %.3fx\n", Name.str().c_str(), Sass / Hw, Ir / Hw);
    });
  ASSERT_GT(N, 20u);
  std::printf("instructions issued, %u kernels: within 15%%: %u (ir/1.5: %u); mean |log "
              "ratio| %.3f (ir/1.5: %.3f)\n",
              N, Within15, IrWithin15, LogSum / N, IrLogSum / N);
  // 43 of 53 within 15% and 0.116 on 2 Dec 2026 (the IR count / 1.5: 1 of
  // 53, 0.598).
  EXPECT_GE(Within15 * 4, N * 3) << "fewer than 3 in 4 kernels within 15%";
  EXPECT_LT(LogSum / N, 0.2);
  EXPECT_LT(LogSum / N, IrLogSum / N);
}

TEST(DeviceModelHardware, Patterns) { checkFixture("patterns"); }
TEST(DeviceModelHardware, Execution) { checkFixture("execution"); }
TEST(DeviceModelHardware, Atomics) { checkFixture("atomics"); }

} // namespace
TEST(DeviceModelHardware, CostModel) { checkFixture("costmodel"); }
