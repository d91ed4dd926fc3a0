//===- PtxParserTest.cpp - PTX parsing ------------------------------------===//
#include "frontend/ptx/PtxParser.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::ptx;

namespace {

const char *Header = ".version 8.0\n.target sm_90\n.address_size 64\n";

Module parseOk(const std::string &Text) {
  llvm::Expected<Module> M = parse(Text, "t.ptx");
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return Module();
  }
  return std::move(*M);
}

std::string parseError(const std::string &Text) {
  llvm::Expected<Module> M = parse(Text, "t.ptx");
  if (M)
    return "";
  return llvm::toString(M.takeError());
}

TEST(PtxParser, ModuleDirectivesAndVariables) {
  Module M = parseOk(std::string(Header) +
                     ".const .align 4 .b8 coef[64] = {1, 2, 0x3};\n"
                     ".extern .shared .align 16 .b8 s[];\n"
                     ".global .f32 g = 0f3F800000;\n"
                     ".visible .global .align 8 .u64 table[2] = {generic(g), g+4};\n"
                     ".file 1 \"k.cu\", 1700000000, 42\n");
  EXPECT_EQ(M.Version, "8.0");
  EXPECT_EQ(M.Target, "sm_90");
  EXPECT_EQ(M.AddressSize, 64u);
  ASSERT_EQ(M.Globals.size(), 4u);
  EXPECT_EQ(M.Globals[0].Sp, Space::Const);
  EXPECT_EQ(M.Globals[0].Align, 4u);
  EXPECT_EQ(M.Globals[0].sizeInBytes(), 64u);
  ASSERT_EQ(M.Globals[0].Init.size(), 3u);
  EXPECT_EQ(M.Globals[0].Init[2].IntValue, 3);
  EXPECT_TRUE(M.Globals[1].Extern);
  EXPECT_EQ(M.Globals[1].Dims, std::vector<uint64_t>{0});
  EXPECT_EQ(M.Globals[2].Init[0].FloatBits, 0x3F800000u);
  EXPECT_EQ(M.Globals[3].Init[1].Name, "g");
  EXPECT_EQ(M.Globals[3].Init[1].IntValue, 4);
  EXPECT_EQ(M.Files[1], "k.cu");
}

TEST(PtxParser, FunctionsRegistersAndInstructions) {
  Module M = parseOk(std::string(Header) + R"(
.func (.param .b32 func_retval0) f(.param .b64 f_param_0) ;
.visible .entry k(
	.param .u64 .ptr .align 1 k_param_0,
	.param .align 8 .b8 k_param_1[16]
)
.maxntid 256, 1, 1
.minnctapersm 2
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<42>;
	.reg .b64 	%SP, %SPL;
	.loc	1 7 3
	@!%p1 bra 	$L__BB0_2;
	shfl.sync.down.b32 	%r1|%p2, %r2, 16, 31, -1;
	st.global.v2.f32 	[%SP+-8], {%r3, _};
	{ // callseq 0
	.param .b64 param0;
	st.param.b64 	[param0+0], %SP;
	}
$L__BB0_2:
	.loc	2 440 9, function_name $L__info_string0, inlined_at 1 24 3
	ret;
}
)");
  ASSERT_EQ(M.Functions.size(), 2u);
  EXPECT_FALSE(M.Functions[0].HasBody);
  EXPECT_EQ(M.Functions[0].Returns.size(), 1u);
  const Function &K = M.Functions[1];
  EXPECT_TRUE(K.IsKernel);
  EXPECT_TRUE(K.Params[0].PointerParam);
  EXPECT_EQ(K.Params[1].sizeInBytes(), 16u);
  EXPECT_EQ(K.MaxNTid, (std::array<unsigned, 3>{256, 1, 1}));
  EXPECT_EQ(K.MinCtasPerSm, 2u);
  ASSERT_EQ(K.Regs.size(), 4u);
  EXPECT_EQ(K.Regs[1].Count, 42u);
  EXPECT_EQ(K.Regs[3].Name, "%SPL");
  EXPECT_EQ(K.CallParams.size(), 1u);
  ASSERT_EQ(K.Body.size(), 6u);
  const Instruction &Bra = K.Body[0].Inst;
  EXPECT_EQ(Bra.Guard, "%p1");
  EXPECT_TRUE(Bra.GuardNegated);
  EXPECT_EQ(Bra.Where.Line, 17u);
  EXPECT_EQ(Bra.DebugLoc, 0);
  const Instruction &Shfl = K.Body[1].Inst;
  EXPECT_EQ(Shfl.Opcode, "shfl");
  EXPECT_EQ(Shfl.Mods.size(), 3u);
  EXPECT_EQ(Shfl.Ops[0].PairName, "%p2");
  EXPECT_EQ(Shfl.Ops[4].IntValue, -1);
  const Instruction &St = K.Body[2].Inst;
  EXPECT_EQ(St.Ops[0].Kind, Operand::Address);
  EXPECT_EQ(St.Ops[0].IntValue, -8);
  EXPECT_EQ(St.Ops[1].Elements[1].Kind, Operand::Sink);
  EXPECT_EQ(K.Body[4].Kind, Statement::Label);
  // The inlined location: the caller is recorded first.
  const Instruction &Ret = K.Body[5].Inst;
  ASSERT_GE(Ret.DebugLoc, 0);
  const DebugLoc &L = K.DebugLocs[Ret.DebugLoc];
  EXPECT_EQ(L.Line, 440u);
  ASSERT_GE(L.InlinedAt, 0);
  EXPECT_EQ(K.DebugLocs[L.InlinedAt].Line, 24u);
}

TEST(PtxParser, SkipsDebugSections) {
  Module M = parseOk(std::string(Header) +
                     ".section .debug_str\n{\n$L__info_string0:\n.b8 95,90,0\n}\n");
  EXPECT_TRUE(M.Functions.empty());
}

TEST(PtxParser, ErrorsNameFileLineAndColumn) {
  EXPECT_NE(parseError(std::string(Header) + ".entry k()\n{\n\tadd.s32 %r1, %r2 %r3;\n}\n")
                .find("t.ptx:6:19: error: expected ',' or ';' after the operand"),
            std::string::npos);
  EXPECT_NE(parseError(std::string(Header) + ".entry k()\n{\n\tret;\n").find(
                "t.ptx:7:1: error: unexpected end of file in the body of 'k'"),
            std::string::npos);
  EXPECT_NE(parseError(std::string(Header) + ".bogus 1;\n").find(
                "t.ptx:4:1: error: unknown directive '.bogus'"),
            std::string::npos);
  EXPECT_NE(parseError(".version 8.0\n\x01\x02").find("t.ptx:2:1: error: unexpected invalid "
                                                     "character '\\x01'"),
            std::string::npos);
  EXPECT_NE(parseError("/* never closed").find("unterminated comment"), std::string::npos);
}

TEST(PtxParser, NeverCrashesOnPrefixes) {
  // Every prefix of a valid module parses or fails cleanly.
  std::string Text = std::string(Header) + R"(.visible .entry k(.param .u64 p)
{
	.reg .b64 %rd<3>; .reg .pred %p<2>;
	ld.param.u64 %rd1, [p];
	@%p1 st.global.v2.u32 [%rd1+8], {%rd1, %rd2};
}
)";
  for (size_t N = 0; N <= Text.size(); ++N) {
    llvm::Expected<Module> M = parse(Text.substr(0, N), "t.ptx");
    if (!M)
      llvm::consumeError(M.takeError());
  }
}

} // namespace
