//===- Depfile.h - check --depfile: what a check read, for make/ninja -*- C++ -*-===//
//
// A Makefile-style depfile, as a compiler's -MD writes one, so that a build
// step running `warplint check` (docs/build-integration.md's CMake lint step,
// add_custom_command(DEPFILE ...)) runs again when anything that decides its
// result changes: each checked file, every file its compile reads (found by
// preprocessing it, as the result cache finds them: frontend/Frontend.h
// resultInputs), the .warplint.yaml that applies to it (or --config) and the
// launch file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDS_DEPFILE_H
#define WARPLINT_TOOLS_COMMANDS_DEPFILE_H

#include "tools/commands/CheckFile.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace warplint {

/// The files that decide the check of In's files, absolute, each once, in
/// the order found: the files themselves, what their compiles read (files of
/// the embedded prelude, which are in memory, left out), their
/// configurations and the launch file. A file whose includes cannot be
/// found (it does not preprocess) contributes what was read before the error.
std::vector<std::string> checkDependencies(const CommandLine &CL, const InputSet &In,
                                           const CheckOptions &Opts);

/// "TARGET: DEP \\\n  DEP ...\n", with Make's escapes (a space as "\ ", '$'
/// as "$$", '#' as "\#").
std::string depfileText(llvm::StringRef Target, llvm::ArrayRef<std::string> Deps);

/// Writes CL.Depfile (its target CL.DepfileTarget, else the depfile's name
/// without ".d") for In's files, making its directory; an error names the
/// file.
llvm::Error writeDepfile(const CommandLine &CL, const InputSet &In, const CheckOptions &Opts);

} // namespace warplint

#endif
