#include "frontend/sass/SassReader.h"
#include "analyzer/PtxasConfirm.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

std::string fixture(StringRef Rel) { return (Twine(WARPLINT_SOURCE_DIR) + "/" + Rel).str(); }

SassListing parse(StringRef Text) {
  Expected<SassListing> L = parseSassListing(Text, "t.sass");
  EXPECT_TRUE(bool(L)) << toString(L.takeError());
  return L ? std::move(*L) : SassListing();
}

// cuobjdump -sass form: absolute branch targets, encodings in comments.
constexpr const char *Cuobjdump = R"SASS(
	code for sm_90
		Function : _Z4loopPfi
	.headerflags	@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   LDC R1, c[0x0][0x28] ;            /* 0x00000a00ff017b82 */
                                                                     /* 0x000fe20000000800 */
        /*0010*/                   S2R R0, SR_TID.X ;                /* 0x0000000000007919 */
        /*0020*/                   STL [R1], R0 ;                    /* 0x0000000001007387 */
        /*0030*/                   LDG.E.128 R4, desc[UR4][R2.64] ;  /* 0x0000000402047981 */
        /*0040*/                   LDL R8, [R1] ;                    /* 0x0000000001087983 */
        /*0050*/                   STS.64 [R0], R4 ;                 /* 0x0000000400007388 */
        /*0060*/                   ISETP.NE.AND P0, PT, R8, RZ, PT ; /* 0x000000ff0800720c */
        /*0070*/               @P0 BRA 0x30 ;                        /* 0xfffffffc00e00947 */
        /*0080*/                   ATOMS.ADD RZ, [R0], R8 ;          /* 0x000000080000738c */
        /*0090*/                   REDG.E.ADD.STRONG.GPU desc[UR4][R2.64], R8 ; /* 0x0 */
        /*00a0*/                   LDC R9, c[0x3][0x10] ;            /* 0x0 */
        /*00b0*/                   EXIT ;                            /* 0x000000000000794d */
        /*00c0*/                   BRA 0xc0;                         /* 0xfffffffc00fc7947 */
		..........
)SASS";

// nvdisasm -gi form: labels, line info with inlining, .nv.info register count.
constexpr const char *Nvdisasm = R"SASS(
	.target	sm_80
//--------------------- .nv.info                  --------------------------
	.section	.nv.info,"",@"SHT_CUDA_INFO"
	//----- nvinfo : EIATTR_REGCOUNT
	.align		4
        /*0000*/ 	.byte	0x04, 0x2f
        /*0004*/ 	.word	index@(_Z1kPf)
        /*0008*/ 	.word	0x00000018
	//----- nvinfo : EIATTR_FRAME_SIZE
        /*000c*/ 	.word	index@(_Z1kPf)
        /*0010*/ 	.word	0x00000020
//--------------------- .text._Z1kPf              --------------------------
	.section	.text._Z1kPf,"ax",@progbits
	.sectioninfo	@"SHI_REGISTERS=24"
_Z1kPf:
.text._Z1kPf:
	//## File "/src/k.cu", line 5
        /*0000*/                   MOV R1, c[0x0][0x28] ;
.L_x_0:
	//## File "/src/k.cu", line 7
        /*0010*/                   LDL.64 R2, [R1+0x8] ;
	//## File "/usr/local/cuda/include/sm_20_atomic_functions.hpp", line 84 inlined at "/src/k.cu", line 9
        /*0020*/                   RED.E.ADD.F32.FTZ.RN.STRONG.GPU [R4.64], R2 ;
        /*0030*/              @!P0 BRA `(.L_x_0) ;
        /*0040*/                   LD.E R6, [R4.64] ;
        /*0050*/                   EXIT ;
.L_x_1:
        /*0060*/                   BRA `(.L_x_1);
)SASS";

} // namespace

TEST(SassReader, ReadsCuobjdumpListing) {
  SassListing L = parse(Cuobjdump);
  EXPECT_EQ(L.Format, "cuobjdump");
  EXPECT_EQ(L.Arch, "sm_90");
  ASSERT_EQ(L.Functions.size(), 1u);
  const SassFunction &F = L.Functions[0];
  EXPECT_EQ(F.SourceName, "loop");
  EXPECT_FALSE(F.Registers);
  EXPECT_EQ(F.Instructions.size(), 13u);
  EXPECT_EQ(F.Loops, 1u);
  // LDC, STL, LDG, LDL, STS, ATOMS, REDG, LDC.
  ASSERT_EQ(F.Accesses.size(), 8u);
  const SassMemoryAccess &Ldg = F.Accesses[2];
  EXPECT_EQ(Ldg.Space, unsigned(AS_Global));
  EXPECT_EQ(Ldg.Bytes, 16u);
  EXPECT_TRUE(F.inLoop(Ldg));
  EXPECT_TRUE(F.Accesses[3].IsSpill);
  EXPECT_TRUE(F.inLoop(F.Accesses[3])); // LDL at 0x40 is in the loop 0x30-0x70.
  EXPECT_FALSE(F.inLoop(F.Accesses[1])); // STL at 0x20 is before it.
  EXPECT_EQ(F.spillInstructions(), 2u);
  EXPECT_EQ(F.spillInstructionsInLoops(), 1u);
  EXPECT_EQ(F.Accesses[4].Space, unsigned(AS_Shared));
  EXPECT_EQ(F.Accesses[4].Bytes, 8u);
  EXPECT_EQ(F.Accesses[5].Op, SassMemOp::Atomic);
  EXPECT_EQ(F.Accesses[6].Op, SassMemOp::Reduction);
  EXPECT_EQ(F.Accesses[6].Space, unsigned(AS_Global));
  EXPECT_EQ(F.Accesses[7].ConstBank, 3);
  EXPECT_EQ(F.instruction(Ldg).Opcode, "LDG.E.128");
  EXPECT_EQ(F.Instructions[7].Predicate, "@P0");
}

TEST(SassReader, ReadsNvdisasmWithLineInfo) {
  SassListing L = parse(Nvdisasm);
  EXPECT_EQ(L.Format, "nvdisasm");
  EXPECT_EQ(L.Arch, "sm_80");
  ASSERT_EQ(L.Functions.size(), 1u);
  const SassFunction &F = L.Functions[0];
  EXPECT_EQ(F.Registers, 24u);
  EXPECT_EQ(F.StackFrameBytes, 32u);
  EXPECT_EQ(F.Loops, 1u); // The trap loop after EXIT is unreachable.
  ASSERT_EQ(F.Accesses.size(), 3u); // MOV from a constant bank is no load.
  const SassInstruction &Ldl = F.instruction(F.Accesses[0]);
  EXPECT_EQ(Ldl.Source.File, "/src/k.cu");
  EXPECT_EQ(Ldl.Source.Line, 7u);
  EXPECT_EQ(Ldl.LoopDepth, 1u);
  EXPECT_EQ(F.Accesses[0].Bytes, 8u);
  const SassInstruction &Red = F.instruction(F.Accesses[1]);
  EXPECT_EQ(Red.Source.Line, 84u);
  EXPECT_EQ(Red.Source.InlinedAtFile, "/src/k.cu");
  EXPECT_EQ(Red.Source.InlinedAtLine, 9u);
  EXPECT_EQ(F.Accesses[1].Space, unsigned(AS_Generic));
  EXPECT_EQ(F.Accesses[2].Space, unsigned(AS_Generic));
  EXPECT_FALSE(F.inLoop(F.Accesses[2]));
  std::string S;
  raw_string_ostream OS(S);
  L.print(OS);
  EXPECT_NE(S.find("registers 24"), std::string::npos) << S;
  EXPECT_NE(S.find("[loop depth 1] /src/k.cu:7"), std::string::npos) << S;
}

TEST(SassReader, RejectsBadInput) {
  for (StringRef Bad : {StringRef(""), StringRef("hello world\n"),
                        StringRef("\x7f" "ELF\0\0\0", 7)}) {
    Expected<SassListing> L = parseSassListing(Bad, "bad.sass");
    ASSERT_FALSE(bool(L));
    EXPECT_NE(toString(L.takeError()).find("bad.sass"), std::string::npos);
  }
  Expected<SassListing> M = parseSassListing(
      "\t\tFunction : k\n        /*0000*/   ;;; ;\n", "m.sass");
  ASSERT_FALSE(bool(M));
  EXPECT_NE(toString(M.takeError()).find("m.sass:2"), std::string::npos);
  // Truncated mid-function: what is there still parses.
  std::string Truncated = std::string(Cuobjdump).substr(0, 400);
  Expected<SassListing> T = parseSassListing(Truncated, "t.sass");
  ASSERT_TRUE(bool(T)) << toString(T.takeError());
  EXPECT_FALSE(T->Functions.empty());
  Expected<SassListing> Missing = readSassListing("/nonexistent/x.sass");
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(toString(Missing.takeError()).find("/nonexistent/x.sass"), std::string::npos);
}

TEST(SassReader, ClassifiesOpcodes) {
  EXPECT_EQ(classifySassOpcode("LDGSTS.E.BYPASS.LTC128B.128")->Space, unsigned(AS_Global));
  EXPECT_EQ(classifySassOpcode("LDSM.16.M88.4")->Space, unsigned(AS_Shared));
  EXPECT_EQ(classifySassOpcode("ATOMG.E.CAS.STRONG.GPU")->Op, SassMemOp::Atomic);
  EXPECT_EQ(classifySassOpcode("LDG.E.U8")->Bytes, 1u);
  EXPECT_FALSE(classifySassOpcode("FFMA"));
  EXPECT_FALSE(classifySassOpcode("S2R"));
}

// Every listing captured from the real toolkit parses: ours (tests/sass,
// captured by tests/sass/capture.sh) and the hardware fixtures.
TEST(SassReader, EveryFixtureParses) {
  unsigned Files = 0;
  for (const char *Dir : {"tests/sass", "tests/hardware"}) {
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(fixture(Dir), EC), End;
         It != End && !EC; It.increment(EC)) {
      StringRef P = It->path();
      if (!P.ends_with(".sass") && !P.ends_with(".nvdisasm.txt"))
        continue;
      Expected<SassListing> L = readSassListing(P);
      ASSERT_TRUE(bool(L)) << toString(L.takeError());
      EXPECT_FALSE(L->Functions.empty()) << P.str();
      for (const SassFunction &F : L->Functions)
        EXPECT_FALSE(F.Instructions.empty()) << P.str() << " " << F.Name;
      ++Files;
    }
  }
  EXPECT_GE(Files, 29u);
}

TEST(SassReader, RealListingFacts) {
  // heavy_bounded (__launch_bounds__(1024, 2)) spills inside its loop;
  // heavy_free does not spill at all.
  Expected<SassListing> H = readSassListing(fixture("tests/sass/heavy.sm_90.nvdisasm-gi.sass"));
  ASSERT_TRUE(bool(H)) << toString(H.takeError());
  const SassFunction *Bounded = H->find("heavy_bounded");
  const SassFunction *Free = H->find("heavy_free");
  ASSERT_TRUE(Bounded && Free);
  EXPECT_GT(Bounded->spillInstructionsInLoops(), 0u);
  EXPECT_EQ(Free->spillInstructions(), 0u);
  EXPECT_EQ(Free->Loops, 1u);
  for (const SassMemoryAccess &A : Bounded->Accesses)
    EXPECT_TRUE(Bounded->instruction(A).Source.valid());
  // The full nvdisasm listing carries EIATTR_REGCOUNT: ptxas's numbers.
  Expected<SassListing> Full = readSassListing(fixture("tests/sass/heavy.sm_90.nvdisasm.sass"));
  ASSERT_TRUE(bool(Full));
  EXPECT_EQ(Full->find("heavy_bounded")->Registers, 32u);
  EXPECT_EQ(Full->find("heavy_free")->Registers, 70u);
  // The hardware fixture: heavy_spill's spills are not in a loop.
  Expected<SassListing> R = readSassListing(fixture("tests/hardware/h100/registers.sass"));
  ASSERT_TRUE(bool(R));
  const SassFunction *Spill = R->find("heavy_spill");
  ASSERT_TRUE(Spill);
  EXPECT_GT(Spill->spillInstructions(), 0u);
  EXPECT_EQ(Spill->spillInstructionsInLoops(), 0u);
  EXPECT_EQ(R->find("small_local")->spillInstructions(), 0u);
  // sm_80 nvdisasm -g: .sectioninfo SHI_REGISTERS.
  Expected<SassListing> K = readSassListing(fixture("tests/sass/kernels.sm_80.nvdisasm-g.sass"));
  ASSERT_TRUE(bool(K));
  EXPECT_EQ(K->find("matmul")->Registers, 32u);
}

// Spills told apart from private arrays: the bytes of the spill STL/LDL in
// each listing are exactly ptxas's "bytes spill stores/loads" of the same
// compile, and a run-time-indexed array is local memory, never a spill.
TEST(SassReader, SpillBytesMatchPtxas) {
  struct Case {
    const char *Listing, *Ptxas;
  } Cases[] = {
      {"tests/sass/heavy.sm_90.nvdisasm-gi.sass", "tests/sass/heavy.sm_90.ptxas.txt"},
      {"tests/sass/heavy.sm_80.cuobjdump.sass", "tests/sass/heavy.sm_80.ptxas.txt"},
      {"tests/sass/heavy.sm_75.nvdisasm-g.sass", "tests/sass/heavy.sm_75.ptxas.txt"},
      {"tests/sass/kernels.sm_90.cuobjdump.sass", "tests/sass/kernels.sm_90.ptxas.txt"},
      {"tests/sass/kernels.sm_75.nvdisasm-g.sass", "tests/sass/kernels.sm_75.ptxas.txt"},
      {"tests/hardware/h100/registers.sass", "tests/hardware/h100/registers.ptxas.txt"},
  };
  unsigned Spilling = 0, WithArrays = 0;
  for (const Case &C : Cases) {
    Expected<SassListing> L = readSassListing(fixture(C.Listing));
    ASSERT_TRUE(bool(L)) << toString(L.takeError());
    auto Text = MemoryBuffer::getFile(fixture(C.Ptxas));
    ASSERT_TRUE(bool(Text)) << C.Ptxas;
    Expected<PtxasReport> P = parsePtxasOutput((*Text)->getBuffer());
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    for (const SassFunction &F : L->Functions) {
      const PtxasFunctionInfo *I = P->find(F.Name);
      ASSERT_TRUE(I) << C.Listing << " " << F.Name;
      uint64_t Stores = 0, Loads = 0;
      for (const SassMemoryAccess &A : F.Accesses)
        if (A.IsSpill)
          (A.Op == SassMemOp::Store ? Stores : Loads) += A.Bytes;
      EXPECT_EQ(Stores, I->SpillStoreBytes) << C.Listing << " " << F.SourceName;
      EXPECT_EQ(Loads, I->SpillLoadBytes) << C.Listing << " " << F.SourceName;
      Spilling += I->spills();
      // A frame without spills holds private arrays.
      if (I->StackFrameBytes && !I->spills()) {
        EXPECT_GT(F.localArrayInstructions(), 0u) << C.Listing << " " << F.SourceName;
        ++WithArrays;
      }
    }
  }
  EXPECT_EQ(Spilling, 4u);
  EXPECT_EQ(WithArrays, 2u);
  // local_dynamic reads its array by a run-time index inside the loop.
  Expected<SassListing> K = readSassListing(fixture("tests/sass/kernels.sm_90.nvdisasm-gi.sass"));
  ASSERT_TRUE(bool(K));
  const SassFunction *LD = K->find("local_dynamic");
  ASSERT_TRUE(LD);
  EXPECT_EQ(LD->spillInstructions(), 0u);
  EXPECT_GT(LD->localArrayInstructionsInLoops(), 0u);
  EXPECT_TRUE(any_of(LD->Accesses, [](const SassMemoryAccess &A) { return A.RuntimeAddress; }));
}
