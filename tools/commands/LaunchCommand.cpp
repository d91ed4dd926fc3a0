//===- LaunchCommand.cpp - warplint launch COMPILER ARG... ----------------===//
//
// A compiler launcher (CMake's CMAKE_CUDA_COMPILER_LAUNCHER, a Bazel
// wrapper): finds the CUDA files the compiler command compiles, lints each
// with the command's include paths, macros and standard (read as `check -p`
// reads a compile command) at the command's GPU architecture, prints the
// findings on stderr as the compiler prints its warnings, then runs the
// command and returns its exit code. The lint never stops the compile: one
// that cannot run says so in a line, and findings change the exit code only
// with --fail-on-findings (or WARPLINT_FAIL_ON_FINDINGS), which also prints
// the warnings that fail the build as errors, as -Werror does.
//
//===----------------------------------------------------------------------===//
#include "tools/commands/CheckFile.h"
#include "tools/commands/ResultCache.h"
#include "tools/output/DiagnosticOutput.h"
#include "tools/InputLoop.h"
#include "tools/NotAnalyzed.h"

#include "analyzer/arch/ArchProfile.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace warplint {

namespace {

/// nvcc's and Clang's flags whose value is the next word (-o out.o): the
/// value is never a file being compiled.
bool takesValue(StringRef F) {
  static const StringSet<> Flags = {
      "-o", "-x", "-I", "-D", "-U", "-isystem", "-include", "-imacros", "-iquote",
      "-idirafter", "-MF", "-MT", "-MQ", "-Xcompiler", "-Xptxas", "-Xlinker", "-Xnvlink",
      "-Xfatbin", "-Xarchive", "-Xcudafe", "-Xclang", "-Xarch_device", "-Xarch_host",
      "-ccbin", "--compiler-bindir", "-arch", "--gpu-architecture", "-code", "--gpu-code",
      "-gencode", "--generate-code", "--output-file", "--std", "-std", "-odir",
      "--output-directory", "--options-file", "-optf", "-t", "--threads", "--include-path",
      "--define-macro", "--system-include", "--pre-include", "--dependency-output",
      "-target", "--target"};
  return Flags.contains(F);
}

/// The CUDA files of a compiler command: its .cu words that are not a
/// flag's value.
std::vector<std::string> compiledFiles(ArrayRef<std::string> Cmd) {
  std::vector<std::string> Out;
  for (size_t I = 1; I < Cmd.size(); ++I) {
    StringRef W = Cmd[I];
    if (takesValue(W)) {
      ++I;
      continue;
    }
    if (!W.starts_with("-") && sys::path::extension(W) == ".cu")
      Out.push_back(W.str());
  }
  return Out;
}

/// The first GPU architecture the command compiles for (-arch=sm_80,
/// -gencode arch=compute_80,code=sm_80, --cuda-gpu-arch=sm_80, ...) that
/// warplint knows, as sm_NN; "" when none.
std::string commandArch(ArrayRef<std::string> Cmd) {
  static constexpr StringLiteral ArchFlags[] = {
      "-arch",  "--gpu-architecture", "-gencode",         "--generate-code",
      "-code",  "--gpu-code",         "--cuda-gpu-arch",  "--offload-arch"};
  Regex Number("(sm|compute|lto)_([0-9]+[af]?)");
  for (size_t I = 1; I < Cmd.size(); ++I) {
    StringRef W = Cmd[I];
    for (StringRef F : ArchFlags) {
      StringRef Value;
      if (W == F && I + 1 < Cmd.size())
        Value = Cmd[I + 1];
      else if (W.starts_with((F + "=").str()))
        Value = W.drop_front(F.size() + 1);
      SmallVector<StringRef, 3> M;
      if (Value.empty() || !Number.match(Value, &M))
        continue;
      std::string Arch = ("sm_" + M[2]).str();
      if (Expected<const ArchProfile &> A = lookupArch(Arch))
        return A->Name.str();
      else
        consumeError(A.takeError());
    }
  }
  return "";
}

/// --fail-on-findings, or WARPLINT_FAIL_ON_FINDINGS set to other than 0.
bool failOnFindings(const CommandLine &CL) {
  if (CL.FailOnFindings)
    return true;
  std::optional<std::string> Env = sys::Process::GetEnv("WARPLINT_FAIL_ON_FINDINGS");
  return Env && !Env->empty() && *Env != "0";
}

/// The lint of one file: findings on stderr; true when one is a warning or
/// an error. A lint that cannot run prints one line and finds nothing.
bool lintFile(const CommandLine &CL, const CheckOptions &Opts, ResultCache *Cache,
              ArrayRef<std::string> Cmd, StringRef File) {
  FrontendOptions FO = CL.frontendOptions();
  clang::tooling::CompileCommand C;
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  C.Directory = Cwd.str().str();
  C.Filename = File.str();
  C.CommandLine.assign(Cmd.begin(), Cmd.end());
  std::vector<std::string> Flags = deviceRelevantFlags(C);
  FO.ClangArgs.insert(FO.ClangArgs.begin(), Flags.begin(), Flags.end());
  if (!CL.Arch.getNumOccurrences())
    if (std::string Arch = commandArch(Cmd); !Arch.empty())
      FO.Arch = Arch;
  // (--arch, or the configuration's, still wins: checkFile's configAndArch.)
  FileResult R = Cache ? Cache->check(CL, FO, Opts, File) : checkFile(CL, FO, Opts, File);
  if (!R.Error.empty()) {
    StringRef First = StringRef(R.Error).split('\n').first;
    WithColor::note(errs(), "warplint") << "not linted: " << First << "\n";
    return false;
  }
  bool Found = false;
  for (Finding &F : R.Findings) {
    // Kernels Clang could not compile are the compiler's to report.
    if (isNotAnalyzed(F))
      F.Level = Severity::Note;
    // A warning that fails the build is an error, as -Werror makes it.
    if ((CL.Werror || failOnFindings(CL)) && F.Level == Severity::Warning)
      F.Level = Severity::Error;
    Found |= F.Level != Severity::Note;
  }
  printFindingsText(errs(), R.Findings, /*Color=*/false);
  return Found;
}

} // namespace

int runLaunchCommand(const CommandLine &CL) {
  const std::vector<std::string> &Cmd = CL.CompilerCommand;
  if (Cmd.empty()) {
    WithColor::error(errs(), "warplint") << "launch: no compiler command (warplint launch "
                                            "[OPTION...] COMPILER ARG...)\n";
    return ExitToolError;
  }
  bool Found = false;
  Expected<CheckOptions> Opts = checkOptions(CL);
  if (Opts)
    if (Error E = checkCacheDir(CL))
      Opts = std::move(E);
  if (Opts) {
    std::unique_ptr<ResultCache> Cache = ResultCache::forCommandLine(CL);
    for (const std::string &File : compiledFiles(Cmd))
      Found |= lintFile(CL, *Opts, Cache.get(), Cmd, File);
  } else {
    WithColor::note(errs(), "warplint") << "not linted: " << toString(Opts.takeError()) << "\n";
  }

  // The compile, as the build asked for it.
  std::string Program = Cmd[0];
  if (!StringRef(Program).contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found) {
      WithColor::error(errs(), "warplint") << "launch: " << Program << ": not found\n";
      return 127;
    }
    Program = *Found;
  }
  std::vector<StringRef> Args(Cmd.begin(), Cmd.end());
  std::string Message;
  int Rc = sys::ExecuteAndWait(Program, Args, /*Env=*/std::nullopt, /*Redirects=*/{},
                               /*SecondsToWait=*/0, /*MemoryLimit=*/0, &Message);
  if (Rc < 0) {
    WithColor::error(errs(), "warplint") << "launch: " << Program << ": " << Message << "\n";
    return Rc == -1 ? 127 : 1;
  }
  if (Rc == 0 && Found && failOnFindings(CL))
    return ExitFindings;
  return Rc;
}

} // namespace warplint
