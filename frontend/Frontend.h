//===- Frontend.h - Turn an input file into a DeviceModule ------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_FRONTEND_H
#define WARPLINT_FRONTEND_FRONTEND_H

#include "frontend/DeviceModule.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
}

namespace warplint {

/// How to compile an input.
struct FrontendOptions {
  std::string Arch = "sm_90";
  /// Extra Clang flags: the user's (after --) or from compile_commands.json.
  std::vector<std::string> ClangArgs;
  /// The CUDA SDK to take headers from; empty: $CUDA_PATH, then /usr/local/cuda.
  std::string CudaPath;
  /// Use the embedded prelude even when an SDK is found.
  bool ForcePrelude = false;
  /// The input's text, used instead of the file on disk (an editor's unsaved
  /// buffer); the file need not exist. Other files still come from disk.
  std::optional<std::string> Contents;
  /// clang-tidy's -header-filter: the user headers that report their own
  /// findings (unset: all of them). See setHeaderFilter.
  std::optional<std::string> HeaderFilter;
};

/// The CUDA SDK to use, or "" when none is found (the prelude is used).
std::string findCudaSdk(const FrontendOptions &Opts);

/// The toolkit's version ("13.0") from Sdk/include/cuda.h, or "" when unknown.
std::string cudaSdkVersion(llvm::StringRef Sdk);

/// The Clang flags that give a device compile nvcc's include set for Sdk
/// (its include/cccl folder, the headers nvcc's runtime header brings).
std::vector<std::string> cudaSdkIncludeArgs(llvm::StringRef Sdk);

/// Compiles the device side of a .cu file in-process with Clang. Clang's
/// diagnostics (file:line:col) are returned in the error.
llvm::Expected<DeviceModule> compileCuda(llvm::StringRef Path,
                                         const FrontendOptions &Opts);

/// Reads any input warplint knows, by its extension: .cu/.cuh (CUDA),
/// .ptx (PTX), .ll/.bc (LLVM IR for NVPTX). Errors name the file.
llvm::Expected<DeviceModule> loadInput(llvm::StringRef Path,
                                       const FrontendOptions &Opts);

/// A TargetMachine for NVPTX at the given arch (sm_XX).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNvptxTargetMachine(llvm::StringRef Arch);

/// Runs the IR pipeline NVPTX instruction selection would see on M: the O2
/// module pipeline with NVPTX's callbacks, then InferAddressSpaces,
/// SeparateConstOffsetFromGEP-free cleanups and the LoadStoreVectorizer.
void optimizeForNvptx(llvm::Module &M, llvm::TargetMachine &TM);

/// Records the private arrays of M before optimization.
std::vector<LocalArrayDecl> collectLocalArrays(const llvm::Module &M);

/// Records the struct-field selections of M (with the sizes of the structures
/// they step through) before optimization turns them into byte offsets.
std::vector<StructFieldUse> collectStructFields(const llvm::Module &M);

} // namespace warplint

#endif
