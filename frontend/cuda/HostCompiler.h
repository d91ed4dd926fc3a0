//===- HostCompiler.h - What the host side of a compile needs ---*- C++ -*-===//
//
// warplint parses a file's host code in its one device-side compile, where
// nvcc hands it to the host compiler. Flags that only the host compile needs
// (nvcc's -Xcompiler -fopenmp, MPI's include path) come from the compile
// command or --host-flags; what they assume of the host compiler is found here.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_HOSTCOMPILER_H
#define WARPLINT_FRONTEND_CUDA_HOSTCOMPILER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace warplint {

/// With -fopenmp among ClangArgs and no omp.h in Clang's ResourceDir (Debian
/// ships it in a package of its own): -idirafter the folder of the host
/// compiler's omp.h (GCC's, which nvcc's host compiler uses), so that host
/// code using the OpenMP runtime compiles. Empty otherwise.
std::vector<std::string> hostOpenMpArgs(llvm::ArrayRef<std::string> ClangArgs,
                                        llvm::StringRef ResourceDir);

} // namespace warplint

#endif
