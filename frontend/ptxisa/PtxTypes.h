//===- PtxTypes.h - PTX fundamental types and state spaces ------*- C++ -*-===//
//
// The types (.u32, .f16x2, .pred) and state spaces (.global, .shared::cta)
// every reader of PTX names: the .ptx parser and lifter, and the inline-asm
// lowerings, through the one instruction table (PtxInstruction.h).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_PTXTYPES_H
#define WARPLINT_FRONTEND_PTXISA_PTXTYPES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class IRBuilderBase;
class Type;
class LLVMContext;
class Value;
} // namespace llvm

namespace warplint {
namespace ptx {

/// A PTX fundamental type (.u32, .f64, .pred, ...).
struct Type {
  enum KindTy : uint8_t { Bits, Unsigned, Signed, Float, Pred } Kind = Bits;
  unsigned Width = 0; ///< In bits; 1 for .pred.

  bool isFloat() const { return Kind == Float; }
  bool isSigned() const { return Kind == Signed; }
  bool operator==(const Type &O) const { return Kind == O.Kind && Width == O.Width; }
};

/// Parses a type suffix without its dot ("u32", "f16x2", "pred"). Packed
/// types (f16x2, bf16x2) are Bits of their total width.
std::optional<Type> parseType(llvm::StringRef Name);

/// The LLVM type of a PTX type: pred -> i1, f16/f32/f64 -> half/float/
/// double, the others (and packed types) iN of their width.
llvm::Type *llvmTypeOf(llvm::LLVMContext &Ctx, Type T);

/// V as a value of type T, as PTX moves bits between registers: the same
/// width reinterpreted, a narrower integer extended (by Signed) or a wider
/// one truncated, non-zero as an i1. Pointers are the lifter's own.
llvm::Value *convertBits(llvm::IRBuilderBase &B, llvm::Value *V, llvm::Type *T, bool Signed);

/// The two 16-bit lanes of a packed i32 X (f16x2, bf16x2; the low one first)
/// as Elt.
std::pair<llvm::Value *, llvm::Value *> unpackLanes(llvm::IRBuilderBase &B, llvm::Value *X,
                                                    llvm::Type *Elt);
/// 16-bit Lo and Hi (any type) packed into an i32, Lo in the low half.
llvm::Value *packLanes(llvm::IRBuilderBase &B, llvm::Value *Lo, llvm::Value *Hi);

/// A state space.
enum class Space : uint8_t { Generic, Global, Shared, Const, Local, Param, Reg };

/// The NVPTX address space number of a state space.
unsigned addrSpaceOf(Space S);

/// Parses a state-space name without its dot ("global", "shared::cta").
std::optional<Space> parseSpace(llvm::StringRef Name);

} // namespace ptx
} // namespace warplint

#endif
