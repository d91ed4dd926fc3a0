//===- IrFrontend.cpp - LLVM IR files as input ----------------------------===//
#include "frontend/ir/IrFrontend.h"
#include "frontend/NvptxPipeline.h"

#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace warplint {

Expected<DeviceModule> loadIr(StringRef Path, const FrontendOptions &Opts) {
  DeviceModule Result;
  Result.Path = Path.str();
  Result.Arch = Opts.Arch;
  Result.Frontend = "ir";
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, *Result.Context);
  if (!M) {
    std::string Text;
    raw_string_ostream OS(Text);
    Diag.print(nullptr, OS, /*ShowColors=*/false);
    return createStringError(inconvertibleErrorCode(), "%s", Text.c_str());
  }
  if (!M->getTargetTriple().isNVPTX())
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: not an NVPTX module (triple '%s')",
                             Path.str().c_str(),
                             M->getTargetTriple().str().c_str());
  Expected<std::unique_ptr<TargetMachine>> TM = createNvptxTargetMachine(Opts.Arch);
  if (!TM)
    return TM.takeError();
  keepNamedFunctions(*M, Opts.KeepFunctions);
  finishDeviceModule(Result, std::move(M), **TM, /*Optimize=*/true, "", &Opts.Budget);
  return std::move(Result);
}

} // namespace warplint
