//===- CheckFile.cpp - Check one file as `check` and `lsp` do -------------===//
#include "tools/CheckFile.h"

#include "tools/InputLoop.h"

using namespace llvm;

namespace warplint {

namespace {

/// The architecture for a file: --arch when given, else the configuration's.
Expected<const ArchProfile &> archFor(const CommandLine &CL, const WarplintConfig &Config) {
  if (CL.Arch.getNumOccurrences() || !Config.Arch)
    return lookupArch(CL.Arch);
  Expected<const ArchProfile &> A = lookupArch(*Config.Arch);
  if (!A)
    return createStringError(inconvertibleErrorCode(), "%s: %s", Config.Path.c_str(),
                             toString(A.takeError()).c_str());
  return A;
}

} // namespace

Expected<CheckOptions> checkOptions(const CommandLine &CL) {
  Expected<std::vector<LaunchEntry>> Launches = explicitLaunches(CL);
  if (!Launches)
    return Launches.takeError();
  CheckOptions Opts;
  Opts.Launches = std::move(*Launches);
  Opts.Kernel = CL.Kernel;
  Opts.Confirm = CL.Confirm;
  Opts.CudaPath = CL.CudaPath;
  Opts.UsePtxas = CL.UsePtxas;
  Opts.Registers.MaxRRegCount = CL.MaxRRegCount;
  return Opts;
}

FileResult checkFile(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                     StringRef Path) {
  FileResult R;
  Expected<WarplintConfig> Config = configForFile(Path, CL.ConfigFile);
  if (!Config) {
    R.Error = toString(Config.takeError());
    return R;
  }
  Expected<const ArchProfile &> Arch = archFor(CL, *Config);
  if (!Arch) {
    R.Error = toString(Arch.takeError());
    return R;
  }
  if (isSassListing(Path)) {
    // A listing from the file, stdin ("-"), or the editor's text.
    Expected<SassListing> L =
        FO.Contents ? parseSassListing(*FO.Contents, Path) : readSassListing(Path);
    if (!L) {
      R.Error = toString(L.takeError());
      return R;
    }
    R.Findings = checkSass(*L, Path, *Arch, *Config, Opts);
    return R;
  }
  FO.Arch = Arch->Name.str();
  Expected<DeviceModule> DM = loadInput(Path, FO);
  if (!DM) {
    R.Error = toString(DM.takeError());
    return R;
  }
  R.Notes = DM->Notes;
  R.Findings = checkModule(*DM, *Arch, *Config, Opts, R.Notes);
  return R;
}

} // namespace warplint
