//===- HalfAsmBlock.h - The registers of one inline asm text ----*- C++ -*-===//
//
// HalfAsm.cpp translates a PTX text instruction by instruction; this holds
// what the instructions read and write: the asm's outputs ($0 ...), its
// inputs (the call's arguments), the .reg temporaries of each brace scope,
// and literals. A register holds an IR value of any type; a read of it as
// another type of the same size is a bitcast.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_ASM_HALFASMBLOCK_H
#define WARPLINT_FRONTEND_ASM_HALFASMBLOCK_H

#include "frontend/ptxisa/PtxTypes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"

namespace llvm {
class CallInst;
class InlineAsm;
} // namespace llvm

namespace warplint {

/// The IR type of a PTX type suffix: f16 half, bf16 bfloat, f32 float, f64
/// double, the x2 pairs i32, bN/uN/sN iN, pred i1; null for any other.
llvm::Type *ptxIrType(llvm::StringRef Suffix, llvm::LLVMContext &Ctx);

/// One inline asm call being translated; its IR goes before the call.
class HalfAsmBlock {
public:
  HalfAsmBlock(llvm::CallInst &CI, const llvm::InlineAsm &Asm);

  /// False when the constraints are not register outputs and inputs (and
  /// clobbers) of the kinds h, r, l, f, d, a tie to an output, or the
  /// call's type does not match them.
  bool valid() const { return Valid; }
  llvm::IRBuilder<> &builder() { return B; }

  /// Operand Tok read as Ty: $N, a temporary, an integer literal (decimal
  /// or 0x hex, an optional U suffix), a 0f/0d float literal or WARP_SZ
  /// (the warp size register's read). Null when
  /// it is none of these, not yet written, or not Ty's size.
  llvm::Value *read(llvm::StringRef Tok, llvm::Type *Ty);
  /// Writes V to output $N or a temporary ("_" drops it); a value wider
  /// than an integer output is truncated. False when Tok is neither.
  bool write(llvm::StringRef Tok, llvm::Value *V);
  /// The address of a memory operand "[$N]": null for any other form.
  llvm::Value *address(llvm::StringRef Tok);

  /// ".reg .TYPE a, b" (what follows ".reg") in the innermost scope.
  bool declare(llvm::StringRef Decl);
  void openScope() { Scopes.emplace_back(); }
  /// False when no scope is open.
  bool closeScope();

  /// The call's value from the outputs; null when one was never written.
  llvm::Value *result();

private:
  llvm::CallInst &CI;
  llvm::IRBuilder<> B;
  bool Valid = true;
  llvm::SmallVector<llvm::Type *, 2> Outputs;
  /// Each name's values, the innermost declaration last ($N: one).
  llvm::StringMap<llvm::SmallVector<llvm::Value *, 1>> Regs;
  llvm::SmallVector<llvm::SmallVector<std::string, 4>, 2> Scopes;
  llvm::Value *literal(llvm::StringRef Tok, llvm::Type *Ty);
};

// The packed lanes' helpers live with the PTX types, below frontend/ptx and
// frontend/asm alike.
using ptx::packLanes;
using ptx::unpackLanes;
/// R clamped to [0, 1] as PTX's .sat does (NaN and -0 are +0).
llvm::Value *saturate(llvm::IRBuilder<> &B, llvm::Value *R);

/// cvt with the qualifiers and types Parts (after "cvt") and Operands.
/// False, with nothing emitted that is used, for a form it does not know.
bool emitHalfConvert(HalfAsmBlock &Blk, llvm::ArrayRef<llvm::StringRef> Parts,
                     llvm::ArrayRef<llvm::StringRef> Operands);

} // namespace warplint

#endif
