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

struct Pending {
  BlockResult Result;
  std::vector<std::unique_ptr<BlockObserver>> Obs;
};

/// Runs the blocks of Order (already sorted) at the positions in Todo,
/// folding results in position order.
class ParallelRun {
public:
  ParallelRun(const BlockRunner &Runner, ArrayRef<Observer *> Observers,
              const std::vector<uint64_t> &Order, RunResult &Out, const RunOptions &Opts)
      : Runner(Runner), Observers(Observers), Order(Order), Out(Out), Opts(Opts) {}

  /// Positions to fold, in order (sorted).
  void setFoldOrder(std::vector<uint64_t> Seq) {
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

  void run(const std::vector<uint64_t> &Todo) {
    std::atomic<size_t> Next{0};
    unsigned N = Opts.Threads ? Opts.Threads : std::max(1u, std::thread::hardware_concurrency());
    N = std::min<uint64_t>(N, std::max<size_t>(1, Todo.size()));
    auto Work = [&](unsigned Id) {
      while (true) {
        size_t K = Next.fetch_add(1);
        if (K >= Todo.size())
          return;
        uint64_t Pos = Todo[K];
        if (Pos > StopAt.load())
          continue;
        runOne(Pos);
        if (Id == 0 && Opts.Progress)
          Opts.Progress(Completed.load(), Order.size());
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
  }

private:
  void runOne(uint64_t Pos) {
    auto P = std::make_unique<Pending>();
    BlockInfo Info;
    Info.Linear = Order[Pos];
    const LaunchShape &Shape = Runner.shape();
    Info.Index.V[0] = Info.Linear % Shape.Grid.V[0];
    Info.Index.V[1] = (Info.Linear / Shape.Grid.V[0]) % Shape.Grid.V[1];
    Info.Index.V[2] = Info.Linear / (Shape.Grid.V[0] * Shape.Grid.V[1]);
    Info.Threads = Shape.Block.count();
    Info.Warps = (Info.Threads + Shape.WarpSize - 1) / Shape.WarpSize;
    std::vector<BlockObserver *> Raw;
    for (Observer *O : Observers) {
      P->Obs.push_back(O->startBlock(Info));
      Raw.push_back(P->Obs.back().get());
    }
    P->Result = Runner.run(Order[Pos], Raw);
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
      Out.Output += P.Result.Output;
      Out.Totals.WarpInsts += P.Result.Stats.WarpInsts;
      Out.Totals.ThreadInsts += P.Result.Stats.ThreadInsts;
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

  void addFinding(Finding F) {
    for (const Finding &G : Out.Findings)
      if (G.Kind == F.Kind && G.Loc == F.Loc && G.Other == F.Other)
        return;
    Out.Findings.push_back(std::move(F));
  }

  const BlockRunner &Runner;
  ArrayRef<Observer *> Observers;
  const std::vector<uint64_t> &Order;
  RunResult &Out;
  const RunOptions &Opts;
  std::mutex Lock;
  std::map<uint64_t, std::unique_ptr<Pending>> Ready;
  std::vector<uint64_t> FoldSeq;
  uint64_t NextFold = 0;
  std::atomic<uint64_t> StopAt{~uint64_t(0)};
  std::atomic<uint64_t> Completed{0};
};

} // namespace

RunResult runKernel(const Program &P, DeviceMemory &Mem, const LaunchShape &Shape,
                    ArrayRef<uint64_t> Args, ArrayRef<Observer *> Observers,
                    const RunOptions &Opts) {
  RunResult Out;
  LaunchShape S = Shape;
  if (Opts.BlockBudget)
    S.BlockBudget = Opts.BlockBudget;
  BlockRunner Runner(P, Mem, S, Args);
  uint64_t Total = Shape.Grid.count();
  Out.TotalBlocks = Total;
  constexpr uint64_t Pilot = 8;
  // Positions are linear block indices.
  std::vector<uint64_t> Order(Total);
  for (uint64_t I = 0; I < Total; ++I)
    Order[I] = I;
  ParallelRun R(Runner, Observers, Order, Out, Opts);
  std::vector<uint64_t> Selected;
  if (Opts.SampleBlocks && Opts.SampleBlocks < Total) {
    Selected = spread(Total, Opts.SampleBlocks);
    Out.Sampled = true;
    Out.SamplingNote = "sampled " + std::to_string(Selected.size()) + " of " +
                       std::to_string(Total) + " blocks (--blocks)";
    R.setFoldOrder(Selected);
    R.run(Selected);
  } else if (Opts.AllBlocks || Total <= 8 * Pilot) {
    R.setFoldOrder(Order);
    R.run(Order);
  } else {
    // Run a pilot spread over the grid, estimate the whole grid's work, and
    // sample when it exceeds the budget. Sample sizes are multiples of the
    // pilot, so the pilot blocks are part of the sample and run once.
    std::vector<uint64_t> PilotBlocks = spread(Total, Pilot);
    R.run(PilotBlocks);
    double PerBlock = double(R.pendingWork()) / double(PilotBlocks.size());
    double Estimate = PerBlock * double(Total);
    uint64_t N = Total;
    if (!R.anyStopped() && Estimate > double(Opts.WorkBudget) && PerBlock > 0)
      N = std::min(Total, std::max<uint64_t>(Pilot, uint64_t(double(Opts.WorkBudget) /
                                                             PerBlock) / Pilot * Pilot));
    if (N < Total) {
      Selected = spread(Total, N);
      Out.Sampled = true;
      Out.SamplingNote = "sampled " + std::to_string(Selected.size()) + " of " +
                         std::to_string(Total) + " blocks: the whole grid would take about " +
                         std::to_string(uint64_t(Estimate / 1e6)) +
                         "M thread instructions (--blocks=all runs every block)";
    } else {
      Selected = Order;
    }
    R.setFoldOrder(Selected);
    std::vector<uint64_t> Todo;
    std::set_difference(Selected.begin(), Selected.end(), PilotBlocks.begin(),
                        PilotBlocks.end(), std::back_inserter(Todo));
    R.run(Todo);
  }
  R.finish();
  if (Out.Sampled && Out.BlocksRun)
    Out.Scale = double(Total) / double(Out.BlocksRun);
  return Out;
}

} // namespace dm
} // namespace warplint
