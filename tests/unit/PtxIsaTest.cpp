//===- PtxIsaTest.cpp - The one PTX instruction table ---------------------===//
//
// The table's rows, the typed modifiers decoded from them, the parser of one
// instruction's text (as inline asm holds it) and the special registers.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/PtxInstruction.h"
#include "frontend/ptxisa/SpecialRegisters.h"

#include "gtest/gtest.h"

using namespace warplint::ptx;

namespace {

TEST(PtxIsa, EveryRowIsFoundByItsName) {
  for (const OpcodeInfo &Row : opcodeTable()) {
    std::optional<Opcode> Op = lookupOpcode(Row.Name);
    ASSERT_TRUE(Op) << Row.Name.str();
    EXPECT_EQ(opcodeInfo(*Op).Name, Row.Name);
    EXPECT_LE(Row.minOperands(), Row.maxOperands()) << Row.Name.str();
  }
  EXPECT_FALSE(lookupOpcode("bmsk"));
}

TEST(PtxIsa, DecodesTypedModifiers) {
  std::optional<PtxInst> I = decodeInstruction("ld", {"global", "cs", "v4", "f32"});
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Op, Opcode::Ld);
  EXPECT_EQ(I->Sp, Space::Global);
  EXPECT_EQ(I->CacheOp, "cs");
  EXPECT_EQ(I->VectorWidth, 4u);
  ASSERT_TRUE(I->type());
  EXPECT_TRUE(I->type()->isFloat());
  I = decodeInstruction("cvt", {"rni", "sat", "s32", "f64"});
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Rnd, Rounding::Rni);
  EXPECT_TRUE(I->Sat);
  EXPECT_EQ(I->type(1)->Width, 32u);
  EXPECT_TRUE(I->type(1)->isSigned());
  EXPECT_EQ(I->type(0)->Width, 64u);
  EXPECT_FALSE(I->type(2));
}

TEST(PtxIsa, ParsesOneInstructionOfAsm) {
  std::optional<ParsedInstruction> P = parseInstruction(" dp4a.u32.s32 $0, $1, $2, $3;\n");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Inst.Op, Opcode::Dp4a);
  EXPECT_EQ(P->Inst.info().Fam, Family::Video);
  ASSERT_EQ(P->Operands.size(), 4u);
  EXPECT_EQ(P->Operands[3], "$3");
  // Braced, a pair destination and literals.
  P = parseInstruction("{shfl.sync.up.b32 $0|$1, $2, 1, 0, -1;\n}");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->Inst.Sync);
  EXPECT_EQ(P->Operands[0], "$0|$1");
  EXPECT_EQ(P->Operands[4], "-1");
  // A brace list is one operand (wgmma's accumulators); wgmma's ordering
  // forms take none.
  P = parseInstruction("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, "
                       "$4, $5, p, 1, 1, 0, 0;");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Inst.info().Fam, Family::Wgmma);
  ASSERT_EQ(P->Operands.size(), 8u);
  EXPECT_EQ(P->Operands[0], "{$0, $1, $2, $3}");
  EXPECT_EQ(P->Operands[3], "p");
  EXPECT_TRUE(parseInstruction("wgmma.fence.sync.aligned;"));
  EXPECT_FALSE(parseInstruction("wgmma.mma_async.m64n8k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5;"));
  EXPECT_FALSE(parseInstruction("wgmma.mma_async.m64n8k16.f32.f16.f16 {$0, {$1}}, $2, $3, p;"));
  // Not one instruction of the table, or the wrong operand count.
  EXPECT_FALSE(parseInstruction("mov.u32 $0, 1; mov.u32 $1, 2;"));
  EXPECT_FALSE(parseInstruction("{ .reg .pred p; setp.ne.b32 p, $1, 0; }"));
  EXPECT_FALSE(parseInstruction("bmsk.clamp.b32 $0, $1, $2;"));
  EXPECT_FALSE(parseInstruction("lop3.b32 $0, $1, $2;"));
}

TEST(PtxIsa, OneTableOfSpecialRegisters) {
  const SpecialRegister *R = lookupSpecialRegister("%lanemask_lt");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Intrinsic, "lanemask.lt");
  EXPECT_NE(R->intrinsicID(), llvm::Intrinsic::not_intrinsic);
  EXPECT_EQ(specialRegisterOfIntrinsic("lanemask.lt"), R);
  // No intrinsic: the device model reads it from the asm.
  R = lookupSpecialRegister("reserved_smem_offset_1");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->intrinsicID(), llvm::Intrinsic::not_intrinsic);
  EXPECT_FALSE(lookupSpecialRegister("%r1"));
  // Every named intrinsic exists in this LLVM.
  for (const SpecialRegister &S : specialRegisters()) {
    if (!S.Intrinsic.empty()) {
      EXPECT_NE(S.intrinsicID(), llvm::Intrinsic::not_intrinsic) << S.Name.str();
    }
  }
}

} // namespace
