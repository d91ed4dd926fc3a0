//===- FrontendOptions.h - How to compile an input --------------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_FRONTENDOPTIONS_H
#define WARPLINT_FRONTEND_FRONTENDOPTIONS_H

#include "frontend/FileBudget.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

class PreambleCache;

/// How to compile an input. Shared by every input folder and the dispatcher.
struct FrontendOptions {
  std::string Arch = "sm_90";
  /// Extra Clang flags: the user's (after --) or from compile_commands.json.
  std::vector<std::string> ClangArgs;
  /// The CUDA SDK to take headers from; empty: $CUDA_PATH, then /usr/local/cuda.
  std::string CudaPath;
  /// Use the embedded prelude even when an SDK is found.
  bool ForcePrelude = false;
  /// The build compiles this file as CUDA (`-x cu`, `-x cuda` in its
  /// compile_commands.json entry): analyzed as CUDA whatever its extension.
  bool AsCuda = false;
  /// The input's text, used instead of the file on disk (an editor's unsaved
  /// buffer); the file need not exist. Other files still come from disk.
  std::optional<std::string> Contents;
  /// clang-tidy's -header-filter: the user headers that report their own
  /// findings (unset: all of them). See setHeaderFilter.
  std::optional<std::string> HeaderFilter;
  /// Run the NVPTX IR pipeline (optimizeForNvptx) on a CUDA input; off, the
  /// module is Clang's unoptimized output (for callers that optimize parts of
  /// it themselves, kernel by kernel).
  bool Optimize = true;
  /// When set, a CUDA input served from Contents is compiled against a
  /// precompiled preamble of its includes kept here (built on first use,
  /// rebuilt when the includes or the headers change): a re-check after an
  /// edit parses only the file's own text.
  std::shared_ptr<PreambleCache> Preambles;
  /// When set (and Preambles is not), a CUDA input's preamble is kept as a
  /// PCH in this directory between runs (see frontend/cuda/PreambleStore.h):
  /// the next compile of the file parses only the text after its includes.
  std::string PreambleStoreDir;
  /// Kernel template instantiations to compile besides those the file makes
  /// (`k<128, 8>`, named by a launch file); a CUDA input's own `// warplint:
  /// instantiate k<...>` comments are read by the frontend.
  std::vector<std::string> Instantiate;
  /// The command line's --arg NAME=VALUE: besides the kernels' arguments,
  /// they bind the host parameters and loop variables of those names on the
  /// way to a host launch (frontend/launch/HostFlow.h).
  std::map<std::string, int64_t> HostArgs;
  /// The command line's --arg NAME=FUNCTION values: device functions a
  /// kernel's function-pointer parameter may be given. Each one the file
  /// defines (by its source or mangled name) is kept through optimization,
  /// as a -rdc compile keeps a function another file may take the address
  /// of, though this file's device code never does (keepNamedFunctions).
  std::vector<std::string> KeepFunctions;
  /// Text compiled after the main file's (internal: the frontend sets it).
  std::string AppendedText;
  /// The project whose files the compile may read besides its include
  /// paths (frontend/SourceFiles.h); empty: the git work tree that holds the
  /// input, else its directory (projectRoot). A revision's copy (diff) is
  /// its scratch directory.
  std::string ProjectRoot;
  /// The file's budget for its whole check (FileBudget.h): the front end
  /// stops compiling or optimizing when it has run out
  /// (DeviceModule::BudgetStop).
  FileBudget Budget;
};

/// What a compile reads, as far as its result goes (frontend/Frontend.h
/// resultInputs): what keys a result kept between runs.
struct CompileInputs {
  /// The compile's arguments, the working directory and the preprocessor's
  /// errors (a header not found), as text.
  std::string Context;
  /// Every file the compile's preprocessing read (the main file, each header
  /// entered), by the name it was opened with, in name order.
  std::vector<std::string> Files;
  /// Set when preprocessing passed the file's budget (FrontendOptions::
  /// Budget) and was stopped: Files is then incomplete.
  FileBudgetStop BudgetStop;
};

} // namespace warplint

#endif
