//===- IrFrontend.h - LLVM IR files as input --------------------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_IRFRONTEND_H
#define WARPLINT_FRONTEND_IRFRONTEND_H

#include "frontend/FrontendOptions.h"
#include "frontend/DeviceModule.h"

#include "llvm/Support/Error.h"

namespace warplint {

/// Reads an NVPTX LLVM IR file (.ll or .bc) and runs the NVPTX pipeline on it.
llvm::Expected<DeviceModule> loadIr(llvm::StringRef Path,
                                    const FrontendOptions &Opts);

} // namespace warplint

#endif
