//===- InputLoop.cpp - Load every input, report failures, go on -----------===//
#include "tools/InputLoop.h"

#include "analyzer/arch/ArchProfile.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {

int forEachInput(const CommandLine &CL, function_ref<void(DeviceModule &)> Fn) {
  if (CL.Files.empty()) {
    WithColor::error(errs(), "warplint") << "no input files\n";
    return ExitToolError;
  }
  Expected<const ArchProfile &> Arch = lookupArch(CL.Arch);
  if (!Arch) {
    WithColor::error(errs(), "warplint") << toString(Arch.takeError()) << "\n";
    return ExitToolError;
  }
  FrontendOptions Opts = CL.frontendOptions();
  Opts.Arch = Arch->Name.str();
  int Exit = ExitClean;
  for (const std::string &Path : CL.Files) {
    Expected<DeviceModule> DM = loadInput(Path, Opts);
    if (!DM) {
      std::string Msg = toString(DM.takeError());
      errs() << Msg << (StringRef(Msg).ends_with("\n") ? "" : "\n");
      Exit = ExitToolError;
      continue;
    }
    Fn(*DM);
  }
  return Exit;
}

Expected<std::vector<LaunchEntry>> explicitLaunches(const CommandLine &CL) {
  std::vector<LaunchEntry> Out;
  LaunchEntry Cmd;
  Cmd.Kernel = CL.Kernel;
  Cmd.Source = "command line";
  if (!CL.Grid.empty()) {
    Expected<Dim3> G = parseDim3(CL.Grid);
    if (!G)
      return createStringError(inconvertibleErrorCode(), "--grid: %s",
                               toString(G.takeError()).c_str());
    Cmd.Grid = *G;
  }
  if (!CL.Block.empty()) {
    Expected<Dim3> B = parseDim3(CL.Block);
    if (!B)
      return createStringError(inconvertibleErrorCode(), "--block: %s",
                               toString(B.takeError()).c_str());
    Cmd.Block = *B;
  }
  for (const std::string &A : CL.Args)
    if (Error E = parseArgAssignment(A, Cmd.Args))
      return createStringError(inconvertibleErrorCode(), "--arg: %s",
                               toString(std::move(E)).c_str());
  if (Cmd.Grid || Cmd.Block || !Cmd.Args.empty())
    Out.push_back(std::move(Cmd));
  if (!CL.LaunchFile.empty()) {
    Expected<std::vector<LaunchEntry>> File = readLaunchFile(CL.LaunchFile);
    if (!File)
      return File.takeError();
    Out.insert(Out.end(), File->begin(), File->end());
  }
  return Out;
}

bool kernelSelected(const CommandLine &CL, const Function &F) {
  return CL.Kernel.empty() || CL.Kernel == F.getName() || CL.Kernel == sourceName(F);
}

} // namespace warplint
