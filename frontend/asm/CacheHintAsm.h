//===- CacheHintAsm.h - Inline asm that is a load or store with a cache hint -*- C++ -*-===//
//
// CUDA's cache-hint intrinsics (__ldcs, __stcs, __ldg, ... as the toolkit,
// Clang's headers and warplint's prelude write them) and libraries such as
// CUB write global loads and stores with a cache operator as inline assembly
// ("ld.global.cs.v4.f32 {%0,%1,%2,%3}, [%4];"). The analyses and the device
// model read plain loads and stores; the operator travels with the access as
// metadata (frontend/ptxisa/CacheHint.h), for the outputs and the models
// that price caching.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_CACHEHINTASM_H
#define WARPLINT_FRONTEND_ASM_CACHEHINTASM_H

#include "frontend/ptxisa/CacheHint.h"

namespace llvm {
class Module;
} // namespace llvm

namespace warplint {

/// Replaces each inline asm call of M that is one of
///   ld.global[.COP][.L1::..][.L2::..][.v2|.v4].TYPE  DST, [$a];
///   st.global[.COP][.L1::..][.L2::..][.v2|.v4].TYPE  [$a], SRC;
/// (DST and SRC one operand or a braced list of 2 or 4; TYPE b, s, u or f of
/// 8 to 64 bits; the address a generic or global pointer or a 64-bit integer)
/// by a load or store of the global space that moves the same bytes, with
/// its cache hint recorded (setCacheHint). The access is volatile: the
/// toolkit writes these as one asm each (volatile for the loads) that the
/// compiler neither merges, splits nor moves, and so the optimizer keeps it
/// whole, with its hint. A load of Clang's __ldg (global,
/// invariant) gets the hint "nc" that the toolkit's ld.global.nc carries.
/// Returns how many calls were replaced; any other assembly is left as it is.
unsigned lowerCacheHintAsm(llvm::Module &M);

} // namespace warplint

#endif
