//===- PtxLiftFamilies.h - Instruction families lowered apart ---*- C++ -*-===//
//
// Families of PTX instructions whose lowering lives in its own file, each
// behind one function the lifter's dispatch (PtxLiftInstructions.cpp) calls
// first: packed half precision (PtxLiftPacked.cpp), warp and warpgroup
// matrix moves and multiplies (PtxLiftMatrix.cpp) and Hopper's asynchronous
// copies and barriers (PtxLiftAsync.cpp). Each returns false when the
// instruction is not of its family, so moving a family into one table later
// is moving one function. Not a public API.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXLIFTFAMILIES_H
#define WARPLINT_FRONTEND_PTXLIFTFAMILIES_H

#include "frontend/ptx/PtxLifterImpl.h"

namespace warplint {
namespace ptx {

/// add/sub/mul/min/max/fma/neg/abs on .f16x2 and .bf16x2, and
/// cvt.{rn,rz,...}[.relu][.satfinite].{f16x2,bf16x2}.f32: exact values
/// (each half computed in f32 and rounded, as the hardware rounds once).
llvm::Expected<bool> lowerPackedHalf(FunctionLifter &L, const Instruction &I);

/// ldmatrix and stmatrix (.m8n8, .x1/.x2/.x4, .trans; each lane's 4 bytes
/// read or written from the row address the owning lane gives, so values,
/// bytes and banks are the hardware's). wgmma is the shared lowering's
/// (frontend/ptxisa/lower/Wgmma.cpp).
llvm::Expected<bool> lowerMatrix(FunctionLifter &L, const Instruction &I);

/// mbarrier.*, elect.sync, tensormap.*, cp.async.bulk.* (fence.proxy.* is
/// the shared lowering's):
/// mbarriers as the 8-byte shared words they are, try_wait/test_wait as
/// complete, elect.sync as the first active lane, bulk and tensor copies
/// with the bytes their operands give (a tensor copy's box is in its tensor
/// map: not modelled, said once per kernel).
llvm::Expected<bool> lowerAsync(FunctionLifter &L, const Instruction &I);

/// A call that keeps Values alive (they feed what the analysis does not
/// model): void __warplint_ptx_use(...), touching only inaccessible memory.
void keepAlive(FunctionLifter &L, llvm::ArrayRef<llvm::Value *> Values);

} // namespace ptx
} // namespace warplint

#endif
