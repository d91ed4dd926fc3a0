//===- InlineAsm.h - Inline asm the device model runs -----------*- C++ -*-===//
//
// The frontend lowers the inline asm it understands to IR (frontend/asm/).
// What is left reaches the device model as a call to an InlineAsm value: a
// read of a special register that LLVM has no intrinsic for (the reserved
// shared-memory offsets), a volatile read of one that it has, or asm nobody
// understood, which stops the run with its text.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_INLINEASM_H
#define WARPLINT_DEVICEMODEL_INLINEASM_H

#include "devicemodel/Decoded.h"
#include "frontend/ptxisa/SpecialRegisters.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class InlineAsm;
}

namespace warplint {
namespace dm {

/// What an inline asm statement is to the device model.
struct AsmMeaning {
  enum Kind {
    NotUnderstood, ///< Stops the run: "inline asm not understood".
    Register,      ///< Reads special register Reg into its one result.
    Refused,       ///< Understood but not modelled: Why says so.
    /// The frontend's marker of a store to a __constant__ variable (Why: its
    /// name), which the optimizer deleted: a fault where it runs.
    ConstantStore,
  } K = NotUnderstood;
  SRegKind Reg = SR_TidX;
  std::string Why;
};

/// Decodes the asm "mov.{u32,b32,u64,b64} $0, %REG;" (one output, volatile
/// or not) for the special registers the interpreter models.
AsmMeaning asmMeaning(const llvm::InlineAsm &Asm);

/// What the device model reads for special register R: the model column of
/// its row in frontend/ptxisa/SpecialRegisters.def.
SRegKind modelledRegister(const ptx::SpecialRegister &R);

/// Why the device model does not run a read of the driver-defined register
/// %envregN other than envreg1 and 2 (the grid workspace this_grid() reads,
/// which the model gives a cooperative launch).
std::string envregRefusal(llvm::StringRef Reg);

/// The asm's text and constraints as a message quotes them.
std::string asmText(const llvm::InlineAsm &Asm);

} // namespace dm
} // namespace warplint

#endif
