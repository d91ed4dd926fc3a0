//===- InlineAsmCalls.h - The inline asm calls of a module ------*- C++ -*-===//
//
// The inline-asm lowerings (special registers, shuffles, atomics, bit-field
// extracts) each rewrite some of a module's asm calls; they collect them first,
// since a rewrite erases the call it replaces, and read the calls' operands
// the same way.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_INLINEASMCALLS_H
#define WARPLINT_FRONTEND_ASM_INLINEASMCALLS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallInst;
class Function;
class InlineAsm;
class IRBuilderBase;
class Instruction;
class Module;
class Type;
class Value;
} // namespace llvm

namespace warplint {

/// Every call of M whose callee is inline assembly, in program order.
llvm::SmallVector<llvm::CallInst *, 8> inlineAsmCalls(llvm::Module &M);
/// The inline-asm calls of one function.
llvm::SmallVector<llvm::CallInst *, 8> inlineAsmCalls(llvm::Function &F);

/// Replaces each of Calls that Lower turns into a value with that value;
/// returns how many were replaced.
unsigned replaceInlineAsm(llvm::ArrayRef<llvm::CallInst *> Calls,
                          llvm::function_ref<llvm::Value *(llvm::CallInst &,
                                                           const llvm::InlineAsm &)>
                              Lower);

/// Erases what a lowering that gave up built before CI: every instruction
/// after Before (null: from the block's start) up to CI, users first.
void eraseBuiltBefore(llvm::CallInst &CI, llvm::Instruction *Before);

/// The value an asm call with outputs Outputs returns: the one output, or
/// the structure of them all (CI's type); null for none.
llvm::Value *asmResult(llvm::IRBuilderBase &B, llvm::CallInst &CI,
                       llvm::ArrayRef<llvm::Value *> Outputs);

/// The value operand Tok of CI's asm string names: "$N" is input N (the
/// call's argument N - 1, after the one output), a PTX integer literal a
/// constant (of a 32-bit Ty only). Null when it is neither or its type is
/// not Ty.
llvm::Value *operandValue(llvm::CallInst &CI, llvm::StringRef Tok, llvm::Type *Ty);

/// The opcode and the trimmed operands of a one-instruction asm text
/// ("OPCODE $0, x, y;"), or false (no ';' at its end, another ';' inside, a
/// first operand other than $0).
bool splitInstruction(llvm::StringRef Text, llvm::StringRef &Opcode,
                      llvm::SmallVectorImpl<llvm::StringRef> &Operands);

} // namespace warplint

#endif
