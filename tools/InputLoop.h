//===- InputLoop.h - Load every input, report failures, go on ---*- C++ -*-===//
#ifndef WARPLINT_TOOLS_INPUTLOOP_H
#define WARPLINT_TOOLS_INPUTLOOP_H

#include "frontend/launch/LaunchFile.h"
#include "frontend/sass/SassReader.h"
#include "tools/CommandLine.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <memory>

namespace warplint {

/// The files a command analyzes (given, or every .cu of -p's compilation
/// database) and how to compile each.
struct InputSet {
  std::vector<std::string> Files;
  std::unique_ptr<clang::tooling::CompilationDatabase> Db;
  FrontendOptions Base;
  /// A copy of a file elsewhere (diff's copy of a revision): compiled with
  /// the compile command of Original, and with the include paths under From
  /// (the repository's top), in that command and on the command line,
  /// moved to To (the copy's top), so that the copy's headers are read;
  /// no stored preamble (tools/CommandLine.h --cache-dir) is read or written
  /// for it.
  struct Copy {
    std::string Original, From, To;
  };
  std::map<std::string, Copy> Copies;
  /// With --shard=I/N: I (from 1) and N; Files is then the I-th of N
  /// contiguous runs of the inputs, so that the shards' results, joined in
  /// order (`warplint merge`), are one run's.
  unsigned ShardIndex = 0, ShardCount = 0;
  /// Base plus the include paths and macros of Path's compile command.
  FrontendOptions optionsFor(llvm::StringRef Path) const;
};

/// Collects the inputs of CL; fails when there are none or -p is unreadable.
/// Without RequireFiles (a server that is handed its files later) only the
/// compilation database and the base options are set up.
/// With MissingDbOk (the language server, which an editor starts with the
/// same -p in every project), a -p directory with no compile_commands.json is
/// a warning, not an error, and the files get the command line's flags alone.
llvm::Expected<InputSet> collectInputs(const CommandLine &CL, bool RequireFiles = true,
                                       bool MissingDbOk = false);

/// Checks the directory that keeps preambles and results (--cache-dir, else
/// the user's default; none with --no-cache or for the language server) with
/// checkStoreDir: a symbolic link there is refused, never written through.
/// collectInputs calls it.
llvm::Error checkCacheDir(const CommandLine &CL);

/// True for an input read as a SASS listing (cuobjdump -sass or nvdisasm
/// output): a .sass file, or "-" (stdin; no other frontend reads it).
bool isSassListing(llvm::StringRef Path);

/// Loads each file of CL.Files and calls Fn on it, or OnSass for a SASS
/// listing (an error when the command takes none). A file that cannot be
/// loaded gets its message on stderr (and to OnError, with the file's name)
/// and the others still run; Clang's diagnostics of kernels left out of a
/// file go to stderr too (the kernels are in DeviceModule::Dropped). Returns
/// ExitToolError when any file failed or none was given, else ExitClean.
/// Prepare, when given, is called with each file's path and compile options
/// before the file is read (a listing's too): it may change the options (the
/// architecture of the file's configuration), and its error fails that file
/// as a load error does (the same message printed once however many files
/// it fails).
int forEachInput(
    const CommandLine &CL, llvm::function_ref<void(DeviceModule &)> Fn,
    llvm::function_ref<void(const SassListing &)> OnSass = nullptr,
    llvm::function_ref<void(llvm::StringRef, llvm::StringRef)> OnError = nullptr,
    llvm::function_ref<llvm::Error(llvm::StringRef, FrontendOptions &)> Prepare = nullptr);

/// The flags of a compile command (nvcc's or Clang's) that matter to a
/// device compile, as Clang takes them: include paths (made absolute
/// against Cmd.Directory), macros, forced includes, the language standard,
/// separate compilation (-rdc=true) and OpenMP in the host code
/// (-Xcompiler -fopenmp). What `check -p` and `launch` compile a file with.
std::vector<std::string> deviceRelevantFlags(const clang::tooling::CompileCommand &Cmd);

/// True when Cmd compiles its file as CUDA whatever its extension (nvcc's
/// `-x cu`, clang's `-x cuda`): a .cpp or .cxx of kernels.
bool compilesAsCuda(const clang::tooling::CompileCommand &Cmd);

/// The launches the user gave: --launch-file entries, then --grid/--block/
/// --arg from the command line (which come first, so they win).
llvm::Expected<std::vector<LaunchEntry>> explicitLaunches(const CommandLine &CL);

/// Checks the fills of the buffers that the entries Entries of the launch
/// file Path give (readLaunchFile checks the rest), so that a bad one is a
/// usage error naming the file and the entry ("PATH: error: entry N: buffer
/// 'p': ..."), before any kernel runs.
llvm::Error checkLaunchFileFills(llvm::ArrayRef<LaunchEntry> Entries, llvm::StringRef Path);

/// Dynamic shared memory beyond what one block of Arch can have is a usage
/// error (the device model would allocate it for every block it runs);
/// Source names where the request came from (--shared-bytes, a file).
llvm::Error checkSharedBytes(uint64_t Bytes, llvm::StringRef Source, llvm::StringRef Arch);

/// True when --kernel is unset or names F (source name or mangled name).
bool kernelSelected(const CommandLine &CL, const llvm::Function &F);

} // namespace warplint

#endif
