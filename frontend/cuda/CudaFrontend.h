//===- CudaFrontend.h - Device-side compile of .cu files --------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_CUDA_CUDAFRONTEND_H
#define WARPLINT_FRONTEND_CUDA_CUDAFRONTEND_H

#include "frontend/DeviceModule.h"
#include "frontend/FrontendOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace warplint {

/// Makes an AST consumer that reads the translation unit before code
/// generation and records what it finds in the DeviceModule being built (the
/// launch shapes the source states, say). The dispatcher plugs these in, so
/// the CUDA input knows no other input's folder.
using AstReaderFactory = std::function<std::unique_ptr<clang::ASTConsumer>(
    clang::CompilerInstance &, DeviceModule &)>;

/// Compiles the device side of a .cu file in-process with Clang, running each
/// of Readers over the AST. Clang's diagnostics (file:line:col) are returned
/// in the error.
llvm::Expected<DeviceModule> compileCuda(llvm::StringRef Path, const FrontendOptions &Opts,
                                         llvm::ArrayRef<AstReaderFactory> Readers = {});

/// What compiling Path as compileCuda would reads: the driver's arguments,
/// the working directory, the preprocessor's errors, and each file that
/// preprocessing the device side enters (the main file, every header).
llvm::Expected<CompileInputs> cudaInputs(llvm::StringRef Path, const FrontendOptions &Opts);

} // namespace warplint

#endif
