//===- LaunchWork.cpp - A launch's work, access by access -----------------===//
#include "analyzer/time/LaunchWork.h"

#include "llvm/Support/FormatVariadic.h"

#include "analyzer/AccessPatterns.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/arch/ArchProfile.h"
#include "analyzer/time/LoadOverlap.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;

namespace warplint {
namespace {

/// Of the sectors a buffer's loads request beyond its distinct sectors (a
/// sector read again), the part L1 does not keep (docs/time.md).
constexpr double ReuseL1Miss = 0.5;
/// Of local-memory sectors, the part that leaves L1 (spills are mostly hits).
constexpr double LocalL1Miss = 0.5;

bool isGlobal(unsigned Space) { return Space == AS_Global || Space == AS_Generic; }

/// The pointer parameter or variable a global access's address is based on.
std::string bufferOf(const MemoryAccess &A) {
  for (const IrAccess &S : A.Sites) {
    const Value *Base = getUnderlyingObject(S.Pointer, 12);
    if (const auto *Arg = dyn_cast<Argument>(Base))
      return Arg->getName().str();
    if (const auto *GV = dyn_cast<GlobalVariable>(Base))
      return GV->getName().str();
  }
  return "";
}

/// The part of a launch's footprint L2 still holds from the launch before:
/// all of it up to GpuProfile::WarmL2Full of L2, none from WarmL2None on.
double warmL2Share(double FootprintBytes, const GpuProfile &G) {
  double Full = G.WarmL2Full * G.L2Bytes, None = G.WarmL2None * G.L2Bytes;
  if (FootprintBytes <= Full)
    return 1;
  if (FootprintBytes >= None || None <= Full)
    return 0;
  return (None - FootprintBytes) / (None - Full);
}

BufferFootprint *findBuffer(std::vector<BufferFootprint> &Buffers, StringRef Name) {
  for (BufferFootprint &B : Buffers)
    if (B.Known && B.Name == Name)
      return &B;
  return nullptr;
}

} // namespace

double linesPerSector(std::optional<int64_t> StrideBytes, const ArchProfile &Arch) {
  double Full = double(Arch.SectorBytes) / Arch.LineBytes;
  if (!StrideBytes)
    return Full;
  double Apart = std::fabs(double(*StrideBytes));
  if (Apart <= Arch.SectorBytes)
    return Full;
  return std::min(1.0, Apart / Arch.LineBytes);
}

std::vector<SiteWork *> LaunchWork::sitesAt(const SourceLoc &Loc) {
  std::vector<SiteWork *> Out;
  for (SiteWork &S : Sites)
    if (!S.Spill && S.Loc.File == Loc.File && S.Loc.Line == Loc.Line &&
        (!Loc.Column || S.Loc.Column == Loc.Column))
      Out.push_back(&S);
  return Out;
}

void LaunchWork::makeIdeal(SiteWork &S) {
  double Saved = S.Cost - S.Ideal;
  if (Saved <= 0)
    return;
  if (isGlobal(S.Space) && !S.SharesSectors)
    if (BufferFootprint *B = findBuffer(Buffers, S.Buffer)) {
      // The sectors the buffer's accesses of S's kind request per distinct
      // sector: a sector only S touched leaves with S's extra sectors.
      double Requested = 0;
      for (const SiteWork &O : Sites)
        if (O.Buffer == S.Buffer && O.Store == S.Store && isGlobal(O.Space))
          Requested += O.Cost;
      double &Distinct = S.Store ? B->WrittenSectors : B->ReadSectors;
      double Reuse = Distinct > 0 ? std::max(1.0, Requested / Distinct) : 1;
      Distinct = std::max(0.0, Distinct - Saved / Reuse);
    }
  S.Cost = S.Ideal;
  // At its ideal the lanes' sectors fill whole lines.
  S.LinesPerSector = std::min(S.LinesPerSector, double(SectorBytes) / LineBytes);
}

void LaunchWork::remove(SiteWork &S) {
  S.Requests = 0;
  S.Cost = 0;
  S.Ideal = 0;
}

bool LaunchWork::removeSpills() {
  bool Any = false;
  for (SiteWork &S : Sites)
    if (S.Spill) {
      WarpInstructions -= S.Requests;
      remove(S);
      Any = true;
    }
  return Any;
}

void addSpills(LaunchWork &W, const SpillEstimate &S) {
  if (!W.Known || (S.Stores <= 0 && S.Loads <= 0))
    return;
  double Warps = W.Blocks * W.WarpsPerBlock;
  if (S.Peak)
    if (auto It = W.BlockWarps.find(S.Peak->getParent()); It != W.BlockWarps.end())
      Warps = It->second;
  // A warp's 4-byte spill of one register is one 128-byte line.
  double SectorsPerRequest = double(W.LineBytes) / W.SectorBytes;
  for (bool Store : {true, false}) {
    SiteWork Site;
    Site.Loc = S.Loc;
    Site.Space = AS_Local;
    Site.Store = Store;
    Site.Spill = true;
    Site.Requests = Warps * (Store ? S.Stores : S.Loads);
    Site.Cost = Site.Requests * SectorsPerRequest;
    Site.Ideal = 0;
    // What reaches L2 (the stores: spill loads hit L1) is served at the rate
    // of one-sector requests: chosen on the fit half's two spill pairs,
    // whose Nsight Compute profiles show L2 85-95% busy at twice the
    // bandwidth their bytes need; the held-back pair checks it.
    Site.LinesPerSector = 1;
    W.WarpInstructions += Site.Requests;
    W.Sites.push_back(std::move(Site));
  }
}

KernelWork LaunchWork::kernelWork(const GpuProfile &G) const {
  KernelWork W;
  W.Blocks = Blocks;
  W.WarpsPerBlock = WarpsPerBlock;
  W.BlocksPerSM = BlocksPerSM;
  W.SectorBytes = SectorBytes;
  W.WarpInstructions = WarpInstructions;
  W.MufuInstructions = MufuInstructions;
  W.TensorFlops = TensorFlops;
  double Warps = std::max(1.0, Blocks * WarpsPerBlock);
  W.BarriersPerWarp = BarrierWarps / Warps;
  // What each buffer's accesses request, to set against its footprint.
  struct Requested {
    double Loads = 0, Stores = 0; ///< Sectors.
    double LoadLines = 0, StoreLines = 0; ///< The lines they are requested in.
    /// Of the loads' sectors, those of sites whose sectors no other access of
    /// the same warp reads (their re-reads are far apart in time).
    double Apart = 0;
    /// The sectors loads beyond their ideal that another access of the same
    /// warp has just brought into L1 (the next field of a structure, a
    /// misaligned load's neighbour): L1 hits.
    double NearExtra = 0;
  };
  std::map<std::string, Requested> ByBuffer;
  std::vector<std::pair<double, const SiteWork *>> LoadRounds;
  double FootprintBytes = 0;
  for (const BufferFootprint &B : Buffers)
    if (B.Known)
      FootprintBytes += (B.ReadSectors + B.WrittenSectors) * SectorBytes;
  for (const SiteWork &S : Sites) {
    switch (S.Space) {
    case AS_Shared:
      W.SharedWavefronts += S.Cost;
      continue;
    case AS_Const:
      W.ConstantPasses += S.Cost;
      continue;
    case AS_Local:
      W.GlobalRequests += S.Requests;
      W.L1Sectors += S.Cost;
      W.L1Lines += S.Cost * S.LinesPerSector;
      W.L2Sectors += S.Cost * LocalL1Miss;
      W.L2Lines += S.Cost * LocalL1Miss * S.LinesPerSector;
      continue;
    default:
      break;
    }
    W.GlobalRequests += S.Requests;
    W.L1Sectors += S.Cost;
    W.L1Lines += S.Cost * S.LinesPerSector;
    Requested &R = ByBuffer[S.Buffer];
    if (!S.Store && !S.SharesSectors && !S.ReadsNear)
      R.Apart += S.Cost;
    if (!S.Store && S.SharesSectors)
      R.NearExtra += std::max(0.0, S.Cost - S.Ideal);
    (S.Store ? R.Stores : R.Loads) += S.Cost;
    (S.Store ? R.StoreLines : R.LoadLines) += S.Cost * S.LinesPerSector;
    if (!S.Store) {
      // The loads of independent iterations wait together, LoadsInFlight at
      // a time; a warp that runs the load at all waits for it once.
      double PerWarp = S.Requests / Warps;
      double Rounds = S.OverlapsIterations && G.LoadsInFlight > 1
                          ? std::max(std::min(PerWarp, 1.0), PerWarp / G.LoadsInFlight)
                          : PerWarp;
      LoadRounds.push_back({Rounds, &S});
    }
  }
  // A buffer the counts know: its distinct sectors come from DRAM once; a
  // sector read again misses L1 half the time, and comes from DRAM again as
  // far as the launch's footprint exceeds L2. One they do not: every sector
  // requested.
  double L2Miss = FootprintBytes > G.L2Bytes ? 1 - G.L2Bytes / FootprintBytes : 0;
  // Of each known buffer's reads that reach L2, the part DRAM serves (cold).
  std::map<std::string, double> ReadDramShare;
  for (const auto &[Name, R] : ByBuffer) {
    auto It = llvm::find_if(Buffers, [&, &Name = Name](const BufferFootprint &B) {
      return B.Known && B.Name == Name;
    });
    if (It == Buffers.end()) {
      W.L2Sectors += R.Loads + R.Stores;
      W.L2Lines += R.LoadLines + R.StoreLines;
      W.DramBytes += (R.Loads + R.Stores) * SectorBytes;
      continue;
    }
    double ReadAgain = std::max(0.0, R.Loads - It->ReadSectors);
    double L2Reads = It->ReadSectors + std::max(0.0, ReadAgain - R.NearExtra) * ReuseL1Miss;
    W.L2Sectors += L2Reads + R.Stores;
    // The sectors L2 sees, in the lines per sector of the buffer's loads and
    // of its stores.
    W.L2Lines += (R.Loads > 0 ? L2Reads * R.LoadLines / R.Loads : 0) + R.StoreLines;
    // A sector read again by an access beside it (the next field, the
    // stencil's neighbour) is still in L2; one a far warp reads again is
    // not, as far as the footprint exceeds L2.
    double FarShare = R.Loads > 0 ? R.Apart / R.Loads : 0;
    double Reads = It->ReadSectors + ReadAgain * FarShare * L2Miss;
    W.DramBytes += (Reads + It->WrittenSectors) * SectorBytes;
    ReadDramShare[Name] = L2Reads > 0 ? std::min(1.0, Reads / L2Reads) : 0;
  }
  // Warm: what the launch before left in L2 (the same kernel run again, or
  // the one that wrote these buffers) serves a footprint that fits.
  W.FootprintBytes = FootprintBytes;
  W.ColdDramBytes = W.DramBytes;
  // Cold (given): nothing of the inputs is in L2 when the launch starts.
  W.WarmL2Share = L2 == L2State::Cold ? 0 : warmL2Share(FootprintBytes, G);
  if (L2 == L2State::Cold)
    W.ColdGiven = L2Source.empty() ? "given" : L2Source;
  W.DramBytes *= 1 - W.WarmL2Share;
  // The rounds a warp waits for: those of the load whose rounds take
  // longest, each as long as its own buffer's source (a read-modify-write's
  // reload comes from L2, the stream it adds from DRAM).
  double Longest = -1;
  for (const auto &[Rounds, S] : LoadRounds) {
    auto It = ReadDramShare.find(S->Buffer);
    double Share = It == ReadDramShare.end() ? -1 : It->second * (1 - W.WarmL2Share);
    double Ns = G.L2LatencyNs + std::max(Share, 0.0) * (G.DramLatencyNs - G.L2LatencyNs);
    if (Rounds * Ns > Longest) {
      Longest = Rounds * Ns;
      W.LoadRoundsPerWarp = Rounds;
      W.RoundDramShare = Share;
    }
  }
  return W;
}

LaunchWork launchWork(const StateSpaces &Spaces, const AccessPatterns &P,
                      const ArchProfile &Arch, unsigned BlocksPerSM) {
  LaunchWork L;
  const KernelTotals &T = P.totals();
  const LaunchConfig &Launch = P.launch();
  L.L2 = Launch.L2;
  L.L2Source = Launch.L2Source;
  if (!T.Known || !Launch.Grid) {
    L.Why = !Launch.Grid ? "the grid is unknown" : "no execution counts";
    return L;
  }
  L.Blocks = double(Launch.Grid->count());
  L.WarpsPerBlock = std::ceil(double(Launch.Block.count()) / Arch.WarpSize);
  L.SectorBytes = Arch.SectorBytes;
  L.LineBytes = Arch.LineBytes;
  L.BlocksPerSM = std::max(BlocksPerSM, 1u);
  L.WarpInstructions = T.SassInstructions;
  L.MufuInstructions = T.MufuInstructions;
  L.BarrierWarps = T.BarrierWarps;
  L.TensorFlops = T.TensorFlops;
  L.BlockWarps = T.BlockWarps;
  L.BlockSass = T.BlockSass;
  L.Buffers = T.Buffers;
  L.Assumptions = T.Assumptions;
  ArrayRef<MemoryAccess> Accesses = Spaces.accesses();
  std::vector<bool> Overlap = loadsOverlapIterations(Spaces);
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const Prediction &Pr = P.prediction(I);
    const AccessTotals &A = Pr.Totals;
    if (!A.Known) {
      const SourceLoc &Loc = Accesses[I].Loc;
      L.Why = Loc.valid() ? formatv("the access at line {0}:{1} has no execution count: {2}",
                                    Loc.Line, Loc.Column, A.Why)
                                .str()
                          : "an access has no execution count: " + A.Why;
      return L;
    }
    SiteWork S;
    S.Loc = Accesses[I].Loc;
    S.Space = Accesses[I].Space;
    S.Store = Accesses[I].Op != AccessOp::Load;
    S.Requests = A.Requests;
    S.Cost = A.Cost;
    S.Ideal = A.IdealCost;
    S.Buffer = isGlobal(S.Space) ? bufferOf(Accesses[I]) : "";
    S.SharesSectors = Pr.EveryFieldUsed || Pr.SharesSectorsWith.valid();
    S.LinesPerSector = A.WorstCaseAssumed ? 1 : linesPerSector(Pr.StrideBytes, Arch);
    S.ReadsNear = Pr.SlidingWindow || Pr.Uniform || Pr.SectorsReadTwice;
    S.OverlapsIterations = Overlap[I];
    L.Sites.push_back(std::move(S));
  }
  L.Known = true;
  return L;
}

} // namespace warplint
