//===- CheckCommand.cpp - warplint check ----------------------------------===//
//
// Loads every input (in parallel with -j), runs the enabled rules of the
// configuration found for each file, and prints the findings in file order as
// text, JSON or SARIF.
//
//===----------------------------------------------------------------------===//
#include "tools/CheckFile.h"
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

int runCheckCommand(const CommandLine &CL) {
  Expected<CheckOptions> Opts = checkOptions(CL);
  if (!Opts) {
    WithColor::error(errs(), "warplint") << toString(Opts.takeError()) << "\n";
    return ExitToolError;
  }
  Expected<InputSet> In = collectInputs(CL);
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }

  std::vector<FileResult> Results(In->Files.size());
  auto Check = [&](size_t I) {
    Results[I] = checkFile(CL, In->optionsFor(In->Files[I]), *Opts, In->Files[I]);
  };
  if (CL.Jobs == 1 || In->Files.size() == 1) {
    for (size_t I = 0; I < In->Files.size(); ++I)
      Check(I);
  } else {
    DefaultThreadPool Pool(hardware_concurrency(CL.Jobs));
    for (size_t I = 0; I < In->Files.size(); ++I)
      Pool.async([&, I] { Check(I); });
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
