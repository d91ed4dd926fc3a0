//===- Metadata.h - The metadata a lowering leaves for downstream -*- C++ -*-===//
//
// The names of the metadata the lowerings (lower/) put on what they build for
// one GPU instruction that the IR spells as several (a wgmma's per-thread
// reads); frontend/DeviceModule.h hands them on to the analyzer and the time
// model, which read them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_METADATA_H
#define WARPLINT_FRONTEND_PTXISA_METADATA_H

#include "llvm/ADT/StringRef.h"

namespace warplint {

/// Metadata on the call a frontend emits for one tensor-core operation
/// (wgmma.mma_async): !{!"f16"|!"tf32"|!"fp8"|!"int8", i64 FLOPs per warp}
/// (m*n*k*2, a quarter of it per warp for a warpgroup's wgmma).
inline constexpr llvm::StringLiteral TensorOpMetadata = "warplint.tensor";
/// Metadata on the instructions a frontend emits in place of one GPU
/// instruction (the per-thread operand reads and results that stand for a
/// wgmma): the GPU issues none of them, only the instruction they stand for.
inline constexpr llvm::StringLiteral StandInMetadata = "warplint.standin";

/// Metadata on the llvm.memcpy a frontend emits for one non-tensor bulk copy
/// (cp.async.bulk, global to shared): the TMA unit moves its bytes, reading
/// global memory in pieces (ArchProfile::BulkCopyPieceBytes) and writing
/// shared memory outside the LSU pipe.
inline constexpr llvm::StringLiteral BulkCopyMetadata = "warplint.bulk";

} // namespace warplint

#endif
