//===- HardwareFixtureTest.cpp - Predictions against Nsight Compute -------===//
//
// For every kernel of tests/hardware/patterns.cu and costmodel.cu, the counters
// measured with Nsight Compute on an H100 (tests/hardware/h100/X.ncu.csv) must be
// predicted by the analyzer: global sectors per request, shared wavefronts per
// request and constant addresses per request. The global loads of some
// kernels must also carry the pattern the measurement shows (struct fields
// with their struct size, the misaligned offset).
//
//===----------------------------------------------------------------------===//
#include "analyzer/AccessPatterns.h"
#include "analyzer/LaunchConfig.h"
#include "analyzer/StateSpaces.h"
#include "frontend/Frontend.h"
#include "frontend/launch/LaunchFile.h"

#include "NcuCsv.h"

#include "llvm/ADT/StringMap.h"

#include "gtest/gtest.h"

#include <cmath>
#include <map>

using namespace llvm;
using namespace warplint;

namespace {

const std::string Dir = std::string(WARPLINT_SOURCE_DIR) + "/tests/hardware/";

/// Kernels whose per-request counts a static prediction cannot match, and why.
bool excluded(StringRef Kernel) {
  // Reductions issue shared instructions with no active lane (predicated off),
  // which ncu counts as requests of zero wavefronts: the measured ratio is
  // below one. The prediction counts active executions only.
  return Kernel.starts_with("reduce_");
}

/// What the global load of some fixture kernels is called, with its stride,
/// struct size or misalignment (0: not applicable).
struct NamedPattern {
  const char *Pattern;
  int64_t Stride;
  uint64_t StructBytes;
  int64_t MisalignBytes;
};
const std::map<std::string, NamedPattern> GlobalLoadPatterns = {
    {"copy_f32", {"coalesced", 4, 0, 0}},
    {"offset1_f32", {"misaligned", 4, 0, 4}},
    {"stride2_f32", {"strided", 8, 0, 0}},
    {"stride32_f32", {"strided", 128, 0, 0}},
    {"float3_x", {"struct-field", 12, 12, 0}},
    {"struct16_field", {"struct-field", 16, 16, 0}},
    {"colmajor_32x8", {"column-major", 1024, 0, 0}},
};

/// Shared accesses of a fixture kernel whose measured wavefronts per request
/// a prediction of the source cannot match, and why.
const char *sharedExcluded(StringRef Kernel) {
  if (Kernel == "tiled_matmul")
    return "ptxas merges four sA[ty][k] loads of the unrolled k loop into one 128-bit "
           "load, and the stores measure 7% more wavefronts than requests need "
           "(contention between resident blocks, as shared_stride33)";
  return nullptr;
}

/// Compares the predictions for every kernel of tests/hardware/Fixture.cu
/// with its measured counters; returns how many figures were compared.
unsigned checkPredicted(StringRef Fixture, size_t MinKernels) {
  std::map<std::string, NcuKernel> Ncu =
      readNcuCsv(Dir + "h100/" + Fixture.str() + ".ncu.csv");
  EXPECT_GE(Ncu.size(), MinKernels) << "fixture missing";
  FrontendOptions Opts;
  Opts.ForcePrelude = true; // CI has no CUDA SDK; the fixture must not need one.
  Expected<DeviceModule> DM = loadInput(Dir + Fixture.str() + ".cu", Opts);
  if (!DM) {
    ADD_FAILURE() << toString(DM.takeError());
    return 0;
  }
  Expected<std::vector<LaunchEntry>> Launches =
      readLaunchFile(Dir + Fixture.str() + ".launch.json");
  if (!Launches) {
    ADD_FAILURE() << toString(Launches.takeError());
    return 0;
  }
  unsigned Compared = 0;
  for (const Function &F : *DM->M) {
    if (!isKernel(F) || excluded(sourceName(F)))
      continue;
    std::string Name = sourceName(F);
    auto Found = Ncu.find(Name);
    if (Found == Ncu.end()) {
      ADD_FAILURE() << "no measurement for " << Name;
      continue;
    }
    const StringMap<double> &M = Found->second.Metrics;
    StateSpaces S = StateSpaces::analyze(*DM, F);
    LaunchConfig L = resolveLaunch(*DM, F, *Launches);
    AccessPatterns P = AccessPatterns::analyze(S, L, defaultArch());
    // Predicted per-request cost per (space, op): the mean over the accesses.
    std::map<std::pair<unsigned, AccessOp>, std::pair<double, unsigned>> Predicted;
    auto Named = GlobalLoadPatterns.find(Name);
    for (size_t I = 0; I < S.accesses().size(); ++I) {
      const Prediction &Pr = P.prediction(I);
      const MemoryAccess &A = S.accesses()[I];
      if (Named != GlobalLoadPatterns.end() && A.Space == AS_Global &&
          A.Op == AccessOp::Load) {
        const NamedPattern &E = Named->second;
        EXPECT_EQ(Pr.Pattern, E.Pattern) << Name;
        EXPECT_EQ(Pr.StrideBytes.value_or(0), E.Stride) << Name;
        EXPECT_EQ(Pr.StructBytes, E.StructBytes) << Name;
        EXPECT_EQ(Pr.MisalignBytes, E.MisalignBytes) << Name;
      }
      if (!Pr.PerRequest)
        continue;
      // A generic access is costed as global memory (and is global on the GPU
      // in these fixtures: a pointer field of a structure in global memory).
      unsigned Space = A.Space == AS_Generic ? unsigned(AS_Global) : A.Space;
      auto &Slot = Predicted[{Space, A.Op}];
      Slot.first += *Pr.PerRequest;
      Slot.second += 1;
    }
    auto Check = [&](unsigned Space, AccessOp Op, double Measured, StringRef What,
                     double Tolerance) {
      auto It = Predicted.find({Space, Op});
      if (It == Predicted.end()) {
        ADD_FAILURE() << Name << ": nothing predicted for " << What.str();
        return;
      }
      double Value = It->second.first / It->second.second;
      EXPECT_NEAR(Value, Measured, Measured * Tolerance)
          << Name << " " << What.str();
      ++Compared;
    };
    double Warps = double(L.Grid->count()) * std::ceil(L.Block.count() / 32.0);
    for (auto [OpName, Op] : {std::pair{"ld", AccessOp::Load}, {"st", AccessOp::Store}}) {
      std::string Suffix = std::string(OpName) + ".sum";
      double Req = M.lookup("l1tex__t_requests_pipe_lsu_mem_global_op_" + Suffix);
      double Sec = M.lookup("l1tex__t_sectors_pipe_lsu_mem_global_op_" + Suffix);
      if (Req > 0)
        Check(AS_Global, Op, Sec / Req, "global sectors/request", 0.05);
      double Inst = M.lookup("smsp__inst_executed_op_shared_" + Suffix);
      double Wave = M.lookup("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + Suffix);
      // Measured 1.09 on the full grid where the bank model says 1 (stride 33
      // floats over a 33 KB array); with one block per SM it measures exactly
      // 1: the excess is contention between resident blocks with large shared
      // arrays (HardwareFixtures.SharedExcessNeedsConcurrentBlocks), not the
      // access's cost. 10% allowed for that kernel only.
      double Tol = Name == "shared_stride33" ? 0.10 : 0.05;
      if (Inst > 0 && !sharedExcluded(Name))
        Check(AS_Shared, Op, Wave / Inst, "shared wavefronts/request", Tol);
    }
    if (Predicted.count({AS_Const, AccessOp::Load})) {
      // One constant load per thread: replays per warp + 1 distinct addresses.
      double Replays = M.lookup("sm__idc_divergent_instruction_replays.sum");
      Check(AS_Const, AccessOp::Load, Replays / Warps + 1, "constant addresses/request", 0.05);
    }
  }
  return Compared;
}

} // namespace

TEST(HardwareFixtures, PatternsArePredicted) { EXPECT_GT(checkPredicted("patterns", 26), 50u); }

// Sub-word shared accesses, the 16x16 row broadcast and the tiled matrix
// multiply, whose final store after the phase loop is a plain coalesced store
// (4 sectors per request measured; issue 11).
TEST(HardwareFixtures, CostModelIsPredicted) {
  EXPECT_GE(checkPredicted("costmodel", 6), 20u);
}

// The shapes of real code issue 23 found read wrong: loads from one address
// per warp (a structure's field picked by blockIdx, pointer fields of
// __constant__ and parameter structures, a row start per warp) and loads
// hoisted out of both arms of a branch. Each was "data-dependent" (or had no
// line) before; measured on an H100, every one is predicted.
TEST(HardwareFixtures, RealCodeShapesArePredicted) {
  EXPECT_GE(checkPredicted("realcode", 8), 15u);
}

// The reductions are excluded above (ncu counts predicated-off requests), but
// their shared-store wavefronts per block can be rebuilt from the
// per-iteration prediction: iteration k (k = 0..7) of both loops runs with
// 128 >> k threads, i.e. ceil((128 >> k) / 32) warps, and every warp stores
// once before the loop. The loads are not compared: nvcc fuses the first
// iteration's s[idx] and s[idx + 1] into one 8-byte load.
TEST(HardwareFixtures, ReductionConflictsPerIteration) {
  std::map<std::string, NcuKernel> Ncu = readNcuCsv(Dir + "h100/patterns.ncu.csv");
  FrontendOptions Opts;
  Opts.ForcePrelude = true;
  Expected<DeviceModule> DM = loadInput(Dir + "patterns.cu", Opts);
  ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
  const std::map<std::string, std::vector<double>> Expected = {
      {"reduce_strided", {2, 4, 8, 8, 8, 4, 2, 1}}, {"reduce_sequential", {}}};
  unsigned Checked = 0;
  for (const Function &F : *DM->M) {
    std::string Name = sourceName(F);
    auto Want = Expected.find(Name);
    if (!isKernel(F) || Want == Expected.end())
      continue;
    StateSpaces S = StateSpaces::analyze(*DM, F);
    LaunchConfig L = resolveLaunch(*DM, F, {});
    AccessPatterns P = AccessPatterns::analyze(S, L, defaultArch());
    unsigned WarpsPerBlock = L.Block.count() / 32;
    double Predicted = 0;
    for (size_t I = 0; I < S.accesses().size(); ++I) {
      const MemoryAccess &A = S.accesses()[I];
      const Prediction &Pr = P.prediction(I);
      if (A.Space != AS_Shared || A.Op != AccessOp::Store)
        continue;
      ASSERT_TRUE(Pr.PerRequest) << Name;
      if (A.Sites.size() == 1) { // s[t] = in[...], before the loop.
        Predicted += *Pr.PerRequest * WarpsPerBlock;
        continue;
      }
      EXPECT_EQ(Pr.PerIteration, Want->second) << Name;
      for (unsigned K = 0; K < 8; ++K) {
        double Warps = std::ceil((128 >> K) / 32.0);
        Predicted += (Pr.PerIteration.empty() ? *Pr.PerRequest : Pr.PerIteration[K]) * Warps;
      }
    }
    const NcuKernel &M = Ncu.at(Name);
    double Measured = M.Metrics.lookup("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") /
                      double(M.Grid.count());
    EXPECT_DOUBLE_EQ(Predicted, Measured) << Name;
    ++Checked;
  }
  EXPECT_EQ(Checked, 2u);
}

namespace {

/// Measured shared wavefronts per request of one op of a kernel.
double sharedPerRequest(const std::map<std::string, NcuKernel> &Ncu, StringRef Kernel,
                        StringRef Op) {
  auto It = Ncu.find(Kernel.str());
  if (It == Ncu.end())
    return 0;
  const StringMap<double> &M = It->second.Metrics;
  double Inst = M.lookup(("smsp__inst_executed_op_shared_" + Op + ".sum").str());
  double Wave = M.lookup(("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + Op + ".sum").str());
  return Inst > 0 ? Wave / Inst : 0;
}

} // namespace

// tests/hardware/wellwritten.cu on an H100: s[33 * t] costs exactly one
// wavefront per request over an 8 KB array, as the bank model predicts, and
// stride 1 over a 40 KB array shows the same few percent extra as stride 33
// over a 33 KB array: that excess follows the footprint, not the pattern.
TEST(HardwareFixtures, SharedExcessIsFootprintNotStride) {
  std::map<std::string, NcuKernel> Ncu = readNcuCsv(Dir + "h100/wellwritten.ncu.csv");
  ASSERT_GE(Ncu.size(), 8u) << "fixture missing";
  FrontendOptions Opts;
  Opts.ForcePrelude = true;
  Expected<DeviceModule> DM = loadInput(Dir + "wellwritten.cu", Opts);
  ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
  for (const Function &F : *DM->M) {
    std::string Name = sourceName(F);
    if (!isKernel(F) || !(StringRef(Name).starts_with("s33_") || Name == "s1_high" ||
                          Name == "ww_transpose_padded"))
      continue;
    StateSpaces S = StateSpaces::analyze(*DM, F);
    AccessPatterns P = AccessPatterns::analyze(S, resolveLaunch(*DM, F, {}), defaultArch());
    for (size_t I = 0; I < S.accesses().size(); ++I)
      if (S.accesses()[I].Space == AS_Shared) {
        ASSERT_TRUE(P.prediction(I).PerRequest.has_value()) << Name;
        EXPECT_EQ(*P.prediction(I).PerRequest, 1.0) << Name;
      }
  }
  for (StringRef Op : {"ld", "st"}) {
    EXPECT_NEAR(sharedPerRequest(Ncu, "s33_block64", Op), 1.0, 0.005) << Op.str();
    EXPECT_NEAR(sharedPerRequest(Ncu, "ww_transpose_padded", Op), 1.0, 0.005) << Op.str();
    double Stride33 = sharedPerRequest(Ncu, "s33_block256", Op);
    double Stride1 = sharedPerRequest(Ncu, "s1_high", Op);
    EXPECT_GT(Stride33, 1.0) << Op.str();
    EXPECT_NEAR(Stride1, Stride33, 0.04) << Op.str();
  }
}

// tests/hardware/footprint.cu on an H100: a conflict-free shared access costs
// exactly one wavefront per request whatever the array's size when one block
// runs per SM; with many resident blocks whose arrays are 16 KB or more, Nsight
// Compute counts a few percent more. shared_stride33 of patterns.cu measures
// exactly 1 (the bank model's figure) with one block per SM and 1.09 on the
// full grid: the excess is contention between blocks, not the access pattern.
TEST(HardwareFixtures, SharedExcessNeedsConcurrentBlocks) {
  auto Launches = readNcuLaunches(Dir + "h100/footprint.ncu.csv");
  ASSERT_EQ(Launches.size(), 12u) << "fixture missing";
  unsigned Alone = 0, Crowded = 0;
  for (const auto &[Name, K] : Launches) {
    for (StringRef Op : {"ld", "st"}) {
      double Inst = K.Metrics.lookup(("smsp__inst_executed_op_shared_" + Op + ".sum").str());
      double Wave =
          K.Metrics.lookup(("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + Op + ".sum").str());
      ASSERT_GT(Inst, 0) << Name;
      double PerRequest = Wave / Inst;
      bool OneBlockPerSM = K.Grid.V[0] == 132;
      bool SmallArray = Name == "footprint<1024>" || Name == "footprint<2048>";
      if (OneBlockPerSM || SmallArray) {
        EXPECT_NEAR(PerRequest, 1.0, 0.001) << Name << " grid " << K.Grid.V[0] << " " << Op.str();
        Alone += OneBlockPerSM;
      } else if (Name != "footprint<4096>") {
        EXPECT_GT(PerRequest, 1.05) << Name << " " << Op.str();
        ++Crowded;
      }
    }
  }
  EXPECT_EQ(Alone, 6u);
  EXPECT_GT(Crowded, 8u);
}

// nvcc's PTX of the tiled matrix multiply computes the final store's column
// in the loop's preheader and carries it to the exit through a phi: the store
// after the loop is still a plain coalesced store (4 sectors per request
// measured), whether the rank is known or not.
TEST(HardwareFixtures, StoreAfterLoopFromPtx) {
  Expected<DeviceModule> DM = loadInput(Dir + "h100/costmodel.ptx", FrontendOptions());
  ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
  const Function *K = nullptr;
  for (const Function &F : *DM->M)
    if (isKernel(F) && sourceName(F) == "tiled_matmul")
      K = &F;
  ASSERT_TRUE(K);
  std::map<std::string, NcuKernel> Ncu = readNcuCsv(Dir + "h100/costmodel.ncu.csv");
  const StringMap<double> &M = Ncu["tiled_matmul"].Metrics;
  double Measured = M.lookup("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum") /
                    M.lookup("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum");
  EXPECT_EQ(Measured, 4);
  for (bool RankKnown : {true, false}) {
    SCOPED_TRACE(RankKnown ? "rank 512" : "rank unknown");
    LaunchEntry E;
    E.Grid = Dim3{{32, 32, 1}};
    E.Block = Dim3{{16, 16, 1}};
    if (RankKnown)
      E.Args["#3"] = 512;
    StateSpaces S = StateSpaces::analyze(*DM, *K);
    LaunchConfig L = resolveLaunch(*DM, *K, {E});
    AccessPatterns P = AccessPatterns::analyze(S, L, defaultArch());
    unsigned Stores = 0;
    for (size_t I = 0; I < S.accesses().size(); ++I) {
      const MemoryAccess &A = S.accesses()[I];
      if (A.Space != AS_Global || A.Op != AccessOp::Store)
        continue;
      ++Stores;
      const Prediction &Pr = P.prediction(I);
      EXPECT_EQ(Pr.Pattern, "coalesced");
      ASSERT_TRUE(Pr.PerRequest.has_value());
      EXPECT_EQ(*Pr.PerRequest, Measured);
    }
    EXPECT_EQ(Stores, 1u);
  }
}
