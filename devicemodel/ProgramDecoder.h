//===- ProgramDecoder.h - The decoder's state, shared by its families -*- C++ -*-===//
//
// Internal to the decoder (Decoder.cpp and the Decode*.cpp files). One
// ProgramDecoder decodes a kernel and its callees; each instruction family
// decodes in a file of its own, behind one dispatch:
//
//   Decoder.cpp           functions, blocks, slots, kernel parameters;
//                         decodeInstruction and decodeCall route to a family
//   DecodeArithmetic.cpp  integer and floating-point arithmetic, compares,
//                         casts, getelementptr, vector and aggregate values,
//                         LLVM's integer and bit intrinsics
//   DecodeMemory.cpp      loads, stores, atomics, memcpy/memset, device heap
//   DecodeCalls.cpp       calls of device functions, terminators, traps
//   DecodeIntrinsics.cpp  special registers (cooperative groups' reserved
//                         shared memory included), barriers, warp
//                         shuffles/votes/reductions, inline asm
//   DecodeAsync.cpp       mbarriers (Hopper's transaction barriers), the
//                         wgmma family
//   DecodeLibdevice.cpp   libdevice's math and integer functions and LLVM's
//                         math intrinsics run natively, vprintf
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_PROGRAMDECODER_H
#define WARPLINT_DEVICEMODEL_PROGRAMDECODER_H

#include "devicemodel/Decoder.h"
#include "devicemodel/GlobalLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <tuple>

namespace llvm {
class InlineAsm;
}

namespace warplint {
namespace dm {

/// Marks a slot index as a constant's (index into ConstValues) until
/// remapSlots places the constants first.
constexpr uint32_t ConstFlag = 0x80000000u;

/// Scalar elements of a type once vectors and aggregates are flattened.
unsigned flatCount(llvm::Type *T);
/// The scalar type of element Idx of a flattened type.
llvm::Type *flatElementType(llvm::Type *T, unsigned Idx);
/// First flat element of aggregate index path Idxs in T.
unsigned flatOffset(llvm::Type *T, llvm::ArrayRef<unsigned> Idxs);
/// The mask of a Bits-wide integer.
uint64_t widthMask(unsigned Bits);
/// Bits of T's scalar (pointers 64), 0 for what the model has no width for.
unsigned scalarBits(llvm::Type *T);
/// A scalar the interpreter holds in a lane: pointers, integers up to 64
/// bits, half, bfloat, float, double.
bool supportedScalar(llvm::Type *T);
/// The alignment a memory access of Bytes needs when the IR promises Align:
/// the largest power of two dividing its size, at most Align (the backend
/// splits an access the IR does not promise to be aligned).
uint64_t requiredAlign(uint64_t Bytes, uint64_t Align);

/// The instructions decodeValueOp decodes.
inline bool isValueOp(const llvm::Instruction &I) {
  return llvm::isa<llvm::CmpInst>(I) || llvm::isa<llvm::SelectInst>(I) ||
         llvm::isa<llvm::UnaryOperator>(I) || llvm::isa<llvm::ExtractElementInst>(I) ||
         llvm::isa<llvm::InsertElementInst>(I) || llvm::isa<llvm::ShuffleVectorInst>(I) ||
         llvm::isa<llvm::ExtractValueInst>(I) || llvm::isa<llvm::InsertValueInst>(I) ||
         llvm::isa<llvm::FreezeInst>(I);
}

/// Fills P.Params (names, pointee types, by-value structures in the constant
/// bank after the __constant__ variables) and P.ConstBytes (DecodeParams.cpp).
llvm::Error decodeParams(const llvm::Function &Kernel, const GlobalLayout &Layout, Program &P);

/// Decodes the functions of one kernel.
class ProgramDecoder {
public:
  ProgramDecoder(Program &P, const llvm::Module &M, const GlobalLayout &Layout);

  /// The index of F in Program::Funcs; queues F for decoding the first time.
  uint32_t functionIndex(const llvm::Function &F);
  /// Decodes every queued function.
  void run();
  uint32_t locationIndex(const llvm::Instruction &I);
  /// The memory site of I; Acquire and Release add those orderings to what
  /// I's own ordering gives (an mbarrier's waits acquire, its arrivals release).
  uint32_t siteIndex(const llvm::Instruction &I, unsigned Space, unsigned OpKind,
                     unsigned Bytes, bool Acquire = false, bool Release = false);

private:
  // ---- per-function state ------------------------------------------------
  Function *Out = nullptr;
  const llvm::Function *F = nullptr;
  llvm::DenseMap<const llvm::Value *, uint32_t> Slots;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> BlockIdx;
  std::map<uint64_t, uint32_t> ConstIdx;
  uint32_t NextValue = 0;
  uint32_t CurLoc = 0;
  const llvm::BasicBlock *CurBB = nullptr;

  // ---- slots (Decoder.cpp) ---------------------------------------------------
  uint32_t allocValues(unsigned N) {
    uint32_t S = NextValue;
    NextValue += N;
    return S;
  }
  uint32_t constSlot(uint64_t V);
  /// The first slot of an instruction or argument's value; allocated on first
  /// reference.
  uint32_t valueSlot(const llvm::Value *V);
  /// The slot of flat element Elem of V.
  uint32_t slot(const llvm::Value *V, unsigned Elem = 0);
  const llvm::Constant *elementOf(const llvm::Constant *C, unsigned Elem);
  /// The first of N consecutive slots holding V's flat elements: V's own
  /// slot, or, for a constant vector, copies of its lanes into new slots.
  uint32_t lanesSlot(const llvm::Value *V, unsigned N);
  /// Makes V's value be slot S (an alias), or copies when V already has one.
  void alias(const llvm::Value *V, uint32_t S, unsigned Elem = 0, unsigned Count = 1);
  void emit(Inst I) {
    Out->Insts.push_back(I);
    Out->InstLoc.push_back(CurLoc);
  }
  /// An instruction the interpreter cannot run: stops the kernel when
  /// reached with "cannot run: Why 'instruction'".
  void unsupported(const llvm::Instruction &I, llvm::StringRef Why);
  /// Stops the kernel with Msg when reached.
  void refuse(std::string Msg);
  uint32_t edgeTo(const llvm::BasicBlock *From, const llvm::BasicBlock *To);

  // ---- dispatch (Decoder.cpp) ----------------------------------------------
  void decodeFunction(uint32_t Idx);
  /// Routes a non-terminator instruction to its family.
  void decodeInstruction(const llvm::Instruction &I);
  void remapSlots();

  // ---- arithmetic and conversions (DecodeArithmetic.cpp) -------------------
  void decodeBinary(const llvm::BinaryOperator &I);
  void decodeCast(const llvm::CastInst &I);
  void sharedFromInteger(const llvm::CastInst &I, const llvm::Value *Src, unsigned FromBits);
  void decodeGep(const llvm::GetElementPtrInst &I);
  /// Compares, select, fneg, vector and aggregate element moves, freeze
  /// (isValueOp).
  void decodeValueOp(const llvm::Instruction &I);
  /// llvm.smin ... llvm.fshr, llvm.nvvm.mulhi.*.
  bool decodeArithmeticIntrinsic(const llvm::CallBase &CB, llvm::StringRef Name);

  // ---- half and bfloat16 (DecodeSmallFloat.cpp) ----------------------------
  /// Arithmetic, compares, fneg and conversions on half or bfloat values;
  /// false for any other instruction.
  bool decodeSmallFloat(const llvm::Instruction &I);
  /// LLVM's math intrinsics on half or bfloat values (llvm.fma.f16, ...).
  bool decodeSmallMath(const llvm::CallBase &CB, llvm::StringRef Name);
  /// Emits one instruction; its destination Dst, or a new slot (returned).
  uint32_t emitSmall(Op Opc, uint32_t Aux, uint64_t Imm, uint32_t A, uint32_t B = NoSlot,
                     uint32_t C = NoSlot, uint32_t Dst = NoSlot);

  // ---- memory and atomics (DecodeMemory.cpp) -------------------------------
  void decodeMemory(const llvm::Instruction &I);
  /// llvm.memcpy/memmove/memset, and the device heap's malloc/free/new/delete.
  bool decodeMemoryCall(const llvm::CallBase &CB, llvm::StringRef Name);
  /// llvm.masked.load/store with a constant mask (DecodeMemory.cpp).
  void decodeMaskedAccess(const llvm::CallBase &CB, bool Store);
  bool decodeHeapCall(const llvm::CallBase &CB, llvm::StringRef Name);

  // ---- calls and control flow (DecodeCalls.cpp) ----------------------------
  /// Every call: inline asm, then each family in turn, then a device function.
  void decodeCall(const llvm::CallBase &CB);
  /// llvm.trap, __trap(), __assertfail.
  bool decodeTrapCall(const llvm::CallBase &CB, llvm::StringRef Name);
  void decodeDeviceCall(const llvm::CallBase &CB, const llvm::Function &Callee);
  /// A call through a function pointer (Op::CallIndirect) and its targets.
  void decodeIndirectCall(const llvm::CallBase &CB);
  /// Fills a call's argument list (B, C), results (Elems, Dst), and emits it.
  void emitCallArgs(const llvm::CallBase &CB, Inst &D);
  void decodeTerminator(const llvm::Instruction &I);

  // ---- intrinsics: thread state, barriers, warps (DecodeIntrinsics.cpp) ----
  bool decodeThreadIntrinsic(const llvm::CallBase &CB, llvm::StringRef Name);
  // ---- mbarriers, bulk copies' completion, wgmma (DecodeAsync.cpp) ----------
  bool decodeAsyncCall(const llvm::CallBase &CB, llvm::StringRef Name);
  bool decodeWgmma(const llvm::CallBase &CB, llvm::StringRef Name);
  bool decodeClusterIntrinsic(const llvm::CallBase &CB, llvm::StringRef Name);
  /// shfl.sync, redux.sync, match.sync, vote.sync and activemask, by
  /// Intrinsic::ID.
  bool decodeWarpIntrinsic(const llvm::CallBase &CB);
  void decodeInlineAsm(const llvm::CallBase &CB, const llvm::InlineAsm &Asm);

  // ---- libdevice and native functions (DecodeLibdevice.cpp) ----------------
  bool decodeLibdeviceCall(const llvm::CallBase &CB, llvm::StringRef Name);
  /// A native function of up to three arguments (Math32/64, BitFn).
  void emitNative(const llvm::CallBase &CB, Op Opc, unsigned Arity, const void *Fn);

  Program &P;
  const llvm::DataLayout &DL;
  const GlobalLayout &Layout;
  llvm::DenseMap<const llvm::Function *, uint32_t> FuncIndex;
  std::vector<uint32_t> Work;
  std::map<std::tuple<std::string, unsigned, unsigned>, uint32_t> LocIndex;
  std::map<std::tuple<std::string, unsigned, unsigned, unsigned, unsigned, unsigned, bool,
                      std::string, bool, bool, bool, bool>,
           uint32_t>
      SiteIndex;
};

} // namespace dm
} // namespace warplint

#endif
