//===- OperandBinder.h - An instruction's operands, from either input -*- C++ -*-===//
//
// What a lowering (lower/Lower.h) reads its operands through and writes its
// results to: the .ptx lifter binds operand N to the register, literal or
// special register the PTX names (frontend/ptx/PtxLiftInstructions.cpp);
// the inline-asm lowering binds "$N"/"%N" to the asm call's inputs and
// outputs by their constraints (frontend/asm/IsaAsm.cpp). The same lowering
// then serves both.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_OPERANDBINDER_H
#define WARPLINT_FRONTEND_PTXISA_OPERANDBINDER_H

#include "llvm/Support/Error.h"

#include <optional>

namespace llvm {
class Type;
class Value;
} // namespace llvm

namespace warplint {
namespace ptx {

/// The operands of one instruction, numbered as written (0: the first).
class OperandBinder {
public:
  virtual ~OperandBinder() = default;

  /// How many operands the instruction has.
  virtual unsigned size() const = 0;
  /// Reads operand N as a value of type T (bits reinterpreted, narrower
  /// values extended by Signed), at the lowering's insert point.
  virtual llvm::Expected<llvm::Value *> read(unsigned N, llvm::Type *T, bool Signed = false) = 0;
  /// Writes V to destination operand N.
  virtual llvm::Error write(unsigned N, llvm::Value *V, bool Signed = false) = 0;
  /// Does destination N name a predicate too ("d|p")?
  virtual bool hasPair(unsigned N) const = 0;
  /// Writes the predicate of destination N's "d|p".
  virtual llvm::Error writePair(unsigned N, llvm::Value *V) = 0;
  /// The value of operand N when it is an integer literal.
  virtual std::optional<int64_t> immediate(unsigned N) const = 0;
  /// Is operand N an address ("[%r1+8]", "[$1]")?
  virtual bool isAddress(unsigned N) const = 0;
  /// Is operand N the sink "_" (a result discarded)?
  virtual bool isSink(unsigned N) const = 0;
  /// The pointer of address space AS that address operand N names, at the
  /// lowering's insert point.
  virtual llvm::Expected<llvm::Value *> address(unsigned N, unsigned AS) = 0;
  /// How many elements the brace list operand N ("{%f1, %f2}", "{$0, $1}")
  /// holds; 0 when operand N is not one.
  virtual unsigned elements(unsigned N) const = 0;
  /// Reads element E of brace list operand N as a value of type T.
  virtual llvm::Expected<llvm::Value *> readElement(unsigned N, unsigned E, llvm::Type *T) = 0;
  /// Writes V to element E of brace list operand N.
  virtual llvm::Error writeElement(unsigned N, unsigned E, llvm::Value *V) = 0;
  /// The type element E of brace list operand N holds (its register's, its
  /// output's): what a value written to it without a type of its own takes.
  virtual llvm::Expected<llvm::Type *> elementType(unsigned N, unsigned E) = 0;
  /// An error about the instruction (Msg says what), where the input says
  /// where it is.
  virtual llvm::Error error(const llvm::Twine &Msg) = 0;
};

} // namespace ptx
} // namespace warplint

#endif
