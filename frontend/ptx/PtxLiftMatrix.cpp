//===- PtxLiftMatrix.cpp - ldmatrix and stmatrix --------------------------===//
//
// ldmatrix/stmatrix move 8x8 matrices of 16-bit elements between shared
// memory and a warp's registers; lanes 8j..8j+7 give the row addresses of
// matrix j. They are lowered lane by lane: each lane takes the row address
// it needs from the lane that owns it (shfl.sync.idx) and reads or writes
// its own 4 bytes (2+2 with .trans), so the values are the hardware's and
// the 32 lanes touch the bytes and banks the instruction does.
//
// wgmma is lowered by frontend/ptxisa/lower/Wgmma.cpp, for inline asm too.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptx/PtxLiftFamilies.h"

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

} // namespace

Expected<bool> lowerMatrix(FunctionLifter &L, const Instruction &I) {
  if (I.Opcode == "ldmatrix" || I.Opcode == "stmatrix")
    return moveMatrix(L, I, I.Opcode == "stmatrix");
  return false;
}

} // namespace ptx
} // namespace warplint
