//===- ThreadIndexModel.cpp - What the lanes of a warp compute ------------===//
//
// The samples (blocks, warps, loop iterations, argument values) and the
// lanes of each sample that reach a block; the values themselves are
// computed in LaneEvaluation.cpp.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ThreadIndexModelImpl.h"

#include "frontend/DeviceModule.h"
#include "frontend/SourceLocation.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>
#include <functional>
#include <set>
#include <tuple>

using namespace llvm;
using namespace warplint::detail;

namespace warplint {

bool WarpSample::operator<(const WarpSample &O) const {
  return std::tie(BlockIdx.V, Warp, ArgSample, Iterations) <
         std::tie(O.BlockIdx.V, O.Warp, O.ArgSample, O.Iterations);
}

bool WarpSample::operator==(const WarpSample &O) const {
  // The cheap fields first: hash tables compare against their empty keys,
  // which differ in Warp alone.
  if (Warp != O.Warp || ArgSample != O.ArgSample || BlockIdx.V != O.BlockIdx.V ||
      Iterations.size() != O.Iterations.size())
    return false;
  for (size_t I = 0; I < Iterations.size(); ++I)
    if (Iterations[I] != O.Iterations[I])
      return false;
  return true;
}

} // namespace warplint

unsigned llvm::DenseMapInfo<warplint::WarpSample>::getHashValue(const warplint::WarpSample &S) {
  // Looked up for every sampled warp: a multiply-and-shift mix per part
  // rather than hash_combine's.
  auto Mix = [](uint64_t H, uint64_t V) {
    H = (H ^ V) * 0x9E3779B97F4A7C15ull;
    return H ^ (H >> 29);
  };
  uint64_t H = Mix(Mix(Mix(S.BlockIdx.V[0], S.BlockIdx.V[1]), S.BlockIdx.V[2]),
                   uint64_t(S.Warp) << 32 | S.ArgSample);
  for (const auto &It : S.Iterations)
    H = Mix(Mix(H, reinterpret_cast<uintptr_t>(It.first)), It.second);
  return unsigned(H ^ (H >> 32));
}

namespace warplint {

std::string AnalysisBudget::str() const {
  std::string S = formatv("{0} MB and {1}M steps", MemoryBytes >> 20, MillionSteps).str();
  if (Seconds > 0)
    S += formatv(", {0} s", format("%g", Seconds)).str();
  return S;
}

ThreadIndexModel::ThreadIndexModel(const Function &Kernel, const LaunchConfig &Launch,
                                   const ArchProfile &Arch, const AnalysisBudget &Budget)
    : F(Kernel), Launch(Launch), Arch(Arch),
      DT(std::make_unique<DominatorTree>(const_cast<Function &>(Kernel))),
      LI(std::make_unique<LoopInfo>(*DT)), Budget(Budget),
      Start(std::chrono::steady_clock::now()) {
  Assumptions = Launch.Assumptions;
  Assumptions.push_back("pointer arguments are 256-byte aligned (cudaMalloc)");
  auto AddUnknown = [&](const Value *V) {
    unsigned Bit = std::min(NumUnknownArgs++, 63u);
    UnknownArgIndex[V] = Bit;
    return uint64_t(1) << Bit;
  };
  for (const Argument *A : unknownIntegerArgs(F, Launch))
    AddUnknown(A);
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *L = dyn_cast<LoadInst>(&I); L && mayLoadUniform(*L)) {
        UniformCandidates.insert(L);
        if (!L->getType()->isPointerTy()) {
          UniformLoadMask |= AddUnknown(L);
          noteAccessorField(*L, UnknownArgIndex[L]);
        }
      }
  computeDeps();
  // (Found up front: activeIn walks them while it recurses, and the table
  // never changes under it.)
  for (const BasicBlock &BB : F)
    Reach[&BB] = findReachSteps(&BB);
}

uint64_t ThreadIndexModel::loopBit(const Loop *L) const {
  unsigned I = LoopIndex.lookup(L);
  return I + FirstLoopBit < 64 ? uint64_t(1) << (I + FirstLoopBit) : AllLoopBits;
}

uint64_t ThreadIndexModel::depsOf(const Value *V) const {
  // Anything of another function (never expected) reads every part.
  if (const auto *I = dyn_cast<Instruction>(V))
    return I->getFunction() == &F ? ValueDeps.lookup(V) : ~uint64_t(0);
  if (const auto *A = dyn_cast<Argument>(V))
    return A->getParent() == &F ? ValueDeps.lookup(V) : ~uint64_t(0);
  return 0; // Constants and globals.
}

/// What each value reads of a sample, as the least fixpoint over the kernel:
/// thread and block indices, unknown arguments, the iteration of a loop whose
/// header phi it uses, and, for merges and active lanes, the branch
/// conditions and loop iterations that decide which lanes arrive. A superset
/// is always safe (it only shares less); the projection of a sample onto a
/// value's bits gives the same lanes as the sample itself.
void ThreadIndexModel::computeDeps() {
  for (const Loop *L : LI->getLoopsInPreorder())
    LoopIndex[L] = LoopIndex.size();
  for (const Argument &A : F.args())
    ValueDeps[&A] = UnknownArgIndex.count(&A) ? DepArg : 0;
  auto TermDeps = [&](const BasicBlock *BB) -> uint64_t {
    const Instruction *T = BB->getTerminator();
    if (const auto *Br = dyn_cast_or_null<BranchInst>(T))
      return Br->isConditional() ? depsOf(Br->getCondition()) : 0;
    if (const auto *Sw = dyn_cast_or_null<SwitchInst>(T))
      return depsOf(Sw->getCondition());
    return 0;
  };
  auto InstDeps = [&](const Instruction &I) -> uint64_t {
    if (const auto *L = dyn_cast<LoadInst>(&I))
      // Whether the lanes read one address (and which base a loaded
      // pointer gets) follows the address; an integer's value, the argument
      // sample.
      return UniformCandidates.count(L) ? depsOf(L->getPointerOperand()) |
                                      (L->getType()->isPointerTy() ? 0 : DepArg)
                                : 0;
    if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
      return 0;
    if (const auto *Call = dyn_cast<CallInst>(&I)) {
      switch (Call->getIntrinsicID()) {
      case Intrinsic::nvvm_read_ptx_sreg_tid_x:
      case Intrinsic::nvvm_read_ptx_sreg_tid_y:
      case Intrinsic::nvvm_read_ptx_sreg_tid_z:
        return DepWarp;
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
        return DepBlock;
      case Intrinsic::umin:
      case Intrinsic::umax:
      case Intrinsic::smin:
      case Intrinsic::smax:
        return depsOf(Call->getArgOperand(0)) | depsOf(Call->getArgOperand(1));
      default:
        return 0;
      }
    }
    uint64_t D = 0;
    if (const auto *Phi = dyn_cast<PHINode>(&I)) {
      const BasicBlock *BB = Phi->getParent();
      const Loop *L = LI->getLoopFor(BB);
      bool Header = L && L->getHeader() == BB;
      if (Header) {
        D |= loopBit(L);
        // Seen after the loop, its value follows the trip count: what the
        // loop's exits test.
        SmallVector<BasicBlock *, 4> Exiting;
        L->getExitingBlocks(Exiting);
        for (const BasicBlock *E : Exiting)
          D |= TermDeps(E);
      }
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K) {
        D |= depsOf(Phi->getIncomingValue(K));
        if (!Header)
          D |= ActiveDeps.lookup(Phi->getIncomingBlock(K)) |
               TermDeps(Phi->getIncomingBlock(K));
      }
      return D;
    }
    for (const Value *Op : I.operands())
      D |= depsOf(Op);
    return D;
  };
  const BasicBlock *Entry = &F.getEntryBlock();
  for (bool Changed = true; Changed;) {
    Changed = false;
    auto Update = [&](auto &Map, const auto *Key, uint64_t D) {
      uint64_t &Slot = Map[Key];
      if ((Slot | D) != Slot) {
        Slot |= D;
        Changed = true;
      }
    };
    for (const BasicBlock &BB : F) {
      uint64_t A = DepWarp;
      for (const BasicBlock *D = &BB; D != Entry;) {
        if (isJoin(D)) {
          for (const BasicBlock *P : predecessors(D))
            A |= ActiveDeps.lookup(P) | TermDeps(P);
          break;
        }
        if (LI->isLoopHeader(D)) {
          const Loop *L = LI->getLoopFor(D);
          A |= loopBit(L);
          if (const BasicBlock *Latch = L->getLoopLatch())
            A |= ActiveDeps.lookup(Latch) | TermDeps(Latch);
        }
        const DomTreeNode *Node = DT->getNode(D);
        if (!Node || !Node->getIDom())
          break;
        D = Node->getIDom()->getBlock();
        A |= TermDeps(D);
      }
      Update(ActiveDeps, &BB, A);
      for (const Instruction &I : BB)
        Update(ValueDeps, &I, InstDeps(I));
    }
  }
}

bool ThreadIndexModel::checkBudget() {
  if (!Exhausted.empty())
    return false;
  if (++ChecksSkipped < BudgetCheckEvery)
    return true;
  ChecksSkipped = 0;
  StepsTaken += BudgetCheckEvery;
  if (BytesUsed > Budget.MemoryBytes)
    Exhausted = formatv("its sampled values outgrew {0} MB", Budget.MemoryBytes >> 20).str();
  else if (StepsTaken > Budget.MillionSteps * 1000000)
    Exhausted = formatv("it took more than {0} million steps", Budget.MillionSteps).str();
  else if (Budget.Seconds > 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count() >
               Budget.Seconds)
    Exhausted = formatv("it ran past {0} s", format("%g", Budget.Seconds)).str();
  else if (std::chrono::steady_clock::now() > Budget.FileDeadline)
    Exhausted = "its file's budget ran out (--file-budget-seconds)";
  return Exhausted.empty();
}

ThreadIndexModel::~ThreadIndexModel() = default;

std::string ThreadIndexModel::argValuesText(uint64_t Mask, unsigned A) const {
  std::string Out;
  for (unsigned J = 0; J < 64; ++J)
    if (Mask >> J & 1)
      Out += formatv("{0}{1}={2}", Out.empty() ? "" : ", ", argNames(uint64_t(1) << J, false),
                     unknownValue(A, J))
                 .str();
  return Out;
}

std::string ThreadIndexModel::argNames(uint64_t Mask, bool SayAssumption) const {
  // In parameter order, then in program order (the map's order changes from
  // run to run).
  std::string Out;
  auto Add = [&](const Value *V, const std::string &Name) {
    auto It = UnknownArgIndex.find(V);
    if (It != UnknownArgIndex.end() && (Mask >> It->second & 1))
      Out += (Out.empty() ? "" : ", ") + Name;
  };
  for (const Argument &A : F.args())
    Add(&A, A.getName().str());
  if (!(Mask & UniformLoadMask))
    return Out;
  std::set<unsigned> Lines;
  std::set<std::string> Fields;
  bool Contiguous = false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (isa<LoadInst>(I)) {
        auto It = UnknownArgIndex.find(&I);
        if (It == UnknownArgIndex.end() || !(Mask >> It->second & 1))
          continue;
        // An accessor's size or stride by its name ("out.stride(0)").
        if (std::optional<AccessorField> Field =
                It->second < 63 ? accessorField(cast<LoadInst>(I)) : std::nullopt) {
          std::string Name = formatv("{0}.{1}({2})", Field->Arg->getName(),
                                     Field->IsStride ? "stride" : "size", Field->Dim)
                                 .str();
          Contiguous |= Field->IsStride;
          if (Fields.insert(Name).second)
            Add(&I, Name);
          continue;
        }
        SourceLoc L = userLocation(I);
        if (Lines.insert(L.Line).second)
          Add(&I, L.valid() ? formatv("load@{0}", L.Line).str() : std::string("load"));
      }
  if (Contiguous && SayAssumption)
    Out += " (assuming a contiguous tensor)";
  return Out;
}

namespace {
/// Whether V (a loaded value) may reach an address, a branch or a loop
/// bound: anything but a stored value, floating-point arithmetic on it and
/// calls (math). Loads that only feed those need no sampled value: the
/// model keeps them as data and samples their kernel once.
bool mayFeedAddressOrBranch(const Value *V, unsigned Depth = 0) {
  if (Depth > 4)
    return true;
  for (const User *U : V->users()) {
    const auto *I = dyn_cast<Instruction>(U);
    if (!I)
      return true;
    if (const auto *S = dyn_cast<StoreInst>(I)) {
      if (S->getValueOperand() == V && S->getPointerOperand() != V)
        continue;
      return true;
    }
    if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
      continue;
    if (I->getType()->isFPOrFPVectorTy()) {
      if (mayFeedAddressOrBranch(I, Depth + 1))
        return true;
      continue;
    }
    return true;
  }
  return false;
}
} // namespace

bool ThreadIndexModel::mayLoadUniform(const LoadInst &L) {
  // Private memory is each thread's own: one address read by every lane is
  // 32 locations, 32 values (a pointer picked from a per-thread table).
  if (L.getPointerAddressSpace() == AS_Local ||
      isa<AllocaInst>(getUnderlyingObject(L.getPointerOperand())))
    return false;
  Type *T = L.getType();
  // A byte or a flag stays data: a uniform unknown would take the sampled
  // values, and a branch on it one side only. Other types (a float, a pair
  // of fields loaded as a vector) are one unknown for the operations on them.
  bool Typed = T->isIntegerTy()
                   ? T->getIntegerBitWidth() > 8 && T->getIntegerBitWidth() <= 64
                   : T->isPointerTy() || T->isFloatingPointTy() || T->isVectorTy() ||
                         T->isStructTy();
  return Typed && mayFeedAddressOrBranch(&L);
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
  // Callers ask for one sample several times in a row (its active lanes,
  // then its address).
  std::less<const WarpSample *> Before;
  if (LastSet && !Before(&S, LastSet->Samples.data()) &&
      Before(&S, LastSet->Samples.data() + LastSet->Samples.size())) {
    State *&Known = LastSet->States[&S - LastSet->Samples.data()];
    if (!Known)
      Known = &lookupState(S);
    LastState = Known;
    return *Known;
  }
  if (LastState && LastState->S == S)
    return *LastState;
  LastState = &lookupState(S);
  return *LastState;
}

ThreadIndexModel::State *ThreadIndexModel::StateKey::getEmptyKey() {
  return DenseMapInfo<State *>::getEmptyKey();
}

ThreadIndexModel::State *ThreadIndexModel::StateKey::getTombstoneKey() {
  return DenseMapInfo<State *>::getTombstoneKey();
}

unsigned ThreadIndexModel::StateKey::getHashValue(const State *St) {
  return getHashValue(St->S);
}

unsigned ThreadIndexModel::StateKey::getHashValue(const WarpSample &S) {
  return DenseMapInfo<WarpSample>::getHashValue(S);
}

bool ThreadIndexModel::StateKey::isEqual(const WarpSample &S, const State *St) {
  return St != getEmptyKey() && St != getTombstoneKey() && St->S == S;
}

ThreadIndexModel::State &ThreadIndexModel::lookupState(const WarpSample &S) {
  auto Found = States.find_as(S);
  if (Found != States.end())
    return **Found;
  State *Slot = new (StateSlab.Allocate()) State();
  Slot->S = S;
  States.insert(Slot); // (Hashed by its sample: set first.)
  Slot->Exists = existingLanes(S);
  if (S.BlockIdx.V != Dim3().V)
    Slot->Spans |= DepBlock;
  if (S.Warp)
    Slot->Spans |= DepWarp;
  if (S.ArgSample)
    Slot->Spans |= DepArg;
  for (const auto &It : S.Iterations)
    Slot->Spans |= loopBit(It.first);
  // (The budget counts a state without its tables: their entries are
  // counted as they fill.)
  BytesUsed += sizeof(State) - sizeof(State::Values) - sizeof(State::ActiveLanes) + 64 +
               S.Iterations.size() * sizeof(S.Iterations[0]);
  checkBudget();
  return *Slot;
}

ThreadIndexModel::State &ThreadIndexModel::projected(State &St, uint64_t Deps) {
  if (!(St.Spans & ~Deps))
    return St; // The projection keeps every part St has.
  for (const auto &[D, Target] : St.Projections)
    if (D == Deps)
      return *Target;
  WarpSample P;
  if (Deps & DepBlock)
    P.BlockIdx = St.S.BlockIdx;
  if (Deps & DepWarp)
    P.Warp = St.S.Warp;
  if (Deps & DepArg)
    P.ArgSample = St.S.ArgSample;
  for (const auto &It : St.S.Iterations)
    if (Deps & loopBit(It.first))
      P.Iterations.push_back(It);
  State &Target = stateFor(P);
  St.Projections.push_back({Deps, &Target});
  BytesUsed += 2 * sizeof(St.Projections[0]);
  return Target;
}

const LaneValues &ThreadIndexModel::eval(const Value *V, const WarpSample &S) {
  return evalIn(V, stateFor(S));
}

const LaneValues &ThreadIndexModel::evalIn(const Value *V, State &From) {
  static const LaneValues Unknown = [] {
    LaneValues U;
    U.Unmodelled = true;
    return U;
  }();
  if (!Exhausted.empty())
    return Unknown;
  State &St = projected(From, depsOf(V));
  auto It = St.Values.find(V);
  if (It != St.Values.end())
    return *It->second;
  const LaneValues *R = &compute(V, St);
  St.Values[V] = R; // (compute may have grown the table.)
  BytesUsed += sizeof(LaneValues) + 2 * ValueEntryBytes;
  checkBudget();
  return *R;
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

unsigned ThreadIndexModel::iterationsOf(const Loop *L, const WarpSample &Outer,
                                        unsigned Cap) {
  for (unsigned K = 0; K < Cap; ++K) {
    WarpSample S = Outer;
    S.Iterations.push_back({L, K});
    bool DD = false;
    if (!activeLanes(L->getHeader(), S, DD))
      return K;
    if (DD && K + 1 >= std::min(Cap, OuterCap)) {
      // Once per kernel: every warp and outer iteration that meets this loop
      // would add the same sentence (4,074 copies of it on one real kernel).
      std::string Note = formatv("a loop's trip count depends on data: sampled its "
                                 "first {0} iterations",
                                 K + 1)
                             .str();
      if (!llvm::is_contained(Assumptions, Note))
        Assumptions.push_back(std::move(Note));
      return K + 1;
    }
  }
  return Cap;
}

const std::vector<WarpSample> &ThreadIndexModel::samplesFor(const Instruction &I) {
  static const std::vector<WarpSample> None;
  if (!Exhausted.empty())
    return None;
  // Every instruction of one innermost loop has the same samples: found once,
  // with the assumptions that finding them adds, added again on every call.
  const Loop *Innermost = LI->getLoopFor(I.getParent());
  auto Found = SamplesByLoop.find(Innermost);
  if (Found == SamplesByLoop.end()) {
    size_t Before = Assumptions.size();
    SampleSet Set;
    Set.Samples = computeSamples(Innermost);
    Set.Assumptions.assign(Assumptions.begin() + Before, Assumptions.end());
    Set.States.assign(Set.Samples.size(), nullptr);
    Found = SamplesByLoop.emplace(Innermost, std::move(Set)).first;
    LastSet = &Found->second;
    return Found->second.Samples;
  }
  for (const std::string &A : Found->second.Assumptions)
    if (!llvm::is_contained(Assumptions, A))
      Assumptions.push_back(A);
  LastSet = &Found->second;
  return Found->second.Samples;
}

std::vector<WarpSample> ThreadIndexModel::computeSamples(const Loop *Innermost) {
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
  std::vector<unsigned> Warps = sampledWarps(Launch.Block, Arch.WarpSize);
  // Loops around I, outermost first.
  SmallVector<const Loop *, 4> Nest;
  for (const Loop *L = Innermost; L; L = L->getParentLoop())
    Nest.insert(Nest.begin(), L);

  std::vector<WarpSample> Out;
  unsigned ArgSamples = NumUnknownArgs ? ArgSampleValues.size() : 1;
  for (const Dim3 &B : Blocks)
    for (unsigned W : Warps)
      for (unsigned A = 0; A < ArgSamples; ++A) {
        WarpSample Base;
        Base.BlockIdx = B;
        Base.Warp = W;
        Base.ArgSample = A;
        // Expand the iteration space loop by loop.
        std::vector<WarpSample> Level = {Base};
        for (size_t Depth = 0; Depth < Nest.size(); ++Depth) {
          const Loop *L = Nest[Depth];
          std::vector<WarpSample> Next;
          // Loops two or more levels out from the innermost one move the
          // warp by whole rows or planes: a few of their iterations tell as
          // much as many, and a deep nest would otherwise multiply them.
          unsigned Cap = L->getSubLoops().empty() ? InnerCap
                         : Depth + 2 >= Nest.size() ? OuterCap
                                                    : FarOuterCap;
          // And the whole nest shares NestSampleBudget samples per warp.
          // (No warp of this sample reaches the loop: nothing to expand.)
          if (Level.empty())
            break;
          unsigned Limit = std::max<size_t>(1, NestSampleBudget / Level.size());
          if (Limit < Cap) {
            Cap = Limit;
            std::string Note = formatv("a loop nest {0} deep: sampled at most {1} iteration{2} "
                                       "of its loop at depth {3}",
                                       Nest.size(), Cap, Cap == 1 ? "" : "s", Depth + 1);
            if (!llvm::is_contained(Assumptions, Note))
              Assumptions.push_back(std::move(Note));
          }
          for (const WarpSample &S : Level) {
            unsigned N = iterationsOf(L, S, Cap);
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
