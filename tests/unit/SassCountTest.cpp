// SassCount: what ptxas makes of IR, on small kernels whose SASS (ptxas 13,
// sm_90) is known: a fused multiply-add, a loop whose addresses step by a
// constant, a grid-stride loop, the fast and the accurate math routines.
#include "analyzer/arch/SassCount.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

struct Counted {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;
  std::unique_ptr<SassCount> Sass;
  const Function *F = nullptr;

  explicit Counted(StringRef IR) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    EXPECT_TRUE(M) << Err.getMessage().str();
    F = M ? M->getFunction("k") : nullptr;
    if (!F)
      return;
    DT = std::make_unique<DominatorTree>(const_cast<Function &>(*F));
    LI = std::make_unique<LoopInfo>(*DT);
    Sass = std::make_unique<SassCount>(*F, *LI, *DT);
  }
  double block(StringRef Name) const {
    for (const BasicBlock &BB : *F)
      if (BB.getName() == Name)
        return Sass->of(BB).Instructions;
    ADD_FAILURE() << "no block " << Name.str();
    return -1;
  }
};

constexpr const char *Header = R"(
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare float @__nv_fast_sinf(float)
declare float @__nv_sinf(float)
)";

} // namespace

TEST(SassCount, StraightLineKernelMatchesPtxas) {
  // out[i] = 3 * in[i + 1] - 1 under i < n: ptxas issues 17 instructions
  // (LDC R1, S2R, S2UR, LDC ntid, IMAD, ULDC n, ISETP, EXIT on the early
  // exit; LDC.64 x2, ULDC.64, IMAD.WIDE x2, LDG, FFMA, STG, EXIT), plus a
  // constant materialized by HFMA2 that the count does not see.
  Counted C(std::string(Header) + R"(
define void @k(ptr %in, ptr %out, i32 %n) {
entry:
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %b, %d
  %i = add i32 %m, %t
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add nsw i32 %i, 1
  %s1 = sext i32 %i1 to i64
  %p = getelementptr float, ptr %in, i64 %s1
  %v = load float, ptr %p
  %x = fmul contract float %v, 3.0
  %y = fsub contract float %x, 1.0
  %s = sext i32 %i to i64
  %q = getelementptr float, ptr %out, i64 %s
  store float %y, ptr %q
  br label %exit
exit:
  ret void
}
)");
  ASSERT_TRUE(C.Sass);
  // Prologue 2, 3 arguments, 3 special registers, IMAD, ISETP, branch.
  EXPECT_DOUBLE_EQ(C.block("entry"), 2 + 3 + 3 + 1 + 1 + 1);
  // The add feeding only the address is arithmetic, not folded; two
  // addresses that differ by a register each cost an IMAD.WIDE.
  EXPECT_DOUBLE_EQ(C.block("body"), 1 + /*load*/ 1 + 1 + /*ffma*/ 1 + /*store*/ 1 + 1);
  EXPECT_DOUBLE_EQ(C.block("exit"), 1);
}

TEST(SassCount, CountedLoopStepsItsPointerAndAmortizesItsControl) {
  // acc += a[row + k] * b[k * n]: a steps by 4 bytes (immediate offsets in
  // the unrolled body), b by 4n (an IMAD.WIDE per load); the multiply goes
  // into the add; the counter, its compare and the branch are paid once per
  // unrolled group of 4.
  Counted C(std::string(Header) + R"(
define void @k(ptr %a, ptr %b, ptr %out, i32 %n, i32 %row) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %ia = add nsw i32 %row, %k
  %sa = sext i32 %ia to i64
  %pa = getelementptr float, ptr %a, i64 %sa
  %va = load float, ptr %pa
  %ib = mul nsw i32 %k, %n
  %sb = sext i32 %ib to i64
  %pb = getelementptr float, ptr %b, i64 %sb
  %vb = load float, ptr %pb
  %m = fmul contract float %va, %vb
  %acc1 = fadd contract float %acc, %m
  %k1 = add nsw i32 %k, 1
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  store float %acc1, ptr %out
  ret void
}
)");
  ASSERT_TRUE(C.Sass);
  EXPECT_DOUBLE_EQ(C.block("loop"), /*loads*/ 2 + /*a*/ 0.25 + /*b*/ 1 + /*ffma*/ 1 + 3 * 0.25);
}

TEST(SassCount, GridStrideLoopStaysRolled) {
  // A loop stepped by a register is not unrolled: its control is paid on
  // every iteration, and each address is an IMAD.WIDE.
  Counted C(std::string(Header) + R"(
define void @k(ptr %x, i32 %n) {
entry:
  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = sext i32 %i to i64
  %p = getelementptr float, ptr %x, i64 %s
  %v = load float, ptr %p
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  %i1 = add nsw i32 %i, %g
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
)");
  ASSERT_TRUE(C.Sass);
  // Load and store share one address register.
  EXPECT_DOUBLE_EQ(C.block("loop"), /*load*/ 1 + 1 + /*fadd*/ 1 + /*store*/ 1 + /*control*/ 3);
}

TEST(SassCount, MathRoutinesAndDivisions) {
  Counted C(std::string(Header) + R"(
define void @k(ptr %out, float %x, i32 %a, i32 %b) {
entry:
  %f = call float @__nv_fast_sinf(float %x)
  %s = call float @__nv_sinf(float %x)
  %q = fdiv float %f, %s
  %r = fdiv arcp float %f, %s
  %d = sdiv i32 %a, %b
  %e = udiv i32 %a, 7
  %fd = sitofp i32 %d to float
  %fe = sitofp i32 %e to float
  %t = fadd float %q, %r
  %u = fadd float %fd, %fe
  %v = fadd float %t, %u
  store float %v, ptr %out
  ret void
}
)");
  ASSERT_TRUE(C.Sass);
  // FMUL.RZ and MUFU.SIN; the accurate sinf's body; an IEEE division; a
  // reciprocal multiply; a division by a register; one by a constant.
  // The store's address is the argument itself: no address arithmetic.
  double Expected = 2 + 20 + 8 + 2 + 20 + 3 + /*conversions*/ 2 + /*adds*/ 3 + /*store*/ 1 +
                    /*ret*/ 1 + /*prologue*/ 2 + /*arguments*/ 4;
  EXPECT_DOUBLE_EQ(C.block("entry"), Expected);
  // MUFU: the fast sine, the two divisions' reciprocals, the integer
  // division's; the accurate sine is a polynomial.
  for (const BasicBlock &BB : *C.F)
    EXPECT_DOUBLE_EQ(C.Sass->of(BB).Mufu, 4);
}
