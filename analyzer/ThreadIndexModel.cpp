//===- ThreadIndexModel.cpp - What the lanes of a warp compute ------------===//
//
// The samples (blocks, warps, loop iterations, argument values) and the
// lanes of each sample that reach a block; the values themselves are
// computed in LaneEvaluation.cpp.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ThreadIndexModelImpl.h"

#include "frontend/DeviceModule.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace llvm;
using namespace warplint::detail;

namespace warplint {

bool WarpSample::operator<(const WarpSample &O) const {
  return std::tie(BlockIdx.V, Warp, ArgSample, Iterations) <
         std::tie(O.BlockIdx.V, O.Warp, O.ArgSample, O.Iterations);
}

ThreadIndexModel::ThreadIndexModel(const Function &Kernel, const LaunchConfig &Launch,
                                   const ArchProfile &Arch)
    : F(Kernel), Launch(Launch), Arch(Arch),
      DT(std::make_unique<DominatorTree>(const_cast<Function &>(Kernel))),
      LI(std::make_unique<LoopInfo>(*DT)) {
  Assumptions = Launch.Assumptions;
  Assumptions.push_back("pointer arguments are 256-byte aligned (cudaMalloc)");
  for (const Argument &A : F.args())
    if (A.getType()->isIntegerTy() && !Launch.Args.count(A.getName().str()))
      UnknownArgIndex[&A] = NumUnknownArgs++;
}

ThreadIndexModel::~ThreadIndexModel() = default;

std::string ThreadIndexModel::argNames(uint64_t Mask) const {
  // In parameter order (the map's order changes from run to run).
  std::string Out;
  for (const Argument &A : F.args()) {
    auto It = UnknownArgIndex.find(&A);
    if (It != UnknownArgIndex.end() && (Mask >> It->second & 1))
      Out += (Out.empty() ? "" : ", ") + A.getName().str();
  }
  return Out;
}

uint32_t ThreadIndexModel::existingLanes(const WarpSample &S) const {
  uint64_t Threads = Launch.Block.count();
  uint64_t First = uint64_t(S.Warp) * Arch.WarpSize;
  if (First >= Threads)
    return 0;
  uint64_t N = std::min<uint64_t>(Arch.WarpSize, Threads - First);
  return N >= 32 ? ~0u : (1u << N) - 1;
}

ThreadIndexModel::State &ThreadIndexModel::stateFor(const WarpSample &S) {
  std::unique_ptr<State> &Slot = States[S];
  if (!Slot) {
    Slot = std::make_unique<State>();
    Slot->S = S;
    Slot->Exists = existingLanes(S);
    const auto &B = Launch.Block.V;
    for (unsigned L = 0; L < 32; ++L) {
      uint64_t T = uint64_t(S.Warp) * Arch.WarpSize + L;
      Slot->Tid[L] = {uint32_t(T % B[0]), uint32_t(T / B[0] % B[1]),
                      uint32_t(T / (B[0] * B[1]))};
    }
  }
  return *Slot;
}

LaneValues ThreadIndexModel::eval(const Value *V, const WarpSample &S) {
  State &St = stateFor(S);
  auto It = St.Memo.find(V);
  if (It != St.Memo.end())
    return It->second;
  LaneValues R = compute(V, St);
  St.Memo[V] = R;
  return R;
}

uint64_t ThreadIndexModel::globalBase(const GlobalVariable &GV) {
  auto It = GlobalBases.find(&GV);
  if (It != GlobalBases.end())
    return It->second;
  uint64_t Base;
  if (GV.getAddressSpace() == AS_Shared) {
    // Shared arrays in declaration order, each 16-byte aligned.
    uint64_t Align = std::max<uint64_t>(GV.getAlign().valueOrOne().value(), 16);
    NextSharedOffset = alignTo(NextSharedOffset, Align);
    Base = NextSharedOffset;
    NextSharedOffset += GV.getParent()->getDataLayout().getTypeAllocSize(GV.getValueType());
  } else {
    Base = uint64_t(64 + GlobalBases.size()) << BaseShift;
  }
  GlobalBases[&GV] = Base;
  return Base;
}

uint32_t ThreadIndexModel::takesEdge(const BasicBlock *From, const BasicBlock *To,
                                     State &St, bool &DataDependent) {
  const Instruction *T = From->getTerminator();
  if (const auto *Br = dyn_cast<BranchInst>(T)) {
    if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return ~0u;
    const LaneValues &C = eval(Br->getCondition(), St.S);
    if (!C.known()) {
      DataDependent = true;
      return ~0u; // Every lane may take it.
    }
    bool WantTrue = Br->getSuccessor(0) == To;
    uint32_t Mask = 0;
    for (unsigned L = 0; L < 32; ++L)
      if ((C.V[L] != 0) == WantTrue)
        Mask |= 1u << L;
    return Mask;
  }
  if (const auto *Sw = dyn_cast<SwitchInst>(T)) {
    const LaneValues &C = eval(Sw->getCondition(), St.S);
    if (!C.known()) {
      DataDependent = true;
      return ~0u; // Every lane may take it.
    }
    uint32_t Mask = 0;
    for (unsigned L = 0; L < 32; ++L) {
      const BasicBlock *Dest = Sw->getDefaultDest();
      for (const auto &Case : Sw->cases())
        if (Case.getCaseValue()->getZExtValue() == C.V[L])
          Dest = Case.getCaseSuccessor();
      if (Dest == To)
        Mask |= 1u << L;
    }
    return Mask;
  }
  return ~0u;
}

uint32_t ThreadIndexModel::stillLooping(const Loop *L, State &St, bool &DataDependent) {
  auto It = llvm::find_if(St.S.Iterations, [&](const auto &P) { return P.first == L; });
  if (It == St.S.Iterations.end() || It->second == 0)
    return ~0u;
  const BasicBlock *Latch = L->getLoopLatch();
  if (!Latch)
    return ~0u;
  WarpSample Prev = St.S;
  llvm::find_if(Prev.Iterations, [&](const auto &P) { return P.first == L; })->second--;
  State &PrevSt = stateFor(Prev);
  return activeLanes(Latch, Prev, DataDependent) &
         takesEdge(Latch, L->getHeader(), PrevSt, DataDependent);
}

uint32_t ThreadIndexModel::activeLanes(const BasicBlock *BB, const WarpSample &S,
                                       bool &DataDependent) {
  State &St = stateFor(S);
  auto Found = St.Active.find(BB);
  if (Found != St.Active.end()) {
    DataDependent |= Found->second.second;
    return Found->second.first;
  }
  bool DD = false;
  uint32_t Mask = St.Exists;
  const BasicBlock *Entry = &F.getEntryBlock();
  for (const BasicBlock *D = BB; D != Entry && Mask;) {
    if (LI->isLoopHeader(D))
      Mask &= stillLooping(LI->getLoopFor(D), St, DD);
    const DomTreeNode *Node = DT->getNode(D);
    if (!Node || !Node->getIDom())
      break;
    const BasicBlock *P = Node->getIDom()->getBlock();
    // A condition inside a loop that BB is not in decides when lanes leave
    // that loop, not whether they get past it (loops are assumed to end).
    const Loop *PL = LI->getLoopFor(P);
    if (!PL || PL->contains(BB))
      for (const BasicBlock *Succ : successors(P))
        if (DT->dominates(BasicBlockEdge(P, Succ), BB)) {
          Mask &= takesEdge(P, Succ, St, DD);
          break;
        }
    D = P;
  }
  // stateFor may have rehashed States; St stays valid (owned by unique_ptr).
  St.Active[BB] = {Mask, DD};
  DataDependent |= DD;
  return Mask;
}

void ThreadIndexModel::noteAssumption(std::string A) {
  if (!llvm::is_contained(Assumptions, A))
    Assumptions.push_back(std::move(A));
}

unsigned ThreadIndexModel::iterationsOf(const Loop *L, const WarpSample &Outer,
                                        unsigned Limit) {
  unsigned Cap = std::min(L->getSubLoops().empty() ? InnerCap : OuterCap, Limit);
  for (unsigned K = 0; K < Cap; ++K) {
    WarpSample S = Outer;
    S.Iterations.push_back({L, K});
    bool DD = false;
    if (!activeLanes(L->getHeader(), S, DD))
      return K;
    if (DD && K + 1 >= OuterCap) {
      Assumptions.push_back(formatv("a loop's trip count depends on data: sampled its "
                                    "first {0} iterations",
                                    OuterCap)
                                .str());
      return OuterCap;
    }
  }
  return Cap;
}

std::vector<WarpSample> ThreadIndexModel::samplesFor(const Instruction &I) {
  // Blocks: first, middle and last of a known grid; a few of an unknown one.
  std::vector<Dim3> Blocks;
  auto AddBlock = [&](uint64_t Linear, const Dim3 &G) {
    Dim3 B;
    B.V = {Linear % G.V[0], Linear / G.V[0] % G.V[1], Linear / (G.V[0] * G.V[1])};
    if (llvm::find(Blocks, B) == Blocks.end())
      Blocks.push_back(B);
  };
  if (Launch.Grid) {
    uint64_t N = Launch.Grid->count();
    for (uint64_t Linear : {uint64_t(0), N / 2, N - 1})
      AddBlock(Linear, *Launch.Grid);
  } else {
    for (uint64_t Linear : {0, 1, 7})
      AddBlock(Linear, Dim3{{65535, 1, 1}});
  }
  unsigned NumWarps = divideCeil(Launch.Block.count(), Arch.WarpSize);
  std::vector<unsigned> Warps;
  for (unsigned K = 0; K < std::min(NumWarps, WarpSamples); ++K) {
    unsigned W = NumWarps <= WarpSamples ? K : K * (NumWarps - 1) / (WarpSamples - 1);
    if (llvm::find(Warps, W) == Warps.end())
      Warps.push_back(W);
  }
  // Loops around I, outermost first.
  SmallVector<const Loop *, 4> Nest;
  for (const Loop *L = LI->getLoopFor(I.getParent()); L; L = L->getParentLoop())
    Nest.insert(Nest.begin(), L);

  std::vector<WarpSample> Out;
  unsigned ArgSamples = NumUnknownArgs ? ArgSampleValues.size() : 1;
  // Nothing outside the model holds a State between calls: the cache may go.
  if (States.size() >= StateBudget)
    States.clear();
  for (const Dim3 &B : Blocks)
    for (unsigned W : Warps)
      for (unsigned A = 0; A < ArgSamples; ++A) {
        WarpSample Base;
        Base.BlockIdx = B;
        Base.Warp = W;
        Base.ArgSample = A;
        // Expand the iteration space loop by loop.
        std::vector<WarpSample> Level = {Base};
        for (const Loop *L : Nest) {
          std::vector<WarpSample> Next;
          unsigned Limit = std::max<size_t>(1, NestSampleBudget / Level.size());
          if (Limit < InnerCap && L->getSubLoops().empty())
            noteAssumption(formatv("a loop nest {0} deep: sampled at most {1} iteration{2} "
                                   "of its innermost loop",
                                   Nest.size(), Limit, Limit == 1 ? "" : "s")
                               .str());
          for (const WarpSample &S : Level) {
            unsigned N = iterationsOf(L, S, Limit);
            for (unsigned K = 0; K < N; ++K) {
              WarpSample T = S;
              T.Iterations.push_back({L, K});
              Next.push_back(std::move(T));
            }
          }
          Level = std::move(Next);
        }
        Out.insert(Out.end(), Level.begin(), Level.end());
      }
  return Out;
}

} // namespace warplint
