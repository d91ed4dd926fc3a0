//===- KernelName.h - Kernel names as users type them -----------*- C++ -*-===//
//
// --kernel and a launch file's "kernel" name a kernel by its mangled or its
// source name. A template's instantiation has many spellings of one source
// name: the demangler writes `reduce4<int, 256u>`, Nsight Compute the same,
// a user `reduce4<int, 256>` or `reduce4<int,256U>`. These compare names as
// C++ tokens: spaces ignored, integer literals by value (their u, l, ll, ul,
// ... suffixes and base ignored).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_KERNELNAME_H
#define WARPLINT_FRONTEND_LAUNCH_KERNELNAME_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
}

namespace warplint {

/// Name as a sequence of C++ tokens, one space between each, integer
/// literals written in decimal without a suffix: "r<int,256u>" and
/// "r< int, 0x100 >" both become "r < int , 256 >".
std::string canonicalKernelName(llvm::StringRef Name);

/// True when the names A and B are the same (canonicalKernelName).
bool sameKernelName(llvm::StringRef A, llvm::StringRef B);

/// True when Typed (a --kernel value or a launch file's "kernel") names a
/// kernel whose mangled name is Mangled and whose source name is Source: the
/// mangled name exactly, the source name as sameKernelName compares. An empty
/// Typed names every kernel.
bool kernelNameMatches(llvm::StringRef Typed, llvm::StringRef Mangled, llvm::StringRef Source);

/// kernelNameMatches for the kernel F (its source name demangled).
bool kernelNameMatches(llvm::StringRef Typed, const llvm::Function &F);

} // namespace warplint

#endif
