//===- MemoryCounters.cpp - Nsight Compute's memory counters --------------===//
#include "devicemodel/MemoryCounters.h"

#include "analyzer/arch/MemoryCost.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
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

/// The op Nsight Compute counts an access of Op in Space under: shared
/// memory has no reduction instruction (an atomic whose result is unused is
/// an ATOMS writing RZ, counted as `atom`); global has RED.
MemOp countedOp(unsigned Space, MemOp Op) {
  return Space == AS_Shared && Op == MemOp::Reduction ? MemOp::Atomic : Op;
}

const char *opName(MemOp Op) {
  return Op == MemOp::Load ? "ld" : Op == MemOp::Store ? "st" : Op == MemOp::Atomic ? "atom" : "red";
}

/// The Nsight Compute names of one (space, op): its requests and its cost
/// (sectors, wavefronts, or constant replays).
struct SiteMetricNames {
  std::string Requests, Cost;
};

SiteMetricNames siteMetricNames(unsigned Space, MemOp Op, bool Bulk) {
  std::string O = opName(countedOp(Space, Op));
  // The pieces have no counter of their own in Nsight Compute (the L2 sees
  // them as requests among others'): warplint's name.
  if (Bulk)
    return {"warplint__tma_pieces_mem_global_op_ld.sum",
            "l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum"};
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
void addMetrics(MetricMap &M, unsigned Space, MemOp Op, bool Bulk, const AccessCounts &C,
                double Scale) {
  SiteMetricNames N = siteMetricNames(Space, Op, Bulk);
  if (N.Requests.empty())
    return;
  auto Put = [&](const std::string &Name, double V) { M[Name] += V * Scale; };
  Put(N.Requests, C.Requests);
  // Each lane's bulk copy is one instruction sent to the TMA.
  if (Bulk)
    Put("l1tex__tmain_requests.sum", C.Lanes);
  switch (Space) {
  case AS_Global:
  case AS_Local:
    Put(N.Cost, C.Sectors);
    break;
  case AS_Shared:
    Put(N.Cost, C.Wavefronts);
    Put("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" +
            std::string(opName(countedOp(Space, Op))) +
            ".sum",
        C.Wavefronts - C.Phases);
    break;
  case AS_Const:
    Put(N.Cost, C.Passes - C.Requests);
    break;
  }
}

} // namespace

/// Counts for one block; folded into the kernel's in block order.
class CounterBlock : public BlockObserver {
public:
  CounterBlock(const MemoryCounters &Parent)
      : Parent(Parent), Counts(Parent.P.Sites.size() * 4) {}
  void onMemory(const MemoryEvent &E) override {
    // A bulk copy is counted as its TMA reads it, not as its bytes move.
    if (Parent.P.Sites[E.Site].Bulk != E.TmaRead)
      return;
    // From sm_90 on an mbarrier operation is a SYNCS instruction, no LSU
    // shared access.
    if (Parent.P.Sites[E.Site].Mbarrier && !Parent.Arch.MbarrierOnLsu)
      return;
    AccessCounts &C = Counts[E.Site * 4 + spaceIndex(E.Space)];
    C.Lanes += popcount(E.Mask);
    // MemoryCost reads the active lanes' offsets in place.
    const WarpAddressView W{E.Offsets, E.Mask, std::max(1u, E.Bytes)};
    const ArchProfile &Arch = Parent.Arch;
    if (E.TmaRead) {
      BulkCopyCost B = bulkCopyCost(W, Arch);
      C.Requests += B.Pieces;
      C.Sectors += B.Sectors;
      return;
    }
    ++C.Requests;
    switch (E.Space) {
    case AS_Global:
      C.Sectors += globalSectors(W, Arch);
      break;
    case AS_Local:
      C.Sectors += localSectors(W, Arch);
      break;
    case AS_Shared:
      C.Wavefronts += E.Op == MemOp::Atomic || E.Op == MemOp::Reduction
                          ? sharedAtomicWavefronts(W, Arch,
                                                   Parent.P.Sites[E.Site].CombinesLanes)
                          : sharedWavefronts(W, Arch);
      C.Phases += sharedPhases(W, Arch);
      break;
    case AS_Const:
      C.Passes += distinctAddresses(W);
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
  Stats.SassWarpInsts += CB.Stats.SassWarpInsts;
  Stats.SassThreadInsts += CB.Stats.SassThreadInsts;
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
      addMetrics(M, SpaceOfIndex[I % 4], MemOp(P.Sites[I / 4].OpKind), P.Sites[I / 4].Bulk,
                 Counts[I], Scale);
  // What the GPU issues: the SASS-like count of the blocks run (the same
  // count as the static time model's); the IR count beside it.
  M["smsp__inst_executed.sum"] = Stats.SassWarpInsts * Scale;
  M["smsp__thread_inst_executed.sum"] = Stats.SassThreadInsts * Scale;
  M["warplint__ir_inst_executed.sum"] = double(Stats.WarpInsts) * Scale;
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
    // A shared atomic with and one without a use of its result (one
    // expression, two IR sites) are one Nsight Compute op: one site.
    MemOp Op = countedOp(Space, MemOp(S.OpKind));
    auto Key = std::make_tuple(S.Loc.File, S.Loc.Line, S.Loc.Column, Space, unsigned(Op));
    bool First = !Keyed.count(Key);
    SiteMetrics &SM = Keyed[Key];
    if (First)
      SM.CacheHint = S.CacheHint;
    else if (SM.CacheHint != S.CacheHint)
      SM.CacheHint = "mixed";
    SM.Loc = S.Loc;
    SM.Space = Space;
    SM.Op = Op;
    SM.Bytes = std::max(SM.Bytes, S.Bytes);
    SM.Bulk = S.Bulk;
    addMetrics(SM.Metrics, Space, SM.Op, SM.Bulk, C, Scale);
  }
  std::vector<SiteMetrics> Out;
  for (auto &KV : Keyed)
    Out.push_back(std::move(KV.second));
  return Out;
}

double SiteMetrics::requests() const {
  auto It = Metrics.find(siteMetricNames(Space, Op, Bulk).Requests);
  return It == Metrics.end() ? 0 : It->second;
}

std::optional<double> SiteMetrics::perRequest() const {
  double Requests = requests();
  if (Requests <= 0)
    return std::nullopt;
  auto It = Metrics.find(siteMetricNames(Space, Op, Bulk).Cost);
  double Cost = It == Metrics.end() ? 0 : It->second;
  // Constant: one pass per distinct address = replays + 1 per request.
  return Space == AS_Const ? Cost / Requests + 1 : Cost / Requests;
}

} // namespace dm
} // namespace warplint
