//===- RunCommand.cpp - warplint run --------------------------------------===//
//
// Runs kernels on the device model and reports Nsight Compute's counters per
// kernel and per access site, plus the errors the run found.
//
//===----------------------------------------------------------------------===//
#include "analyzer/arch/ArchProfile.h"
#include "devicemodel/DeviceModel.h"
#include "frontend/LaunchLimits.h"
#include "rules/LaunchFails.h"
#include "rules/TimeSaved.h"
#include "tools/CommandLine.h"
#include "tools/Heap.h"
#include "tools/InputLoop.h"
#include "tools/Locations.h"
#include "tools/Progress.h"
#include "tools/output/TimeOutput.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "frontend/launch/KernelName.h"

#include <algorithm>
#include <optional>
#include <cmath>

using namespace llvm;

namespace warplint {
namespace {

json::Value number(double V, bool Sampled) {
  if (!Sampled && V == std::floor(V) && std::fabs(V) < 9e15)
    return int64_t(V);
  return V;
}

json::Array dimsJson(const Dim3 &D) { return json::Array{D.V[0], D.V[1], D.V[2]}; }

std::string dimsText(const Dim3 &D) {
  return "(" + std::to_string(D.V[0]) + "," + std::to_string(D.V[1]) + "," +
         std::to_string(D.V[2]) + ")";
}

json::Object metricsJson(const dm::MetricMap &M, bool Sampled) {
  json::Object O;
  for (auto &KV : M)
    O[KV.first] = number(KV.second, Sampled);
  return O;
}

json::Object findingJson(const dm::Finding &F) {
  json::Object O{{"kind", F.Kind}, {"message", F.Message},
                 {"severity", F.Note ? "note" : "error"}};
  if (F.Loc.valid()) {
    O["file"] = F.Loc.File;
    O["line"] = F.Loc.Line;
    O["column"] = F.Loc.Column;
  }
  if (F.Other.valid())
    O["other"] = locationJson(F.Other);
  return O;
}

json::Object reportJson(const dm::LaunchReport &R, const TimeEstimate *Time,
                        const GpuProfile *Gpu) {
  bool Sampled = R.Run.Sampled;
  json::Array Sites;
  for (const dm::SiteMetrics &S : R.Sites) {
    json::Object O{{"file", S.Loc.File},
                   {"line", S.Loc.Line},
                   {"column", S.Loc.Column},
                   {"space", addrSpaceName(S.Space)},
                   {"op", S.Op == dm::MemOp::Load    ? "ld"
                          : S.Op == dm::MemOp::Store ? "st"
                                                     : "atom"},
                   {"bytes", S.Bytes},
                   {"metrics", metricsJson(S.Metrics, Sampled)}};
    if (!S.CacheHint.empty())
      O["cache"] = S.CacheHint;
    Sites.push_back(std::move(O));
  }
  json::Array Errors, Notes;
  for (const dm::Finding &F : R.Errors)
    Errors.push_back(findingJson(F));
  for (const std::string &N : R.Notes)
    Notes.push_back(N);
  if (!R.Run.SamplingNote.empty())
    Notes.push_back(R.Run.SamplingNote);
  json::Object O{{"name", R.Kernel},
                 {"grid", dimsJson(R.Grid)},
                 {"block", dimsJson(R.Block)},
                 {"blocks_run", R.Run.BlocksRun},
                 {"blocks_total", R.Run.TotalBlocks},
                 {"sampled", Sampled},
                 {"metrics", metricsJson(R.Metrics, Sampled)},
                 {"sites", std::move(Sites)},
                 {"errors", std::move(Errors)},
                 {"notes", std::move(Notes)}};
  if (!R.Run.Output.empty())
    O["output"] = R.Run.Output;
  if (Time)
    O["time"] = timeJson(*Time, *Gpu);
  return O;
}

void printText(raw_ostream &OS, const dm::LaunchReport &R, const TimeEstimate *Time,
               const GpuProfile *Gpu) {
  OS << "kernel " << R.Kernel << " grid " << dimsText(R.Grid) << " block " << dimsText(R.Block)
     << ": " << R.Run.BlocksRun << " of " << R.Run.TotalBlocks << " blocks"
     << (R.Run.Sampled ? " (sampled; counters scaled to the grid)" : "") << "\n";
  for (const std::string &N : R.Notes)
    OS << "  note: " << N << "\n";
  if (!R.Run.SamplingNote.empty())
    OS << "  note: " << R.Run.SamplingNote << "\n";
  if (Time)
    OS << "  predicted time: " << timeText(*Time, *Gpu) << "\n";
  for (auto &KV : R.Metrics)
    OS << "  " << left_justify(KV.first, 62) << " " << format("%.0f", KV.second) << "\n";
  if (!R.Sites.empty())
    OS << "  sites:\n";
  for (const dm::SiteMetrics &S : R.Sites) {
    OS << "    " << S.Loc.File << ":" << S.Loc.Line << ":" << S.Loc.Column << " "
       << addrSpaceName(S.Space) << " "
       << (S.Op == dm::MemOp::Load ? "ld" : S.Op == dm::MemOp::Store ? "st" : "atom") << " ";
    if (S.Bulk) // Its pieces are its requests.
      OS << "bulk copy (TMA)";
    else
      OS << S.Bytes << "B";
    OS << ": " << format("%.0f", S.requests()) << (S.Bulk ? " pieces" : " requests");
    if (std::optional<double> Cost = S.perRequest()) {
      if (S.Space == AS_Global || S.Space == AS_Local)
        OS << ", " << format("%.2f", *Cost) << " sectors/request";
      else if (S.Space == AS_Shared)
        OS << ", " << format("%.2f", *Cost) << " wavefronts/request";
      else if (S.Space == AS_Const)
        OS << ", " << format("%.2f", *Cost - 1) << " replays/request";
    }
    if (!S.CacheHint.empty())
      OS << ", cache=" << S.CacheHint;
    OS << "\n";
  }
  for (const dm::Finding &F : R.Errors) {
    OS << locationPrefix(F.Loc) << (F.Note ? "note: " : "error: ") << F.Message << " ["
       << F.Kind << "]\n";
    if (F.Other.valid())
      OS << locationPrefix(F.Other) << "note: the other access of the race\n";
  }
}

/// An overrun of a buffer warplint sized itself may be the guess's, not the
/// kernel's: a note that asks for the real size (check --confirm does the same).
void demoteGuessedOverruns(dm::LaunchReport &R) {
  for (dm::Finding &F : R.Errors)
    if (const dm::BufferInfo *B = dm::guessedOverrun(R, F)) {
      F.Note = true;
      F.Message += "; warplint sized '" + B->Name + "' itself (" + std::to_string(B->Count) +
                   " elements: no --buffer or launch file gave it): give its real size with "
                   "--buffer " + B->Name + "=COUNT or a launch file to tell a real overrun "
                   "from a guess";
    }
}

Expected<std::vector<dm::LaunchRequest>> requests(const CommandLine &CL) {
  if (!CL.LaunchFile.empty()) {
    auto Entries = readLaunchFile(CL.LaunchFile);
    if (!Entries)
      return Entries.takeError();
    if (Error E = checkLaunchFileFills(*Entries, CL.LaunchFile))
      return std::move(E);
    std::vector<dm::LaunchRequest> Out;
    for (const LaunchEntry &E : *Entries) {
      dm::LaunchRequest R = dm::launchRequest(E);
      if (!CL.Kernel.empty() && !R.Kernel.empty() && !sameKernelName(R.Kernel, CL.Kernel))
        continue;
      if (R.Kernel.empty())
        R.Kernel = CL.Kernel;
      if (!CL.Grid.empty() || !CL.Block.empty() || !CL.Args.empty() || !CL.Buffers.empty())
        return createStringError(inconvertibleErrorCode(),
                                 "give --grid/--block/--arg/--buffer or --launch-file, not both");
      R.SharedBytes = std::max<uint64_t>(R.SharedBytes, CL.SharedBytes);
      if (Error E = checkSharedBytes(R.SharedBytes, CL.LaunchFile, CL.Arch))
        return std::move(E);
      R.InitCheck = CL.InitCheck;
      Out.push_back(std::move(R));
    }
    if (Out.empty())
      return createStringError(inconvertibleErrorCode(),
                               CL.Kernel.empty()
                                   ? "launch file " + CL.LaunchFile + " has no entries"
                                   : "launch file " + CL.LaunchFile +
                                         " has no entry for kernel '" + CL.Kernel + "'");
    return Out;
  }
  dm::LaunchRequest R;
  R.Kernel = CL.Kernel;
  // Each bad value names its option (as check's do: InputLoop.cpp).
  if (!CL.Grid.empty()) {
    auto D = parseDim3(CL.Grid);
    if (!D)
      return createStringError(inconvertibleErrorCode(), "--grid: %s",
                               toString(D.takeError()).c_str());
    if (Error E = checkGrid(*D))
      return createStringError(inconvertibleErrorCode(), "--grid %s: %s", CL.Grid.c_str(),
                               toString(std::move(E)).c_str());
    R.Grid = *D;
  }
  if (!CL.Block.empty()) {
    auto D = parseDim3(CL.Block);
    if (!D)
      return createStringError(inconvertibleErrorCode(), "--block: %s",
                               toString(D.takeError()).c_str());
    R.Block = *D;
  }
  for (const std::string &A : CL.Args) {
    auto KV = parseAssignment(A);
    if (!KV) {
      consumeError(KV.takeError());
      return createStringError(inconvertibleErrorCode(),
                               "--arg: expected NAME=VALUE, got '%s'", A.c_str());
    }
    double D;
    if (!StringRef(KV->second).trim().getAsDouble(D))
      if (Error E = checkArgValue(D))
        return createStringError(inconvertibleErrorCode(), "--arg: %s: %s", A.c_str(),
                                 toString(std::move(E)).c_str());
    R.Args.push_back(*KV);
  }
  for (const std::string &B : CL.Buffers) {
    auto KV = parseAssignment(B);
    if (!KV) {
      consumeError(KV.takeError());
      return createStringError(inconvertibleErrorCode(),
                               "--buffer: expected NAME=COUNT[:FILL], got '%s'", B.c_str());
    }
    uint64_t N;
    if (!StringRef(KV->second).split(':').first.trim().getAsInteger(0, N))
      if (Error E = checkBufferCount(N))
        return createStringError(inconvertibleErrorCode(), "--buffer %s: %s", B.c_str(),
                                 toString(std::move(E)).c_str());
    R.Buffers.push_back(*KV);
  }
  R.SharedBytes = CL.SharedBytes;
  if (Error E = checkSharedBytes(R.SharedBytes, "--shared-bytes", CL.Arch))
    return std::move(E);
  R.InitCheck = CL.InitCheck;
  return std::vector<dm::LaunchRequest>{R};
}

const Function *findKernel(const Module &M, StringRef Name, std::string &Error) {
  std::vector<const Function *> Kernels;
  for (const Function &F : M)
    if (isKernel(F))
      Kernels.push_back(&F);
  if (Name.empty()) {
    if (Kernels.size() == 1)
      return Kernels[0];
    Error = "give --kernel: the file has " + std::to_string(Kernels.size()) + " kernels";
  } else {
    for (const Function *F : Kernels)
      if (kernelNameMatches(Name, *F))
        return F;
    Error = "no kernel named '" + Name.str() + "'";
  }
  std::string List;
  for (const Function *F : Kernels)
    List += (List.empty() ? "" : ", ") + sourceName(*F);
  if (!List.empty())
    Error += " (kernels: " + List + ")";
  return nullptr;
}

} // namespace

int runRunCommand(const CommandLine &CL) {
  Expected<const ArchProfile &> Arch = lookupArch(CL.Arch);
  if (!Arch) {
    WithColor::error(errs(), "warplint") << toString(Arch.takeError()) << "\n";
    return ExitToolError;
  }
  auto Reqs = requests(CL);
  if (!Reqs) {
    WithColor::error(errs(), "warplint") << toString(Reqs.takeError()) << "\n";
    return ExitToolError;
  }
  Expected<const GpuProfile *> SelectedGpu = selectGpu(CL.Gpu, *Arch);
  if (!SelectedGpu) {
    WithColor::error(errs(), "warplint") << toString(SelectedGpu.takeError()) << "\n";
    return ExitToolError;
  }
  const GpuProfile *Gpu = *SelectedGpu;
  dm::RunOptions Opts;
  Opts.BlockBudget = CL.MaxInstructions;
  Opts.Footprint = Gpu != nullptr;
  Opts.ShadowChecks = !CL.NoShadowChecks;
  if (CL.Blocks == "all") {
    Opts.AllBlocks = true;
  } else if (!CL.Blocks.empty()) {
    if (StringRef(CL.Blocks).getAsInteger(10, Opts.SampleBlocks) || !Opts.SampleBlocks) {
      WithColor::error(errs(), "warplint") << "--blocks must be 'all' or a positive number\n";
      return ExitToolError;
    }
  }
  // Worker threads: all cores unless WARPLINT_THREADS says otherwise (bench/).
  if (std::optional<std::string> T = sys::Process::GetEnv("WARPLINT_THREADS"))
    StringRef(*T).getAsInteger(10, Opts.Threads);
  heapsForThreads(Opts.Threads ? Opts.Threads : hardware_concurrency().compute_thread_count());
  bool Json = CL.Format == "json";
  bool FoundErrors = false, ToolFailed = false;
  json::Array Kernels;
  // --time-report: wall and processor time (all threads) of each step.
  auto Since = [](const TimeRecord &From) {
    TimeRecord Now = TimeRecord::getCurrentTime(false);
    Now -= From;
    return Now;
  };
  TimeRecord Mark = TimeRecord::getCurrentTime(true);
  int Exit = forEachInput(CL, [&](DeviceModule &DM) {
    if (CL.TimeReport)
      errs() << formatv("time: {0}: front end {1:f3} s\n", DM.Path, Since(Mark).getWallTime());
    for (const dm::LaunchRequest &Req : *Reqs) {
      std::string Error;
      const Function *K = findKernel(*DM.M, Req.Kernel, Error);
      // A launch file may list the kernels of several files: without
      // --kernel, an entry naming a kernel this file lacks is another's.
      if (!K && CL.Kernel.empty() && !CL.LaunchFile.empty() && !Req.Kernel.empty()) {
        WithColor::note(errs(), "warplint")
            << DM.Path << ": skipping the launch-file entry for kernel '" << Req.Kernel
            << "': not in this file\n";
        continue;
      }
      if (!K) {
        // A kernel left out because it did not compile: Clang's error says why.
        for (const DroppedCode &D : DM.Dropped)
          if (!Req.Kernel.empty() && sameKernelName(D.Kernel, Req.Kernel))
            Error = formatv("{0}:{1}:{2}: {3}", D.Loc.File, D.Loc.Line, D.Loc.Column, D.Message);
        WithColor::error(errs(), "warplint") << DM.Path << ": " << Error << "\n";
        ToolFailed = true;
        continue;
      }
      // A launch the GPU would refuse is refused here too, with launch-fails'
      // message: the device model never runs it.
      if (Req.Block)
        if (std::optional<std::string> Refused = refusedRequest(
                DM, *K, *Arch, Req.Grid, *Req.Block, Req.SharedBytes,
                CL.LaunchFile.empty() ? "the launch from the command line"
                                      : "the launch in launch file " + CL.LaunchFile)) {
          WithColor::error(errs(), "warplint") << DM.Path << ": " << *Refused
                                               << " [launch-fails]\n";
          ToolFailed = true;
          continue;
        }
      ProgressBar Bar("blocks");
      dm::RunOptions O = Opts;
      if (Req.Block)
        O.ResidentBlocks =
            residentBlocks(*K, *Arch, *Req.Block, Req.SharedBytes, O.ResidentText);
      O.Progress = [&Bar](uint64_t Done, uint64_t Total) { Bar.update(Done, Total); };
      TimeRecord Start = TimeRecord::getCurrentTime(true);
      Expected<dm::LaunchReport> R = dm::runLaunch(*K, Req, *Arch, O);
      if (R && CL.TimeReport) {
        TimeRecord T = Since(Start);
        double Lanes = R->metric("smsp__thread_inst_executed.sum");
        errs() << formatv("time: {0}: device model {1:f3} s ({2:f3} s processor), {3} "
                          "lane-instructions, {4:f1} M lane-instructions per processor-second\n",
                          R->Kernel, T.getWallTime(), T.getProcessTime(), uint64_t(Lanes),
                          Lanes / std::max(T.getProcessTime(), 1e-9) / 1e6);
      }
      if (!R) {
        WithColor::error(errs(), "warplint") << DM.Path << ": " << toString(R.takeError())
                                             << "\n";
        ToolFailed = true;
        continue;
      }
      if (!DM.NamesFrom.empty())
        R->Notes.insert(R->Notes.begin(), "parameter names from " + DM.NamesFrom +
                                              " (#0, #1, ... name them by position)");
      demoteGuessedOverruns(*R);
      // A run stopped by what the model cannot run did not do its job
      // (exit 2), whatever it found before.
      for (const dm::Finding &F : R->Errors) {
        FoundErrors |= !F.Note;
        ToolFailed |= F.Kind == "unsupported";
      }
      // A run stopped by what the model cannot run counted part of the
      // launch: no time from it.
      std::optional<TimeEstimate> Time;
      bool Stopped = llvm::any_of(R->Errors, [](const dm::Finding &F) {
        return F.Kind == "unsupported" || F.Kind == "runaway" || F.Kind == "hang";
      });
      if (Gpu && !Stopped)
        Time = measuredLaunchWork(DM, *K, *Arch, Req.SharedBytes, *R).time(*Gpu);
      if (Json) {
        Kernels.push_back(reportJson(*R, Time ? &*Time : nullptr, Gpu));
      } else {
        outs() << R->Run.Output;
        printText(outs(), *R, Time ? &*Time : nullptr, Gpu);
      }
    }
    Mark = TimeRecord::getCurrentTime(false);
  });
  if (Json)
    outs() << formatv("{0:2}", json::Value(json::Object{{"kernels", std::move(Kernels)}}))
           << "\n";
  if (Exit != ExitClean || ToolFailed)
    return ExitToolError;
  return FoundErrors ? ExitFindings : ExitClean;
}

} // namespace warplint
