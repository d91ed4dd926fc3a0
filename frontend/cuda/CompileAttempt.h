//===- CompileAttempt.h - One device compile and its retries ----*- C++ -*-===//
//
// A .cu file is compiled once as given; when that fails, it is compiled
// again with what real code needs (CompileRetries.cpp): -fgpu-rdc, missing
// headers served empty, and the kernels, device functions and host code that
// hold errors left out, each on its own, so that the rest is analyzed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_COMPILEATTEMPT_H
#define WARPLINT_FRONTEND_CUDA_COMPILEATTEMPT_H

#include "frontend/cuda/CudaFrontend.h"
#include "frontend/cuda/FailedBodies.h"
#include "frontend/cuda/NvccRewrites.h"
#include "frontend/cuda/PreambleStore.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// Where headers that are missing are served from, empty (or, for a
/// framework's, the stand-in of prelude/), when a compile is retried.
inline constexpr llvm::StringLiteral StubDir = "/__warplint_host_stubs";

/// How one attempt at the device compile differs from the plain one.
struct Attempt {
  /// -fgpu-rdc: kernels launched from device code (dynamic parallelism).
  bool Rdc = false;
  /// Skip the bodies of host-only functions (see HostSkippingConsumer).
  bool SkipHostBodies = false;
  /// Headers that were not found, served empty (host-only headers: omp.h).
  std::vector<std::string> StubHeaders;
  /// Take the preamble from FrontendOptions::PreambleStoreDir.
  bool UseStore = false;
  /// Skip the bodies of these functions (bodyKey), kernels, device and host
  /// functions: they hold errors (see FailedBodies.h).
  std::set<std::string> SkipBodies;
  /// Text left out, by file (BlankRange): declarations whose errors skipping
  /// a body does not remove.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Blank;
  /// The text between the braces of the bodies SkipBodies skips, by file: what
  /// nvcc's compile of the file leaves out to see the same code
  /// (DeviceModule::NvccServed).
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> SkippedText;
  /// Some host code's body skipped or text left out (a launch there may
  /// instantiate a kernel template).
  bool HostCodeLeftOut = false;
  /// Report every error (-ferror-limit=0): a retry locates them all at once.
  bool NoErrorLimit = false;
  /// Files served rewritten (see NvccRewrites.h).
  RewrittenFiles Rewritten;
  /// Any body skipped, text left out or file rewritten: no preamble (it is
  /// parsed with every body, from the files on disk).
  bool skipsBodies() const {
    return SkipHostBodies || !SkipBodies.empty() || !Blank.empty() || !Rewritten.empty();
  }
};

/// What a compile learns about the bodies that hold errors: filled at the
/// end of the translation unit (createFailedBodyLocator).
struct BodyFindings {
  /// Clang's errors, as they are reported.
  std::vector<ClangError> Errors;
  /// The code that holds them (a failed compile).
  BodyErrors Located;
  /// Mangled names of the functions whose bodies were skipped for errors, to
  /// their keys (a compile that skipped some).
  std::map<std::string, std::string> SkippedNames;
  /// The files rewritten so that Clang accepts what nvcc does (a __shared__
  /// object, `%globaltimer`): NvccRewrites.h.
  RewrittenFiles NvccRewrites;
  /// The asm statements those rewrites set aside, as notes.
  std::vector<std::string> AsmSetAside;
};

/// One device compile: a DeviceModule of its own (its context, the
/// unoptimized module in DM.M, what the AST readers found), or Clang's
/// diagnostics. A retry starts from a fresh one, so readers never see an
/// earlier attempt's results.
struct AttemptResult {
  DeviceModule DM;
  std::string Diags;
  bool DriverFailed = false;
  bool Crashed = false;
  /// What the crash was (crashText), for the note that replaces a stored
  /// preamble after one.
  std::string CrashWhat;
  /// How the preamble store served this attempt, and the entry's key.
  StoredPreamble Stored = StoredPreamble::None;
  std::string StoreKey;
  /// Clang could not use the stored PCH (a header changed since, say).
  bool StoreRejected = false;
  /// Clang's message saying why, as --time-report shows it.
  std::string StoreRejectedWhy;
  BodyFindings Bodies;
};

/// True for a header whose stand-in (prelude/__warplint_torch_accessors.h)
/// is served when it is not found: PyTorch's (torch/..., ATen/...).
bool isFrameworkStandInHeader(llvm::StringRef Header);

/// One compile of Path as A says.
AttemptResult runAttempt(llvm::StringRef Path, const FrontendOptions &Opts, llvm::StringRef Sdk,
                         const Attempt &A, llvm::ArrayRef<AstReaderFactory> Readers);

/// runAttempt, with the preamble taken from the store when there is one. A
/// stored preamble never changes the answer.
AttemptResult runStoredAttempt(llvm::StringRef Path, const FrontendOptions &Opts,
                               llvm::StringRef Sdk, Attempt A,
                               llvm::ArrayRef<AstReaderFactory> Readers);

/// Compiles with the retries that real code needs (CompileRetries.cpp).
AttemptResult compileWithRetries(llvm::StringRef Path, const FrontendOptions &Opts,
                                 llvm::StringRef Sdk, llvm::ArrayRef<AstReaderFactory> Readers);

} // namespace warplint

#endif
