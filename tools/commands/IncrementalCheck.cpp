//===- IncrementalCheck.cpp - Re-check only the kernels that changed ------===//
#include "tools/commands/IncrementalCheck.h"

#include "tools/InputLoop.h"

#include "analyzer/LaunchConfig.h"
#include "frontend/Frontend.h"
#include "frontend/Libdevice.h"
#include "frontend/NvptxPipeline.h"
#include "frontend/cuda/KernelSlice.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Timer.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

using namespace llvm;

namespace warplint {

namespace {

/// What every kernel's fingerprint shares: the architecture, the headers and
/// the configuration's text (rule options, launch defaults).
std::string commonFingerprint(const ArchProfile &Arch, const WarplintConfig &Config,
                              const DeviceModule &DM) {
  std::string Out = ("arch " + Arch.Name + "\nheaders " + DM.HeaderMode + "\nconfig " +
                     Config.Path + "\n")
                        .str();
  if (!Config.Path.empty())
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Config.Path))
      Out += (*B)->getBuffer();
  return Out;
}

/// The launch the analyses will assume for F, spelled out.
void describeLaunch(const LaunchConfig &L, std::string &Out) {
  raw_string_ostream OS(Out);
  OS << "\nlaunch " << L.str() << ' ' << L.Source << ' ' << L.BlockAssumed << ' '
     << L.DynamicSharedBytes << ' ' << L.SharedSource;
  for (const auto &[Name, Value] : L.Args)
    OS << ' ' << Name << '=' << Value;
  for (const std::string &A : L.Assumptions)
    OS << "\nassumed " << A;
  OS << '\n';
}

/// The text of the lines each function of a kernel spans (what fix-its and
/// messages quote), and where the declarations that fix-its edit are written
/// (the kernel's parameters, the variables it uses) with their sizes as
/// written: a macro in place of a number leaves the IR as it was.
void describeSource(const CallClosure &C, const DeviceModule &DM, SourceCache &Sources,
                    std::string &Out) {
  raw_string_ostream OS(Out);
  auto Loc = [&](const SourceLoc &L) { OS << L.File << ':' << L.Line << ':' << L.Column << ' '; };
  for (const Function *F : C.Functions) {
    auto [First, Last] = IrFingerprinter::lineSpan(*F, DM.Path);
    OS << "lines " << First << '-' << Last << '\n';
    for (unsigned L = First; L && L <= Last; ++L)
      OS << Sources.line(DM.Path, L) << '\n';
  }
  if (auto It = DM.Decls.RestrictAt.find(C.Functions.front()->getName());
      It != DM.Decls.RestrictAt.end()) {
    OS << "restrict at ";
    for (const SourceLoc &L : It->second)
      Loc(L);
    OS << '\n';
  }
  for (const GlobalVariable *GV : C.Globals) {
    auto It = DM.Decls.Variables.find(GV->getName());
    if (It == DM.Decls.Variables.end())
      continue;
    OS << "variable " << GV->getName() << ' ';
    Loc(It->second.Name);
    for (const SourceText &D : It->second.Dims) {
      Loc(D.Loc);
      OS << '[' << D.Text << "] " << D.NotOwn;
    }
    OS << '\n';
  }
}

/// Appends the processor time (user and system) since the last lap to a
/// "phase N ms, ..." list: what a check costs, apart from what else the
/// machine runs meanwhile.
class PhaseTimer {
public:
  explicit PhaseTimer(std::string &Out) : Out(Out) { Out.clear(); }
  void lap(StringRef Phase) {
    double Now = cpuSeconds();
    Out += formatv("{0}{1} {2} ms", Out.empty() ? "" : ", ", Phase,
                   static_cast<long>((Now - Last) * 1000))
               .str();
    Last = Now;
  }

private:
  static double cpuSeconds() {
    TimeRecord T = TimeRecord::getCurrentTime(/*Start=*/false);
    return T.getUserTime() + T.getSystemTime();
  }
  std::string &Out;
  double Last = cpuSeconds();
};

/// Opts, with each kernel's accesses (as the editor's hover shows them,
/// priced on Opts.Gpu) handed to Keep from the analyses its rules see; Keep
/// may be called from several threads.
CheckOptions withHovers(const CheckOptions &Opts, const ArchProfile &Arch,
                        std::function<void(std::vector<AccessHover>)> Keep) {
  const GpuProfile *Gpu = expectedToOptional(selectGpu(Opts.Gpu, Arch)).value_or(nullptr);
  CheckOptions Out = Opts;
  Out.OnKernel = [Then = Opts.OnKernel, Gpu, Keep = std::move(Keep)](const KernelFacts &K) {
    if (Then)
      Then(K);
    Keep(accessHovers(K, Gpu));
  };
  return Out;
}

} // namespace

FileResult checkIncrementally(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                              StringRef Path, KernelResultCache &Cache,
                              function_ref<bool()> Stale) {
  Cache.Hits = Cache.Misses = 0;
  Cache.Accesses.clear();
  PhaseTimer Timer(Cache.Phases);
  if (isSassListing(Path))
    return checkFile(CL, std::move(FO), Opts, Path);
  FileResult R;
  R.Input = Path.str();
  auto CA = configAndArch(CL, Opts, Path);
  if (!CA) {
    R.Error = toString(CA.takeError());
    return R;
  }
  const WarplintConfig &Config = *CA->first;
  const ArchProfile &Arch = *CA->second;
  FO.Arch = Arch.Name.str();
  FO.Optimize = false;
  Expected<DeviceModule> Loaded = loadInput(Path, FO);
  if (!Loaded) {
    R.Error = toString(Loaded.takeError());
    return R;
  }
  DeviceModule &DM = *Loaded;
  Timer.lap("compile");
  if (DM.Frontend != "cuda") {
    // PTX and IR come optimized from their frontends: check them whole.
    std::mutex AccessesLock; // checkModule may analyze kernels on several threads.
    CheckOptions KernelOpts = withHovers(Opts, Arch, [&](std::vector<AccessHover> H) {
      std::lock_guard<std::mutex> G(AccessesLock);
      Cache.Accesses.insert(Cache.Accesses.end(), H.begin(), H.end());
    });
    R.Findings = checkModule(DM, Arch, Config, KernelOpts, R.Notes);
    addDroppedCode(DM, R);
    return R;
  }
  if (Stale()) {
    R.Abandoned = true;
    return R;
  }

  // Fingerprint every kernel; find those not in the cache.
  SourceCache Sources(DM);
  const LaunchEntry *Defaults = Config.Launch ? &*Config.Launch : nullptr;
  std::string Common = commonFingerprint(Arch, Config, DM);
  IrFingerprinter Printer(*DM.M);
  std::vector<std::pair<const Function *, std::string>> Kernels;
  std::vector<size_t> ToAnalyze; ///< Indices into Kernels.
  SetVector<const Function *> SliceFunctions;
  for (const Function &F : *DM.M) {
    if (!kernelToCheck(DM, F, Opts))
      continue;
    CallClosure C = callClosure(F);
    std::string Text = Common;
    Printer.describe(C, Text);
    describeLaunch(resolveLaunch(DM, F, Opts.Launches, Defaults), Text);
    describeSource(C, DM, Sources, Text);
    Kernels.emplace_back(&F, fingerprintHash(Text));
    if (!Cache.Entries.count(Kernels.back().second)) {
      ToAnalyze.push_back(Kernels.size() - 1);
      SliceFunctions.insert(C.Functions.begin(), C.Functions.end());
    }
  }
  Cache.Misses = ToAnalyze.size();
  Timer.lap("fingerprint");
  Cache.Hits = Kernels.size() - ToAnalyze.size();

  // Optimize and analyze the others in a module that defines only them.
  StringMap<KernelResultCache::Entry> Fresh;
  if (!ToAnalyze.empty()) {
    DeviceModule Slice = sliceModule(DM, SliceFunctions.getArrayRef());
    Expected<std::unique_ptr<TargetMachine>> TM = createNvptxTargetMachine(DM.Arch);
    if (!TM) {
      R.Error = toString(TM.takeError());
      return R;
    }
    // As a whole-file check does (CudaFrontend): the toolkit's libdevice.
    if (StringRef Mode = DM.HeaderMode; Mode.consume_front("sdk:")) {
      Slice.M->setDataLayout((*TM)->createDataLayout());
      if (Expected<unsigned> Linked = linkLibdevice(*Slice.M, findLibdevice(Mode)); !Linked)
        consumeError(Linked.takeError());
    }
    optimizeForNvptx(*Slice.M, **TM);
    Timer.lap("optimize");
    std::vector<std::unique_ptr<Rule>> Rules = createRules(Config);
    SourceCache SliceSources(Slice);
    // Each kernel's accesses for hovers, kept with its findings.
    KernelResultCache::Entry *Current = nullptr;
    CheckOptions KernelOpts = withHovers(Opts, Arch, [&](std::vector<AccessHover> H) {
      if (Current)
        Current->Accesses = std::move(H);
    });
    for (size_t I : ToAnalyze) {
      if (Stale())
        break;
      const auto &[F, Key] = Kernels[I];
      const Function *G = Slice.M->getFunction(F->getName());
      KernelResultCache::Entry &E = Fresh[Key];
      Current = &E;
      if (G && !G->isDeclaration()) {
        FindingSink Sink = [&](Finding X) { E.Findings.push_back(std::move(X)); };
        checkKernel(Slice, *G, Rules, Arch, Config, KernelOpts, /*Ptxas=*/nullptr, SliceSources,
                    Sink, E.Notes);
      }
    }
  }

  if (!ToAnalyze.empty())
    Timer.lap("analyze");

  // Kept: this check's kernels; a check cut short keeps the old ones too.
  bool Cut = Stale();
  StringMap<KernelResultCache::Entry> Next;
  std::vector<Finding> All;
  std::vector<AccessHover> Accesses;
  for (const auto &[F, Key] : Kernels) {
    auto It = Fresh.find(Key);
    const KernelResultCache::Entry *E = nullptr;
    if (It != Fresh.end())
      E = &(Next[Key] = std::move(It->second));
    else if (auto Old = Cache.Entries.find(Key); Old != Cache.Entries.end())
      E = &(Next[Key] = Old->second);
    if (!E)
      continue;
    All.insert(All.end(), E->Findings.begin(), E->Findings.end());
    R.Notes.insert(R.Notes.end(), E->Notes.begin(), E->Notes.end());
    Accesses.insert(Accesses.end(), E->Accesses.begin(), E->Accesses.end());
  }
  if (Cut) {
    for (auto &Old : Cache.Entries)
      Next.try_emplace(Old.getKey(), std::move(Old.getValue()));
    Cache.Entries = std::move(Next);
    R.Abandoned = true;
    return R;
  }
  Cache.Entries = std::move(Next);
  Cache.Accesses = std::move(Accesses);
  std::vector<const Function *> Checked;
  for (const auto &K : Kernels)
    Checked.push_back(K.first);
  R.Findings = finishFindings(std::move(All), Sources, kernelDeclarations(Checked, Sources),
                              {DM.Path});
  addDroppedCode(DM, R);
  Timer.lap("finish");
  return R;
}

} // namespace warplint
