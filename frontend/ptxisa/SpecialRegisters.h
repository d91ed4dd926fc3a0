//===- SpecialRegisters.h - The PTX special registers -----------*- C++ -*-===//
//
// One table (SpecialRegisters.def) for every reader: the .ptx lifter and the
// inline-asm lowering turn a read of %tid.x into the intrinsic the row
// names; the device model runs that intrinsic, or an asm read LLVM has no
// intrinsic for, by the row's model column.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_SPECIALREGISTERS_H
#define WARPLINT_FRONTEND_PTXISA_SPECIALREGISTERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Intrinsics.h"

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace warplint {
namespace ptx {

/// One row of SpecialRegisters.def.
struct SpecialRegister {
  llvm::StringRef Name;      ///< As PTX spells it, without '%': "lanemask_lt".
  llvm::StringRef Intrinsic; ///< "lanemask.lt" (llvm.nvvm.read.ptx.sreg.*), or "".
  unsigned Row;              ///< Its index in the table.

  /// The intrinsic that reads it, or not_intrinsic.
  llvm::Intrinsic::ID intrinsicID() const;
};

/// Every row, in the table's order.
llvm::ArrayRef<SpecialRegister> specialRegisters();
/// The register PTX names Name (with or without its '%'), or null.
const SpecialRegister *lookupSpecialRegister(llvm::StringRef Name);
/// The register read by llvm.nvvm.read.ptx.sreg.Suffix, or null.
const SpecialRegister *specialRegisterOfIntrinsic(llvm::StringRef Suffix);

/// A read of register Name (as lookupSpecialRegister takes it) at B's insert
/// point, through its intrinsic; null when it is no register or LLVM has no
/// intrinsic for it.
llvm::Value *readSpecialRegister(llvm::IRBuilderBase &B, llvm::StringRef Name);

} // namespace ptx
} // namespace warplint

#endif
