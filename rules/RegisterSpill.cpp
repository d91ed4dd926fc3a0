//===- RegisterSpill.cpp - register-spill ---------------------------------===//
#include "rules/RegisterSpill.h"

#include "analyzer/time/LaunchWork.h"

#include "rules/AccessMessages.h"
#include "rules/KernelResources.h"

#include "llvm/Support/FormatVariadic.h"

#include <set>

using namespace llvm;

namespace warplint {

RegisterSpillRule::RegisterSpillRule(const RuleOptions &Opts) : Rule("register-spill", Opts) {}

namespace {

/// How to give ptxas the Needed registers, by where the cap comes from.
std::string relaxCap(const KernelFacts &K, unsigned Needed) {
  const RegisterCap &Cap = K.Registers.cap();
  StringRef Source = Cap.Source;
  if (Source.starts_with("__launch_bounds__")) {
    LaunchBounds B = readLaunchBounds(K.Kernel);
    if (B.MinBlocks > 1) {
      unsigned One = maxRegistersForBlocks(K.Arch, B.MaxThreads, 1);
      if (One > Cap.Registers)
        return formatv("relax {0} to __launch_bounds__({1}, 1), which allows {2} registers",
                       Source, B.MaxThreads, One);
    }
    unsigned Threads = B.MaxThreads;
    unsigned Regs = Cap.Registers;
    while (Threads > K.Arch.WarpSize && Regs < Needed) {
      Threads /= 2;
      Regs = maxRegistersForBlocks(K.Arch, Threads, 1);
    }
    if (Threads < B.MaxThreads && Regs > Cap.Registers)
      return formatv("launch smaller blocks: __launch_bounds__({0}) allows {1} registers",
                     Threads, Regs);
    return "";
  }
  if (Source.starts_with("--maxrregcount"))
    return formatv("raise --maxrregcount to at least {0}", Needed);
  if (Source.starts_with("__maxnreg__"))
    return formatv("raise __maxnreg__ to at least {0}", Needed);
  return "";
}

/// The fix: fewer live values, or a cap that fits them.
std::string fixFor(const KernelFacts &K, unsigned Needed) {
  std::string Fix = "keep fewer values live at once (fewer accumulators or unrolled "
                    "elements per thread, recompute cheap values instead of keeping them)";
  std::string Relax = relaxCap(K, Needed);
  return Relax.empty() ? Fix : Fix + ", or " + Relax;
}

/// "acc from line 10 (64 registers), i from line 8 (1 register)".
std::string liveSummary(const RegisterPressure &R, unsigned Max = 3) {
  std::string S;
  unsigned N = 0;
  for (const LiveLine &L : R.liveAtPeak()) {
    if (N++ == Max)
      break;
    if (!S.empty())
      S += ", ";
    std::string What = L.Names.empty() ? std::string("values") : L.Names;
    if (L.Loc.valid())
      What += formatv(" from line {0}", L.Loc.Line).str();
    S += formatv("{0} ({1} register{2})", What, L.Registers, L.Registers == 1 ? "" : "s");
  }
  return S;
}

/// Notes at the peak and at the lines whose values are live there.
void addPeakNotes(const KernelFacts &K, Finding &F) {
  const RegisterPressure &R = K.Registers;
  if (R.peakLocation().valid())
    F.Notes.push_back({R.peakLocation(),
                       formatv("the peak: about {0} registers live here",
                               R.estimatedRegisters())});
  unsigned N = 0;
  for (const LiveLine &L : R.liveAtPeak()) {
    if (!L.Loc.valid())
      continue;
    if (N++ == 3)
      break;
    F.Notes.push_back({L.Loc, formatv("{0} register{1} live at the peak defined here{2}",
                                      L.Registers, L.Registers == 1 ? "" : "s",
                                      L.Names.empty() ? "" : " (" + L.Names + ")")});
  }
}

/// " at line 12" (" at FILE:12" when the peak is in another file, such as
/// a PTX listing without line info there); "" without a location.
std::string peakWhere(const KernelFacts &K, const SourceLoc &At) {
  const SourceLoc &P = K.Registers.peakLocation();
  if (!P.valid())
    return "";
  if (At.valid() && At.File != P.File)
    return formatv(" at {0}:{1}", P.File, P.Line).str();
  return formatv(" at line {0}", P.Line).str();
}

} // namespace

void RegisterSpillRule::check(const KernelFacts &K, const FindingSink &Out) const {
  const RegisterPressure &R = K.Registers;
  const RegisterCap &Cap = R.cap();
  SourceLoc Loc = kernelOrPeakLocation(K);
  std::string Peak = peakWhere(K, Loc);
  std::string Live = liveSummary(R);
  // ptxas's report for every kernel (--ptxas=clang) overrules the estimate
  // both ways; nvcc's device compile is asked for only when the estimate is
  // about to claim a spill.
  const PtxasFunctionInfo *Verdict = K.Ptxas && K.Ptxas->HasUsage ? K.Ptxas : nullptr;
  if (!Verdict && R.spillRisk())
    Verdict = K.verdict();
  if (Verdict) {
    const PtxasFunctionInfo &P = *Verdict;
    if (!P.spills()) {
      if (R.spillRisk())
        Out(make(K, Loc,
                 formatv("{0}the estimate of about {1} registers{2} exceeds the cap of {3} "
                         "from {4}, but {5} fits the kernel in {6} registers without "
                         "spilling: no spill",
                         kernelPrefix(K), R.estimatedRegisters(), Peak, Cap.Registers,
                         Cap.Source, P.by(), P.Registers),
                 Severity::Note));
      return;
    }
    Finding F = make(
        K, Loc,
        formatv("{0}{1} spills {2} bytes of stores and {3} bytes of loads per thread to "
                "local memory under the cap of {4} registers from {5}: about {6} registers "
                "are live{7}{8}; every spilled value is a round trip through L1 to local "
                "memory that a register would not cost; {9}",
                kernelPrefix(K), P.by(), P.SpillStoreBytes, P.SpillLoadBytes, Cap.Registers,
                Cap.Source, R.estimatedRegisters(), Peak,
                Live.empty() ? "" : " (" + Live + ")",
                fixFor(K, R.estimatedRegisters())));
    F.Notes.push_back({F.Loc, P.summary()});
    addPeakNotes(K, F);
    Confirmation C;
    C.Metric = "ptxas_spill_store_bytes";
    C.Measured = double(P.SpillStoreBytes);
    C.Contradicted = !R.spillRisk(); // The prediction said no spill.
    F.Confirmed = C;
    Out(std::move(F));
    return;
  }
  if (!R.spillRisk())
    return;
  // Without ptxas's verdict: how far above the cap the estimate is.
  double Margin = Cap.Registers ? double(R.estimatedRegisters()) / Cap.Registers : 1;
  Finding F = make(K, Loc,
                   formatv("{0}about {1} registers live{2} exceed the cap of {3} from {4}: "
                           "ptxas will likely spill{5}{6}; spilled values go to local "
                           "memory, a round trip through L1 for each use; {7}",
                           kernelPrefix(K), R.estimatedRegisters(), Peak, Cap.Registers,
                           Cap.Source, estimateNote(K, estimateConfidence(Margin)),
                           Live.empty() ? "" : "; live there: " + Live,
                           fixFor(K, R.estimatedRegisters())));
  addPeakNotes(K, F);
  Out(std::move(F));
}

bool RegisterSpillRule::modelFix(const KernelFacts &, const Finding &, LaunchWork &W) const {
  return W.removeSpills();
}

void RegisterSpillRule::checkSass(const SassFacts &K, const FindingSink &Out) const {
  const SassFunction &Fn = K.Function;
  unsigned Spills = Fn.spillInstructions();
  if (!Spills)
    return;
  uint64_t Stored = 0, Loaded = 0;
  for (const SassMemoryAccess &A : Fn.Accesses)
    if (A.IsSpill)
      (A.Op == SassMemOp::Store ? Stored : Loaded) += A.Bytes;
  unsigned InLoops = Fn.spillInstructionsInLoops();
  const SassMemoryAccess *First =
      firstSassAccess(Fn, [](const SassMemoryAccess &A) { return A.IsSpill; });
  std::string Where =
      InLoops ? formatv("{0} of them inside loops, executed on every iteration", InLoops).str()
              : std::string("none inside a loop");
  std::string Regs =
      Fn.Registers ? formatv(" at {0} registers per thread", *Fn.Registers).str() : "";
  Finding F = make(K, sassLocation(K, Fn.instruction(*First)),
                   formatv("kernel '{0}': {1} spill instruction{2} (STL/LDL of stack slots: "
                           "{3} bytes stored and {4} bytes loaded per thread), {5}: ptxas ran "
                           "out of registers{6} and each spill is a round trip through L1 to "
                           "local memory; keep fewer values live at once, or raise the "
                           "register cap (__launch_bounds__ with fewer blocks or threads, "
                           "--maxrregcount)",
                           K.Name, Spills, Spills == 1 ? "" : "s", Stored, Loaded, Where, Regs));
  // Other source lines with spills inside loops (listings with line info).
  std::set<std::pair<std::string, unsigned>> Seen{{F.Loc.File, F.Loc.Line}};
  for (const SassMemoryAccess &A : Fn.Accesses) {
    if (!A.IsSpill || !Fn.inLoop(A) || !Fn.instruction(A).Source.valid() || Seen.size() > 3)
      continue;
    SourceLoc L = sassLocation(K, Fn.instruction(A));
    if (Seen.insert({L.File, L.Line}).second)
      F.Notes.push_back({L, formatv("spills inside a loop here ({0})",
                                    Fn.instruction(A).Opcode)});
  }
  Out(std::move(F));
}

} // namespace warplint
