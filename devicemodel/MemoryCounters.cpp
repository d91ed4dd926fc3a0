//===- MemoryCounters.cpp - Nsight Compute's memory counters --------------===//
#include "devicemodel/MemoryCounters.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <tuple>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

unsigned spaceIndex(unsigned Space) {
  switch (Space) {
  case AS_Global: return 0;
  case AS_Shared: return 1;
  case AS_Const: return 2;
  default: return 3;
  }
}
const unsigned SpaceOfIndex[] = {AS_Global, AS_Shared, AS_Const, AS_Local};

/// Distinct values of V[0, N); a bitset when they span little, else a sort.
unsigned distinct(uint64_t *V, unsigned N) {
  if (!N)
    return 0;
  uint64_t Lo = V[0], Hi = V[0];
  for (unsigned I = 1; I < N; ++I) {
    Lo = std::min(Lo, V[I]);
    Hi = std::max(Hi, V[I]);
  }
  if (Hi - Lo < 256) {
    uint64_t Bits[4] = {};
    for (unsigned I = 0; I < N; ++I)
      Bits[(V[I] - Lo) >> 6] |= uint64_t(1) << ((V[I] - Lo) & 63);
    return popcount(Bits[0]) + popcount(Bits[1]) + popcount(Bits[2]) + popcount(Bits[3]);
  }
  std::sort(V, V + N);
  return std::unique(V, V + N) - V;
}

const char *opName(MemOp Op) {
  return Op == MemOp::Load ? "ld" : Op == MemOp::Store ? "st" : Op == MemOp::Atomic ? "atom" : "red";
}

/// The Nsight Compute names of one (space, op): its requests and its cost
/// (sectors, wavefronts, or constant replays).
struct SiteMetricNames {
  std::string Requests, Cost;
};

SiteMetricNames siteMetricNames(unsigned Space, MemOp Op) {
  std::string O = opName(Op);
  switch (Space) {
  case AS_Global:
    return {"l1tex__t_requests_pipe_lsu_mem_global_op_" + O + ".sum",
            "l1tex__t_sectors_pipe_lsu_mem_global_op_" + O + ".sum"};
  case AS_Local:
    return {"l1tex__t_requests_pipe_lsu_mem_local_op_" + O + ".sum",
            "l1tex__t_sectors_pipe_lsu_mem_local_op_" + O + ".sum"};
  case AS_Shared:
    return {"smsp__inst_executed_op_shared_" + O + ".sum",
            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + O + ".sum"};
  case AS_Const:
    return {"warplint__const_requests_op_" + O + ".sum",
            "sm__idc_divergent_instruction_replays.sum"};
  }
  return {};
}

/// Adds the metrics of one (space, op) to M.
void addMetrics(MetricMap &M, unsigned Space, MemOp Op, const AccessCounts &C, double Scale) {
  SiteMetricNames N = siteMetricNames(Space, Op);
  if (N.Requests.empty())
    return;
  auto Put = [&](const std::string &Name, double V) { M[Name] += V * Scale; };
  Put(N.Requests, C.Requests);
  switch (Space) {
  case AS_Global:
  case AS_Local:
    Put(N.Cost, C.Sectors);
    break;
  case AS_Shared:
    Put(N.Cost, C.Wavefronts);
    Put("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" + std::string(opName(Op)) +
            ".sum",
        C.Wavefronts - C.Phases);
    break;
  case AS_Const:
    Put(N.Cost, C.Passes - C.Requests);
    break;
  }
}

} // namespace

MemoryCostModel::MemoryCostModel(const ArchProfile &Arch)
    : Arch(Arch), SectorShift(Log2_32(Arch.SectorBytes)) {
  assert(isPowerOf2_32(Arch.SectorBytes) && "sector size must be a power of two");
}

unsigned MemoryCostModel::globalSectors(const MemoryEvent &E) const {
  // The hottest function of a run: one pass for the span of sectors, then a
  // bitset when they span fewer than 256 (a warp's request nearly always).
  unsigned Bytes = std::max(1u, E.Bytes);
  uint64_t Lo = ~uint64_t(0), Hi = 0;
  for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
    uint64_t Off = E.Offsets[countr_zero(MM)];
    Lo = std::min(Lo, Off >> SectorShift);
    Hi = std::max(Hi, (Off + Bytes - 1) >> SectorShift);
  }
  if (!E.Mask)
    return 0;
  if (Hi - Lo < 64) {
    // One word held in a register: each lane ORs in its run of sectors.
    uint64_t Bits = 0;
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      uint64_t Off = E.Offsets[countr_zero(MM)];
      uint64_t First = (Off >> SectorShift) - Lo, Last = ((Off + Bytes - 1) >> SectorShift) - Lo;
      Bits |= ((uint64_t(2) << (Last - First)) - 1) << First;
    }
    return popcount(Bits);
  }
  if (Hi - Lo < 256) {
    // Four words in registers (a select per word rather than a store and a
    // reload of the same word per lane).
    uint64_t B0 = 0, B1 = 0, B2 = 0, B3 = 0;
    for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
      uint64_t Off = E.Offsets[countr_zero(MM)];
      for (uint64_t X = (Off >> SectorShift) - Lo, Last = ((Off + Bytes - 1) >> SectorShift) - Lo;
           X <= Last; ++X) {
        uint64_t Bit = uint64_t(1) << (X & 63), Word = X >> 6;
        B0 |= Word == 0 ? Bit : 0;
        B1 |= Word == 1 ? Bit : 0;
        B2 |= Word == 2 ? Bit : 0;
        B3 |= Word == 3 ? Bit : 0;
      }
    }
    return popcount(B0) + popcount(B1) + popcount(B2) + popcount(B3);
  }
  uint64_t S[MaxLanes * 4];
  unsigned N = 0;
  for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
    uint64_t Off = E.Offsets[countr_zero(MM)];
    for (uint64_t X = Off >> SectorShift, Last = (Off + Bytes - 1) >> SectorShift;
         X <= Last && N < MaxLanes * 4; ++X)
      S[N++] = X;
  }
  return distinct(S, N);
}

unsigned MemoryCostModel::localSectors(const MemoryEvent &E) const {
  uint64_t S[MaxLanes * 4];
  unsigned N = 0;
  const unsigned Word = Arch.SharedBankBytes;
  for (uint32_t MM = E.Mask; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    uint64_t FirstW = E.Offsets[L] / Word, LastW = (E.Offsets[L] + E.Bytes - 1) / Word;
    for (uint64_t W = FirstW; W <= LastW && N < MaxLanes * 4; ++W) {
      uint64_t Phys = (W * Arch.WarpSize + L) * Word;
      S[N++] = Phys / Arch.SectorBytes;
    }
  }
  return distinct(S, N);
}

std::pair<unsigned, unsigned> MemoryCostModel::sharedWavefronts(const MemoryEvent &E) const {
  const unsigned Word = Arch.SharedBankBytes, Banks = Arch.SharedBanks;
  unsigned Bytes = std::max(1u, E.Bytes);
  // Lanes per phase: a phase serves at most SharedPhaseBytes.
  unsigned LanesPerPhase = Bytes <= Word ? Arch.WarpSize
                                         : std::max(1u, Arch.SharedPhaseBytes / Bytes);
  unsigned Wavefronts = 0, Phases = 0;
  for (unsigned Start = 0; Start < Arch.WarpSize; Start += LanesPerPhase) {
    uint32_t PhaseMask = E.Mask;
    if (LanesPerPhase < 32)
      PhaseMask &= ((uint32_t(1) << LanesPerPhase) - 1) << Start;
    if (!PhaseMask)
      continue;
    uint64_t Words[MaxLanes * 4];
    unsigned N = 0;
    for (uint32_t MM = PhaseMask; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      uint64_t FirstW = E.Offsets[L] / Word, LastW = (E.Offsets[L] + Bytes - 1) / Word;
      for (uint64_t W = FirstW; W <= LastW && N < MaxLanes * 4; ++W)
        Words[N++] = W;
    }
    N = distinct(Words, N);
    unsigned PerBank[64] = {};
    unsigned Max = 0;
    for (unsigned K = 0; K < N; ++K)
      Max = std::max(Max, ++PerBank[Words[K] % Banks % 64]);
    Wavefronts += Max;
    ++Phases;
  }
  return {Wavefronts, Phases};
}

unsigned MemoryCostModel::constantPasses(const MemoryEvent &E) const {
  uint64_t A[MaxLanes];
  unsigned N = 0;
  for (uint32_t MM = E.Mask; MM; MM &= MM - 1)
    A[N++] = E.Offsets[countr_zero(MM)];
  return distinct(A, N);
}

/// Counts for one block; folded into the kernel's in block order.
class CounterBlock : public BlockObserver {
public:
  CounterBlock(const MemoryCounters &Parent)
      : Parent(Parent), Counts(Parent.P.Sites.size() * 4) {}
  void onMemory(const MemoryEvent &E) override {
    AccessCounts &C = Counts[E.Site * 4 + spaceIndex(E.Space)];
    ++C.Requests;
    C.Lanes += popcount(E.Mask);
    switch (E.Space) {
    case AS_Global:
      C.Sectors += Parent.Model.globalSectors(E);
      break;
    case AS_Local:
      C.Sectors += Parent.Model.localSectors(E);
      break;
    case AS_Shared: {
      auto WP = Parent.Model.sharedWavefronts(E);
      C.Wavefronts += WP.first;
      C.Phases += WP.second;
      break;
    }
    case AS_Const:
      C.Passes += Parent.Model.constantPasses(E);
      break;
    }
  }
  void onBlockEnd(const BlockStats &S) override { Stats = S; }

  const MemoryCounters &Parent;
  std::vector<AccessCounts> Counts;
  BlockStats Stats;
};

std::unique_ptr<BlockObserver> MemoryCounters::startBlock(const BlockInfo &) {
  return std::make_unique<CounterBlock>(*this);
}

void MemoryCounters::finishBlock(std::unique_ptr<BlockObserver> B) {
  auto &CB = static_cast<CounterBlock &>(*B);
  if (Counts.empty())
    Counts.resize(P.Sites.size() * 4);
  for (size_t I = 0; I < Counts.size(); ++I) {
    AccessCounts &D = Counts[I];
    const AccessCounts &S = CB.Counts[I];
    D.Requests += S.Requests;
    D.Sectors += S.Sectors;
    D.Wavefronts += S.Wavefronts;
    D.Phases += S.Phases;
    D.Passes += S.Passes;
    D.Lanes += S.Lanes;
  }
  Stats.WarpInsts += CB.Stats.WarpInsts;
  Stats.ThreadInsts += CB.Stats.ThreadInsts;
}

MetricMap MemoryCounters::kernelMetrics(double Scale) const {
  MetricMap M;
  // Every headline metric exists, zero or not.
  for (const char *Op : {"ld", "st"}) {
    std::string O = Op;
    for (const char *Name :
         {"l1tex__t_requests_pipe_lsu_mem_global_op_", "l1tex__t_sectors_pipe_lsu_mem_global_op_",
          "smsp__inst_executed_op_shared_", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_",
          "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_",
          "l1tex__t_requests_pipe_lsu_mem_local_op_", "l1tex__t_sectors_pipe_lsu_mem_local_op_"})
      M[Name + O + ".sum"] = 0;
  }
  M["sm__idc_divergent_instruction_replays.sum"] = 0;
  for (size_t I = 0; I < Counts.size(); ++I)
    if (Counts[I].Requests)
      addMetrics(M, SpaceOfIndex[I % 4], MemOp(P.Sites[I / 4].OpKind), Counts[I], Scale);
  M["smsp__inst_executed.sum"] = double(Stats.WarpInsts) * Scale;
  M["smsp__thread_inst_executed.sum"] = double(Stats.ThreadInsts) * Scale;
  return M;
}

std::vector<SiteMetrics> MemoryCounters::siteMetrics(double Scale) const {
  std::map<std::tuple<std::string, unsigned, unsigned, unsigned, unsigned>, SiteMetrics> Keyed;
  for (size_t I = 0; I < Counts.size(); ++I) {
    const AccessCounts &C = Counts[I];
    if (!C.Requests)
      continue;
    const Site &S = P.Sites[I / 4];
    unsigned Space = SpaceOfIndex[I % 4];
    auto Key = std::make_tuple(S.Loc.File, S.Loc.Line, S.Loc.Column, Space, S.OpKind);
    SiteMetrics &SM = Keyed[Key];
    SM.Loc = S.Loc;
    SM.Space = Space;
    SM.Op = MemOp(S.OpKind);
    SM.Bytes = std::max(SM.Bytes, S.Bytes);
    addMetrics(SM.Metrics, Space, SM.Op, C, Scale);
  }
  std::vector<SiteMetrics> Out;
  for (auto &KV : Keyed)
    Out.push_back(std::move(KV.second));
  return Out;
}

double SiteMetrics::requests() const {
  auto It = Metrics.find(siteMetricNames(Space, Op).Requests);
  return It == Metrics.end() ? 0 : It->second;
}

std::optional<double> SiteMetrics::perRequest() const {
  double Requests = requests();
  if (Requests <= 0)
    return std::nullopt;
  auto It = Metrics.find(siteMetricNames(Space, Op).Cost);
  double Cost = It == Metrics.end() ? 0 : It->second;
  // Constant: one pass per distinct address = replays + 1 per request.
  return Space == AS_Const ? Cost / Requests + 1 : Cost / Requests;
}

} // namespace dm
} // namespace warplint
