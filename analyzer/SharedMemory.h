//===- SharedMemory.h - The __shared__ variables of a kernel ----*- C++ -*-===//
//
// Which __shared__ variables (addrspace(3) globals) one kernel and the
// functions it calls use: static arrays with their size, and `extern
// __shared__` arrays (external globals of zero size), which all start at
// offset 0 of the block's dynamic shared memory. The static total is laid
// out as ptxas does (each variable at its alignment), so it matches ptxas's
// "bytes smem".
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_SHAREDMEMORY_H
#define WARPLINT_ANALYZER_SHAREDMEMORY_H

#include "frontend/SourceLocation.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace warplint {

/// One __shared__ variable a kernel uses.
struct SharedVariable {
  const llvm::GlobalVariable *GV = nullptr;
  std::string Name;        ///< As in the source: "tile" (no enclosing scope).
  uint64_t Bytes = 0;      ///< Its size; 0 for an extern array.
  uint64_t Align = 1;
  /// `extern __shared__ T x[]`: sized by the launch, at offset 0 of the
  /// dynamic shared memory.
  bool Extern = false;
  std::string ElementType; ///< "float", "int", "struct Pair", ...
  /// The first instruction of the kernel (or a callee) that refers to it.
  SourceLoc FirstUse;
};

/// The shared memory of one kernel. Query it, print it.
class SharedMemoryUse {
public:
  /// Analyzes Kernel and every defined function it calls.
  static SharedMemoryUse analyze(const llvm::Function &Kernel);

  llvm::ArrayRef<SharedVariable> variables() const { return Vars; }
  /// Static shared bytes per block: the non-extern variables, each placed at
  /// its alignment.
  uint64_t staticBytes() const { return StaticBytes; }
  /// The extern (dynamic) arrays, in order of first use.
  std::vector<const SharedVariable *> externArrays() const;
  /// The variable a pointer points into, or null.
  const SharedVariable *variableOf(const llvm::Value *Ptr) const;

  void print(llvm::raw_ostream &OS) const;

private:
  std::vector<SharedVariable> Vars;
  uint64_t StaticBytes = 0;
};


} // namespace warplint

#endif
