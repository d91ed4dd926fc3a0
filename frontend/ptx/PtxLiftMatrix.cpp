//===- PtxLiftMatrix.cpp - ldmatrix, stmatrix and wgmma -------------------===//
//
// ldmatrix/stmatrix move 8x8 matrices of 16-bit elements between shared
// memory and a warp's registers; lanes 8j..8j+7 give the row addresses of
// matrix j. They are lowered lane by lane: each lane takes the row address
// it needs from the lane that owns it (shfl.sync.idx) and reads or writes
// its own 4 bytes (2+2 with .trans), so the values are the hardware's and
// the 32 lanes touch the bytes and banks the instruction does.
//
// wgmma.mma_async reads its shared-memory operands through descriptors
// (start address bits 13..0, in 16-byte units). Each of the warpgroup's 128
// threads is given an equal, contiguous share of each operand's bytes: the
// bytes read are the instruction's, their order within the tile is not (the
// descriptors' swizzled layouts are conflict-free by design). Accumulators
// become data-dependent. Those reads and results stand for one instruction:
// they carry StandInMetadata, and the call that keeps the reads alive carries
// TensorOpMetadata (the FLOPs and the operand type), so the time model counts
// one HGMMA per warp and the tensor cores' time (docs/time.md).
//
//===----------------------------------------------------------------------===//
#include "frontend/ptx/PtxLiftFamilies.h"

#include "frontend/DeviceModule.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

constexpr unsigned SharedAS = 3;

Value *laneId(FunctionLifter &L) {
  return L.intrinsic("llvm.nvvm.read.ptx.sreg.laneid", {});
}

/// The number of matrices of .x1/.x2/.x4 (1 when absent).
unsigned matrixCount(const Instruction &I) {
  if (I.hasMod("x4"))
    return 4;
  if (I.hasMod("x2"))
    return 2;
  return 1;
}

/// P moved to the address lane SrcLane holds in P's register: P plus the
/// difference of the two lanes' addresses, so the pointer keeps its base.
Value *addressOfLane(FunctionLifter &L, Value *P, Value *SrcLane) {
  IRBuilder<> &B = L.B;
  Value *Mine = B.CreatePtrToInt(P, B.getInt32Ty());
  Value *Theirs = L.intrinsic("llvm.nvvm.shfl.sync.idx.i32",
                              {B.getInt32(-1), Mine, SrcLane, B.getInt32(0x1f)});
  Value *Delta = B.CreateSExt(B.CreateSub(Theirs, Mine), B.getInt64Ty());
  return B.CreateGEP(B.getInt8Ty(), P, Delta);
}

/// The registers of a {...} operand (or the one register).
std::vector<const Operand *> registers(const Operand &O) {
  std::vector<const Operand *> Out;
  if (O.Kind == Operand::Vector)
    for (const Operand &E : O.Elements)
      Out.push_back(&E);
  else
    Out.push_back(&O);
  return Out;
}

/// ldmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans].shared.b16 {d...}, [a];
/// stmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans].shared.b16 [a], {s...};
Expected<bool> moveMatrix(FunctionLifter &L, const Instruction &I, bool Store) {
  if (!I.hasMod("m8n8") || I.Ops.size() != 2)
    return false;
  IRBuilder<> &B = L.B;
  const Operand &AddrOp = I.Ops[Store ? 0 : 1];
  std::vector<const Operand *> Regs = registers(I.Ops[Store ? 1 : 0]);
  unsigned N = matrixCount(I);
  if (Regs.size() != N)
    return L.error("'" + I.Opcode + "' with ." + "x" + Twine(N) + " needs " + Twine(N) +
                   " registers");
  Expected<Value *> P = L.address(AddrOp, SharedAS);
  if (!P)
    return P.takeError();
  Value *Lane = laneId(L);
  Value *Quad = B.CreateLShr(Lane, 2), *InQuad = B.CreateAnd(Lane, 3);
  bool Trans = I.hasMod("trans");
  for (unsigned J = 0; J < N; ++J) {
    Value *First = B.getInt32(8 * J);
    if (!Trans) {
      // Lane t: row t/4 of matrix J, bytes 4*(t%4)..+3.
      Value *Row = addressOfLane(L, *P, B.CreateAdd(First, Quad));
      Value *At = B.CreateGEP(B.getInt8Ty(), Row, B.CreateShl(B.CreateZExt(InQuad, B.getInt64Ty()), 2));
      if (Store) {
        Expected<Value *> V = L.read(*Regs[J], B.getInt32Ty());
        if (!V)
          return V.takeError();
        B.CreateAlignedStore(*V, At, Align(4));
      } else if (Error E = L.write(*Regs[J], B.CreateAlignedLoad(B.getInt32Ty(), At, Align(4)))) {
        return std::move(E);
      }
      continue;
    }
    // .trans: lane t holds elements (2*(t%4), t/4) and (2*(t%4)+1, t/4).
    Value *Col = B.CreateShl(B.CreateZExt(Quad, B.getInt64Ty()), 1);
    Value *R0 = B.CreateAdd(First, B.CreateShl(InQuad, 1));
    Value *At[2];
    for (unsigned H = 0; H < 2; ++H)
      At[H] = B.CreateGEP(B.getInt8Ty(),
                          addressOfLane(L, *P, H ? B.CreateAdd(R0, B.getInt32(1)) : R0), Col);
    if (Store) {
      Expected<Value *> V = L.read(*Regs[J], B.getInt32Ty());
      if (!V)
        return V.takeError();
      B.CreateAlignedStore(B.CreateTrunc(*V, B.getInt16Ty()), At[0], Align(2));
      B.CreateAlignedStore(B.CreateTrunc(B.CreateLShr(*V, 16), B.getInt16Ty()), At[1],
                           Align(2));
      continue;
    }
    Value *Lo = B.CreateZExt(B.CreateAlignedLoad(B.getInt16Ty(), At[0], Align(2)), B.getInt32Ty());
    Value *Hi = B.CreateZExt(B.CreateAlignedLoad(B.getInt16Ty(), At[1], Align(2)), B.getInt32Ty());
    if (Error E = L.write(*Regs[J], B.CreateOr(Lo, B.CreateShl(Hi, 16))))
      return std::move(E);
  }
  return true;
}

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

/// Reads Bytes of the tile a descriptor points at, an equal contiguous share
/// per thread of the warpgroup; returns the values read.
Expected<std::vector<Value *>> readTile(FunctionLifter &L, const Operand &Desc,
                                        uint64_t Bytes) {
  IRBuilder<> &B = L.B;
  Expected<Value *> D = L.read(Desc, B.getInt64Ty());
  if (!D)
    return D.takeError();
  Value *Start = B.CreateShl(B.CreateAnd(B.CreateTrunc(*D, B.getInt32Ty()), 0x3fff), 4);
  Value *Base = B.CreateIntToPtr(Start, PointerType::get(L.ML.Ctx, SharedAS));
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
/// imm-trans-b from the device model's __warplint_wgmma.<atype> call
/// (devicemodel/InterpretAsync.cpp computes it): true when written, false
/// for the forms it does not compute (the accumulators are then opaque).
Expected<bool> wgmmaResult(FunctionLifter &L, const Instruction &I, unsigned N, unsigned K,
                           ArrayRef<StringRef> Types) {
  if (K != 16 || Types[0] != "f32" || Types[1] != Types[2] ||
      (Types[1] != "f16" && Types[1] != "bf16") || I.Ops.size() != 8 ||
      I.Ops[1].Kind == Operand::Vector)
    return false;
  std::vector<const Operand *> Ds = registers(I.Ops[0]);
  if (Ds.size() != N / 2 || llvm::any_of(Ds, [](const Operand *D) {
        return D->Kind != Operand::Register;
      }))
    return false;
  for (unsigned K2 = 4; K2 < 8; ++K2)
    if (I.Ops[K2].Kind != Operand::Int)
      return false;
  IRBuilder<> &B = L.B;
  LLVMContext &Ctx = L.ML.Ctx;
  auto *VT = FixedVectorType::get(B.getFloatTy(), N / 2);
  Value *Acc = PoisonValue::get(VT);
  for (unsigned E = 0; E < N / 2; ++E) {
    Expected<Value *> V = L.read(*Ds[E], B.getFloatTy());
    if (!V)
      return V.takeError();
    Acc = B.CreateInsertElement(Acc, *V, E);
  }
  Expected<Value *> DA = L.read(I.Ops[1], B.getInt64Ty());
  if (!DA)
    return DA.takeError();
  Expected<Value *> DB = L.read(I.Ops[2], B.getInt64Ty());
  if (!DB)
    return DB.takeError();
  Expected<Value *> ScaleD = L.read(I.Ops[3], B.getInt1Ty());
  if (!ScaleD)
    return ScaleD.takeError();
  SmallVector<llvm::Type *, 8> Params = {B.getInt64Ty(), B.getInt64Ty(), B.getInt1Ty()};
  SmallVector<Value *, 8> Args = {*DA, *DB, *ScaleD};
  for (unsigned K2 = 4; K2 < 8; ++K2) {
    Params.push_back(B.getInt32Ty());
    Args.push_back(B.getInt32(int32_t(I.Ops[K2].IntValue)));
  }
  Params.push_back(VT);
  Args.push_back(Acc);
  FunctionCallee F = L.ML.M->getOrInsertFunction(("__warplint_wgmma." + Types[1]).str(),
                                                 FunctionType::get(VT, Params, false));
  Value *R = B.CreateCall(F, Args);
  (void)Ctx;
  for (unsigned E = 0; E < N / 2; ++E)
    if (Error Err = L.write(*Ds[E], B.CreateExtractElement(R, E)))
      return std::move(Err);
  return true;
}

/// wgmma.mma_async.sync.aligned.mMnNkK.dtype.atype.btype d, a, b-desc, ...
Expected<bool> wgmmaAsync(FunctionLifter &L, const Instruction &I) {
  unsigned M = 0, N = 0, K = 0;
  SmallVector<StringRef, 3> Types;
  for (const std::string &Mod : I.Mods) {
    StringRef S = Mod;
    if (S.size() > 1 && S[0] == 'm' && isDigit(S[1])) {
      S = S.drop_front();
      size_t NPos = S.find('n'), KPos = S.find('k');
      if (NPos == StringRef::npos || KPos == StringRef::npos || KPos < NPos ||
          S.substr(0, NPos).getAsInteger(10, M) ||
          S.substr(NPos + 1, KPos - NPos - 1).getAsInteger(10, N) ||
          S.substr(KPos + 1).getAsInteger(10, K))
        return L.error("malformed wgmma shape '" + Mod + "'");
    } else if (elementBits(S) || S == "f32" || S == "s32") {
      Types.push_back(S);
    }
  }
  if (!M || Types.size() != 3 || I.Ops.size() < 4)
    return false;
  unsigned ABits = elementBits(Types[1]), BBits = elementBits(Types[2]);
  // The shapes sm_90a defines: m64, n a multiple of 8 up to 256, k 8/16/32/256.
  if (M != 64 || N == 0 || N > 256 || N % 8 || !(K == 8 || K == 16 || K == 32 || K == 256) ||
      !ABits || !BBits)
    return L.error("wgmma shape or type not defined by PTX: '" + I.Opcode + "." +
                   join(I.Mods, ".") + "'");
  // Everything emitted from here on stands for the one instruction: marked
  // so the time model counts one HGMMA per warp, not the lane-by-lane reads.
  BasicBlock *BB = L.B.GetInsertBlock();
  BasicBlock::iterator At = L.B.GetInsertPoint();
  bool AtEnd = At == BB->end();
  llvm::Instruction *Before = AtEnd ? (BB->empty() ? nullptr : &BB->back())
                                    : (At == BB->begin() ? nullptr : &*std::prev(At));
  std::vector<Value *> Read;
  // A from shared memory (a descriptor) or from registers ({a...}).
  if (I.Ops[1].Kind != Operand::Vector) {
    Expected<std::vector<Value *>> A = readTile(L, I.Ops[1], uint64_t(M) * K * ABits / 8);
    if (!A)
      return A.takeError();
    Read = *A;
  }
  Expected<std::vector<Value *>> Bt = readTile(L, I.Ops[2], uint64_t(N) * K * BBits / 8);
  if (!Bt)
    return Bt.takeError();
  Read.insert(Read.end(), Bt->begin(), Bt->end());
  keepAlive(L, Read);
  auto *Marker = dyn_cast<CallInst>(&*std::prev(L.B.GetInsertPoint()));
  Expected<bool> Ran = wgmmaResult(L, I, N, K, Types);
  if (!Ran)
    return Ran.takeError();
  for (const Operand *D : registers(I.Ops[0])) {
    if (*Ran || D->Kind != Operand::Register)
      continue;
    Expected<llvm::Type *> T = L.storageType(D->Name);
    if (!T)
      return T.takeError();
    if (Error E = L.write(*D, L.opaque(*T)))
      return std::move(E);
  }
  // The stand-ins (in the block the lowering began in: it emits no branch),
  // then the marker: the tensor operation, m*n*k*2 FLOPs of the warpgroup,
  // a quarter per warp.
  LLVMContext &Ctx = L.ML.Ctx;
  MDNode *StandIn = MDNode::get(Ctx, {});
  for (auto It = Before ? std::next(Before->getIterator()) : BB->begin();
       It != BB->end() && It != L.B.GetInsertPoint(); ++It)
    It->setMetadata(StandInMetadata, StandIn);
  if (Marker && Marker->getParent() == BB) {
    Marker->setMetadata(StandInMetadata, nullptr);
    uint64_t Flops = uint64_t(M) * N * K * 2 / 4;
    Marker->setMetadata(TensorOpMetadata,
                        MDNode::get(Ctx, {MDString::get(Ctx, Types[1]),
                                          ConstantAsMetadata::get(
                                              ConstantInt::get(llvm::Type::getInt64Ty(Ctx), Flops))}));
  }
  return true;
}

} // namespace

Expected<bool> lowerMatrix(FunctionLifter &L, const Instruction &I) {
  if (I.Opcode == "ldmatrix" || I.Opcode == "stmatrix")
    return moveMatrix(L, I, I.Opcode == "stmatrix");
  if (I.Opcode != "wgmma")
    return false;
  if (I.hasMod("fence") || I.hasMod("commit_group") || I.hasMod("wait_group"))
    return true; // Ordering only: no memory effect the analysis models.
  if (I.hasMod("mma_async"))
    return wgmmaAsync(L, I);
  return false;
}

} // namespace ptx
} // namespace warplint
