//===- InputLoop.h - Load every input, report failures, go on ---*- C++ -*-===//
#ifndef WARPLINT_TOOLS_INPUTLOOP_H
#define WARPLINT_TOOLS_INPUTLOOP_H

#include "frontend/LaunchFile.h"
#include "tools/CommandLine.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace warplint {

/// Loads each file of CL.Files and calls Fn on it. A file that cannot be
/// loaded gets its message on stderr and the others still run. Returns
/// ExitToolError when any file failed or none was given, else ExitClean.
int forEachInput(const CommandLine &CL, llvm::function_ref<void(DeviceModule &)> Fn);

/// The launches the user gave: --launch-file entries, then --grid/--block/
/// --arg from the command line (which come first, so they win).
llvm::Expected<std::vector<LaunchEntry>> explicitLaunches(const CommandLine &CL);

/// True when --kernel is unset or names F (source name or mangled name).
bool kernelSelected(const CommandLine &CL, const llvm::Function &F);

} // namespace warplint

#endif
