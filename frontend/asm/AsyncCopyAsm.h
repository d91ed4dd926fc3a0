//===- AsyncCopyAsm.h - Inline asm that is an asynchronous copy -*- C++ -*-===//
//
// The toolkit's asynchronous copies (__pipeline_memcpy_async,
// cuda::memcpy_async with a cuda::pipeline, cooperative_groups::memcpy_async)
// are inline assembly: "cp.async.ca.shared.global [$0], [$1], 16, 16;" and
// "cp.async.commit_group;" / "cp.async.wait_group N;". One cp.async reads
// global memory and writes shared memory; the analyses and the device model
// see it as that load and that store, as the PTX lifter writes a cp.async
// (docs/ptx.md), and the copy completes where it is issued.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_ASYNCCOPYASM_H
#define WARPLINT_FRONTEND_ASM_ASYNCCOPYASM_H

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is
///   cp.async.{ca,cg}.shared.global[.L2::{64,128,256}B] [DST], [SRC], SIZE[, SRCSIZE];
/// (DST a 32-bit shared address or a pointer, SRC a generic or global
/// pointer or 64-bit integer, SIZE 4, 8 or 16 and SRCSIZE constants) by a
/// volatile load of SRCSIZE bytes of the global space and a volatile store
/// of SIZE bytes (the rest zeros) to the shared space, with the copy's cache
/// operator as the load's cache hint; and erases "cp.async.commit_group;",
/// "cp.async.wait_group N;" and "cp.async.wait_all;", whose waits the copy,
/// complete when issued, never needs. Other assembly (the copies that
/// arrive on an mbarrier, the bulk copies) is left as it is. Returns how
/// many calls were replaced.
unsigned lowerAsyncCopyAsm(llvm::Module &M);

} // namespace warplint

#endif
