//===- KernelRunner.cpp - Run a launch's blocks on all cores --------------===//
#include "devicemodel/KernelRunner.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <iterator>
#include <thread>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// N blocks spread evenly over Total (block k is floor(k * Total / N)).
std::vector<uint64_t> spread(uint64_t Total, uint64_t N) {
  std::vector<uint64_t> Out;
  N = std::min(N, Total);
  for (uint64_t K = 0; K < N; ++K)
    Out.push_back(uint64_t((unsigned __int128)K * Total / N));
  return Out;
}

/// The block a BlockObserver watches.
BlockInfo blockInfo(const LaunchShape &Shape, uint64_t Linear) {
  BlockInfo Info;
  Info.Linear = Linear;
  Info.Index.V[0] = Linear % Shape.Grid.V[0];
  Info.Index.V[1] = (Linear / Shape.Grid.V[0]) % Shape.Grid.V[1];
  Info.Index.V[2] = Linear / (Shape.Grid.V[0] * Shape.Grid.V[1]);
  Info.Threads = Shape.Block.count();
  Info.Warps = (Info.Threads + Shape.WarpSize - 1) / Shape.WarpSize;
  return Info;
}

void addUnique(RunResult &Out, Finding F) {
  for (const Finding &G : Out.Findings)
    if (G.Kind == F.Kind && G.Loc == F.Loc && G.Other == F.Other)
      return;
  Out.Findings.push_back(std::move(F));
}

struct Pending {
  BlockResult Result;
  std::vector<std::unique_ptr<BlockObserver>> Obs;
};

/// Block positions (linear block indices), sorted: a list, or every block of
/// the grid (held as its count, so that a grid of 2^31 blocks costs nothing
/// until its blocks run).
struct BlockSet {
  std::vector<uint64_t> List;
  uint64_t Every = 0;
  bool IsEvery = false;
  static BlockSet every(uint64_t Total) { return {{}, Total, true}; }
  static BlockSet of(std::vector<uint64_t> L) { return {std::move(L), 0, false}; }
  uint64_t size() const { return IsEvery ? Every : List.size(); }
  uint64_t operator[](uint64_t K) const { return IsEvery ? K : List[K]; }
};

/// Runs the blocks at the positions of a BlockSet, folding results in
/// position order. Memory is that of the blocks run and not yet folded,
/// whatever the grid's size.
class ParallelRun {
public:
  ParallelRun(const BlockRunner &Runner, ArrayRef<Observer *> Observers, uint64_t Total,
              RunResult &Out, const RunOptions &Opts)
      : Runner(Runner), Observers(Observers), Total(Total), Out(Out), Opts(Opts) {}

  /// Positions to fold, in order.
  void setFoldOrder(BlockSet Seq) {
    std::lock_guard<std::mutex> G(Lock);
    FoldSeq = std::move(Seq);
  }

  /// Thread instructions of the blocks finished but not folded yet.
  uint64_t pendingWork() {
    std::lock_guard<std::mutex> G(Lock);
    uint64_t W = 0;
    for (auto &KV : Ready)
      W += KV.second->Result.Stats.ThreadInsts;
    return W;
  }
  bool anyStopped() const { return StopAt.load() != ~uint64_t(0); }

  /// Runs the blocks of Todo but those of Skip (sorted: blocks run before).
  void run(const BlockSet &Todo, ArrayRef<uint64_t> Skip = {}) {
    std::atomic<uint64_t> Next{0};
    unsigned N = Opts.Threads ? Opts.Threads : std::max(1u, std::thread::hardware_concurrency());
    N = std::min<uint64_t>(N, std::max<uint64_t>(1, Todo.size()));
    auto Work = [&](unsigned Id) {
      while (true) {
        uint64_t K = Next.fetch_add(1);
        if (K >= Todo.size() || TimeUp.load())
          return;
        uint64_t Pos = Todo[K];
        if (Pos > StopAt.load() || std::binary_search(Skip.begin(), Skip.end(), Pos))
          continue;
        if (Opts.OutOfTime && Opts.OutOfTime()) {
          TimeUp = true;
          return;
        }
        runOne(Pos);
        if (Id == 0 && Opts.Progress)
          Opts.Progress(Completed.load(), Total);
      }
    };
    std::vector<std::thread> Threads;
    for (unsigned I = 1; I < N; ++I)
      Threads.emplace_back(Work, I);
    Work(0);
    for (std::thread &T : Threads)
      T.join();
  }

  /// Folds whatever is left (after the last run()).
  void finish() {
    std::lock_guard<std::mutex> G(Lock);
    foldReady();
    Out.OutOfTime = TimeUp.load();
  }

private:
  void runOne(uint64_t Pos) {
    auto P = std::make_unique<Pending>();
    BlockInfo Info = blockInfo(Runner.shape(), Pos);
    std::vector<BlockObserver *> Raw;
    for (Observer *O : Observers) {
      P->Obs.push_back(O->startBlock(Info));
      Raw.push_back(P->Obs.back().get());
    }
    P->Result = Runner.run(Pos, Raw);
    if (P->Result.Stop) {
      uint64_t Cur = StopAt.load();
      while (Pos < Cur && !StopAt.compare_exchange_weak(Cur, Pos)) {
      }
    }
    ++Completed;
    std::lock_guard<std::mutex> G(Lock);
    Ready[Pos] = std::move(P);
    foldReady();
  }

  void foldReady() {
    while (true) {
      if (NextFold >= FoldSeq.size())
        return;
      uint64_t Pos = FoldSeq[NextFold];
      auto It = Ready.find(Pos);
      if (It == Ready.end() || Pos > StopAt.load() || Out.Stopped)
        return;
      Pending &P = *It->second;
      for (size_t I = 0; I < Observers.size(); ++I)
        Observers[I]->finishBlock(std::move(P.Obs[I]));
      appendPrintf(Out.Output, P.Result.Output);
      Out.Totals.WarpInsts += P.Result.Stats.WarpInsts;
      Out.Totals.ThreadInsts += P.Result.Stats.ThreadInsts;
      Out.Totals.SassWarpInsts += P.Result.Stats.SassWarpInsts;
      Out.Totals.SassThreadInsts += P.Result.Stats.SassThreadInsts;
      ++Out.BlocksRun;
      for (Finding &F : P.Result.Findings)
        addFinding(std::move(F));
      if (P.Result.Stop) {
        addFinding(std::move(*P.Result.Stop));
        Out.Stopped = true;
      }
      Ready.erase(It);
      ++NextFold;
    }
  }

  void addFinding(Finding F) { addUnique(Out, std::move(F)); }

  const BlockRunner &Runner;
  ArrayRef<Observer *> Observers;
  uint64_t Total;
  RunResult &Out;
  const RunOptions &Opts;
  std::mutex Lock;
  std::map<uint64_t, std::unique_ptr<Pending>> Ready;
  BlockSet FoldSeq;
  uint64_t NextFold = 0;
  std::atomic<uint64_t> StopAt{~uint64_t(0)};
  std::atomic<uint64_t> Completed{0};
  std::atomic<bool> TimeUp{false};
};

/// A cooperative launch (the kernel syncs the grid): every block resident
/// at once. Blocks run in turns: each turn, every block not over runs (on
/// all cores) until it ends or all its running warps spin; a turn in which
/// no block did anything but spin in the cycles it spun in before is a
/// hang (nothing can change what any block waits on). Results are folded in
/// block order; an error stops the launch at the first block it stopped.
void runCooperative(const BlockRunner &Runner, ArrayRef<Observer *> Observers, RunResult &Out,
                    const RunOptions &Opts) {
  const LaunchShape &Shape = Runner.shape();
  uint64_t Total = Shape.Grid.count();
  struct Slot {
    std::vector<std::unique_ptr<BlockObserver>> Obs;
    std::unique_ptr<BlockTurns> Turns;
    bool Over = false, Progress = false;
  };
  std::vector<Slot> Blocks(Total);
  for (uint64_t B = 0; B < Total; ++B) {
    std::vector<BlockObserver *> Raw;
    for (Observer *O : Observers) {
      Blocks[B].Obs.push_back(O->startBlock(blockInfo(Shape, B)));
      Raw.push_back(Blocks[B].Obs.back().get());
    }
    Blocks[B].Turns = std::make_unique<BlockTurns>(Runner, B, std::move(Raw));
  }
  std::vector<uint64_t> Live(Total);
  for (uint64_t B = 0; B < Total; ++B)
    Live[B] = B;
  unsigned N = Opts.Threads ? Opts.Threads : std::max(1u, std::thread::hardware_concurrency());
  uint64_t StopAt = Total;
  while (!Live.empty()) {
    std::atomic<size_t> Next{0};
    auto Work = [&] {
      for (size_t K; (K = Next.fetch_add(1)) < Live.size();) {
        Slot &S = Blocks[Live[K]];
        S.Over = S.Turns->turn(S.Progress);
      }
    };
    std::vector<std::thread> Threads;
    for (unsigned I = 1; I < std::min<uint64_t>(N, Live.size()); ++I)
      Threads.emplace_back(Work);
    Work();
    for (std::thread &T : Threads)
      T.join();
    bool Progress = false;
    std::vector<uint64_t> Waiting;
    for (uint64_t B : Live) {
      Slot &S = Blocks[B];
      Progress |= S.Over || S.Progress;
      if (S.Over && S.Turns->result().Stop)
        StopAt = std::min(StopAt, B);
      if (!S.Over)
        Waiting.push_back(B);
    }
    if (Opts.Progress)
      Opts.Progress(Total - Waiting.size(), Total);
    if (StopAt != Total)
      break;
    if (!Progress && !Waiting.empty()) {
      // Every block left waits on a cycle no turn changed.
      uint64_t Exited = Total - Waiting.size();
      StopAt = Waiting.front();
      Blocks[StopAt].Turns->stopHung(
          "every block of the cooperative launch waits or has exited (" +
          std::to_string(Exited) + " of " + std::to_string(Total) +
          " exited): none can change what the others wait on");
      Blocks[StopAt].Over = true;
      break;
    }
    Live = std::move(Waiting);
  }
  // Blocks after the stop, and blocks still waiting when it came, are not
  // folded (as a launch the error aborted).
  for (uint64_t B = 0; B < Total && B <= StopAt; ++B) {
    Slot &S = Blocks[B];
    if (!S.Over)
      continue;
    for (size_t I = 0; I < Observers.size(); ++I)
      Observers[I]->finishBlock(std::move(S.Obs[I]));
    BlockResult &R = S.Turns->result();
    appendPrintf(Out.Output, R.Output);
    Out.Totals.WarpInsts += R.Stats.WarpInsts;
    Out.Totals.ThreadInsts += R.Stats.ThreadInsts;
    Out.Totals.SassWarpInsts += R.Stats.SassWarpInsts;
    Out.Totals.SassThreadInsts += R.Stats.SassThreadInsts;
    ++Out.BlocksRun;
    for (Finding &F : R.Findings)
      addUnique(Out, std::move(F));
    if (R.Stop) {
      addUnique(Out, std::move(*R.Stop));
      Out.Stopped = true;
    }
  }
}

} // namespace

RunResult runKernel(const Program &P, DeviceMemory &Mem, const LaunchShape &Shape,
                    ArrayRef<uint64_t> Args, ArrayRef<Observer *> Observers,
                    const RunOptions &Opts) {
  RunResult Out;
  LaunchShape S = Shape;
  if (Opts.BlockBudget)
    S.BlockBudget = Opts.BlockBudget;
  S.OutOfTime = Opts.OutOfTime;
  // A block of a cooperative launch that waits on the others is found
  // spinning before it yields its turn: watch for that early.
  if (S.GridWorkspace)
    S.ProbeAfter = std::min<uint64_t>(S.ProbeAfter, uint64_t(1) << 14);
  BlockRunner Runner(P, Mem, S, Args);
  uint64_t Total = Shape.Grid.count();
  Out.TotalBlocks = Total;
  if (Shape.GridWorkspace) {
    // A grid-wide sync waits for every block: no sampling.
    if (Opts.SampleBlocks && Opts.SampleBlocks < Total)
      Out.SamplingNote = "--blocks ignored: a cooperative launch runs every block (a "
                         "grid-wide sync waits for all of them)";
    runCooperative(Runner, Observers, Out, Opts);
    return Out;
  }
  constexpr uint64_t Pilot = 8;
  // Positions are linear block indices.
  ParallelRun R(Runner, Observers, Total, Out, Opts);
  if (Opts.SampleBlocks && Opts.SampleBlocks < Total) {
    BlockSet Selected = BlockSet::of(spread(Total, Opts.SampleBlocks));
    Out.Sampled = true;
    Out.SamplingNote = "sampled " + std::to_string(Selected.size()) + " of " +
                       std::to_string(Total) + " blocks (--blocks)";
    R.setFoldOrder(Selected);
    R.run(Selected);
  } else if (Opts.AllBlocks || Total <= 8 * Pilot) {
    R.setFoldOrder(BlockSet::every(Total));
    R.run(BlockSet::every(Total));
  } else {
    // Run a pilot spread over the grid, estimate the whole grid's work, and
    // sample when it exceeds the budget. Sample sizes are multiples of the
    // pilot, so the pilot blocks are part of the sample and run once.
    std::vector<uint64_t> PilotBlocks = spread(Total, Pilot);
    R.run(BlockSet::of(PilotBlocks));
    double PerBlock = double(R.pendingWork()) / double(PilotBlocks.size());
    double Estimate = PerBlock * double(Total);
    uint64_t N = Total;
    if (!R.anyStopped() && Estimate > double(Opts.WorkBudget) && PerBlock > 0)
      N = std::min(Total, std::max<uint64_t>(Pilot, uint64_t(double(Opts.WorkBudget) /
                                                             PerBlock) / Pilot * Pilot));
    BlockSet Selected = BlockSet::every(Total);
    if (N < Total) {
      Selected = BlockSet::of(spread(Total, N));
      Out.Sampled = true;
      Out.SamplingNote = "sampled " + std::to_string(Selected.size()) + " of " +
                         std::to_string(Total) + " blocks: the whole grid would take about " +
                         std::to_string(uint64_t(Estimate / 1e6)) +
                         "M thread instructions (--blocks=all runs every block)";
    }
    R.setFoldOrder(Selected);
    R.run(Selected, PilotBlocks);
  }
  R.finish();
  if (Out.Sampled && Out.BlocksRun)
    Out.Scale = double(Total) / double(Out.BlocksRun);
  return Out;
}

} // namespace dm
} // namespace warplint
