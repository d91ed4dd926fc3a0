//===- CheckCommand.cpp - warplint check ----------------------------------===//
//
// Loads every input (in parallel with -j), runs the enabled rules of the
// configuration found for each file, and prints the findings in file order as
// text, JSON or SARIF. Each file's result is kept in the result cache
// (ResultCache.h) and read from it when nothing that decides it changed.
//
//===----------------------------------------------------------------------===//
#include "tools/commands/Baseline.h"
#include "tools/commands/CheckFile.h"
#include "tools/commands/Depfile.h"
#include "tools/commands/Fixes.h"
#include "tools/commands/ResultCache.h"
#include "tools/output/DiagnosticOutput.h"
#include "tools/InputLoop.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace warplint {

namespace {

/// --list-checks: the rules that run for the first file given (or a file of
/// the current directory), as clang-tidy lists them.
int listChecks(const CommandLine &CL, const CheckOptions &Opts) {
  std::string Where = CL.Files.empty() ? std::string("./-") : CL.Files.front();
  Expected<std::pair<std::shared_ptr<const WarplintConfig>, const ArchProfile *>> CA =
      configAndArch(CL, Opts, Where);
  if (!CA) {
    WithColor::error(errs(), "warplint") << toString(CA.takeError()) << "\n";
    return ExitToolError;
  }
  outs() << "Enabled checks:\n";
  for (const RuleInfo &R : allRules())
    if (CA->first->enabled(R.Id))
      outs() << "    " << R.Id << "\n";
  outs() << "\n";
  return ExitClean;
}

} // namespace

int runCheckCommand(const CommandLine &CL) {
  Expected<CheckOptions> Opts = checkOptions(CL);
  if (!Opts) {
    WithColor::error(errs(), "warplint") << toString(Opts.takeError()) << "\n";
    return ExitToolError;
  }
  if (CL.ListChecks)
    return listChecks(CL, *Opts);
  Expected<InputSet> In = collectInputs(CL);
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }

  // Each translation unit's result is kept in the cache directory, keyed
  // by what decides it (ResultCache.h): a re-run reads unchanged files'.
  std::unique_ptr<ResultCache> Cache = ResultCache::forCommandLine(CL);
  std::vector<FileResult> Results = checkFiles(CL, *In, *Opts, nullptr, Cache.get());
  if (CL.TimeReport && Cache)
    errs() << Cache->summary() << "\n";

  // Text output has each failed file's errors on stderr; JSON and SARIF
  // carry them too, so that a failed file never reads as a clean one.
  CheckedFiles C = gatherFindings(CL, Results, CL.Format != "text");
  std::vector<Finding> &All = C.Findings;
  if (!CL.Baseline.empty()) {
    // Only what the stored log does not have; it decides the exit code.
    Expected<std::vector<size_t>> Keep = findingsNotInBaseline(All, CL.Baseline);
    if (!Keep) {
      WithColor::error(errs(), "warplint") << toString(Keep.takeError()) << "\n";
      return ExitToolError;
    }
    std::vector<Finding> New;
    for (size_t I : *Keep)
      New.push_back(std::move(All[I]));
    All = std::move(New);
    C.Found = llvm::any_of(All, [](const Finding &F) { return F.Level != Severity::Note; });
  }
  // A shard's result says which it is, for `warplint merge`.
  json::Object Shard{{"index", In->ShardIndex}, {"count", In->ShardCount}};
  if (CL.Format == "json") {
    json::Value Out = findingsJson(All);
    Out.getAsObject()->try_emplace("not_analyzed", notAnalyzedList(All));
    Out.getAsObject()->try_emplace("summary", C.Count.json());
    if (In->ShardCount)
      Out.getAsObject()->try_emplace("shard", std::move(Shard));
    outs() << formatv("{0:2}", Out) << "\n";
  } else if (CL.Format == "sarif") {
    json::Object Doc =
        findingsSarif(All, docsUrlFor(CL, *Opts, In->Files.empty() ? "" : In->Files.front()));
    if (In->ShardCount) {
      json::Object &Run = *(*Doc.getArray("runs"))[0].getAsObject();
      if (!Run.getObject("properties"))
        Run["properties"] = json::Object{};
      (*Run.getObject("properties"))["shard"] = std::move(Shard);
    }
    outs() << formatv("{0:2}", json::Value(std::move(Doc))) << "\n";
  } else
    printFindingsText(outs(), All, sys::Process::StandardOutHasColors());
  // What was left out is named above; the count says how much.
  if (!C.Count.complete())
    WithColor::warning(errs(), "warplint") << C.Count.summary() << "\n";
  int Exit = C.exitCode();
  if (!CL.ExportFixes.empty())
    if (Error E = exportFixes(All, In->Files.empty() ? "" : In->Files.front(), CL.ExportFixes)) {
      WithColor::error(errs(), "warplint") << toString(std::move(E)) << "\n";
      Exit = ExitToolError;
    }
  // The fixes of what was reported (after --baseline), once it is printed.
  if (CL.Fix && !applyFixes(All, errs()))
    Exit = ExitToolError;
  // What the check read, for a build step to run it again when one changes
  // (written whatever the findings: a failed step runs again anyway).
  if (!CL.Depfile.empty())
    if (Error E = writeDepfile(CL, *In, *Opts)) {
      WithColor::error(errs(), "warplint") << toString(std::move(E)) << "\n";
      Exit = ExitToolError;
    }
  return Exit;
}

} // namespace warplint
