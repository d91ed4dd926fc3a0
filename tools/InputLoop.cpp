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

bool kernelSelected(const CommandLine &CL, const Function &F) {
  return CL.Kernel.empty() || CL.Kernel == F.getName() || CL.Kernel == sourceName(F);
}

} // namespace warplint
