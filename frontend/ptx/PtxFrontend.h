//===- PtxFrontend.h - PTX files as input -----------------------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_PTXFRONTEND_H
#define WARPLINT_FRONTEND_PTXFRONTEND_H

#include "frontend/FrontendOptions.h"
#include "frontend/DeviceModule.h"

#include "llvm/Support/Error.h"

namespace warplint {

/// Reads a .ptx file, lifts it into LLVM IR for NVPTX and runs the NVPTX
/// pipeline on it, so the result looks like what compileCuda produces.
/// Parse errors and lifting errors name the file and line; instructions the
/// lifter does not model are reported on stderr as warnings.
llvm::Expected<DeviceModule> compilePtx(llvm::StringRef Path, const FrontendOptions &Opts);

/// The same for PTX text already in memory (Path is used in messages).
/// Warnings go to Warn when it is set, else to stderr.
llvm::Expected<DeviceModule>
compilePtxBuffer(llvm::StringRef Buffer, llvm::StringRef Path, const FrontendOptions &Opts,
                 llvm::function_ref<void(const std::string &)> Warn = nullptr);

} // namespace warplint

#endif
