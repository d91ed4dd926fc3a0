//===- InputLoop.h - Load every input, report failures, go on ---*- C++ -*-===//
#ifndef WARPLINT_TOOLS_INPUTLOOP_H
#define WARPLINT_TOOLS_INPUTLOOP_H

#include "tools/CommandLine.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace warplint {

/// Loads each file of CL.Files and calls Fn on it. A file that cannot be
/// loaded gets its message on stderr and the others still run. Returns
/// ExitToolError when any file failed or none was given, else ExitClean.
int forEachInput(const CommandLine &CL, llvm::function_ref<void(DeviceModule &)> Fn);

/// True when --kernel is unset or names F (source name or mangled name).
bool kernelSelected(const CommandLine &CL, const llvm::Function &F);

} // namespace warplint

#endif
