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

#include "analyzer/LaunchConfig.h"
#include "analyzer/arch/ArchProfile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

#include <array>
#include <map>
#include <memory>
#include <vector>

namespace llvm {
class ScalarEvolution;
}

namespace warplint {

/// One IR value in the 32 lanes of a warp.
struct LaneValues {
  std::array<uint64_t, 32> V{};
  /// The load or call this value depends on, when it depends on data.
  const llvm::Value *DataDependentOn = nullptr;
  /// Unknown scalar arguments that this value depends on (bit per argument).
  uint64_t ArgMask = 0;
  /// The value could not be modelled (an unsupported operation).
  bool Unmodelled = false;
  bool known() const { return !DataDependentOn && !Unmodelled; }
};

/// Which sampled warp: a block, a warp in it, an iteration per enclosing loop,
/// and a sample index for unknown arguments.
struct WarpSample {
  Dim3 BlockIdx;
  unsigned Warp = 0;
  unsigned ArgSample = 0;
  std::vector<std::pair<const llvm::Loop *, unsigned>> Iterations;
  bool operator<(const WarpSample &O) const;
};

class ThreadIndexModel {
public:
  ThreadIndexModel(const llvm::Function &Kernel, const LaunchConfig &Launch,
                   const ArchProfile &Arch);
  ~ThreadIndexModel();

  /// The warps to sample for an instruction: blocks x warps x iterations of
  /// the loops around it x argument samples. Iterations a loop never runs
  /// (no lane active) are left out.
  std::vector<WarpSample> samplesFor(const llvm::Instruction &I);

  /// The values of V in the lanes of warp S.
  LaneValues eval(const llvm::Value *V, const WarpSample &S);

  /// Lanes of warp S that reach BB (a bit per lane). DataDependent is set when
  /// a controlling condition depends on loaded data (then all candidate lanes
  /// are reported).
  uint32_t activeLanes(const llvm::BasicBlock *BB, const WarpSample &S,
                       bool &DataDependent);

  /// Lanes of S that exist (a partial last warp has fewer).
  uint32_t existingLanes(const WarpSample &S) const;

  /// Assumptions every prediction of this kernel rests on.
  const std::vector<std::string> &assumptions() const { return Assumptions; }

  /// Names of the unknown scalar arguments in Mask.
  std::string argNames(uint64_t Mask) const;

  /// Sample values used for unknown scalar arguments.
  static constexpr std::array<uint64_t, 2> ArgSampleValues = {4096, 1000};
  /// A third value, never sampled for costs: a WarpSample with ArgSample ==
  /// ArgSampleValues.size() evaluates unknown arguments as this, to check a
  /// formula fitted to the two samples.
  static constexpr uint64_t ArgCheckValue = 72;
  /// The value unknown arguments take in argument sample A.
  static constexpr uint64_t argValue(unsigned A) {
    return A < ArgSampleValues.size() ? ArgSampleValues[A] : ArgCheckValue;
  }

  const llvm::LoopInfo &loops() const { return *LI; }
  const llvm::DominatorTree &domTree() const { return *DT; }

private:
  struct State;
  State &stateFor(const WarpSample &S);
  LaneValues compute(const llvm::Value *V, State &St);
  LaneValues evalPhi(const llvm::PHINode &Phi, State &St);
  uint32_t takesEdge(const llvm::BasicBlock *From, const llvm::BasicBlock *To,
                     State &St, bool &DataDependent);
  uint32_t stillLooping(const llvm::Loop *L, State &St, bool &DataDependent);
  unsigned iterationsOf(const llvm::Loop *L, const WarpSample &Outer, unsigned Limit);
  uint64_t globalBase(const llvm::GlobalVariable &GV);
  /// Adds A to the kernel's assumptions once.
  void noteAssumption(std::string A);

  const llvm::Function &F;
  LaunchConfig Launch;
  const ArchProfile &Arch;
  std::unique_ptr<llvm::DominatorTree> DT;
  std::unique_ptr<llvm::LoopInfo> LI;
  std::vector<std::string> Assumptions;
  std::map<WarpSample, std::unique_ptr<State>> States;
  llvm::DenseMap<const llvm::GlobalVariable *, uint64_t> GlobalBases;
  uint64_t NextSharedOffset = 0;
  unsigned NumUnknownArgs = 0;
  llvm::DenseMap<const llvm::Argument *, unsigned> UnknownArgIndex;
};

} // namespace warplint

#endif
