//===- SassCfg.cpp - Control flow of a SASS function ----------------------===//
#include "frontend/sass/SassCfg.h"
#include "frontend/sass/SassReader.h"

#include "llvm/ADT/StringExtras.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/depth_first_search.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace warplint {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
using Edge = boost::graph_traits<Graph>::edge_descriptor;

/// How an instruction changes control flow.
struct FlowInfo {
  bool Ends = false;        ///< Ends a basic block.
  bool FallsThrough = true; ///< Can continue with the next instruction.
  std::optional<uint64_t> Target;
};

/// The branch target written in Operands: "0x1c0" (cuobjdump) or
/// "`(.L_x_3)" (nvdisasm).
std::optional<uint64_t> branchTarget(StringRef Operands, const StringMap<uint64_t> &Labels) {
  size_t Tick = Operands.find("`(");
  if (Tick != StringRef::npos) {
    StringRef Label = Operands.drop_front(Tick + 2).take_until([](char C) { return C == ')'; });
    auto It = Labels.find(Label);
    if (It != Labels.end())
      return It->second;
    return std::nullopt;
  }
  // The last hex number among the operands (BSSY B0, 0x2f0; BRA 0x1c0; RET R4 0x0).
  SmallVector<StringRef, 4> Parts;
  Operands.split(Parts, ',');
  for (StringRef P : llvm::reverse(Parts)) {
    SmallVector<StringRef, 2> Words;
    P.trim().split(Words, ' ');
    for (StringRef W : llvm::reverse(Words)) {
      uint64_t V;
      if (W.consume_front("0x") && !W.getAsInteger(16, V))
        return V;
    }
  }
  return std::nullopt;
}

FlowInfo flowOf(const SassInstruction &I, const StringMap<uint64_t> &Labels) {
  FlowInfo F;
  StringRef B = I.Base;
  bool Predicated = !I.Predicate.empty() && I.Predicate != "@PT";
  if (B == "BRA" || B == "JMP" || B == "CALL" || B == "BRX" || B == "JMX") {
    F.Ends = true;
    if (B == "BRA" || B == "JMP" || B == "CALL")
      F.Target = branchTarget(I.Operands, Labels);
    // A call returns; a predicated branch may not be taken. BRX/JMX targets
    // are not in the listing: treat them as falling through.
    F.FallsThrough = B == "CALL" || B == "BRX" || B == "JMX" || Predicated;
  } else if (B == "EXIT" || B == "RET" || B == "BPT" || B == "KILL") {
    F.Ends = true;
    F.FallsThrough = Predicated;
  }
  return F;
}

/// Records back edges found by a depth-first search from the entry.
struct BackEdgeRecorder : boost::default_dfs_visitor {
  std::vector<std::pair<Vertex, Vertex>> *Out;
  explicit BackEdgeRecorder(std::vector<std::pair<Vertex, Vertex>> &O) : Out(&O) {}
  void back_edge(Edge E, const Graph &G) {
    Out->push_back({boost::source(E, G), boost::target(E, G)});
  }
};

} // namespace

SassCfg buildSassCfg(const SassFunction &F, const StringMap<uint64_t> &Labels) {
  SassCfg Cfg;
  const std::vector<SassInstruction> &Is = F.Instructions;
  if (Is.empty())
    return Cfg;
  std::map<uint64_t, size_t> IndexOf;
  for (size_t I = 0; I < Is.size(); ++I)
    IndexOf[Is[I].Address] = I;
  std::vector<FlowInfo> Flow;
  std::set<size_t> Leaders = {0};
  for (size_t I = 0; I < Is.size(); ++I) {
    Flow.push_back(flowOf(Is[I], Labels));
    if (Flow.back().Ends && I + 1 < Is.size())
      Leaders.insert(I + 1);
    if (Flow.back().Target) {
      auto It = IndexOf.find(*Flow.back().Target);
      if (It != IndexOf.end())
        Leaders.insert(It->second);
    }
  }
  std::vector<size_t> Starts(Leaders.begin(), Leaders.end());
  std::map<size_t, unsigned> BlockOf;
  for (size_t B = 0; B < Starts.size(); ++B) {
    SassBlock Block;
    Block.Begin = Starts[B];
    Block.End = B + 1 < Starts.size() ? Starts[B + 1] : Is.size();
    BlockOf[Block.Begin] = B;
    Cfg.Blocks.push_back(Block);
  }
  Graph G(Cfg.Blocks.size());
  for (unsigned B = 0; B < Cfg.Blocks.size(); ++B) {
    SassBlock &Block = Cfg.Blocks[B];
    const FlowInfo &Last = Flow[Block.End - 1];
    auto AddEdge = [&](unsigned To) {
      if (!is_contained(Block.Successors, To)) {
        Block.Successors.push_back(To);
        boost::add_edge(B, To, G);
      }
    };
    if (Last.Target)
      if (auto It = IndexOf.find(*Last.Target); It != IndexOf.end())
        AddEdge(BlockOf[It->second]);
    if ((!Last.Ends || Last.FallsThrough) && B + 1 < Cfg.Blocks.size())
      AddEdge(B + 1);
  }
  // Back edges from the entry; code not reachable from it (the trap loop
  // after EXIT) has no loops worth reporting.
  std::vector<std::pair<Vertex, Vertex>> BackEdges;
  std::vector<boost::default_color_type> Colors(boost::num_vertices(G));
  auto ColorMap = boost::make_iterator_property_map(Colors.begin(),
                                                    boost::get(boost::vertex_index, G));
  boost::depth_first_visit(G, Vertex(0), BackEdgeRecorder(BackEdges), ColorMap);
  // Natural loop of each header: the header plus every block that reaches a
  // latch without passing through the header.
  std::map<Vertex, std::set<Vertex>> LoopOf;
  for (auto [Latch, Header] : BackEdges) {
    std::set<Vertex> &Body = LoopOf[Header];
    Body.insert(Header);
    std::vector<Vertex> Work = {Latch};
    while (!Work.empty()) {
      Vertex V = Work.back();
      Work.pop_back();
      if (!Body.insert(V).second && V != Latch)
        continue;
      if (V == Header)
        continue;
      for (auto [E, End] = boost::in_edges(V, G); E != End; ++E) {
        Vertex P = boost::source(*E, G);
        if (!Body.count(P))
          Work.push_back(P);
      }
    }
  }
  Cfg.Loops = LoopOf.size();
  for (auto &[Header, Body] : LoopOf)
    for (Vertex V : Body)
      ++Cfg.Blocks[V].LoopDepth;
  return Cfg;
}

void annotateSassLoops(SassFunction &F, const StringMap<uint64_t> &Labels) {
  SassCfg Cfg = buildSassCfg(F, Labels);
  F.Loops = Cfg.Loops;
  for (const SassBlock &B : Cfg.Blocks)
    for (size_t I = B.Begin; I < B.End; ++I)
      F.Instructions[I].LoopDepth = B.LoopDepth;
}

} // namespace warplint
