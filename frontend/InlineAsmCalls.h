//===- InlineAsmCalls.h - The inline asm calls of a module ------*- C++ -*-===//
//
// The inline-asm lowerings (special registers, shuffles, atomics, bit-field
// extracts) each rewrite some of a module's asm calls; they collect them first,
// since a rewrite erases the call it replaces.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_INLINEASMCALLS_H
#define WARPLINT_FRONTEND_INLINEASMCALLS_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class CallInst;
class Module;
} // namespace llvm

namespace warplint {

/// Every call of M whose callee is inline assembly, in program order.
llvm::SmallVector<llvm::CallInst *, 8> inlineAsmCalls(llvm::Module &M);

} // namespace warplint

#endif
