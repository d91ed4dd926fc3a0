//===- KernelSlice.h - One kernel's part of a module -------------*- C++ -*-===//
//
// What lets an editor's re-check redo only the kernels that changed: the
// functions a kernel reaches, a fingerprint of their unoptimized IR (equal
// fingerprints, equal code: instructions, types, attributes, globals they
// use, debug locations), and a copy of the module that defines only some
// kernels (the others declared), to optimize and analyze on its own.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_KERNELSLICE_H
#define WARPLINT_FRONTEND_CUDA_KERNELSLICE_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ModuleSlotTracker.h"

#include <string>

namespace warplint {

/// The functions and global variables a function reaches: through calls,
/// function pointers and the initializers of the globals it uses.
struct CallClosure {
  llvm::SetVector<const llvm::Function *> Functions; ///< The root first.
  llvm::SetVector<const llvm::GlobalVariable *> Globals;
};

/// What Root reaches (its definition and every defined callee, transitively).
CallClosure callClosure(const llvm::Function &Root);

/// Fingerprints closures of one module. Text of the IR with the numbering of
/// metadata and attribute groups left out (it depends on the whole module)
/// and their contents spelled out instead; each function's text is hashed
/// to 128 bits once and a closure names its functions by those hashes.
class IrFingerprinter {
public:
  explicit IrFingerprinter(const llvm::Module &M) : Slots(&M) {}

  /// Appends the fingerprint text of C to Out (hash it with more context).
  void describe(const CallClosure &C, std::string &Out);

  /// The source lines F's debug locations span in File, as [first, last];
  /// {0, 0} when none.
  static std::pair<unsigned, unsigned> lineSpan(const llvm::Function &F, llvm::StringRef File);

private:
  const std::string &functionHash(const llvm::Function &F);

  llvm::ModuleSlotTracker Slots;
  llvm::SmallVector<llvm::StringRef, 32> Kinds; ///< Metadata kind names.
  llvm::DenseMap<const llvm::Function *, std::string> FunctionHashes;
  /// Debug locations and scopes, spelled out; attached nodes, spelled out.
  llvm::DenseMap<const llvm::Metadata *, std::string> Memo, Roots;
};

/// A 128-bit hash of Text, as 32 hex digits.
std::string fingerprintHash(llvm::StringRef Text);

/// A DeviceModule whose module is a copy of DM's that defines only Keep (and
/// every global variable); other functions are declared. It shares DM's
/// LLVMContext and frontend facts, so it must not outlive DM.
DeviceModule sliceModule(const DeviceModule &DM, llvm::ArrayRef<const llvm::Function *> Keep);

} // namespace warplint

#endif
