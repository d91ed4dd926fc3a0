#include "analyzer/PtxasConfirm.h"
#include "analyzer/RegisterPressure.h"
#include "frontend/Frontend.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

std::string fixture(StringRef Rel) { return (Twine(WARPLINT_SOURCE_DIR) + "/" + Rel).str(); }

PtxasReport parseFile(StringRef Rel) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(fixture(Rel));
  EXPECT_TRUE(bool(B)) << Rel.str();
  if (!B)
    return {};
  Expected<PtxasReport> R = parsePtxasOutput((*B)->getBuffer());
  EXPECT_TRUE(bool(R)) << toString(R.takeError());
  return R ? std::move(*R) : PtxasReport();
}

} // namespace

TEST(PtxasParser, ReadsHardwareFixture) {
  PtxasReport R = parseFile("tests/hardware/h100/registers.ptxas.txt");
  ASSERT_EQ(R.Functions.size(), 4u);
  const PtxasFunctionInfo *Heavy = R.find("heavy_spill");
  ASSERT_TRUE(Heavy);
  EXPECT_EQ(Heavy->Name, "_Z11heavy_spillPKfPf");
  EXPECT_TRUE(Heavy->IsEntry);
  EXPECT_EQ(Heavy->Arch, "sm_90");
  EXPECT_EQ(Heavy->Registers, 32u);
  EXPECT_EQ(Heavy->StackFrameBytes, 136u);
  EXPECT_EQ(Heavy->SpillStoreBytes, 132u);
  EXPECT_EQ(Heavy->SpillLoadBytes, 180u);
  EXPECT_EQ(Heavy->CumulativeStackBytes, 136u);
  EXPECT_EQ(Heavy->summary(), "ptxas: 32 registers, 136 bytes stack frame, 132 bytes "
                              "of spill stores, 180 bytes of spill loads");
  const PtxasFunctionInfo *Shared = R.find("_Z10big_sharedPKfPf");
  ASSERT_TRUE(Shared);
  EXPECT_EQ(Shared->SharedBytes, 49152u);
  EXPECT_EQ(Shared->Barriers, 1u);
  EXPECT_FALSE(Shared->spills());
  // small_local's float a[8] stays in registers: no stack frame.
  const PtxasFunctionInfo *Small = R.find("small_local");
  ASSERT_TRUE(Small);
  EXPECT_EQ(Small->StackFrameBytes, 0u);
  EXPECT_EQ(localMemoryVerdict(*Small, /*IrHasLocalAccesses=*/true),
            "ptxas kept the private arrays in registers: no stack frame, no local "
            "loads or stores");
}

TEST(PtxasParser, ReadsEveryCapturedReport) {
  // nvcc -Xptxas -v logs of tests/lit/registers/Inputs for three archs,
  // including sm_80's "cmem[0]" suffix, device functions and a warning.
  for (const char *Arch : {"sm_75", "sm_80", "sm_90"}) {
    PtxasReport K = parseFile((Twine("tests/sass/kernels.") + Arch + ".ptxas.txt").str());
    EXPECT_EQ(K.Functions.size(), 11u) << Arch;
    for (const PtxasFunctionInfo &F : K.Functions)
      if (F.IsEntry) {
        EXPECT_TRUE(F.HasUsage) << F.Name;
        EXPECT_GT(F.Registers, 0u) << F.Name;
      }
    const PtxasFunctionInfo *Local = K.find("local_dynamic");
    ASSERT_TRUE(Local);
    EXPECT_GT(Local->StackFrameBytes, 0u);
    EXPECT_FALSE(Local->spills());
    const PtxasFunctionInfo *Helper = K.find("helper");
    ASSERT_TRUE(Helper);
    EXPECT_FALSE(Helper->IsEntry);
    PtxasReport H = parseFile((Twine("tests/sass/heavy.") + Arch + ".ptxas.txt").str());
    const PtxasFunctionInfo *Bounded = H.find("heavy_bounded");
    ASSERT_TRUE(Bounded);
    EXPECT_TRUE(Bounded->spills()) << Arch;
    const PtxasFunctionInfo *Free = H.find("heavy_free");
    ASSERT_TRUE(Free);
    EXPECT_FALSE(Free->spills()) << Arch;
  }
}

TEST(PtxasParser, RejectsOtherText) {
  EXPECT_FALSE(bool(parsePtxasOutput("hello\nworld\n")));
  EXPECT_FALSE(bool(parsePtxasOutput("")));
  // Truncated: a function header with no numbers still parses.
  Expected<PtxasReport> R =
      parsePtxasOutput("ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n");
  ASSERT_TRUE(bool(R));
  EXPECT_FALSE(R->Functions[0].HasUsage);
}

// Runs the real ptxas when the toolkit is here; skipped otherwise.
TEST(PtxasRun, ConfirmsSpillsOfTestKernels) {
  std::optional<std::string> Ptxas = findPtxas();
  if (!Ptxas)
    GTEST_SKIP() << "no ptxas (CUDA toolkit) found";
  FrontendOptions FO;
  Expected<DeviceModule> DM = loadInput(fixture("tests/lit/registers/Inputs/heavy.cu"), FO);
  ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
  Expected<PtxasReport> R = confirmWithPtxas(*DM, *Ptxas, PtxasOptions());
  ASSERT_TRUE(bool(R)) << toString(R.takeError());
  const PtxasFunctionInfo *Bounded = R->find("heavy_bounded");
  const PtxasFunctionInfo *Free = R->find("heavy_free");
  ASSERT_TRUE(Bounded && Free);
  EXPECT_LE(Bounded->Registers, 32u);
  EXPECT_TRUE(Bounded->spills());
  EXPECT_FALSE(Free->spills());
  const ArchProfile &Arch = defaultArch();
  for (const Function &F : *DM->M)
    if (isKernel(F)) {
      RegisterPressure P = RegisterPressure::analyze(F, Arch);
      EXPECT_EQ(P.spillRisk(), R->find(F.getName())->spills()) << F.getName().str();
    }
}

TEST(PtxasRun, ReportsPtxasErrors) {
  std::optional<std::string> Ptxas = findPtxas();
  if (!Ptxas)
    GTEST_SKIP() << "no ptxas (CUDA toolkit) found";
  Expected<PtxasReport> R = runPtxas(*Ptxas, "this is not ptx", PtxasOptions());
  ASSERT_FALSE(bool(R));
  EXPECT_NE(toString(R.takeError()).find("ptxas"), std::string::npos);
}

/// Prints the calibration table bench/registers.sh reads: for every kernel of
/// tests/lit/registers/Inputs, the IR estimate next to ptxas's count.
TEST(PtxasRun, CalibrationTable) {
  std::optional<std::string> Ptxas = findPtxas();
  if (!Ptxas)
    GTEST_SKIP() << "no ptxas (CUDA toolkit) found";
  for (const char *Name : {"tests/lit/registers/Inputs/light.cu",
                           "tests/lit/registers/Inputs/heavy.cu",
                           "tests/lit/registers/Inputs/kernels.cu",
                           "tests/hardware/registers.cu",
                           "tests/lit/rules/register-spill.cu"}) {
    FrontendOptions FO;
    Expected<DeviceModule> DM = loadInput(fixture(Name), FO);
    ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
    Expected<PtxasReport> R = confirmWithPtxas(*DM, *Ptxas, PtxasOptions());
    ASSERT_TRUE(bool(R)) << toString(R.takeError());
    for (const Function &F : *DM->M) {
      if (!isKernel(F))
        continue;
      RegisterPressure P = RegisterPressure::analyze(F, defaultArch());
      const PtxasFunctionInfo *Info = R->find(F.getName());
      ASSERT_TRUE(Info);
      outs() << "calibration: " << sourceName(F) << " live=" << P.maxLiveRegisters()
             << " estimate=" << P.estimatedRegisters() << " ptxas=" << Info->Registers
             << " cap=" << P.cap().Registers << " predicted_spill=" << P.spillRisk()
             << " ptxas_spill=" << Info->spills() << "\n";
    }
  }
}
