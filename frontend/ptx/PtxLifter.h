//===- PtxLifter.h - Lift a parsed PTX module into LLVM IR ------*- C++ -*-===//
//
// Turns a ptx::Module into the LLVM dialect the CUDA frontend produces before
// optimization: an nvptx64-nvidia-cuda module, kernels with the PTX_Kernel
// calling convention, NVVM intrinsics for special registers, barriers,
// shuffles and votes, and memory accesses through pointers in NVPTX address
// spaces (ld.global -> load from ptr addrspace(1)). PTX registers become
// allocas (mem2reg/SROA turn them into SSA); registers that hold addresses
// become pointers, so address arithmetic is a GEP off its base and
// ScalarEvolution sees through it. Every instruction carries a DILocation:
// the CUDA source from .loc/.file when present, else the PTX line.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXLIFTER_H
#define WARPLINT_FRONTEND_PTXLIFTER_H

#include "frontend/DeviceModule.h"
#include "frontend/ptx/PtxAst.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace warplint {

/// What the lifter needs besides the parsed module.
struct PtxLiftOptions {
  std::string Path;       ///< The PTX file, for locations and messages.
  llvm::StringRef Buffer; ///< Its text, for the source line in messages.
  /// Receives a formatted warning ("file:line:col: warning: ...") for each
  /// instruction that could not be lifted; may be empty.
  llvm::function_ref<void(const std::string &)> Warn;
};

/// The lifted module and what the PTX states about launches.
struct PtxLiftResult {
  std::unique_ptr<llvm::Module> M;
  /// .reqntid / .maxntid of each kernel, as "launch-bounds" block shapes.
  std::vector<SourceLaunch> Launches;
  unsigned Unsupported = 0; ///< Instructions replaced by opaque values.
};

/// Lifts PM into a new module in Ctx with data layout DL. Instructions the
/// lifter does not know are reported through Opts.Warn and their results
/// replaced by calls to `__warplint_ptx_opaque.<type>` (data-dependent
/// values); the rest of the kernel is still lifted. Errors (undeclared
/// registers, calls to unknown functions, malformed operands) name the PTX
/// file and line.
llvm::Expected<PtxLiftResult> liftPtx(const ptx::Module &PM, llvm::LLVMContext &Ctx,
                                      const llvm::DataLayout &DL,
                                      const PtxLiftOptions &Opts);

} // namespace warplint

#endif
