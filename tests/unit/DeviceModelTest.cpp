//===- DeviceModelTest.cpp - The SIMT interpreter and its counters --------===//
#include "DeviceModelTestUtil.h"

using namespace warplint;
using namespace warplint::dmtest;

namespace {

const char *GLd = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
const char *GLdSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
const char *SLd = "smsp__inst_executed_op_shared_ld.sum";
const char *SLdWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";

TEST(DeviceModel, GlobalSectorsPerRequest) {
  auto DM = compile(R"(
__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i]; }
__global__ void stride2(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[2 * i]; }
__global__ void stride32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[32 * i]; }
__global__ void vec4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i]; }
__global__ void bytes(const char *in, char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i]; }
)");
  ASSERT_TRUE(DM);
  struct Case {
    const char *Kernel;
    double Sectors;
  } Cases[] = {{"copy", 4}, {"stride2", 8}, {"stride32", 32}, {"vec4", 16}, {"bytes", 1}};
  for (const Case &C : Cases) {
    auto R = run(*DM, C.Kernel, dims(4), dims(128), {{"in", "16384"}, {"out", "16384"}});
    ASSERT_TRUE(R) << C.Kernel;
    EXPECT_TRUE(R->Errors.empty()) << C.Kernel << ": " << R->Errors[0].Message;
    EXPECT_EQ(R->metric(GLd), 16) << C.Kernel;
    EXPECT_DOUBLE_EQ(ratio(*R, GLdSectors, GLd), C.Sectors) << C.Kernel;
  }
}

TEST(DeviceModel, SharedWavefronts) {
  auto DM = compile(R"(
__global__ void t32(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; }
__global__ void t33(float *out) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; }
__global__ void d1(double *out) {
  __shared__ double s[1024];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1]; }
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "t32", dims(1), dims(32, 32));
  ASSERT_TRUE(R);
  EXPECT_DOUBLE_EQ(ratio(*R, SLdWave, SLd), 32);
  R = run(*DM, "t33", dims(1), dims(32, 32));
  EXPECT_DOUBLE_EQ(ratio(*R, SLdWave, SLd), 1);
  // The transposed tile holds tile[x][y] = y.
  std::vector<float> Out = R->buffer<float>("out");
  EXPECT_EQ(Out[5 * 32 + 7], 5.0f);
  R = run(*DM, "d1", dims(1), dims(256));
  EXPECT_DOUBLE_EQ(ratio(*R, SLdWave, SLd), 2);
  EXPECT_EQ(R->metric("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 0);
  EXPECT_EQ(R->buffer<double>("out")[6], 7.0);
}

TEST(DeviceModel, ConstantReplays) {
  auto DM = compile(R"(
__constant__ float coef[64] = {1, 2, 3, 4};
__global__ void uniform(float *out) { out[threadIdx.x] = coef[blockIdx.x]; }
__global__ void per_thread(float *out) { out[threadIdx.x] = coef[threadIdx.x % 64]; }
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "uniform", dims(1), dims(64));
  ASSERT_TRUE(R);
  EXPECT_EQ(R->metric("sm__idc_divergent_instruction_replays.sum"), 0);
  EXPECT_EQ(R->buffer<float>("out")[3], 1.0f);
  R = run(*DM, "per_thread", dims(1), dims(64));
  // 32 distinct addresses per warp: 31 replays, 2 warps.
  EXPECT_EQ(R->metric("sm__idc_divergent_instruction_replays.sum"), 62);
  EXPECT_EQ(R->buffer<float>("out")[2], 3.0f);
}

TEST(DeviceModel, ShufflesAtomicsAndVotes) {
  auto DM = compile(R"(
__global__ void reduce(const float *in, float *out, unsigned *count) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
  unsigned b = __ballot_sync(0xffffffff, threadIdx.x & 1);
  if (threadIdx.x == 0) atomicAdd(count, __popc(b));
}
__global__ void hist(const int *in, int *bins) {
  __shared__ int s[16];
  if (threadIdx.x < 16) s[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s[in[blockIdx.x * blockDim.x + threadIdx.x] & 15], 1);
  __syncthreads();
  if (threadIdx.x < 16) atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
}
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "reduce", dims(8), dims(256), {{"in", "2048:iota"}, {"out", "1"}, {"count", "1"}});
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Errors.empty());
  EXPECT_FLOAT_EQ(R->buffer<float>("out")[0], 2047.0f * 2048.0f / 2);
  EXPECT_EQ(R->buffer<unsigned>("count")[0], 8u * 16u);
  R = run(*DM, "hist", dims(16), dims(256), {{"in", "4096:iota"}, {"bins", "16"}});
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Errors.empty());
  for (int B : R->buffer<int>("bins"))
    EXPECT_EQ(B, 256);
}

TEST(DeviceModel, BlockShapesPartialWarpsAndDivergentLoops) {
  auto DM = compile(R"(
__global__ void id3(int *out) {
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  out[b * blockDim.x * blockDim.y * blockDim.z + t] = b * 1000 + t;
}
__global__ void loop(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int s = 0;
  for (int k = 0; k < (i % 7); ++k)
    s += k * in[i];
  if (i % 3 == 0) s = -s;
  out[i] = s;
}
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "id3", dims(2, 2, 2), dims(8, 4, 3), {{"out", "768"}});
  ASSERT_TRUE(R);
  std::vector<int> Out = R->buffer<int>("out");
  for (int B = 0; B < 8; ++B)
    for (int T = 0; T < 96; ++T)
      ASSERT_EQ(Out[B * 96 + T], B * 1000 + T);
  // 96 threads = 3 full warps per block.
  EXPECT_EQ(R->metric("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"), 24);
  R = run(*DM, "loop", dims(3), dims(100), {{"in", "300:iota"}, {"out", "300"}});
  ASSERT_TRUE(R);
  Out = R->buffer<int>("out");
  for (int I = 0; I < 300; ++I) {
    int S = 0;
    for (int K = 0; K < I % 7; ++K)
      S += K * I;
    ASSERT_EQ(Out[I], I % 3 == 0 ? -S : S) << I;
  }
  // 100 threads: 3 full warps and one of 4 lanes per block.
  EXPECT_EQ(R->metric("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"), 12);
}

TEST(DeviceModel, MathPrintfAndLocalMemory) {
  auto DM = compile(R"(
__global__ void math(float *out, int k) {
  float a[32];
  for (int j = 0; j < 32; ++j) a[j] = sqrtf((float)j) + sinf(0.0f);
  out[threadIdx.x] = a[(k + threadIdx.x) & 31];
  if (threadIdx.x == 1) printf("t%d %.1f\n", threadIdx.x, out[threadIdx.x]);
}
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "math", dims(1), dims(32), {{"out", "32"}}, {{"k", "3"}});
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Errors.empty());
  EXPECT_FLOAT_EQ(R->buffer<float>("out")[1], 2.0f);
  EXPECT_EQ(R->Run.Output, "t1 2.0\n");
}

TEST(DeviceModel, ErrorsStopTheKernelWithTheSite) {
  auto DM = compile(R"(
__global__ void oob(float *out) { out[threadIdx.x + 1] = 1.0f; }
__global__ void spin(unsigned *x) { for (int i = 0; i < 10000000; ++i) x[1] = x[1] * 5 + 1; }
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "oob", dims(1), dims(32), {{"out", "32"}});
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Errors.size(), 1u);
  EXPECT_EQ(R->Errors[0].Kind, "out-of-bounds");
  EXPECT_EQ(R->Errors[0].Loc.Line, 2u);
  EXPECT_NE(R->Errors[0].Message.find("lane 31"), std::string::npos);
  EXPECT_NE(R->Errors[0].Message.find("'out'"), std::string::npos);
  // (Its state changes every pass: the budget stops it, not the hang probe.)
  R = run(*DM, "spin", dims(1), dims(32), {{"x", "2"}});
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Errors.size(), 1u);
  EXPECT_EQ(R->Errors[0].Kind, "runaway");
  EXPECT_EQ(R->Errors[0].Loc.Line, 3u);
}

TEST(DeviceModel, SamplingScalesCounters) {
  auto DM = compile(R"(
__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i]; }
)");
  ASSERT_TRUE(DM);
  auto R = run(*DM, "copy", dims(256), dims(128), {}, {}, 16);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->Run.Sampled);
  EXPECT_EQ(R->Run.BlocksRun, 16u);
  EXPECT_DOUBLE_EQ(R->metric(GLd), 256.0 * 4);
}

// Fills write every part of an element: a component per vector lane (the
// names cTypeName and the PTX pointee give), 4-byte words of a struct the
// name does not describe; iota counts through the parts.
TEST(DeviceModel, FillsEveryComponent) {
  struct Case {
    const char *Type;
    unsigned Bytes, Parts, PartBytes;
    bool Float;
  } Cases[] = {{"uint4", 16, 4, 4, false},       {"struct uint4", 16, 4, 4, false},
               {"intx4", 16, 4, 4, false},       {"floatx4", 16, 4, 4, true},
               {"double2", 16, 2, 8, true},      {"doublex2", 16, 2, 8, true},
               {"float[3]", 12, 3, 4, true},     {"longlong2", 16, 2, 8, false},
               {"uchar4", 4, 4, 1, false},       {"float", 4, 1, 4, true},
               {"int", 4, 1, 4, false},          {"struct Pair", 8, 1, 8, false},
               {"struct Triple", 12, 3, 4, false}, {"struct Odd", 10, 4, 4, false}};
  for (const Case &C : Cases) {
    std::vector<dm::FillPart> P = dm::fillParts(C.Type, C.Bytes);
    ASSERT_EQ(P.size(), C.Parts) << C.Type;
    EXPECT_EQ(P[0].Bytes, C.PartBytes) << C.Type;
    EXPECT_EQ(P[0].Float, C.Float) << C.Type;
    EXPECT_EQ(P.back().Offset + P.back().Bytes, C.Bytes) << C.Type;
  }
  // struct Odd: two words, then two bytes.
  std::vector<dm::FillPart> Odd = dm::fillParts("struct Odd", 10);
  EXPECT_EQ(Odd[2].Offset, 8u);
  EXPECT_EQ(Odd[2].Bytes, 1u);

  uint32_t U[8] = {};
  dm::FillSpec Iota;
  Iota.Kind = dm::FillSpec::Iota;
  dm::fillBuffer(reinterpret_cast<uint8_t *>(U), 2, 16, dm::fillParts("uint4", 16), Iota, 1);
  for (unsigned I = 0; I < 8; ++I)
    EXPECT_EQ(U[I], I);
  double D[4] = {};
  dm::FillSpec Const;
  Const.Kind = dm::FillSpec::Const;
  Const.Value = 2.5;
  dm::fillBuffer(reinterpret_cast<uint8_t *>(D), 2, 16, dm::fillParts("double2", 16), Const, 1);
  for (double V : D)
    EXPECT_EQ(V, 2.5);
}

} // namespace
