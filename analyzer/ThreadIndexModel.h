//===- ThreadIndexModel.h - What the lanes of a warp compute ----*- C++ -*-===//
//
// Evaluates the integer and address slice of a kernel for the 32 lanes of a
// warp at once: each lane is mapped to its threadIdx through the block shape;
// block-uniform terms take sampled values (blockIdx over the grid, loop
// counters iteration by iteration, unknown scalar arguments over two sample
// values); known argument values are substituted; anything that depends on a
// loaded value is data-dependent and never guessed. Which lanes reach a block
// follows from the branch conditions that control it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_THREADINDEXMODEL_H
#define WARPLINT_ANALYZER_THREADINDEXMODEL_H

#include "analyzer/AnalysisBudget.h"
#include "analyzer/LaunchConfig.h"
#include "analyzer/TensorAccessors.h"
#include "analyzer/arch/ArchProfile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"

#include <array>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class LoadInst;
class Operator;
class PHINode;
class Type;
class SCEV;
class ScalarEvolution;
}

namespace warplint {

/// One IR value in the 32 lanes of a warp.
struct LaneValues {
  LaneValues() : V{} {}
  /// For a value whose every lane is about to be written: lanes unset.
  struct LanesUnset {};
  explicit LaneValues(LanesUnset) {}
  /// A copy's lanes are changed after copying: it finds its own nonZeroLanes.
  LaneValues(const LaneValues &O)
      : V(O.V), DataDependentOn(O.DataDependentOn), ArgMask(O.ArgMask),
        Unmodelled(O.Unmodelled) {}
  LaneValues &operator=(const LaneValues &O) {
    V = O.V;
    DataDependentOn = O.DataDependentOn;
    ArgMask = O.ArgMask;
    Unmodelled = O.Unmodelled;
    NonZeroKnown = false;
    return *this;
  }

  std::array<uint64_t, 32> V;
  /// The load or call this value depends on, when it depends on data.
  const llvm::Value *DataDependentOn = nullptr;
  /// Unknown scalar arguments that this value depends on (bit per argument).
  uint64_t ArgMask = 0;
  /// The value could not be modelled (an unsupported operation).
  bool Unmodelled = false;
  bool known() const { return !DataDependentOn && !Unmodelled; }
  /// The lanes whose value is not 0 (a branch condition's true lanes),
  /// found on first use.
  uint32_t nonZeroLanes() const {
    if (!NonZeroKnown) {
      NonZero = 0;
      for (unsigned L = 0; L < 32; ++L)
        NonZero |= uint32_t(V[L] != 0) << L;
      NonZeroKnown = true;
    }
    return NonZero;
  }

private:
  mutable uint32_t NonZero = 0;
  mutable bool NonZeroKnown = false;
};

/// An iteration per enclosing loop, outermost first (kept inline: samples are
/// copied and compared often, nests are rarely deeper than four).
using IterationList = llvm::SmallVector<std::pair<const llvm::Loop *, unsigned>, 4>;

/// Which sampled warp: a block, a warp in it, an iteration per enclosing loop,
/// and a sample index for unknown arguments.
struct WarpSample {
  Dim3 BlockIdx;
  unsigned Warp = 0;
  unsigned ArgSample = 0;
  IterationList Iterations;
  bool operator<(const WarpSample &O) const;
  bool operator==(const WarpSample &O) const;
};

} // namespace warplint

namespace llvm {
/// Samples as hash keys (the model's state per sample).
template <> struct DenseMapInfo<warplint::WarpSample> {
  static warplint::WarpSample getEmptyKey() {
    warplint::WarpSample S;
    S.Warp = ~0u;
    return S;
  }
  static warplint::WarpSample getTombstoneKey() {
    warplint::WarpSample S;
    S.Warp = ~0u - 1;
    return S;
  }
  static unsigned getHashValue(const warplint::WarpSample &S);
  static bool isEqual(const warplint::WarpSample &A, const warplint::WarpSample &B) {
    return A == B;
  }
};
} // namespace llvm

namespace warplint {

class ThreadIndexModel {
public:
  ThreadIndexModel(const llvm::Function &Kernel, const LaunchConfig &Launch,
                   const ArchProfile &Arch, const AnalysisBudget &Budget = {});
  ~ThreadIndexModel();

  /// The budget ran out: from then on every value is unmodelled, no lane is
  /// active and no warp is sampled. Says which limit (empty when it did not).
  bool exhausted() const { return !Exhausted.empty(); }
  const std::string &exhaustedReason() const { return Exhausted; }

  /// The warps to sample for an instruction: blocks x warps x iterations of
  /// the loops around it x argument samples. Iterations a loop never runs
  /// (no lane active) are left out.
  /// The same for every instruction of one innermost loop (found once).
  const std::vector<WarpSample> &samplesFor(const llvm::Instruction &I);

  /// The values of V in the lanes of warp S (valid as long as the model).
  const LaneValues &eval(const llvm::Value *V, const WarpSample &S);

  /// Lanes of warp S that reach BB (a bit per lane). DataDependent is set when
  /// a controlling condition depends on loaded data (then all candidate lanes
  /// are reported).
  uint32_t activeLanes(const llvm::BasicBlock *BB, const WarpSample &S,
                       bool &DataDependent);

  /// Lanes of S that exist (a partial last warp has fewer).
  uint32_t existingLanes(const WarpSample &S) const;

  /// Assumptions every prediction of this kernel rests on.
  const std::vector<std::string> &assumptions() const { return Assumptions; }

  /// Names of the unknown scalar arguments in Mask, in parameter order, then
  /// the warp-uniform loads in Mask ("load@7": the value loaded at line 7).
  /// An accessor's sizes and strides are named as such ("out.stride(0)"),
  /// the strides followed, when SayAssumption, by "(assuming a contiguous
  /// tensor)" (TensorAccessors.h).
  std::string argNames(uint64_t Mask, bool SayAssumption = true) const;

  /// True when Mask holds a warp-uniform load (not only arguments).
  bool hasUniformLoad(uint64_t Mask) const { return Mask & UniformLoadMask; }

  /// A load of an integer (wider than a byte) or a pointer whose lanes may
  /// all read one address: its value is a warp-uniform unknown when they do
  /// (`box[blockIdx.x].offset`, `p->data`), data when they do not.
  static bool mayLoadUniform(const llvm::LoadInst &L);

  /// Sample values used for unknown scalar arguments.
  static constexpr std::array<uint64_t, 2> ArgSampleValues = {4096, 1000};
  /// A third value, never sampled for costs: a WarpSample with ArgSample ==
  /// ArgSampleValues.size() evaluates unknown arguments as this, to check a
  /// formula fitted to the two samples.
  static constexpr uint64_t ArgCheckValue = 72;
  /// The value unknown J (its bit in the masks, of N unknowns: the scalar
  /// arguments in parameter order, then the warp-uniform loads) takes in
  /// argument sample A. Each unknown takes a value of its own, so that a
  /// guard between two of them (`tid + first < last`, `j < end` from
  /// `j = start`) opens in one of the samples: sample 0 ascends in that order
  /// (4096, 8192, 12288, ...), sample 1 descends (..., 3000, 2000, 1000), the
  /// check sample ascends from 72. A single unknown takes 4096, 1000 and 72.
  static constexpr uint64_t argValue(unsigned A, unsigned J = 0, unsigned N = 1) {
    uint64_t Rank = A == 1 && J < N ? N - 1 - J : J;
    return (A < ArgSampleValues.size() ? ArgSampleValues[A] : ArgCheckValue) * (Rank + 1);
  }
  /// argValue of the unknown at bit J of this kernel in sample A; a stride of
  /// a PyTorch accessor argument (TensorAccessors.h) as a contiguous
  /// tensor's: 1 for the last dimension, else the product of the sizes of
  /// the dimensions after it (each argValue(A): contiguousStrideOf).
  uint64_t unknownValue(unsigned A, unsigned J) const {
    if (!AccessorStrides.empty())
      if (auto It = AccessorStrides.find(J); It != AccessorStrides.end())
        return contiguousStride(A, It->second);
    return argValue(A, J, std::min(NumUnknownArgs, 64u));
  }
  /// The unknowns of Mask with their values in sample A, in argNames' order:
  /// "n=4096", "start=4096, end=8192".
  std::string argValuesText(uint64_t Mask, unsigned A) const;

  /// How often some blocks run for one warp (executions).
  struct Executions {
    /// Per block asked: warp executions with at least one lane active.
    std::vector<double> Counts;
    /// Per block asked: a branch or a trip count that decides it reads
    /// loaded data (then every candidate lane was counted active).
    std::vector<char> DataDependent;
    /// A loop around the blocks runs past its sampled iterations and
    /// ScalarEvolution gives no trip count for it.
    bool Unmodelled = false;
    /// A loop ran past its sampled iterations: scaled to its trip count.
    bool Scaled = false;
    /// Unknown arguments the trip counts of the loops around them read.
    uint64_t ArgMask = 0;
  };
  /// The warp executions (with at least one lane active) of each of BBs,
  /// whose innermost loop is Innermost, by warp Warp (a block, a warp and
  /// an argument sample; no iterations) over the whole kernel: the
  /// iterations of the loops around them sampled as samplesFor samples
  /// them, and a loop that runs past its sampled iterations scaled to its
  /// trip count (tripCount), its sampled iterations standing for the rest.
  /// OnActive, when given, sees every sampled execution with an active
  /// lane: the index in BBs, the sample, its active lanes and the
  /// executions it stands for.
  void executions(const llvm::Loop *Innermost,
                  llvm::ArrayRef<const llvm::BasicBlock *> BBs, const WarpSample &Warp,
                  Executions &Out,
                  llvm::function_ref<void(size_t, const WarpSample &, uint32_t, double)>
                      OnActive = {});
  /// What executions(Innermost, BBs, ...) reads of its warp sample: a bit
  /// each for the block (ReadsBlock), the warp (ReadsWarp) and the unknown
  /// arguments (ReadsArgs); counts that do not read the block are the same
  /// in every block.
  enum : unsigned { ReadsBlock = 1, ReadsWarp = 2, ReadsArgs = 4 };
  unsigned executionReads(const llvm::Loop *Innermost,
                          llvm::ArrayRef<const llvm::BasicBlock *> BBs) const;
  /// The same for the value of V.
  unsigned valueReads(const llvm::Value *V) const;
  /// The iterations of L that some lane of Outer (a sample of the loops
  /// around L) runs: ScalarEvolution's backedge-taken count plus one,
  /// evaluated in each lane that enters L, the most of them. None when
  /// ScalarEvolution has no count or it depends on data (DataDependent set).
  /// ArgMask receives the unknown arguments it reads.
  /// SameInEveryLane, when given, says whether every lane that enters runs
  /// the same number of iterations.
  std::optional<uint64_t> tripCount(const llvm::Loop *L, const WarpSample &Outer,
                                    uint64_t &ArgMask, bool &DataDependent,
                                    bool *SameInEveryLane = nullptr);
  /// The bits of every unknown scalar argument and warp-uniform load
  /// (argNames names them); 0 when every argument is known.
  uint64_t unknownMask() const {
    return NumUnknownArgs >= 64 ? ~uint64_t(0) : (uint64_t(1) << NumUnknownArgs) - 1;
  }

  const llvm::LoopInfo &loops() const { return *LI; }
  /// The address the model gives global GV (a __shared__ variable's offset in
  /// the block's shared memory), assigned on first use.
  uint64_t globalBase(const llvm::GlobalVariable &GV);
  /// Whether the value of V may change from one iteration of L to the next
  /// (it reads L's iteration: a header phi of L or of a loop inside it).
  bool readsIteration(const llvm::Value *V, const llvm::Loop *L) const {
    return depsOf(V) & loopBit(L);
  }
  /// The kernel modelled.
  const llvm::Function &kernel() const { return F; }
  const llvm::DominatorTree &domTree() const { return *DT; }

private:
  struct State;
  /// The samples of the instructions whose innermost loop is one loop, and
  /// the assumptions that finding them added.
  struct SampleSet {
    std::vector<WarpSample> Samples;
    std::vector<std::string> Assumptions;
    /// The state of each sample, once asked for (callers walk the samples
    /// and ask for each one's state several times: one lookup each).
    std::vector<State *> States;
  };
  /// The sample set samplesFor returned last.
  SampleSet *LastSet = nullptr;
  State &lookupState(const WarpSample &S);
  State &stateFor(const WarpSample &S);
  /// The state of St's sample reduced to what a value with dependences Deps
  /// reads (see computeDeps).
  State &projected(State &St, uint64_t Deps);
  const LaneValues &evalIn(const llvm::Value *V, State &St);
  /// The value of V in St: a fresh value, or one already memoized that V
  /// takes as it is (a loop phi's previous iteration, a forwarded operand).
  const LaneValues &compute(const llvm::Value *V, State &St);
  const LaneValues &evalPhi(const llvm::PHINode &Phi, State &St);
  /// The value header phi Phi of loop L leaves, from ScalarEvolution (a
  /// closed form in values outside L), in St; null when it has none.
  const LaneValues *scevExitValue(const llvm::PHINode &Phi, const llvm::Loop &L, State &St);
  /// The value header phi Phi of loop L leaves when it cycles (x(i+1) =
  /// f(x(i)) repeats within the sampled iterations: a double buffer's index),
  /// from the trip count; null when it does not or the lanes' trip counts
  /// may differ.
  const LaneValues *periodicExitValue(const llvm::PHINode &Phi, const llvm::Loop &L,
                                      State &St);
  /// Evaluates S in every lane of St into R (its lanes and flags); false
  /// when S holds what the lanes cannot evaluate (a recurrence, a value of
  /// Left, a type wider than 64 bits).
  bool evalScev(const llvm::SCEV *S, State &St, const llvm::Loop &Left, LaneValues &R,
                unsigned Depth);
  struct ScevState;
  std::unique_ptr<ScevState> Scev;
  /// tripCount where ScalarEvolution has no count: the loop's exit test
  /// solved in each of Lanes.
  std::optional<uint64_t> solvedTripCount(const llvm::Loop *L, const WarpSample &Outer,
                                          uint32_t Lanes, uint64_t &ArgMask,
                                          bool &DataDependent, bool *SameInEveryLane);
  /// While tripCount evaluates: evalScev evaluates the affine recurrences
  /// of loops St's sample has an iteration of (an inner trip count that
  /// follows an outer loop's counter).
  bool EvalAddRecs = false;
  /// An operation the model does not evaluate: data-dependent when an
  /// operand is, else not modelled.
  const LaneValues &opaque(const llvm::Operator &Op, State &St);
  /// The value of header phi Phi of loop L seen after the loop.
  const LaneValues &exitValue(const llvm::PHINode &Phi, const llvm::Loop &L, State &St);
  /// A new value (all lanes 0, no flags) where the memoized values live.
  LaneValues &fresh() { return *new (Values.Allocate()) LaneValues(); }
  /// The same with its lanes unset, for a caller that writes every lane.
  LaneValues &freshLanes() {
    return *new (Values.Allocate()) LaneValues(LaneValues::LanesUnset());
  }
  /// The outermost loop that the edge From -> To leaves; null if none.
  const llvm::Loop *exitedLoop(const llvm::BasicBlock *From, const llvm::BasicBlock *To) const;
  uint32_t activeIn(const llvm::BasicBlock *BB, State &St, bool &DataDependent);
  /// What decides whether a lane reaches a block, walking its dominators up
  /// to the entry: per dominator, the loop it heads (lanes still looping)
  /// and the edge from its immediate dominator that leads to the block.
  struct ReachStep {
    const llvm::Loop *Header = nullptr;
    const llvm::BasicBlock *From = nullptr, *To = nullptr;
    /// A join (isJoin) ends the walk: the lanes that reach it are those
    /// that arrive on one of its edges.
    const llvm::BasicBlock *Join = nullptr;
  };
  /// A block that paths from several branches reach (not a loop header, no
  /// loop exit or back edge into it): the dominator walk would take every
  /// lane through it.
  bool isJoin(const llvm::BasicBlock *BB) const;
  /// The lanes of St that arrive at join J on one of its edges.
  uint32_t joinLanes(const llvm::BasicBlock *J, State &St, bool &DataDependent);
  /// The steps of BB (activeIn walks them for every state: found once per
  /// block, into Reach).
  std::vector<ReachStep> findReachSteps(const llvm::BasicBlock *BB) const;
  uint32_t takesEdge(const llvm::BasicBlock *From, const llvm::BasicBlock *To,
                     State &St, bool &DataDependent);
  uint32_t stillLooping(const llvm::Loop *L, State &St, bool &DataDependent);
  /// St's sample one iteration of L earlier (L's iteration in St is not 0).
  State &previousIteration(State &St, const llvm::Loop *L);
  /// Iterations of L that some lane of Outer runs, at most Cap.
  unsigned iterationsOf(const llvm::Loop *L, const WarpSample &Outer, unsigned Cap);
  std::vector<WarpSample> computeSamples(const llvm::Loop *Innermost);
  void computeDeps();
  uint64_t depsOf(const llvm::Value *V) const;
  uint64_t loopBit(const llvm::Loop *L) const;
  bool checkBudget();

  const llvm::Function &F;
  LaunchConfig Launch;
  const ArchProfile &Arch;
  std::unique_ptr<llvm::DominatorTree> DT;
  std::unique_ptr<llvm::LoopInfo> LI;
  /// Built when a join first needs it (joinLanes).
  std::unique_ptr<llvm::PostDominatorTree> PDT;
  std::vector<std::string> Assumptions;
  /// Every state, found by its sample (hashed as a WarpSample).
  struct StateKey {
    static State *getEmptyKey();
    static State *getTombstoneKey();
    static unsigned getHashValue(const State *St);
    static unsigned getHashValue(const WarpSample &S);
    static bool isEqual(const State *A, const State *B) { return A == B; }
    static bool isEqual(const WarpSample &S, const State *St);
  };
  llvm::DenseSet<State *, StateKey> States;
  llvm::SpecificBumpPtrAllocator<State> StateSlab;
  /// The state stateFor returned last.
  State *LastState = nullptr;
  /// Where the memoized values live (State::Values points at them):
  /// allocated in slabs, never moved.
  llvm::SpecificBumpPtrAllocator<LaneValues> Values;
  /// findReachSteps of every block.
  llvm::DenseMap<const llvm::BasicBlock *, std::vector<ReachStep>> Reach;
  llvm::DenseMap<const llvm::GlobalVariable *, uint64_t> GlobalBases;
  uint64_t NextSharedOffset = 0;
  unsigned NumUnknownArgs = 0;
  /// The bit of ArgMask of each unknown scalar argument and of each load
  /// that may be warp-uniform (mayLoadUniform); past 63 they share bit 63.
  llvm::DenseMap<const llvm::Value *, unsigned> UnknownArgIndex;
  /// The loads for which mayLoadUniform holds (found once).
  llvm::DenseSet<const llvm::LoadInst *> UniformCandidates;
  /// The bits of UnknownArgIndex that stand for loads.
  uint64_t UniformLoadMask = 0;
  /// The loads of an accessor argument's strides, by bit (TensorAccessors.h).
  llvm::DenseMap<unsigned, AccessorField> AccessorStrides;
  /// The stride S of a contiguous tensor in sample A (unknownValue).
  uint64_t contiguousStride(unsigned A, const AccessorField &S) const;
  /// Records L when it reads an accessor's size or stride (its bit Bit);
  /// the assumption is told once per accessor.
  void noteAccessorField(const llvm::LoadInst &L, unsigned Bit);
  /// The base of each pointer loaded warp-uniformly, by the address it was
  /// loaded from (a buffer of its own, 256-byte aligned like an argument's).
  llvm::DenseMap<uint64_t, uint64_t> LoadedBases;
  /// One unknown value per warp of type T, sampled as an unknown argument
  /// is, standing for the unknowns in Mask.
  const LaneValues &uniformUnknown(const llvm::Type *T, uint64_t Mask, State &St);
  /// Element EE of an accessor's strides loaded as a vector, or null.
  const LaneValues *accessorElement(const llvm::ExtractElementInst &EE, State &St);
  /// The value of load L in St: a warp-uniform unknown, or data.
  const LaneValues &loadedValue(const llvm::LoadInst &L, State &St);
  /// What each value and each block's active lanes read of a sample: a bit
  /// for the block, the warp, the argument sample, and one per loop.
  llvm::DenseMap<const llvm::Value *, uint64_t> ValueDeps;
  llvm::DenseMap<const llvm::BasicBlock *, uint64_t> ActiveDeps;
  llvm::DenseMap<const llvm::Loop *, unsigned> LoopIndex;
  std::map<const llvm::Loop *, SampleSet> SamplesByLoop;
  AnalysisBudget Budget;
  std::chrono::steady_clock::time_point Start;
  uint64_t BytesUsed = 0;
  uint64_t StepsTaken = 0;
  unsigned ChecksSkipped = 0;
  std::string Exhausted;
};

} // namespace warplint

#endif
