//===- PtxPointerInference.h - Which PTX registers hold addresses -*-C++-*-===//
//
// PTX registers are untyped bits; LLVM wants pointers with provenance. This
// finds, per function, the registers that hold addresses and the state space
// they point into: destinations of cvta and of mov from a variable, registers
// used as the base of a memory operand, and what flows from them through
// add/sub/mad/mov/cvt/selp. Parameters loaded into such registers become
// pointer parameters.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXPOINTERINFERENCE_H
#define WARPLINT_FRONTEND_PTXPOINTERINFERENCE_H

#include "frontend/ptx/PtxAst.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <vector>

namespace warplint {
namespace ptx {

/// The pointer registers of one function.
struct PointerInfo {
  /// Register name -> NVPTX address space it points into (0: generic, or
  /// several spaces).
  llvm::StringMap<unsigned> RegSpace;
  /// For each parameter of the function: does it hold a pointer?
  std::vector<bool> ParamIsPointer;

  std::optional<unsigned> spaceOf(llvm::StringRef Reg) const {
    auto It = RegSpace.find(Reg);
    if (It == RegSpace.end())
      return std::nullopt;
    return It->second;
  }
};

/// Infers the pointer registers of F. VarSpaces maps the module's and F's
/// variables to their address spaces; Seeds are registers already known to
/// hold addresses (e.g. arguments passed to a callee's pointer parameter).
PointerInfo inferPointers(const Function &F, const llvm::StringMap<unsigned> &VarSpaces,
                          const llvm::StringMap<unsigned> &Seeds = {});

/// The registers F passes to pointer parameters of its callees and that
/// Info does not yet know as addresses. CalleeParams maps a function name to
/// which of its parameters are pointers.
llvm::StringMap<unsigned>
pointerArguments(const Function &F, const PointerInfo &Info,
                 const llvm::StringMap<std::vector<bool>> &CalleeParams);

/// The state space an instruction's memory operand names (ld.global ->
/// Global); Generic when none is written.
Space memorySpaceOf(const Instruction &I);

} // namespace ptx
} // namespace warplint

#endif
