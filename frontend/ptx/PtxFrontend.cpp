//===- PtxFrontend.cpp - PTX files as input -------------------------------===//
#include "frontend/ptx/PtxFrontend.h"
#include "frontend/NvptxPipeline.h"
#include "frontend/ptx/PtxLifter.h"
#include "frontend/ptx/PtxParser.h"
#include "frontend/ptx/TritonMetadata.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace warplint {

Expected<DeviceModule> compilePtxBuffer(StringRef Buffer, StringRef Path,
                                        const FrontendOptions &Opts,
                                        function_ref<void(const std::string &)> Warn) {
  Expected<ptx::Module> PM = ptx::parse(Buffer, Path);
  if (!PM)
    return PM.takeError();
  // Sources named by absolute paths of another machine, found here.
  resolveSourcePaths(*PM, Path);
  // A Triton cache's .ttgir beside the file names the parameters.
  nameTritonParameters(*PM, Path, [&](const std::string &Msg) {
    if (Warn)
      Warn(Msg + "\n");
    else
      errs() << Msg << "\n";
  });
  Expected<std::unique_ptr<TargetMachine>> TM = createNvptxTargetMachine(Opts.Arch);
  if (!TM)
    return TM.takeError();
  DeviceModule Result;
  Result.Path = Path.str();
  Result.Arch = Opts.Arch;
  Result.Frontend = "ptx";
  auto ToStderr = [](const std::string &Msg) { errs() << Msg; };
  PtxLiftOptions LO;
  LO.Path = Path.str();
  LO.Buffer = Buffer;
  if (Warn)
    LO.Warn = Warn;
  else
    LO.Warn = ToStderr;
  Expected<PtxLiftResult> Lifted =
      liftPtx(*PM, *Result.Context, (*TM)->createDataLayout(), LO);
  if (!Lifted)
    return Lifted.takeError();
  Result.Launches = std::move(Lifted->Launches);
  for (SourceLaunch &L : tritonLaunches(*PM, Path))
    Result.Launches.push_back(std::move(L));
  keepNamedFunctions(*Lifted->M, Opts.KeepFunctions);
  finishDeviceModule(Result, std::move(Lifted->M), **TM, /*Optimize=*/true, "", &Opts.Budget);
  return std::move(Result);
}

Expected<DeviceModule> compilePtx(StringRef Path, const FrontendOptions &Opts) {
  if (Opts.Contents)
    return compilePtxBuffer(*Opts.Contents, Path, Opts);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: error: cannot read file: %s",
                             Path.str().c_str(), Buf.getError().message().c_str());
  return compilePtxBuffer((*Buf)->getBuffer(), Path, Opts);
}

} // namespace warplint
