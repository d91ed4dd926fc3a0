//===- PtxLifterTest.cpp - PTX lifted into NVPTX LLVM IR ------------------===//
#include "analyzer/StateSpaces.h"
#include "frontend/ptx/PtxFrontend.h"
#include "frontend/SourceLocation.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <set>

using namespace llvm;
using namespace warplint;

namespace {

DeviceModule lift(StringRef Text, std::vector<std::string> *Warnings = nullptr) {
  FrontendOptions Opts;
  Expected<DeviceModule> DM = compilePtxBuffer(Text, "t.ptx", Opts, [&](const std::string &W) {
    if (Warnings)
      Warnings->push_back(W);
  });
  if (!DM) {
    ADD_FAILURE() << toString(DM.takeError());
    return DeviceModule();
  }
  return std::move(*DM);
}

std::set<std::string> calledFunctions(const Module &M) {
  std::set<std::string> Out;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F))
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction())
          Out.insert(Callee->getName().str());
  return Out;
}

const char *Reduce = R"(
.version 8.0
.target sm_90
.address_size 64
.extern .shared .align 16 .b8 s[];
.visible .entry reduce(
	.param .u64 reduce_param_0,
	.param .u64 reduce_param_1
)
.reqntid 128, 1, 1
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<6>;
	.loc	1 10 3
	ld.param.u64 	%rd1, [reduce_param_0];
	ld.param.u64 	%rd2, [reduce_param_1];
	cvta.to.global.u64 	%rd3, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.nc.f32 	%f1, [%rd5];
	mov.u32 	%r2, s;
	shl.b32 	%r3, %r1, 2;
	add.s32 	%r4, %r2, %r3;
	.loc	1 11 3
	st.shared.f32 	[%r4], %f1;
	bar.sync 	0;
	ld.shared.f32 	%f2, [%r4];
	mov.b32 	%r5, %f2;
	shfl.sync.down.b32 	%r6|%p1, %r5, 16, 31, -1;
	vote.sync.all.pred 	%p2, %p1, -1;
	.loc	1 12 5
	@%p2 atom.global.add.f32 	%f3, [%rd3], %f2;
	ret;
}
.file	1 "k.cu"
)";

TEST(PtxLifter, UsesTheIntrinsicsAndSpacesOfTheCudaPath) {
  DeviceModule DM = lift(Reduce);
  ASSERT_TRUE(DM.M);
  EXPECT_EQ(DM.Frontend, "ptx");
  EXPECT_EQ(DM.M->getTargetTriple().str(), "nvptx64-nvidia-cuda");
  Function *K = DM.M->getFunction("reduce");
  ASSERT_TRUE(K);
  EXPECT_TRUE(isKernel(*K));
  EXPECT_EQ(K->getFnAttribute("nvvm.reqntid").getValueAsString(), "128,1,1");
  std::set<std::string> Called = calledFunctions(*DM.M);
  for (const char *Name :
       {"llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.barrier.cta.sync.aligned.all",
        "llvm.nvvm.shfl.sync.down.i32p", "llvm.nvvm.vote.all.sync"})
    EXPECT_TRUE(Called.count(Name)) << Name;
  // Kernel pointer parameters are generic pointers, as Clang writes them.
  EXPECT_TRUE(K->getArg(0)->getType()->isPointerTy());

  StateSpaces S = StateSpaces::analyze(DM, *K);
  std::string Text;
  raw_string_ostream OS(Text);
  S.print(OS);
  EXPECT_NE(Text.find("k.cu:10:3 global ld 4B"), std::string::npos) << Text;
  EXPECT_NE(Text.find("k.cu:11:3 shared st 4B"), std::string::npos) << Text;
  EXPECT_NE(Text.find("k.cu:11:3 shared ld 4B"), std::string::npos) << Text;
  EXPECT_NE(Text.find("k.cu:12:5 global atom 4B"), std::string::npos) << Text;
  ASSERT_EQ(DM.Launches.size(), 1u);
  EXPECT_EQ(DM.Launches[0].Block->V[0], 128u);
}

TEST(PtxLifter, WithoutLineInfoPointsAtThePtxLine) {
  DeviceModule DM = lift(R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<3>;
	ld.param.u64 	%rd1, [k_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	ld.global.v4.u32 	{%r1, %r2, %r3, %r4}, [%rd2+16];
	st.global.v4.u32 	[%rd2], {%r4, %r3, %r2, %r1};
	ret;
}
)");
  ASSERT_TRUE(DM.M);
  StateSpaces S = StateSpaces::analyze(DM, *DM.M->getFunction("k"));
  ASSERT_EQ(S.accesses().size(), 2u);
  EXPECT_EQ(S.accesses()[0].Loc.File, "t.ptx");
  EXPECT_EQ(S.accesses()[0].Loc.Line, 10u);
  EXPECT_EQ(S.accesses()[0].Loc.Column, 2u);
  EXPECT_EQ(S.accesses()[0].Bytes, 16u);
  EXPECT_EQ(S.accesses()[1].Space, unsigned(AS_Global));
}

TEST(PtxLifter, InlinedLocationsPointAtTheUserSource) {
  // nvcc writes the location inside a CUDA header with inlined_at the call.
  DeviceModule DM = lift(R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<3>;
	.loc	1 5 3
	ld.param.u64 	%rd1, [k_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	.loc	2 84 3, function_name $L__info_string0, inlined_at 1 6 7
	atom.global.add.u32 	%r1, [%rd2], 1;
	ret;
}
.file	1 "user.cu"
.file	2 "/usr/local/cuda/include/sm_20_atomic_functions.hpp"
)");
  ASSERT_TRUE(DM.M);
  StateSpaces S = StateSpaces::analyze(DM, *DM.M->getFunction("k"));
  ASSERT_EQ(S.accesses().size(), 1u);
  EXPECT_EQ(S.accesses()[0].Loc.File, "user.cu");
  EXPECT_EQ(S.accesses()[0].Loc.Line, 6u);
  EXPECT_EQ(S.accesses()[0].Op, AccessOp::Atomic);
}

TEST(PtxLifter, UnsupportedInstructionsAreDataDependentWarnings) {
  std::vector<std::string> Warnings;
  DeviceModule DM = lift(R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<4>;
	ld.param.u64 	%rd1, [k_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	frobnicate.b32 	%r1, %r2;
	mul.wide.u32 	%rd3, %r1, 4;
	add.s64 	%rd2, %rd2, %rd3;
	st.global.u32 	[%rd2], %r1;
	ret;
}
)",
                         &Warnings);
  ASSERT_TRUE(DM.M);
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_NE(Warnings[0].find("t.ptx:10:2: warning: unsupported PTX instruction 'frobnicate.b32'"),
            std::string::npos)
      << Warnings[0];
  StateSpaces S = StateSpaces::analyze(DM, *DM.M->getFunction("k"));
  ASSERT_EQ(S.accesses().size(), 1u);
  EXPECT_EQ(S.accesses()[0].Space, unsigned(AS_Global));
}

TEST(PtxLifter, EveryFixtureLiftsWithoutUnsupportedInstructions) {
  SmallString<256> Dir(WARPLINT_SOURCE_DIR);
  sys::path::append(Dir, "tests", "lit", "ptx", "Inputs");
  std::error_code EC;
  unsigned Files = 0;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    if (sys::path::extension(It->path()) != ".ptx")
      continue;
    ++Files;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(It->path());
    ASSERT_TRUE(bool(Buf)) << It->path();
    std::vector<std::string> Warnings;
    FrontendOptions Opts;
    Expected<DeviceModule> DM = compilePtxBuffer(
        (*Buf)->getBuffer(), It->path(), Opts,
        [&](const std::string &W) { Warnings.push_back(W); });
    ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
    EXPECT_TRUE(Warnings.empty()) << It->path() << ": " << Warnings[0];
    unsigned Kernels = 0;
    for (const Function &F : *DM->M)
      Kernels += isKernel(F);
    EXPECT_GT(Kernels, 0u) << It->path();
  }
  EXPECT_GE(Files, 20u);
}

} // namespace
