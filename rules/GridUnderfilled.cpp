//===- GridUnderfilled.cpp - grid-underfilled -----------------------------===//
#include "rules/GridUnderfilled.h"

#include "analyzer/Occupancy.h"
#include "analyzer/arch/GpuProfile.h"
#include "rules/AccessMessages.h"
#include "rules/KernelResources.h"
#include "rules/LaunchFails.h"
#include "rules/LoopFacts.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

GridUnderfilledRule::GridUnderfilledRule(const RuleOptions &Opts)
    : Rule("grid-underfilled", Opts), Efficiency(Opts.number("efficiency", 80)),
      SMs(unsigned(std::max(0.0, Opts.number("sms", 0)))) {}

namespace {

bool isGridDim(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return true;
  default:
    return false;
  }
}

/// True when V is computed from gridDim through arithmetic, casts and
/// address computations (not through loads or phis), within Depth steps.
bool readsGridDim(const Value *V, unsigned Depth) {
  if (isGridDim(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == 0 || isa<PHINode>(I) || isa<LoadInst>(I) || isa<CallBase>(I))
    return false;
  for (const Value *Op : I->operands())
    if (readsGridDim(Op, Depth - 1))
      return true;
  return false;
}

/// The first loop of F whose induction variable steps by an amount read
/// from gridDim (a grid-stride loop); null when none does.
const Loop *gridStrideLoop(const LoopFacts &Loops) {
  for (const Loop *L : Loops.loops().getLoopsInPreorder()) {
    const BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      continue;
    for (const PHINode &P : L->getHeader()->phis()) {
      const Value *Next = P.getIncomingValueForBlock(Latch);
      const auto *Step = dyn_cast_or_null<Instruction>(Next);
      if (!Step)
        continue;
      for (const Value *Op : Step->operands())
        if (Op != &P && readsGridDim(Op, 8))
          return L;
    }
  }
  return nullptr;
}

/// The bytes each thread's iteration of the grid-stride loop L loads from
/// global memory: every global load of the source whose IR sits in L itself
/// (not in a nested loop), counted once however Clang unrolled it (nvcc's
/// unrolling of the loop may differ).
uint64_t loadBytesPerIteration(const KernelFacts &K, const Loop &L) {
  uint64_t Bytes = 0;
  for (const MemoryAccess &A : K.Spaces.accesses())
    if (A.Op == AccessOp::Load && isGlobalAccess(A) &&
        any_of(A.Sites, [&](const IrAccess &S) { return K.Loops.loopOf(*S.Inst) == &L; }))
      Bytes += A.Bytes;
  return Bytes;
}

/// True when a one-wave launch of Blocks blocks of Threads threads already
/// keeps the GPU's memory busy: every SM has a block, the blocks of an SM
/// issue loads enough to hide DRAM's latency at its bandwidth (Little's law:
/// bytes in flight per SM >= the bandwidth per SM x the latency, each thread
/// with one iteration's loads in flight) and warps enough to keep the
/// schedulers issuing. More blocks would then not make the loop faster
/// (tests/hardware/h200/gridfill.csv).
bool saturatesMemory(const KernelFacts &K, const Loop &L, uint64_t Blocks, unsigned SMs,
                     unsigned Threads) {
  const GpuProfile *G = defaultGpu(K.Arch);
  uint64_t PerIteration = loadBytesPerIteration(K, L);
  if (!G || Blocks < SMs || PerIteration == 0)
    return false;
  // The fewest blocks an SM gets.
  double ThreadsPerSM = double(Blocks / SMs) * Threads;
  double InFlight = ThreadsPerSM * double(PerIteration);
  double Needed = G->DramGBs * G->DramLatencyNs / G->SMs; // GB/s x ns = bytes.
  double Warps = ThreadsPerSM / K.Arch.WarpSize;
  return InFlight >= Needed && Warps >= G->IssuePerClk * G->DependentIssueClk;
}

} // namespace

bool GridUnderfilledRule::modelFix(const KernelFacts &K, const Finding &,
                                   LaunchWork &W) const {
  // The kernel's own launch: a finding about another host launch of it is
  // priced at this one (the note names the launch).
  double Full = double(SMs ? SMs : K.Arch.SMs) * W.BlocksPerSM;
  if (W.Blocks >= Full)
    return false;
  W.Blocks = Full;
  return true;
}

void GridUnderfilledRule::check(const KernelFacts &K, const FindingSink &Out) const {
  const Loop *Stride = gridStrideLoop(K.Loops);
  if (!Stride)
    return;
  unsigned GpuSMs = SMs ? SMs : K.Arch.SMs;
  std::string Gpu = SMs ? formatv("a GPU of {0} SMs", SMs).str()
                        : formatv("the {0}", K.Arch.ReferenceGpu).str();
  unsigned LoopLine = LoopFacts::headerLine(*Stride);
  SourceLoc Loc = kernelOrPeakLocation(K);
  for (const LaunchCheckInput &In : launchesToCheck(K)) {
    if (!In.Grid || In.Cooperative || !checkLaunch(K.Arch, In).empty())
      continue;
    OccupancyResult O = launchOccupancy(K.Arch, In);
    if (O.BlocksPerSM == 0)
      continue;
    uint64_t Resident = uint64_t(GpuSMs) * O.BlocksPerSM;
    uint64_t Blocks = In.Grid->count();
    uint64_t Waves = (Blocks + Resident - 1) / Resident;
    double Busy = 100.0 * Blocks / double(Waves * Resident);
    if (Busy >= Efficiency)
      continue;
    // A single wave that already saturates DRAM bandwidth: a bandwidth-bound
    // loop runs no faster with more blocks.
    if (Waves == 1 && saturatesMemory(K, *Stride, Blocks, GpuSMs, In.Block.count()))
      continue;
    std::string Loop = LoopLine ? formatv(" (the loop at line {0})", LoopLine).str() : "";
    std::string What =
        formatv("{0} blocks where {1} holds {2} at once ({3} SMs x {4} blocks of {5} threads "
                "per SM)",
                Blocks, Gpu, Resident, GpuSMs, O.BlocksPerSM, In.Block.count())
            .str();
    if (Waves == 1) {
      What += formatv(": {0:F0}% of the GPU busy, ", Busy).str();
      What += Blocks < GpuSMs
                  ? formatv("{0} of its {1} SMs without a block", GpuSMs - Blocks, GpuSMs).str()
                  : formatv("{0:F1} blocks per SM where {1} fit", double(Blocks) / GpuSMs,
                            O.BlocksPerSM)
                        .str();
    } else {
      uint64_t Last = Blocks - (Waves - 1) * Resident;
      What += formatv(": {0} waves, the last of {1} blocks ({2:F0}% of the GPU), so the GPU is "
                      "{3:F0}% busy over the launch",
                      Waves, Last, 100.0 * Last / Resident, Busy)
                  .str();
    }
    uint64_t Fill = Waves == 1 ? Resident : (Blocks / Resident) * Resident;
    Out(make(K, Loc,
             formatv("kernel '{0}': {1} runs a grid-stride loop{2}, whose parallelism the grid "
                     "sets, with {3}; launch grid({4}) ({5} SMs x {6} blocks per SM{7}; at run "
                     "time, multiProcessorCount x cudaOccupancyMaxActiveBlocksPerMultiprocessor)",
                     In.Kernel, In.Origin, Loop, What, Fill, GpuSMs, O.BlocksPerSM,
                     Fill / Resident > 1 ? formatv(" x {0} waves", Fill / Resident).str() : "")
                 .str()));
  }
}

} // namespace warplint
