#include "analyzer/RegisterPressure.h"
#include "frontend/Frontend.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

DeviceModule load(StringRef Rel) {
  FrontendOptions FO;
  Expected<DeviceModule> DM =
      loadInput((Twine(WARPLINT_SOURCE_DIR) + "/" + Rel).str(), FO);
  EXPECT_TRUE(bool(DM)) << toString(DM.takeError());
  return DM ? std::move(*DM) : DeviceModule();
}

const Function *kernel(const DeviceModule &DM, StringRef Part) {
  for (const Function &F : *DM.M)
    if (isKernel(F) && F.getName().contains(Part))
      return &F;
  return nullptr;
}

} // namespace

TEST(RegisterPressure, HeavyKernelUnderLaunchBoundsIsFlagged) {
  DeviceModule DM = load("tests/lit/registers/Inputs/heavy.cu");
  ASSERT_TRUE(DM.M);
  const Function *Bounded = kernel(DM, "heavy_bounded");
  ASSERT_TRUE(Bounded);
  LaunchBounds B = readLaunchBounds(*Bounded);
  EXPECT_EQ(B.MaxThreads, 1024u);
  EXPECT_EQ(B.MinBlocks, 2u);
  RegisterPressure P = RegisterPressure::analyze(*Bounded, defaultArch());
  EXPECT_EQ(P.cap().Registers, 32u);
  EXPECT_EQ(P.cap().Source, "__launch_bounds__(1024, 2)");
  // 64 accumulators live across the loop.
  EXPECT_GE(P.maxLiveRegisters(), 64u);
  EXPECT_TRUE(P.spillRisk());
  EXPECT_NE(P.message().find("exceed the cap of 32 from __launch_bounds__(1024, 2)"),
            std::string::npos)
      << P.message();
  ASSERT_FALSE(P.liveAtPeak().empty());
  EXPECT_TRUE(P.peakLocation().valid());
  EXPECT_NE(P.liveAtPeak().front().Names.find("acc"), std::string::npos);

  const Function *Free = kernel(DM, "heavy_free");
  ASSERT_TRUE(Free);
  RegisterPressure PF = RegisterPressure::analyze(*Free, defaultArch());
  EXPECT_EQ(PF.cap().Registers, 255u);
  EXPECT_FALSE(PF.spillRisk());
  // --maxrregcount lowers the cap below the pressure.
  RegisterPressureOptions Opts;
  Opts.MaxRRegCount = 40;
  RegisterPressure PM = RegisterPressure::analyze(*Free, defaultArch(), Opts);
  EXPECT_EQ(PM.cap().Source, "--maxrregcount=40");
  EXPECT_TRUE(PM.spillRisk());
}

TEST(RegisterPressure, LightKernelIsNotFlagged) {
  DeviceModule DM = load("tests/lit/registers/Inputs/light.cu");
  ASSERT_TRUE(DM.M);
  for (const Function &F : *DM.M)
    if (isKernel(F)) {
      RegisterPressure P = RegisterPressure::analyze(F, defaultArch());
      EXPECT_FALSE(P.spillRisk()) << F.getName().str();
      EXPECT_LE(P.maxLiveRegisters(), 8u);
      EXPECT_LE(P.estimatedRegisters(), 16u);
    }
}

TEST(RegisterPressure, HardwareFixtureSpillsAgreeWithPtxas) {
  // tests/hardware/h100/registers.ptxas.txt: only heavy_spill spills.
  DeviceModule DM = load("tests/hardware/registers.cu");
  ASSERT_TRUE(DM.M);
  for (const Function &F : *DM.M)
    if (isKernel(F)) {
      RegisterPressure P = RegisterPressure::analyze(F, defaultArch());
      EXPECT_EQ(P.spillRisk(), F.getName() == "_Z11heavy_spillPKfPf") << F.getName().str();
    }
}

TEST(RegisterPressure, CountsWidthsAndPredicates) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(R"(
target datalayout = "e-p3:32:32-p5:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, i32 %n) {
entry:
  %a = load i32, ptr addrspace(1) %p
  %q = getelementptr i8, ptr addrspace(1) %p, i64 8
  %b = load double, ptr addrspace(1) %q
  %c = icmp slt i32 %a, %n
  %d = fadd double %b, 1.0
  %e = add i32 %a, 1
  %f = select i1 %c, i32 %e, i32 %a
  %g = fptosi double %d to i32
  %h = add i32 %f, %g
  store i32 %h, ptr addrspace(1) %p
  ret void
}
)", Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  const DataLayout &DL = M->getDataLayout();
  EXPECT_EQ(registersForType(Type::getInt1Ty(Ctx), DL), 0u);
  EXPECT_EQ(registersForType(Type::getInt64Ty(Ctx), DL), 2u);
  EXPECT_EQ(registersForType(Type::getFloatTy(Ctx), DL), 1u);
  EXPECT_EQ(registersForType(FixedVectorType::get(Type::getFloatTy(Ctx), 4), DL), 4u);
  EXPECT_EQ(registersForType(PointerType::get(Ctx, 1), DL), 2u);
  EXPECT_EQ(registersForType(PointerType::get(Ctx, 3), DL), 1u);
  RegisterPressure P = RegisterPressure::analyze(*M->getFunction("k"), defaultArch());
  // At "%e = add": a(1) + d(2) + e(1) live, c is a predicate.
  EXPECT_EQ(P.maxLiveRegisters(), 4u);
  EXPECT_EQ(P.maxLivePredicates(), 1u);
  EXPECT_FALSE(P.hasCalls());
  std::string S;
  raw_string_ostream OS(S);
  P.print(OS);
  EXPECT_NE(S.find("4 live at the peak"), std::string::npos) << S;
}

TEST(RegisterPressure, LaunchBoundsFromAnnotations) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(R"(
define ptx_kernel void @k() {
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"maxntidx", i32 256, !"minctasm", i32 4}
)", Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  LaunchBounds B = readLaunchBounds(*M->getFunction("k"));
  EXPECT_EQ(B.MaxThreads, 256u);
  EXPECT_EQ(B.MinBlocks, 4u);
  RegisterCap Cap = registerCap(*M->getFunction("k"), defaultArch());
  EXPECT_EQ(Cap.Registers, 64u);
}
