//===- Libdevice.h - Link the toolkit's libdevice as clang does -*- C++ -*-===//
//
// With a CUDA toolkit, the `__nv_*` functions the CUDA headers call are
// linked from the toolkit's libdevice bitcode before optimization, as clang's
// -mlink-builtin-bitcode does for CUDA (and NVVM for nvcc): only the functions
// the module needs, internalized, so the optimizer inlines them (libdevice
// marks each alwaysinline) and the device model runs their IR. Without a
// toolkit (the embedded prelude) nothing is linked and the device model runs
// its native stand-ins.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LIBDEVICE_H
#define WARPLINT_FRONTEND_LIBDEVICE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace warplint {

/// Metadata on every instruction of linked library code, and on its globals:
/// libdevice's trigonometric argument reduction reads a table in global
/// memory, keeps a private array and branches on the argument's size. What
/// the program does is the user's code: the analyses leave these accesses
/// and branches out (nothing there is the user's to change), and the device
/// model counts the accesses under a site of their own (nvcc's binary makes
/// them too).
inline constexpr llvm::StringLiteral LibraryCodeKind = "warplint.library";

/// Whether I is an instruction of linked library code, or an access (one a
/// late pass made anew included) to a library global or private array.
bool isLibraryCode(const llvm::Instruction &I);

/// The toolkit's libdevice (`<Sdk>/nvvm/libdevice/libdevice.10.bc`), or ""
/// when the toolkit has none.
std::string findLibdevice(llvm::StringRef Sdk);

/// Links the libdevice functions M calls from the bitcode at Path: only
/// those needed, internalized, with M's target attributes, and sets the
/// reflection flags nvcc's defaults give (`__CUDA_FTZ` 0, `__CUDA_PREC_SQRT`
/// 1). Returns how many functions were linked.
llvm::Expected<unsigned> linkLibdevice(llvm::Module &M, llvm::StringRef Path);

} // namespace warplint

#endif
