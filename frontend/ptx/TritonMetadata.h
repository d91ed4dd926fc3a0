//===- TritonMetadata.h - What a Triton cache says about its PTX -*- C++ -*-===//
//
// Triton writes, per compiled kernel, `<name>.ptx` beside `<name>.ttgir` (the
// kernel in its GPU dialect, whose `tt.func public @name(%x_ptr: ...
// loc("x_ptr"(#loc)), ...)` names the parameters as the Python source does)
// and `<name>.json` (num_warps, the shared memory it asks for). The PTX
// names its parameters `<name>_param_N` and ends with two pointers of
// Triton's own (the global and profile scratch buffers). This names them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTX_TRITONMETADATA_H
#define WARPLINT_FRONTEND_PTX_TRITONMETADATA_H

#include "frontend/DeviceModule.h"
#include "frontend/ptx/PtxAst.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The parameter names of `tt.func public @Kernel(...)` in a .ttgir's text,
/// in order; none when the function is not there or its signature does not
/// parse.
std::optional<std::vector<std::string>> tritonParameterNames(llvm::StringRef Ttgir,
                                                             llvm::StringRef Kernel);

/// Renames the parameters of each kernel of PM that a Triton .ttgir beside
/// PtxPath describes (`<stem>.ttgir`, else `<kernel>.ttgir` in the same
/// directory): the ttgir's names in order, then `global_scratch` and
/// `profile_scratch` for Triton's trailing pointers. A ttgir whose count does
/// not fit the PTX's (or a name the module already uses) leaves the kernel
/// as it is and says why through Note.
void nameTritonParameters(ptx::Module &PM, llvm::StringRef PtxPath,
                          llvm::function_ref<void(const std::string &)> Note);

/// What the Triton `.json` beside PtxPath (`<stem>.json`, else
/// `<kernel>.json`) says about each kernel of PM's launch: the dynamic shared
/// memory it asks for ("shared", bytes), as a SourceLaunch of Source
/// "triton" (none where the file is absent, does not parse or names another
/// kernel).
std::vector<SourceLaunch> tritonLaunches(const ptx::Module &PM, llvm::StringRef PtxPath);

/// Where the source a `.file` names is on this machine: the path itself when
/// it exists; else, for an absolute path from another machine (the PTX was
/// compiled in another checkout), the longest tail of it found under the
/// PTX file's directory or one above it, then under the working directory
/// (`/work/main/bench/triton/kernels.py` -> `<clone>/bench/triton/kernels.py`);
/// else the path unchanged (locations keep it; no source is quoted).
std::string resolveSourcePath(llvm::StringRef FilePath, llvm::StringRef PtxPath);

/// Applies resolveSourcePath to every `.file` of PM.
void resolveSourcePaths(ptx::Module &PM, llvm::StringRef PtxPath);

} // namespace warplint

#endif
