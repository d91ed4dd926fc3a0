//===- Frontend.cpp - Pick the frontend for an input file -----------------===//
#include "frontend/Frontend.h"
#include "frontend/cuda/CudaFrontend.h"
#include "frontend/ir/IrFrontend.h"
#include "frontend/launch/LaunchCollector.h"
#include "frontend/ptx/PtxFrontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {
/// The CUDA input with the launch shapes its source states collected.
Expected<DeviceModule> compileCudaWithLaunches(StringRef Path, const FrontendOptions &Opts) {
  AstReaderFactory Launches = [](clang::CompilerInstance &CI, DeviceModule &DM) {
    return createLaunchCollector(CI, DM.Launches);
  };
  return compileCuda(Path, Opts, {Launches});
}

/// loadInput for an input whose text is Opts.Contents (an editor's buffer):
/// PTX by its extension, anything else as CUDA (the editor calls it CUDA,
/// whatever the name: a .h of kernels).
Expected<DeviceModule> loadFromMemory(StringRef Path, const FrontendOptions &Opts) {
  bool IsPtx = sys::path::extension(Path) == ".ptx";
  Expected<DeviceModule> DM =
      IsPtx ? compilePtx(Path, Opts) : compileCudaWithLaunches(Path, Opts);
  if (DM)
    DM->Contents = Opts.Contents;
  return DM;
}
} // namespace

Expected<DeviceModule> loadInput(StringRef Path, const FrontendOptions &Opts) {
  if (Opts.Contents)
    return loadFromMemory(Path, Opts);
  if (sys::fs::is_directory(Path))
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: is a directory", Path.str().c_str());
  if (std::error_code EC = sys::fs::access(Path, sys::fs::AccessMode::Exist))
    return createStringError(EC, "%s: error: cannot open file: %s",
                             Path.str().c_str(), EC.message().c_str());
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".cu" || Ext == ".cuh")
    return compileCudaWithLaunches(Path, Opts);
  if (Ext == ".ptx")
    return compilePtx(Path, Opts);
  if (Ext == ".ll" || Ext == ".bc")
    return loadIr(Path, Opts);
  return createStringError(inconvertibleErrorCode(),
                           "%s: error: not a CUDA, PTX or LLVM IR file "
                           "(expected .cu, .cuh, .ptx, .ll or .bc)",
                           Path.str().c_str());
}

} // namespace warplint
