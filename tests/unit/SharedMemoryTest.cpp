#include "analyzer/PtxasConfirm.h"
#include "analyzer/SharedMemory.h"
#include "frontend/Frontend.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

std::string fixture(StringRef Rel) { return (Twine(WARPLINT_SOURCE_DIR) + "/" + Rel).str(); }

} // namespace

// The static shared bytes of every test kernel equal ptxas's "bytes smem"
// for the same source (nvcc -Xptxas -v, tests/sass/*.ptxas.txt).
TEST(SharedMemory, StaticBytesMatchPtxas) {
  FrontendOptions FO;
  FO.ForcePrelude = true;
  unsigned Checked = 0;
  for (const char *Name : {"kernels", "heavy", "light"}) {
    Expected<DeviceModule> DM =
        loadInput(fixture(("tests/lit/registers/Inputs/" + Twine(Name) + ".cu").str()), FO);
    ASSERT_TRUE(bool(DM)) << toString(DM.takeError());
    auto Text = MemoryBuffer::getFile(
        fixture(("tests/sass/" + Twine(Name) + ".sm_90.ptxas.txt").str()));
    ASSERT_TRUE(bool(Text));
    Expected<PtxasReport> R = parsePtxasOutput((*Text)->getBuffer());
    ASSERT_TRUE(bool(R)) << toString(R.takeError());
    for (const Function &F : *DM->M) {
      if (!isKernel(F) || F.isDeclaration())
        continue;
      const PtxasFunctionInfo *Info = R->find(F.getName());
      ASSERT_TRUE(Info) << F.getName().str();
      SharedMemoryUse S = SharedMemoryUse::analyze(F);
      EXPECT_EQ(S.staticBytes(), Info->SharedBytes) << sourceName(F);
      Checked += Info->SharedBytes != 0;
    }
  }
  EXPECT_EQ(Checked, 4u); // transpose, reduce, histogram, matmul.
}

// extern __shared__ arrays: zero-size external globals, each at offset 0.
TEST(SharedMemory, FindsExternArraysAndTheirTypes) {
  const char *IR = R"IR(
target triple = "nvptx64-nvidia-cuda"
%struct.Pair = type { float, i32 }
@vals = external addrspace(3) global [0 x float], align 4
@pairs = external addrspace(3) global [0 x %struct.Pair], align 4
@_ZZ1kPfE4tile = internal addrspace(3) global [32 x [33 x float]] undef, align 4
@_ZZ1kPfE5count = internal addrspace(3) global i32 undef, align 4
@unused = external addrspace(3) global [0 x double], align 8

define ptx_kernel void @_Z1kPf(ptr %out) {
  %p = getelementptr inbounds float, ptr addrspace(3) @vals, i32 3
  store float 1.0, ptr addrspace(3) %p
  %q = getelementptr inbounds %struct.Pair, ptr addrspace(3) @pairs, i32 1, i32 1
  store i32 2, ptr addrspace(3) %q
  store float 0.0, ptr addrspace(3) @_ZZ1kPfE4tile
  store i32 0, ptr addrspace(3) @_ZZ1kPfE5count
  ret void
}
)IR";
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  const Function *K = M->getFunction("_Z1kPf");
  ASSERT_TRUE(K);
  SharedMemoryUse S = SharedMemoryUse::analyze(*K);
  ASSERT_EQ(S.variables().size(), 4u);
  // 32 x 33 floats, then an int at its 4-byte alignment.
  EXPECT_EQ(S.staticBytes(), 32u * 33 * 4 + 4);
  std::vector<const SharedVariable *> Ext = S.externArrays();
  ASSERT_EQ(Ext.size(), 2u);
  EXPECT_EQ(Ext[0]->Name, "vals");
  EXPECT_EQ(Ext[0]->ElementType, "float");
  EXPECT_EQ(Ext[1]->ElementType, "struct Pair");
  EXPECT_EQ(S.variables()[2].Name, "tile");
  EXPECT_EQ(S.variables()[2].Bytes, 32u * 33 * 4);
  EXPECT_FALSE(S.variables()[2].Extern);
  const Instruction &First = *K->getEntryBlock().begin();
  EXPECT_EQ(S.variableOf(First.getOperand(0)), Ext[0]);
}
