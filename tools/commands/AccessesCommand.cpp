//===- AccessesCommand.cpp - warplint accesses ----------------------------===//
#include "analyzer/AccessPatterns.h"
#include "analyzer/KernelCopies.h"
#include "analyzer/StateSpaces.h"
#include "rules/LoopFacts.h"
#include "rules/Suppressions.h"
#include "tools/commands/CheckFile.h"
#include "tools/CommandLine.h"
#include "tools/Heap.h"
#include "tools/InputLoop.h"
#include "tools/output/KernelJson.h"
#include "tools/Locations.h"
#include "tools/NotAnalyzed.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "frontend/launch/KernelName.h"

using namespace llvm;

namespace warplint {
namespace {

/// One function of a SASS listing: ptxas's facts and every memory
/// instruction by state space, spills and local-array accesses apart.
json::Object sassFunctionJson(const SassFunction &F) {
  json::Array Accesses;
  for (const SassMemoryAccess &A : F.Accesses) {
    const SassInstruction &I = F.instruction(A);
    json::Object O{{"file", I.Source.File},
                   {"line", I.Source.Line},
                   {"column", 0},
                   {"listing_line", I.ListingLine},
                   {"address", I.Address},
                   {"opcode", I.Opcode},
                   {"space", addrSpaceName(A.Space)},
                   {"op", sassMemOpName(A.Op)},
                   {"bytes", A.Bytes},
                   {"spill", A.IsSpill},
                   {"local_array", A.Space == AS_Local && !A.IsSpill},
                   {"runtime_address", A.RuntimeAddress},
                   {"loop_depth", I.LoopDepth}};
    if (!I.Predicate.empty())
      O["predicate"] = I.Predicate;
    if (A.ConstBank >= 0)
      O["const_bank"] = A.ConstBank;
    if (!I.Source.InlinedAtFile.empty())
      O["inlined_at"] = json::Object{{"file", I.Source.InlinedAtFile},
                                     {"line", I.Source.InlinedAtLine}};
    Accesses.push_back(std::move(O));
  }
  auto Optional = [](const auto &V) { return V ? json::Value(*V) : json::Value(nullptr); };
  return json::Object{{"name", F.SourceName},
                      {"mangled", F.Name},
                      {"registers", Optional(F.Registers)},
                      {"stack_frame_bytes", Optional(F.StackFrameBytes)},
                      {"instructions", (int64_t)F.Instructions.size()},
                      {"loops", F.Loops},
                      {"spill_instructions", F.spillInstructions()},
                      {"spill_instructions_in_loops", F.spillInstructionsInLoops()},
                      {"local_array_instructions", F.localArrayInstructions()},
                      {"local_array_instructions_in_loops", F.localArrayInstructionsInLoops()},
                      {"accesses", std::move(Accesses)}};
}

bool sassSelected(const CommandLine &CL, const SassFunction &F) {
  return kernelNameMatches(CL.Kernel, F.Name, F.SourceName);
}


} // namespace

int runAccessesCommand(const CommandLine &CL) {
  // The launches, and each file's configuration, as `check` reads them.
  Expected<CheckOptions> Opts = checkOptions(CL);
  if (!Opts) {
    errs() << toString(Opts.takeError()) << "\n";
    return ExitToolError;
  }
  const std::vector<LaunchEntry> &Launches = Opts->Launches;
  Expected<const ArchProfile &> CommandArch = lookupArch(CL.Arch);
  if (!CommandArch) {
    errs() << toString(CommandArch.takeError()) << "\n";
    return ExitToolError;
  }
  if (Expected<const GpuProfile *> Gpu = selectGpu(CL.Gpu, *CommandArch); !Gpu) {
    errs() << toString(Gpu.takeError()) << "\n";
    return ExitToolError;
  }
  // The file's configuration (.warplint.yaml found upward, or --config):
  // its launch defaults and its arch (--arch wins), as check takes them.
  std::shared_ptr<const WarplintConfig> Config;
  const ArchProfile *Arch = &*CommandArch;
  auto Prepare = [&](StringRef Path, FrontendOptions &FO) -> Error {
    auto CA = configAndArch(CL, *Opts, Path, FO.Arch);
    if (!CA)
      return CA.takeError();
    Config = std::move(CA->first);
    Arch = CA->second;
    FO.Arch = Arch->Name.str();
    return Error::success();
  };
  unsigned Threads = kernelThreads(CL);
  heapsForThreads(Threads);
  json::Array Files;
  bool Dropped = false;
  AnalyzedCount Count;
  int Exit = forEachInput(CL, [&](DeviceModule &DM) {
    if (CL.DumpIr)
      DM.M->print(errs(), nullptr);
    json::Array Kernels;
    SourceCache Sources(DM);
    // Every kernel's access patterns first (copies analyzed once, the others
    // on all cores), then printed in order.
    std::vector<const Function *> Selected;
    for (const Function &F : *DM.M)
      if (isKernel(F) && kernelSelected(CL, F))
        Selected.push_back(&F);
    const LaunchEntry *Defaults = Config && Config->Launch ? &*Config->Launch : nullptr;
    AnalyzedKernels A = analyzeModuleKernels(
        DM, Selected,
        [&](const Function &F) { return resolveLaunch(DM, F, Launches, Defaults); }, *Arch,
        CL.budget(), Threads);
    // (The name was checked above.)
    const GpuProfile *Gpu = expectedToOptional(selectGpu(CL.Gpu, *Arch)).value_or(nullptr);
    if (CL.TimeReport)
      for (size_t I = 0; I < Selected.size(); ++I)
        errs() << kernelTimeLine(DM.Path, sourceName(*Selected[I]), A.Patterns[I]);
    for (size_t I = 0; I < Selected.size(); ++I) {
      const Function &F = *Selected[I];
      const StateSpaces &S = A.Spaces[I];
      const AccessPatterns &P = A.Patterns[I];
      if (CL.Format != "json") {
        P.print(outs(), S);
        continue;
      }
      RegisterPressure Registers = RegisterPressure::analyze(F, *Arch);
      LoopFacts Loops(F);
      SharedMemoryUse Shared = SharedMemoryUse::analyze(F);
      KernelFacts K{DM, F, sourceName(F), *Arch, S, P, Registers, Sources, Loops, Shared};
      Kernels.push_back(kernelJson(K, Gpu));
    }
    // Kernels left out (compile errors, templates nothing instantiates): the
    // file's "errors" and "not_analyzed", or stderr.
    json::Array Errors, Left, Notes;
    Count.Kernels += Selected.size();
    for (const Finding &F : droppedFindings(DM)) {
      // A header's template the file does not use: said, not a failure.
      if (isHeaderTemplateNote(F)) {
        if (CL.Format == "json")
          Notes.push_back(notAnalyzedJson(F));
        else
          errs() << formatv("{0}:{1}:{2}: note: {3} [{4}]\n", F.Loc.File, F.Loc.Line,
                            F.Loc.Column, F.Message, F.Rule);
        continue;
      }
      Dropped = true;
      Count.add(F);
      if (CL.Format == "json") {
        Errors.push_back(notAnalyzedJson(F));
        Left.push_back(notAnalyzedEntry(F));
      } else {
        errs() << formatv("{0}:{1}:{2}: {3}: {4} [{5}]\n", F.Loc.File, F.Loc.Line, F.Loc.Column,
                          severityName(F.Level), F.Message, F.Rule);
      }
    }
    if (CL.Format == "json")
      Files.push_back(json::Object{{"file", DM.Path},
                                   {"kernels", std::move(Kernels)},
                                   {"errors", std::move(Errors)},
                                   {"notes", std::move(Notes)},
                                   {"not_analyzed", std::move(Left)}});
  }, [&](const SassListing &L) {
    if (CL.Format != "json") {
      outs() << L.Path << ": " << L.Format << " listing"
             << (L.Arch.empty() ? "" : " for " + L.Arch) << "\n";
      for (const SassFunction &F : L.Functions)
        if (sassSelected(CL, F))
          F.print(outs());
      return;
    }
    json::Array Kernels;
    for (const SassFunction &F : L.Functions)
      if (sassSelected(CL, F))
        Kernels.push_back(sassFunctionJson(F));
    Files.push_back(json::Object{{"file", L.Path},
                                 {"input", "sass"},
                                 {"listing", L.Format},
                                 {"arch", L.Arch.empty() ? json::Value(nullptr) : json::Value(L.Arch)},
                                 {"kernels", std::move(Kernels)},
                                 {"errors", json::Array()}});
  }, [&](StringRef Path, StringRef Error) {
    // A file that could not be analyzed says so, in its place.
    ++Count.FilesFailed;
    if (CL.Format == "json") {
      Finding F = fileErrorFinding(Path, Error);
      Files.push_back(json::Object{{"file", Path.str()},
                                   {"kernels", json::Array()},
                                   {"errors", json::Array{notAnalyzedJson(F)}},
                                   {"not_analyzed", json::Array{notAnalyzedEntry(F)}}});
    }
  }, Prepare);
  if (Dropped)
    Exit = ExitToolError;
  if (!Count.complete())
    WithColor::warning(errs(), "warplint") << Count.summary() << "\n";
  if (CL.Format == "json")
    outs() << formatv("{0:2}", json::Value(json::Object{{"files", std::move(Files)},
                                                        {"summary", Count.json()}}))
           << "\n";
  return Exit;
}

} // namespace warplint
