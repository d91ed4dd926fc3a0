//===- Wgmma.cpp - The warpgroup's tensor cores, for both inputs ----------===//
//
// wgmma.mma_async reads its shared-memory operands through descriptors
// (start address bits 13..0, in 16-byte units). Each of the warpgroup's 128
// threads is given an equal, contiguous share of each operand's bytes: the
// bytes read are the instruction's, their order within the tile is not (the
// descriptors' swizzled layouts are conflict-free by design). The
// accumulators of m64nNk16.f32.{f16,bf16} come from the device model's
// __warplint_wgmma.<atype> (devicemodel/InterpretAsync.cpp computes the
// product); those of other forms become data-dependent. Those reads and
// results stand for one instruction: they carry StandInMetadata, and the
// call that keeps the reads alive carries TensorOpMetadata (the FLOPs and
// the operand type), so the time model counts one HGMMA per warp and the
// tensor cores' time (docs/time.md).
//
// wgmma.fence, commit_group and wait_group order the warpgroup's registers
// and groups only: no memory effect the analysis models.
//
// The accumulators are a brace list ("{%f1, ..., %f32}" in .ptx, "{%0, ...,
// %31}" in asm, bound there to the asm call's outputs): OperandBinder's
// elements.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/Metadata.h"
#include "frontend/ptxisa/lower/Family.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

constexpr unsigned SharedAS = 3;

/// Bits of one element of a wgmma operand type, 0 if unknown.
unsigned elementBits(StringRef T) {
  if (T == "f16" || T == "bf16")
    return 16;
  if (T == "tf32")
    return 32;
  if (T == "e4m3" || T == "e5m2" || T == "s8" || T == "u8")
    return 8;
  if (T == "b1")
    return 1;
  return 0;
}

/// The shape and the types (d, a, b) of a wgmma.mma_async.
struct Shape {
  unsigned M = 0, N = 0, K = 0;
  SmallVector<StringRef, 3> Types;
};

/// Reads Bytes of the tile the descriptor operand Desc points at, an equal
/// contiguous share per thread of the warpgroup; returns the values read.
Expected<std::vector<Value *>> readTile(FamilyLowering &L, unsigned Desc, uint64_t Bytes) {
  IRBuilder<> &B = L.B;
  PTXISA_TRY(D, L.src(Desc, B.getInt64Ty()));
  Value *Start = B.CreateShl(B.CreateAnd(B.CreateTrunc(D, B.getInt32Ty()), 0x3fff), 4);
  Value *Base = B.CreateIntToPtr(Start, B.getPtrTy(SharedAS));
  uint64_t Share = std::max<uint64_t>(Bytes / 128, 1);
  unsigned Chunk = Share >= 16 ? 16 : Share >= 8 ? 8 : Share >= 4 ? 4 : Share >= 2 ? 2 : 1;
  llvm::Type *T = Chunk > 4 ? (llvm::Type *)FixedVectorType::get(B.getInt32Ty(), Chunk / 4)
                            : (llvm::Type *)B.getIntNTy(8 * Chunk);
  Value *Tid = B.CreateAnd(L.intrinsic("llvm.nvvm.read.ptx.sreg.tid.x", {}), 127);
  Value *Off = B.CreateMul(B.CreateZExt(Tid, B.getInt64Ty()), B.getInt64(Chunk));
  std::vector<Value *> Out;
  for (uint64_t K = 0; K < Share / Chunk; ++K) {
    Value *At = B.CreateGEP(B.getInt8Ty(), Base, B.CreateAdd(Off, B.getInt64(K * 128 * Chunk)));
    Out.push_back(B.CreateAlignedLoad(T, At, Align(Chunk)));
  }
  return Out;
}

/// The accumulators of wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}
/// d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a,
/// imm-trans-b from the device model's __warplint_wgmma.<atype> call: true
/// when written, false for the forms it does not compute.
Expected<bool> wgmmaResult(FamilyLowering &L, const Shape &S) {
  OperandBinder &Ops = L.Ops;
  unsigned N = S.N;
  if (S.K != 16 || S.Types[0] != "f32" || S.Types[1] != S.Types[2] ||
      (S.Types[1] != "f16" && S.Types[1] != "bf16") || Ops.size() != 8 || Ops.elements(1) ||
      Ops.elements(0) != N / 2)
    return false;
  for (unsigned K2 = 4; K2 < 8; ++K2)
    if (!Ops.immediate(K2))
      return false;
  IRBuilder<> &B = L.B;
  auto *VT = FixedVectorType::get(B.getFloatTy(), N / 2);
  Value *Acc = PoisonValue::get(VT);
  for (unsigned E = 0; E < N / 2; ++E) {
    PTXISA_TRY(V, Ops.readElement(0, E, B.getFloatTy()));
    Acc = B.CreateInsertElement(Acc, V, E);
  }
  PTXISA_TRY(DA, L.src(1, B.getInt64Ty()));
  PTXISA_TRY(DB, L.src(2, B.getInt64Ty()));
  PTXISA_TRY(ScaleD, L.src(3, B.getInt1Ty()));
  SmallVector<llvm::Type *, 8> Params = {B.getInt64Ty(), B.getInt64Ty(), B.getInt1Ty()};
  SmallVector<Value *, 8> Args = {DA, DB, ScaleD};
  for (unsigned K2 = 4; K2 < 8; ++K2) {
    Params.push_back(B.getInt32Ty());
    Args.push_back(B.getInt32(int32_t(*Ops.immediate(K2))));
  }
  Params.push_back(VT);
  Args.push_back(Acc);
  Module *M = B.GetInsertBlock()->getModule();
  FunctionCallee F = M->getOrInsertFunction(("__warplint_wgmma." + S.Types[1]).str(),
                                            FunctionType::get(VT, Params, false));
  Value *R = B.CreateCall(F, Args);
  for (unsigned E = 0; E < N / 2; ++E)
    if (Error Err = Ops.writeElement(0, E, B.CreateExtractElement(R, E)))
      return std::move(Err);
  return true;
}

/// Reads the shape and types of the modifiers; an error for a malformed
/// shape, Types not three when the modifiers do not name them.
Expected<Shape> shapeOf(FamilyLowering &L) {
  Shape S;
  for (const std::string &Mod : L.I.Mods) {
    StringRef T = Mod;
    if (T.size() > 1 && T[0] == 'm' && isDigit(T[1])) {
      T = T.drop_front();
      size_t NPos = T.find('n'), KPos = T.find('k');
      if (NPos == StringRef::npos || KPos == StringRef::npos || KPos < NPos ||
          T.substr(0, NPos).getAsInteger(10, S.M) ||
          T.substr(NPos + 1, KPos - NPos - 1).getAsInteger(10, S.N) ||
          T.substr(KPos + 1).getAsInteger(10, S.K))
        return L.Ops.error("malformed wgmma shape '" + Mod + "'");
    } else if (elementBits(T) || T == "f32" || T == "s32") {
      S.Types.push_back(T);
    }
  }
  return S;
}

/// wgmma.mma_async.sync.aligned.mMnNkK.dtype.atype.btype d, a, b-desc, ...
Expected<Lowered> mmaAsync(FamilyLowering &L) {
  OperandBinder &Ops = L.Ops;
  PTXISA_TRY(S, shapeOf(L));
  if (!S.M || S.Types.size() != 3 || Ops.size() < 4)
    return L.unsupported();
  unsigned ABits = elementBits(S.Types[1]), BBits = elementBits(S.Types[2]);
  // The shapes sm_90a defines: m64, n a multiple of 8 up to 256, k 8/16/32/256.
  if (S.M != 64 || S.N == 0 || S.N > 256 || S.N % 8 ||
      !(S.K == 8 || S.K == 16 || S.K == 32 || S.K == 256) || !ABits || !BBits)
    return Ops.error("wgmma shape or type not defined by PTX: '" + L.I.name() + "." +
                     join(L.I.Mods, ".") + "'");
  // Everything emitted from here on stands for the one instruction: marked
  // so the time model counts one HGMMA per warp, not the lane-by-lane reads.
  IRBuilder<> &B = L.B;
  BasicBlock *BB = B.GetInsertBlock();
  BasicBlock::iterator At = B.GetInsertPoint();
  llvm::Instruction *Before = At == BB->end()     ? (BB->empty() ? nullptr : &BB->back())
                              : At == BB->begin() ? nullptr
                                                  : &*std::prev(At);
  std::vector<Value *> Read;
  // A from shared memory (a descriptor) or from registers ({a...}).
  if (!Ops.elements(1)) {
    PTXISA_TRY(A, readTile(L, 1, uint64_t(S.M) * S.K * ABits / 8));
    Read = A;
  }
  PTXISA_TRY(Bt, readTile(L, 2, uint64_t(S.N) * S.K * BBits / 8));
  Read.insert(Read.end(), Bt.begin(), Bt.end());
  CallInst *Marker = keepAlive(B, Read);
  PTXISA_TRY(Ran, wgmmaResult(L, S));
  for (unsigned E = 0, End = Ops.elements(0); !Ran && E < End; ++E) {
    PTXISA_TRY(T, Ops.elementType(0, E));
    if (!T)
      continue; // Not a register: nothing to write.
    if (Error Err = Ops.writeElement(0, E, opaqueValue(B, T)))
      return std::move(Err);
  }
  // The stand-ins (in the block the lowering began in: it emits no branch),
  // then the marker: the tensor operation, m*n*k*2 FLOPs of the warpgroup,
  // a quarter per warp.
  LLVMContext &Ctx = B.getContext();
  MDNode *StandIn = MDNode::get(Ctx, {});
  for (auto It = Before ? std::next(Before->getIterator()) : BB->begin();
       It != BB->end() && It != B.GetInsertPoint(); ++It)
    It->setMetadata(StandInMetadata, StandIn);
  if (Marker && Marker->getParent() == BB) {
    Marker->setMetadata(StandInMetadata, nullptr);
    uint64_t Flops = uint64_t(S.M) * S.N * S.K * 2 / 4;
    Marker->setMetadata(
        TensorOpMetadata,
        MDNode::get(Ctx, {MDString::get(Ctx, S.Types[1]),
                          ConstantAsMetadata::get(B.getInt64(Flops))}));
  }
  return Lowered{};
}

} // namespace

Expected<Lowered> lowerWgmma(FamilyLowering &L) {
  const PtxInst &I = L.I;
  if (I.hasMod("fence") || I.hasMod("commit_group") || I.hasMod("wait_group"))
    return Lowered{}; // Ordering only: no memory effect the analysis models.
  if (I.hasMod("mma_async"))
    return mmaAsync(L);
  return L.unsupported();
}

} // namespace ptx
} // namespace warplint
