// nvcc's device compile: which of a compile's flags reach nvcc, and the
// command it is run with (no toolkit needed); the compile itself where nvcc
// is found.
#include "analyzer/NvccVerdict.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

TEST(NvccVerdict, PassesOnlyPreprocessorFlags) {
  std::vector<std::string> In = {
      "-Iinc",        "-I",        "/opt/x",  "-isystem", "/sys/inc", "-isystem/sys2",
      "-DN=4",        "-D",        "M",       "-UOLD",    "-std=gnu++17", "-std=c++2b",
      "-fgpu-rdc",    "-Xclang",   "-load",   "-Xclang",  "evil.so",  "-fplugin=evil.so",
      "-ccbin",       "/tmp/evil", "--cuda-path", "/tmp/cuda", "-Xcompiler", "-fopenmp",
      "-include",     "/etc/passwd", "-O0",   "-Wall",    "-o",       "/tmp/out"};
  std::vector<std::string> Expected = {"-Iinc", "-I", "/opt/x", "-isystem", "/sys/inc",
                                       "-isystem", "/sys2", "-DN=4", "-D", "M", "-UOLD",
                                       "-std=c++17", "-rdc=true"};
  EXPECT_EQ(nvccDeviceFlags(In), Expected);
}

TEST(NvccVerdict, CommandIsADeviceCompileToTheScratchFile) {
  NvccCompile C;
  C.Nvcc = "/usr/local/cuda/bin/nvcc";
  C.Source = "k.cu";
  C.Arch = "sm_80";
  C.MaxRRegCount = 40;
  C.Flags = {"-DX", "-ccbin", "clang"};
  std::vector<std::string> Expected = {"/usr/local/cuda/bin/nvcc", "-x", "cu", "-cubin",
                                       "-arch=sm_80", "-Xptxas", "-v", "--extended-lambda",
                                       "--expt-relaxed-constexpr", "-maxrregcount=40",
                                       "-DX", "k.cu", "-o", "/scratch/device.cubin"};
  EXPECT_EQ(nvccArguments(C, "k.cu", "/scratch/device.cubin"), Expected);
}

TEST(NvccVerdict, CompilesAndCachesWhereNvccIsFound) {
  std::optional<std::string> Nvcc = findNvcc();
  if (!Nvcc)
    GTEST_SKIP() << "no CUDA toolkit (nvcc) found";
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("warplint-nvcc-test", Dir));
  NvccCompile C;
  C.Nvcc = *Nvcc;
  C.Source = (Dir + "/k.cu").str();
  C.Contents = "__global__ void k(float *p) { p[threadIdx.x] = 1; }\n"
               "template <int N> __global__ void t(float *p) { p[threadIdx.x] = N; }\n"
               "template __global__ void t<3>(float *);\n";
  C.CacheDir = (Dir + "/cache").str();
  Expected<NvccVerdict> First = compileWithNvcc(C);
  ASSERT_TRUE(bool(First)) << toString(First.takeError());
  EXPECT_FALSE(First->FromCache);
  const PtxasFunctionInfo *K = First->Report.find("_Z1kPf");
  ASSERT_TRUE(K);
  EXPECT_TRUE(K->HasUsage);
  EXPECT_EQ(K->StackFrameBytes, 0u);
  // A template instantiation, by the name Clang gives it too.
  EXPECT_TRUE(First->Report.find("_Z1tILi3EEvPf"));
  Expected<NvccVerdict> Second = compileWithNvcc(C);
  ASSERT_TRUE(bool(Second)) << toString(Second.takeError());
  EXPECT_TRUE(Second->FromCache);
  EXPECT_EQ(Second->Report.Functions.size(), First->Report.Functions.size());
  // Another text is another key.
  C.Contents = *C.Contents + "// changed\n";
  Expected<NvccVerdict> Third = compileWithNvcc(C);
  ASSERT_TRUE(bool(Third)) << toString(Third.takeError());
  EXPECT_FALSE(Third->FromCache);
  // A compile that fails says so, without nvcc's messages.
  C.Contents = "__global__ void k( { #include \"/etc/hostname\"\n";
  Expected<NvccVerdict> Bad = compileWithNvcc(C);
  ASSERT_FALSE(bool(Bad));
  std::string Msg = toString(Bad.takeError());
  EXPECT_NE(Msg.find("nvcc's device compile failed (exit"), std::string::npos) << Msg;
  EXPECT_EQ(Msg.find("error"), std::string::npos) << Msg;
  sys::fs::remove_directories(Dir);
}

TEST(NvccVerdict, MatchesKernelsOfInternalLinkage) {
  // Clang's names and nvcc's (CUDA 13, -Xptxas -v) for the same kernels.
  EXPECT_EQ(canonicalMangledKernel("_ZL13forced_staticPKfPfi"),
            canonicalMangledKernel("_Z13forced_staticPKfPfi"));
  EXPECT_EQ(canonicalMangledKernel("_ZN12_GLOBAL__N_111forced_anonEPKfPfi"),
            canonicalMangledKernel(
                "_ZN39_GLOBAL__N__6fa5e3f3_7_anon_cu_4b468e6611forced_anonEPKfPfi"));
  EXPECT_EQ(canonicalMangledKernel("_ZN2nsL7twoShotIfEEvPT_"),
            canonicalMangledKernel("_ZN2ns7twoShotIfEEvPT_"));
  EXPECT_EQ(canonicalMangledKernel("_Z4fitsILi56EEvPKfPfi"), "_Z4fitsILi56EEvPKfPfi");
  // Different kernels stay apart.
  EXPECT_NE(canonicalMangledKernel("_Z1kPf"), canonicalMangledKernel("_Z1kPi"));
  Expected<PtxasReport> R = parsePtxasOutput(
      "ptxas info    : Compiling entry function "
      "'_ZN39_GLOBAL__N__6fa5e3f3_7_anon_cu_4b468e6611forced_anonEPKfPfi' for 'sm_90'\n"
      "ptxas info    : Function properties for "
      "_ZN39_GLOBAL__N__6fa5e3f3_7_anon_cu_4b468e6611forced_anonEPKfPfi\n"
      "    272 bytes stack frame, 488 bytes spill stores, 488 bytes spill loads\n"
      "ptxas info    : Used 32 registers, used 0 barriers\n");
  ASSERT_TRUE(bool(R)) << toString(R.takeError());
  const PtxasFunctionInfo *F = findKernel(*R, "_ZN12_GLOBAL__N_111forced_anonEPKfPfi");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->SpillStoreBytes, 488u);
  EXPECT_FALSE(findKernel(*R, "_ZN12_GLOBAL__N_111forced_anonEPKfPf"));
}
