//===- NvccVerdict.h - Registers and spills from nvcc's own compile -*- C++ -*-===//
//
// Where the CUDA toolkit's nvcc is found, the file's device code is compiled
// the way the user's build compiles it: `nvcc -x cu -cubin -arch=sm_XX
// -Xptxas -v` with only the file's -I, -isystem, -D, -U and -std flags (and
// warplint's --maxrregcount), to a scratch file, within a time limit. Its
// ptxas report (parsePtxasOutput) is the verdict on registers, stack frame
// and spills: what Clang's PTX and the IR's estimate can only approximate.
// Reports are kept in a cache directory, keyed by nvcc's version, the command,
// and the text of the file and of the headers its compile read.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_NVCCVERDICT_H
#define WARPLINT_ANALYZER_NVCCVERDICT_H

#include "analyzer/PtxasConfirm.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What the error of a compile that ran out of time says (a result that
/// depends on the machine's load: check's result cache does not keep it).
inline constexpr llvm::StringLiteral NvccTimeoutText = "nvcc's device compile ran past its";

/// Finds nvcc as findPtxas finds ptxas: CudaPath/bin, PATH, $CUDA_PATH/bin,
/// /usr/local/cuda/bin. None when the toolkit is absent.
std::optional<std::string> findNvcc(llvm::StringRef CudaPath = "");

/// The flags of a compile that nvcc is given: -I/-isystem (joined or with
/// their value), -D, -U, and -std=c++NN (gnu++NN as c++NN); -fgpu-rdc as
/// -rdc=true. Everything else is dropped: flags that run or load a program
/// (-ccbin, -Xcompiler, plugins, --cuda-path), warnings, host-only flags.
std::vector<std::string> nvccDeviceFlags(llvm::ArrayRef<std::string> ClangArgs);

/// One device compile of a CUDA file by nvcc.
struct NvccCompile {
  std::string Nvcc;   ///< Path of nvcc (findNvcc).
  std::string Source; ///< The file as given.
  /// The file's text when it is not the one on disk (an editor's buffer): it
  /// is compiled from a scratch copy, with the file's directory on the
  /// include path.
  std::optional<std::string> Contents;
  /// Files compiled with other text than on disk, by absolute name: the
  /// front end's (DeviceModule::NvccServed), the host code it left out
  /// blanked. They are written to a mirror of their paths in the scratch
  /// directory (Source compiled from there when it is one of them), their
  /// own directories on the include path, so that an include finds the
  /// mirrored copy first and every other file where it is.
  std::map<std::string, std::string> Served;
  /// Headers the compile did not find, by include name, with the text the
  /// front end served them with (DeviceModule::NvccStandIns): written to a
  /// scratch directory searched after every other (-idirafter), so a header
  /// nvcc's host compiler finds is never shadowed.
  std::map<std::string, std::string> StandIns;
  std::vector<std::string> Flags; ///< The compile's flags (filtered here).
  std::string Arch = "sm_90";
  unsigned MaxRRegCount = 0; ///< -maxrregcount; 0 for none.
  /// Where reports are kept between runs; empty for none.
  std::string CacheDir;
  /// The files the compile reads besides Source (frontend's ReadFiles): their
  /// text is part of the cache key.
  std::vector<std::string> ReadFiles;
  unsigned TimeoutSeconds = 60;
};

/// A kernel's mangled name as both compilers agree on it: Clang and nvcc
/// mangle kernels the same Itanium way (templates included) except for
/// internal linkage, where Clang keeps `_ZL` for a static kernel and
/// `12_GLOBAL__N_1` for an anonymous namespace, and nvcc, which makes them
/// external, writes `_Z` and `_GLOBAL__N__<file hash>`: both become Clang's
/// spelling without the `L`.
std::string canonicalMangledKernel(llvm::StringRef Mangled);

/// The function of R that is Clang's kernel Mangled, by canonicalMangledKernel;
/// null when there is none.
const PtxasFunctionInfo *findKernel(const PtxasReport &R, llvm::StringRef Mangled);

/// The arguments nvcc is run with for C, writing the cubin to Out and
/// compiling In (Source or its scratch copy), with C.StandIns in
/// StandInDir; Args[0] is C.Nvcc.
std::vector<std::string> nvccArguments(const NvccCompile &C, llvm::StringRef In,
                                       llvm::StringRef Out,
                                       llvm::StringRef StandInDir = "STAND-INS");

/// The verdict of one compile: ptxas's report and where it came from.
struct NvccVerdict {
  PtxasReport Report;
  bool FromCache = false;
};

/// Runs C (or reads its report from C.CacheDir) and parses ptxas's report.
/// Errors name the file and say whether nvcc failed (its messages) or ran
/// past C.TimeoutSeconds.
llvm::Expected<NvccVerdict> compileWithNvcc(const NvccCompile &C);

} // namespace warplint

#endif
