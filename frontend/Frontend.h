//===- Frontend.h - Turn an input file into a DeviceModule ------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_FRONTEND_H
#define WARPLINT_FRONTEND_FRONTEND_H

#include "frontend/DeviceModule.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
}

namespace warplint {

class PreambleCache;

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
  /// Run the NVPTX IR pipeline (optimizeForNvptx) on a CUDA input; off, the
  /// module is Clang's unoptimized output (for callers that optimize parts of
  /// it themselves, kernel by kernel).
  bool Optimize = true;
  /// When set, a CUDA input served from Contents is compiled against a
  /// precompiled preamble of its includes kept here (built on first use,
  /// rebuilt when the includes or the headers change): a re-check after an
  /// edit parses only the file's own text.
  std::shared_ptr<PreambleCache> Preambles;
};

/// The CUDA SDK to use, or "" when none is found (the prelude is used).
std::string findCudaSdk(const FrontendOptions &Opts);

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
