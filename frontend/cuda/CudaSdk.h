//===- CudaSdk.h - The CUDA toolkit a device compile uses -------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_CUDA_CUDASDK_H
#define WARPLINT_FRONTEND_CUDA_CUDASDK_H

#include "frontend/FrontendOptions.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace warplint {

/// The CUDA SDK to use, or "" when none is found (the prelude is used).
std::string findCudaSdk(const FrontendOptions &Opts);

/// The toolkit's version ("13.0") from Sdk/include/cuda.h, or "" when unknown.
std::string cudaSdkVersion(llvm::StringRef Sdk);

/// The Clang flags that give a device compile nvcc's include set for Sdk
/// (its include/cccl folder, the headers nvcc's runtime header brings).
std::vector<std::string> cudaSdkIncludeArgs(llvm::StringRef Sdk);

} // namespace warplint

#endif
