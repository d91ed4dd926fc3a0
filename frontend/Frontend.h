//===- Frontend.h - Turn an input file into a DeviceModule ------*- C++ -*-===//
//
// The input dispatcher: picks the input folder (cuda/, ptx/, ir/) by the
// file's extension and wires in the launch information (launch/). Nothing
// inside frontend/ includes this header; the layers above do.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_FRONTEND_H
#define WARPLINT_FRONTEND_FRONTEND_H

#include "frontend/DeviceModule.h"
#include "frontend/FrontendOptions.h"

#include "llvm/Support/Error.h"

#include <string>

namespace warplint {

/// Reads any input warplint knows, by its extension: .cu/.cuh (CUDA),
/// .ptx (PTX), .ll/.bc (LLVM IR for NVPTX). Errors name the file.
llvm::Expected<DeviceModule> loadInput(llvm::StringRef Path,
                                       const FrontendOptions &Opts);

/// What decides the result of analyzing Path (a CUDA file on disk): the
/// compile's arguments and every file its preprocessing reads
/// (frontend/cuda/CudaFrontend.h cudaInputs). An error for the inputs whose
/// results are not kept (PTX, IR, SASS, an editor's buffer).
llvm::Expected<CompileInputs> resultInputs(llvm::StringRef Path, const FrontendOptions &Opts);

} // namespace warplint

#endif
