//===- warplint.cpp - The warplint command --------------------------------===//
#include "tools/CommandLine.h"
#include "tools/Heap.h"

#include "frontend/Frontend.h"
#include "frontend/cuda/CudaSdk.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

#include <optional>


using namespace llvm;
using namespace warplint;

namespace {
/// --version: warplint's, LLVM's, and the CUDA toolkit a compile would use.
void printVersion(raw_ostream &OS) {
  OS << "warplint " << WARPLINT_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
  std::string Sdk = findCudaSdk(FrontendOptions());
  if (Sdk.empty()) {
    OS << "  CUDA toolkit: none found; the embedded prelude stands in for its headers\n";
    return;
  }
  std::string Version = cudaSdkVersion(Sdk);
  OS << "  CUDA toolkit: " << Sdk << " (CUDA "
     << (Version.empty() ? "version unknown" : Version) << ")";
  if (sys::fs::is_directory(Sdk + "/include/cccl"))
    OS << ", with include/cccl";
  OS << "\n";
}
/// What `check --help` says after the options.
constexpr llvm::StringLiteral CheckHelp = R"(
EXIT CODES:
  0  nothing found: no warning or error (notes never change the exit code)
  1  a warning or an error was found; --werror reports warnings as errors (in every
     format) and the exit code stays 1
  2  warplint could not do its job: a file or kernel not analyzed (compile-error,
     input-error), a bad flag, configuration or suppression comment (invalid-suppression),
     a fix-it --fix could not apply; the other files are still reported

RULES: docs/rules/README.md lists every rule with its page (what it finds, why it costs,
the fix, its options); --list-checks prints those that run, after --checks and the
configuration's 'checks:' and 'rules:'.

SUPPRESSIONS (docs/suppressions.md): // NOLINT, // NOLINT(rule-id) (or warplint-rule-id,
globs), // NOLINTNEXTLINE(...), // NOLINTBEGIN(...) ... // NOLINTEND(...),
// warplint: ignore[rule-id] and, for every finding of a kernel, // warplint:
ignore-kernel[rule-id] on its declaration line or the comment lines above it.
)";

} // namespace

int main(int argc, char **argv) {
  tuneHeap();
  InitLLVM X(argc, argv);
  // A crash inside one file's compile becomes that file's error.
  CrashRecoveryContext::Enable();
  cl::SetVersionPrinter(printVersion);
  CommandLine CL;
  std::vector<const char *> Ours;
  int I = 0;
  if (argc > 1 && StringRef(argv[1]) == "launch") {
    // `launch [OPTION...] [--] COMPILER ARG...`, as a build's launcher list
    // runs it: the options are the words before the compiler's (written
    // --name=value), everything from the compiler's on is its command.
    for (; I < argc; ++I) {
      StringRef A = argv[I];
      if (A == "--") {
        ++I;
        break;
      }
      if (I >= 2 && !A.starts_with("-"))
        break;
      Ours.push_back(argv[I]);
    }
    CL.CompilerCommand.assign(argv + I, argv + argc);
  } else {
    // Everything after "--" is for Clang.
    for (; I < argc; ++I) {
      if (StringRef(argv[I]) == "--")
        break;
      Ours.push_back(argv[I]);
    }
    for (++I; I < argc; ++I)
      CL.ClangArgs.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(CL.Category);
  // Printed by --help after the options, for check alone.
  std::optional<cl::extrahelp> Help;
  if (argc > 1 && StringRef(argv[1]) == "check")
    Help.emplace(CheckHelp);
  if (!cl::ParseCommandLineOptions(Ours.size(), Ours.data(),
                                   "warplint: find wasted memory traffic in CUDA kernels\n",
                                   &errs()))
    return ExitToolError;
  bool Markdown = CL.Format == "markdown" && CL.Diff;
  if (CL.Format != "text" && CL.Format != "json" && CL.Format != "sarif" && !Markdown) {
    WithColor::error(errs(), "warplint")
        << "unknown --format '" << CL.Format << "' (text, json or sarif"
        << (CL.Diff ? "; diff also markdown" : "") << ")\n";
    return ExitToolError;
  }
  if (CL.Accesses)
    return runAccessesCommand(CL);
  if (CL.Run)
    return runRunCommand(CL);
  if (CL.Check)
    return runCheckCommand(CL);
  if (CL.Report)
    return runReportCommand(CL);
  if (CL.Diff)
    return runDiffCommand(CL);
  if (CL.Merge)
    return runMergeCommand(CL);
  if (CL.Lsp)
    return runLspCommand(CL);
  if (CL.Launch)
    return runLaunchCommand(CL);
  errs() << "usage: warplint {check|accesses|run|report} FILE... [options], warplint diff "
            "BASE [HEAD], warplint merge SHARD..., warplint lsp, warplint launch COMPILER ARG...; see --help\n";
  return ExitToolError;
}
