//===- CheckCommand.cpp - warplint check ----------------------------------===//
//
// Loads every input (in parallel with -j), runs the enabled rules of the
// configuration found for each file, and prints the findings in file order as
// text, JSON or SARIF.
//
//===----------------------------------------------------------------------===//
#include "rules/Checker.h"
#include "tools/CommandLine.h"
#include "tools/DiagnosticOutput.h"
#include "tools/InputLoop.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace warplint {
namespace {

/// What checking one file produced.
struct FileResult {
  std::vector<Finding> Findings;
  std::vector<std::string> Notes;
  std::string Error; ///< The tool could not check the file.
};

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

FileResult checkFile(const CommandLine &CL, const InputSet &In, const CheckOptions &Opts,
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
  if (Path.ends_with(".sass")) {
    Expected<SassListing> L = readSassListing(Path);
    if (!L) {
      R.Error = toString(L.takeError());
      return R;
    }
    R.Findings = checkSass(*L, Path, *Arch, *Config, Opts);
    return R;
  }
  FrontendOptions FO = In.optionsFor(Path);
  FO.Arch = Arch->Name.str();
  Expected<DeviceModule> DM = loadInput(Path, FO);
  if (!DM) {
    R.Error = toString(DM.takeError());
    return R;
  }
  R.Findings = checkModule(*DM, *Arch, *Config, Opts, R.Notes);
  return R;
}

} // namespace

int runCheckCommand(const CommandLine &CL) {
  Expected<std::vector<LaunchEntry>> Launches = explicitLaunches(CL);
  if (!Launches) {
    WithColor::error(errs(), "warplint") << toString(Launches.takeError()) << "\n";
    return ExitToolError;
  }
  Expected<InputSet> In = collectInputs(CL);
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }
  CheckOptions Opts;
  Opts.Launches = std::move(*Launches);
  Opts.Kernel = CL.Kernel;
  Opts.Confirm = CL.Confirm;
  Opts.CudaPath = CL.CudaPath;
  Opts.UsePtxas = CL.UsePtxas;
  Opts.Registers.MaxRRegCount = CL.MaxRRegCount;

  std::vector<FileResult> Results(In->Files.size());
  if (CL.Jobs == 1 || In->Files.size() == 1) {
    for (size_t I = 0; I < In->Files.size(); ++I)
      Results[I] = checkFile(CL, *In, Opts, In->Files[I]);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(CL.Jobs));
    for (size_t I = 0; I < In->Files.size(); ++I)
      Pool.async([&, I] { Results[I] = checkFile(CL, *In, Opts, In->Files[I]); });
    Pool.wait();
  }

  // Output in file order, whatever order the files finished in.
  std::vector<Finding> All;
  bool Failed = false, Found = false;
  StringSet<> Told; // Files sharing a broken configuration get one message.
  for (FileResult &R : Results) {
    if (!R.Error.empty()) {
      if (Told.insert(R.Error).second)
        errs() << R.Error << (StringRef(R.Error).ends_with("\n") ? "" : "\n");
      Failed = true;
    }
    for (const std::string &N : R.Notes)
      WithColor::note(errs(), "warplint") << N << "\n";
    for (Finding &F : R.Findings) {
      if (CL.Werror && F.Level == Severity::Warning)
        F.Level = Severity::Error;
      Found |= F.Level != Severity::Note;
      All.push_back(std::move(F));
    }
  }
  if (CL.Format == "json")
    outs() << formatv("{0:2}", findingsJson(All)) << "\n";
  else if (CL.Format == "sarif")
    outs() << formatv("{0:2}", json::Value(findingsSarif(All))) << "\n";
  else
    printFindingsText(outs(), All, sys::Process::StandardOutHasColors());
  if (Failed)
    return ExitToolError;
  return Found ? ExitFindings : ExitClean;
}

} // namespace warplint
