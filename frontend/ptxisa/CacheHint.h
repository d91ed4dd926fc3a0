//===- CacheHint.h - A load's or store's PTX cache operator -----*- C++ -*-===//
//
// PTX's cache operators (ld.global.cs, st.global.wt) and L1/L2 qualifiers
// travel with the LLVM access they become as metadata: the .ptx lifter and
// the inline-asm lowering of ld/st (frontend/asm/CacheHintAsm.h) record them
// alike, the analyses and the device model read them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_CACHEHINT_H
#define WARPLINT_FRONTEND_PTXISA_CACHEHINT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Instruction;
} // namespace llvm

namespace warplint {

/// The metadata kind that holds an access's PTX cache hint (an MDString:
/// "cs", "nc", "cg.L2::128B", ...).
inline constexpr llvm::StringLiteral CacheHintKind = "warplint.cache";

/// The cache hint of a load or store: its PTX cache operator (ca, cg, cs, lu,
/// cv, nc for loads; wb, cg, cs, wt for stores) followed by its L1/L2
/// qualifiers, dot-separated; "" for a plain access.
std::string cacheHint(const llvm::Instruction &I);

/// Records Hint as I's cache hint.
void setCacheHint(llvm::Instruction &I, llvm::StringRef Hint);

/// True when Q is a PTX cache operator of a load (Load) or a store.
bool isCacheOperator(llvm::StringRef Q, bool Load);

} // namespace warplint

#endif
