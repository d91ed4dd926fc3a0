//===- Decoded.h - The compact form the interpreter executes ----*- C++ -*-===//
//
// Each function of a kernel is decoded once into an array of fixed-size
// instructions whose operands are slots of a per-warp register file (32 lanes
// of uint64 per slot). Constants live in the first slots and are filled once
// per warp. Vector and flat aggregate values take one slot per element, and
// vector arithmetic is scalarized at decode time, so the interpreter only ever
// sees scalar lanes.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_DECODED_H
#define WARPLINT_DEVICEMODEL_DECODED_H

#include "frontend/SourceLocation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Function;
}

namespace warplint {
namespace dm {

/// Lanes in the register file; every NVIDIA architecture has 32-lane warps,
/// and Launch checks ArchProfile::WarpSize against it.
constexpr unsigned MaxLanes = 32;

/// Address encoding: a space tag in bits 48..51 of every pointer value, so
/// generic pointers resolve to their space and casts between spaces are free.
constexpr unsigned TagShift = 48;
constexpr uint64_t OffsetMask = (uint64_t(1) << TagShift) - 1;
/// Each global buffer owns a 2^36-byte window; the window index follows.
constexpr unsigned BufferShift = 36;
constexpr uint64_t tagOf(unsigned Space) { return uint64_t(Space) << TagShift; }
/// Function addresses (a function pointer's value, a vtable's entries) carry
/// this tag, which no memory space has, and their code id (GlobalLayout's
/// table) plus one in bits 4 and up: never null, and no load reaches them.
constexpr unsigned CodeSpace = 15;
constexpr uint64_t codeAddress(uint32_t Id) {
  return tagOf(CodeSpace) | (uint64_t(Id) + 1) << 4;
}
/// The code id of function address V, or ~0u when V is none.
constexpr uint32_t codeIdOf(uint64_t V) {
  return (V >> TagShift) == CodeSpace && (V & 15) == 0 && (V & OffsetMask) >= 16 &&
                 (V & OffsetMask) >> 4 <= 0xffffffffull
             ? uint32_t(((V & OffsetMask) >> 4) - 1)
             : ~0u;
}

/// Decoded operations, grouped by family. Integer operations work on
/// zero-extended values and mask the result to the width (Imm holds the
/// mask, Aux the width).
/// Op::Math32/Math64's Aux: the arity in its low bits, and for Math32 a flag
/// that NaN results are written as sm_90's f32 arithmetic writes them
/// (0x7fffffff: GpuNaN.h); copysign, a bit operation, keeps the payload.
constexpr unsigned MathArityMask = 3;
constexpr unsigned MathCanonicalNaN = 4;

enum class Op : uint16_t {
  // Integer.
  Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
  ICmpEq, ICmpNe, ICmpUgt, ICmpUge, ICmpUlt, ICmpUle, ICmpSgt, ICmpSge,
  ICmpSlt, ICmpSle,
  SExt, Trunc, Copy, Select,
  SMin, SMax, UMin, UMax, Abs, CtPop, Ctlz, Cttz, BitRev, BSwap, FShl, FShr,
  MulHiU, MulHiS,
  SAddSat, SSubSat, UAddSat, USubSat, ///< llvm.{s,u}{add,sub}.sat: clamped to the width.
  AddScaled, ///< Dst = A + sext_Aux(B) * Imm (GEP index).
  AddImm,    ///< Dst = A + Imm.
  // Floating point, 32 and 64 bit.
  FAdd32, FSub32, FMul32, FDiv32, FRem32, FNeg32, FMA32,
  FAdd64, FSub64, FMul64, FDiv64, FRem64, FNeg64, FMA64,
  FCmp32, FCmp64, ///< Aux = llvm::CmpInst::Predicate.
  FPExt, FPTrunc,
  FPToSI32, FPToUI32, FPToSI64, FPToUI64, ///< From f32 / f64; Imm masks.
  SIToFP32, UIToFP32, SIToFP64, UIToFP64, ///< To f32 / f64; Aux = src width.
  Math32, Math64, ///< Imm = function pointer; Aux = arity (MathArityMask),
                  ///< MathCanonicalNaN: f32 NaN results 0x7fffffff.
  // 16-bit floating point (half, bfloat16: SmallFloat.h), Aux bit 0 the
  // format (SmallFormat), each result rounded once to nearest even.
  SmallToF32, ///< The float of A's 16 bits (exact).
  ToSmall,    ///< A (Imm: SmallSource) rounded to the format.
  FBin16,     ///< A op B; Aux >> 1: SmallBinary.
  FMA16,      ///< A * B + C.
  BitFn,          ///< Imm = BitFunctionPtr (IntegerFunctions.h); Aux = arity.
  // Thread state.
  SReg, ///< Aux = SRegKind.
  // Memory.
  Load, Store, AtomicRMW, CmpXchg, MemCpy, MemSet,
  // Warp and block.
  Shfl, Vote, Barrier, WarpSync, Printf,
  /// A memory fence: Aux 1 orders global memory for the whole device
  /// (__threadfence, membar.gl/sys, fence.sc/acq_rel.gpu/sys), 0 for the block
  /// only. Not counted as an instruction (smsp__inst_executed).
  Fence,
  Redux, ///< redux.sync: Aux = ReduxKind; A the lanes' values.
  /// match.sync: Aux bit 0 all (else any), bit 1 64-bit values; A the lanes'
  /// values; all's predicate goes to the slot after Dst.
  Match,
  /// mapa (__cluster_map_shared_rank): A's address in the cluster's block of
  /// rank B; the model's clusters are one block, so rank 0 gives A and any
  /// other rank stops the run.
  ClusterMap,
  /// An mbarrier operation (Aux: MbarrierKind) on the 8-byte barrier at
  /// shared address A, its count, transaction bytes, parity or state in B;
  /// Dst the state (arrive) or whether the phase completed (waits).
  Mbarrier,
  /// wgmma.mma_async of one warp's quarter of a warpgroup (rows 16w..16w+15
  /// of the m64 tile): A, B the shared-memory descriptors of the operands,
  /// C the first of the Aux & WgmmaNMask / 2 accumulator slots, Imm the slot
  /// of scale-d, Aux the shape and flags (Wgmma*); Dst the new accumulators.
  Wgmma,
  // Device heap: Malloc Dst = allocate(A bytes); Free releases A. Aux: HeapKind.
  Malloc, Free,
  // Control.
  Call, ///< Aux: the callee; B, C: its arguments in CallArgs; Elems results.
  /// A call through a function pointer (A) whose lanes may call different
  /// functions (Program::CodeTargets); B, C, Elems as Call's.
  CallIndirect,
  Ret, Br, CondBr, Switch,
  Unreachable, ///< Aux 0: unreachable; 1: __trap(); 2: __assertfail (A: message).
  Unsupported, Nop,
};

/// The arithmetic family (integer, floating point, conversions, native
/// functions) is the first range of Op: the interpreter runs it inline
/// before its switch over the other families.
inline bool isArithmetic(Op O) { return O <= Op::BitFn; }

/// Special registers.
enum SRegKind : uint32_t {
  SR_TidX, SR_TidY, SR_TidZ, SR_NTidX, SR_NTidY, SR_NTidZ,
  SR_CtaIdX, SR_CtaIdY, SR_CtaIdZ, SR_NCtaIdX, SR_NCtaIdY, SR_NCtaIdZ,
  SR_LaneId, SR_WarpId, SR_WarpSize, SR_LaneMaskLt, SR_LaneMaskLe,
  SR_LaneMaskGt, SR_LaneMaskGe, SR_LaneMaskEq, SR_Clock, SR_Clock64,
  SR_SmId, SR_NSmId, SR_DynSmemSize,
  /// The cluster registers of a one-block cluster (the only cluster the
  /// model launches): its size in blocks (1 in each dimension, and as a
  /// count) and the block's place in it (0); %clusterid and %nclusterid are
  /// %ctaid and %nctaid.
  SR_ClusterSize, SR_ClusterRank,
  /// The system-reserved shared memory (sm_80 on): where it begins and ends,
  /// its size, and the two offsets in it that system software hands out
  /// (cooperative groups keep their multi-warp scratch at offset 1).
  SR_ReservedBegin, SR_ReservedEnd, SR_ReservedCap, SR_ReservedOffset0,
  SR_ReservedOffset1,
  /// %envreg1 and %envreg2: the high and low halves of the grid workspace's
  /// address (cooperative_groups::this_grid(); LaunchShape::GridWorkspace).
  SR_GridWorkspaceHi, SR_GridWorkspaceLo,
};

/// Atomic read-modify-write kinds (Aux of AtomicRMW).
enum AtomicKind : uint32_t {
  AK_Xchg, AK_Add, AK_Sub, AK_And, AK_Or, AK_Xor, AK_Max, AK_Min, AK_UMax,
  AK_UMin, AK_FAdd32, AK_FAdd64, AK_FSub32, AK_FSub64, AK_FMax32, AK_FMin32,
  AK_UIncWrap, AK_UDecWrap,
  AK_FAddHalf, AK_FAddBF16, ///< atom.add.noftz.f16 / .bf16.
  /// atom.add.noftz.f16x2 / .bf16x2: one 4-byte atomic, each half on its own;
  /// the value and the result are two slots (the lanes of <2 x T>).
  AK_FAddHalf2, AK_FAddBF16x2,
};

/// mbarrier operations (Aux of Mbarrier). The barrier's 64 bits are the
/// model's own encoding (the hardware's is opaque): pending arrivals in bits
/// 0..19, the expected arrival count in 20..39, the transaction count
/// (21-bit two's complement) in 40..60, bit 62 set once initialized, bit 63
/// the current phase's parity.
enum MbarrierKind : uint32_t {
  MB_Init,            ///< B: the expected arrival count.
  MB_Inval,
  MB_Arrive,          ///< B: the arrival count (1 unless given).
  MB_ArriveDrop,      ///< B: as Arrive; the expected count drops by it too.
  MB_ArriveExpectTx,  ///< B: transaction bytes expected, then one arrival.
  MB_ArriveDropExpectTx,
  MB_ExpectTx,        ///< B: transaction bytes expected.
  MB_CompleteTx,      ///< B: transaction bytes completed.
  MB_TestWait,        ///< B: a state an arrive returned.
  MB_TestWaitParity,  ///< B: the parity of the phase waited for.
};
constexpr unsigned MbarrierCountBits = 20;
constexpr uint64_t MbarrierCountMask = (uint64_t(1) << MbarrierCountBits) - 1;
constexpr unsigned MbarrierTxShift = 40, MbarrierTxBits = 21;
constexpr uint64_t MbarrierInitBit = uint64_t(1) << 62;
constexpr uint64_t MbarrierPhaseBit = uint64_t(1) << 63;

/// Aux of Wgmma: N in the low 9 bits, then the flags.
constexpr uint32_t WgmmaNMask = 0x1ff;
constexpr uint32_t WgmmaBF16 = 1u << 9;    ///< A and B are bf16 (else f16).
constexpr uint32_t WgmmaNegA = 1u << 10;   ///< imm-scale-a is -1.
constexpr uint32_t WgmmaNegB = 1u << 11;   ///< imm-scale-b is -1.
constexpr uint32_t WgmmaTransA = 1u << 12; ///< imm-trans-a is 1 (MN-major A).
constexpr uint32_t WgmmaTransB = 1u << 13; ///< imm-trans-b is 1 (MN-major B).

/// Shuffle modes (Aux of Shfl, low bits); bit 4 set: also write the predicate
/// to Dst+1.
enum ShflKind : uint32_t { SH_Idx, SH_Up, SH_Down, SH_Bfly };
/// Vote kinds (Aux of Vote).
enum VoteKind : uint32_t { VK_All, VK_Any, VK_Uni, VK_Ballot };
/// Barrier kinds (Aux of Barrier).
enum BarrierKind : uint32_t { BK_Sync, BK_Popc, BK_And, BK_Or };

/// How device-heap memory was allocated or released (Aux of Malloc/Free).
enum HeapKind : uint32_t { HK_Malloc, HK_New, HK_NewArray };

/// A slot index meaning "none".
constexpr uint32_t NoSlot = ~0u;

/// One decoded instruction.
struct Inst {
  Op Opc = Op::Nop;
  uint8_t Elems = 1;  ///< Elements moved by memory operations / returns.
  uint8_t Space = 0;  ///< Static address space of memory operations.
  uint32_t Dst = NoSlot;
  uint32_t A = NoSlot, B = NoSlot, C = NoSlot;
  uint32_t Aux = 0;
  uint32_t Site = 0;  ///< Memory site (index in DecodedModule::Sites).
  /// Load and Store: the alignment the access needs (what the IR promises,
  /// at most the access's size), which the interpreter checks.
  uint64_t Imm = 0;
};

/// A control-flow edge with the phi moves of its target.
struct Edge {
  uint32_t Target = 0;
  uint32_t MoveBegin = 0, MoveEnd = 0;
  bool Parallel = false; ///< A move reads another move's destination.
};

/// One basic block: instructions [First, Last), the last is the terminator.
struct Block {
  uint32_t First = 0, Last = 0;
  uint32_t IPDom = 0;   ///< Reconvergence block; NumBlocks: function exit.
  uint32_t Counted = 0; ///< IR instructions counted as executed.
  /// What one warp issues executing the block once, in SASS-like
  /// instructions (analyzer/arch/SassCount, the count check's time model uses):
  /// smsp__inst_executed.
  double Sass = 0;
};

/// A decoded function.
struct Function {
  const llvm::Function *F = nullptr;
  std::string Name;
  std::vector<Inst> Insts;
  std::vector<uint32_t> InstLoc; ///< Per instruction: index in Locations.
  std::vector<Block> Blocks;
  std::vector<Edge> Edges;
  std::vector<std::pair<uint32_t, uint32_t>> Moves; ///< (dst, src) slots.
  std::vector<uint64_t> ConstValues; ///< Slots [0, size) hold these.
  std::vector<uint32_t> ArgSlots;    ///< First slot of each argument.
  std::vector<uint32_t> ArgElems;    ///< Slots per argument.
  std::vector<uint32_t> CallArgs;    ///< Argument slots of calls.
  std::vector<uint32_t> CaseEdges;   ///< Switch cases: edge per value.
  std::vector<uint64_t> CaseValues;
  std::vector<uint32_t> Callees;     ///< Functions this one calls.
  /// Functions its calls through pointers may reach (their type's targets).
  std::vector<uint32_t> IndirectCallees;
  uint32_t NumSlots = 0;
  uint32_t NumConsts = 0;
  uint32_t FrameSlot = NoSlot; ///< Holds this frame's local base address.
  uint32_t FrameBytes = 0; ///< Local memory of the allocas.
  uint32_t RetElems = 0;
};

/// What a memory site is, keyed as DESIGN.md keys accesses.
struct Site {
  SourceLoc Loc;
  unsigned Space = 0; ///< Static IR space (0 when generic).
  unsigned OpKind = 0; ///< 0 ld, 1 st, 2 atom, 3 red (an atom whose result is unused).
  unsigned Bytes = 0;
  /// An atomic that serves the lanes on one shared word at once
  /// (atomicCombinesLanes).
  bool CombinesLanes = false;
  /// The PTX cache hint of a load or store ("cs", "nc"; "" for none): it
  /// changes no value, only where the hardware would keep the line.
  std::string CacheHint;
  /// A volatile load or store (a flag another block polls or sets).
  bool Volatile = false;
  /// An atomic load or store (ld/st.relaxed, .acquire, .release); atomics
  /// that read and write are OpKind 2 and 3.
  bool Atomic = false;
  /// The access's memory ordering: an acquire (ld.acquire, an atom with
  /// .acquire or .acq_rel) and a release (st.release, an atom or red with
  /// .release or .acq_rel); seq_cst is both (HappensBefore.h).
  bool Acquire = false, Release = false;
  /// Either side of a bulk copy (cp.async.bulk, BulkCopyMetadata), which the
  /// TMA makes, not the LSU pipe: the global read is counted in the pieces
  /// the TMA reads (MemoryEvent::TmaRead), the shared write not at all.
  bool Bulk = false;
  /// An mbarrier operation on its shared word: counted as an LSU shared
  /// access only where ArchProfile::MbarrierOnLsu (before sm_90).
  bool Mbarrier = false;
};

/// Where a global variable lives.
struct GlobalPlacement {
  const llvm::GlobalVariable *GV = nullptr;
  unsigned Space = 0;
  uint64_t Offset = 0; ///< In its space (global: buffer index << BufferShift).
  uint64_t Bytes = 0;
};

} // namespace dm
} // namespace warplint

#endif
