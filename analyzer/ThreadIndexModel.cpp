//===- ThreadIndexModel.cpp - What the lanes of a warp compute ------------===//
#include "analyzer/ThreadIndexModel.h"

#include "frontend/DeviceModule.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace llvm;

namespace warplint {

bool WarpSample::operator<(const WarpSample &O) const {
  return std::tie(BlockIdx.V, Warp, ArgSample, Iterations) <
         std::tie(O.BlockIdx.V, O.Warp, O.ArgSample, O.Iterations);
}

/// The values of one sample, or of a projection of samples onto the parts a
/// value reads (all blocks alike for a value that does not read blockIdx, all
/// iterations of a loop alike for a value computed outside it): values are
/// computed once per projection, not once per sampled warp.
struct ThreadIndexModel::State {
  WarpSample S;
  uint32_t Exists = 0;
};

namespace {

/// Loop iteration caps: the innermost loop around an access is sampled in
/// full up to InnerCap iterations, enclosing loops up to OuterCap.
constexpr unsigned InnerCap = 64, OuterCap = 8;
/// Warps sampled per block and blocks per grid.
constexpr unsigned WarpSamples = 8;
/// Pointer kernel arguments get bases this far apart (256-byte aligned).
constexpr unsigned BaseShift = 36;

/// Dependence bits: what a value reads of a sample. One bit per loop after
/// these (loops past the 61st share all the loop bits).
constexpr uint64_t DepBlock = 1, DepWarp = 2, DepArg = 4;
constexpr unsigned FirstLoopBit = 3;
constexpr uint64_t AllLoopBits = ~uint64_t(0) << FirstLoopBit;
/// The budget is checked every this many new states or values.
constexpr unsigned BudgetCheckEvery = 1024;

uint64_t maskTo(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? V : V & ((uint64_t(1) << Bits) - 1);
}

int64_t signExtend(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? (int64_t)V : SignExtend64(V, Bits);
}

unsigned bitsOf(const Type *T) {
  if (T->isPointerTy())
    return 64;
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  return 0;
}

LaneValues broadcast(uint64_t V) {
  LaneValues R;
  R.V.fill(V);
  return R;
}

LaneValues unmodelled() {
  LaneValues R;
  R.Unmodelled = true;
  return R;
}

void mergeFlags(LaneValues &R, const LaneValues &Op) {
  if (!R.DataDependentOn)
    R.DataDependentOn = Op.DataDependentOn;
  R.ArgMask |= Op.ArgMask;
  R.Unmodelled |= Op.Unmodelled;
}

bool evalICmp(CmpInst::Predicate P, uint64_t A, uint64_t B, unsigned Bits) {
  int64_t SA = signExtend(A, Bits), SB = signExtend(B, Bits);
  switch (P) {
  case CmpInst::ICMP_EQ:
    return A == B;
  case CmpInst::ICMP_NE:
    return A != B;
  case CmpInst::ICMP_UGT:
    return A > B;
  case CmpInst::ICMP_UGE:
    return A >= B;
  case CmpInst::ICMP_ULT:
    return A < B;
  case CmpInst::ICMP_ULE:
    return A <= B;
  case CmpInst::ICMP_SGT:
    return SA > SB;
  case CmpInst::ICMP_SGE:
    return SA >= SB;
  case CmpInst::ICMP_SLT:
    return SA < SB;
  case CmpInst::ICMP_SLE:
    return SA <= SB;
  default:
    return false;
  }
}

/// A binary integer operation on one lane; false when it is not modelled.
bool evalBinary(unsigned Opcode, uint64_t A, uint64_t B, unsigned Bits, uint64_t &Out) {
  int64_t SA = signExtend(A, Bits), SB = signExtend(B, Bits);
  switch (Opcode) {
  case Instruction::Add:
    Out = A + B;
    break;
  case Instruction::Sub:
    Out = A - B;
    break;
  case Instruction::Mul:
    Out = A * B;
    break;
  case Instruction::Shl:
    Out = B >= Bits ? 0 : A << B;
    break;
  case Instruction::LShr:
    Out = B >= Bits ? 0 : A >> B;
    break;
  case Instruction::AShr:
    Out = B >= Bits ? (SA < 0 ? ~0ull : 0) : (uint64_t)(SA >> B);
    break;
  case Instruction::And:
    Out = A & B;
    break;
  case Instruction::Or:
    Out = A | B;
    break;
  case Instruction::Xor:
    Out = A ^ B;
    break;
  case Instruction::UDiv:
    Out = B ? A / B : 0;
    break;
  case Instruction::URem:
    Out = B ? A % B : 0;
    break;
  case Instruction::SDiv:
    Out = SB ? (uint64_t)(SA / SB) : 0;
    break;
  case Instruction::SRem:
    Out = SB ? (uint64_t)(SA % SB) : 0;
    break;
  default:
    return false;
  }
  Out = maskTo(Out, Bits);
  return true;
}

} // namespace

std::string AnalysisBudget::str() const {
  return formatv("{0} MB and {1} s", MemoryBytes >> 20, format("%g", Seconds)).str();
}

ThreadIndexModel::ThreadIndexModel(const Function &Kernel, const LaunchConfig &Launch,
                                   const ArchProfile &Arch, const AnalysisBudget &Budget)
    : F(Kernel), Launch(Launch), Arch(Arch),
      DT(std::make_unique<DominatorTree>(const_cast<Function &>(Kernel))),
      LI(std::make_unique<LoopInfo>(*DT)), Budget(Budget),
      Start(std::chrono::steady_clock::now()) {
  Assumptions = Launch.Assumptions;
  Assumptions.push_back("pointer arguments are 256-byte aligned (cudaMalloc)");
  for (const Argument &A : F.args())
    if (A.getType()->isIntegerTy() && !Launch.Args.count(A.getName().str()))
      UnknownArgIndex[&A] = NumUnknownArgs++;
  computeDeps();
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
    if (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
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
      if (Header)
        D |= loopBit(L);
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
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  if (BytesUsed > Budget.MemoryBytes)
    Exhausted = formatv("its sampled values outgrew {0} MB", Budget.MemoryBytes >> 20).str();
  else if (Seconds > Budget.Seconds)
    Exhausted = formatv("it ran past {0} s", format("%g", Budget.Seconds)).str();
  return Exhausted.empty();
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
    BytesUsed += sizeof(State) + 64 + S.Iterations.size() * sizeof(S.Iterations[0]);
    checkBudget();
  }
  return *Slot;
}

ThreadIndexModel::State &ThreadIndexModel::projected(State &St, uint64_t Deps) {
  auto Found = Projections.find({&St, Deps});
  if (Found != Projections.end())
    return *Found->second;
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
  Projections[{&St, Deps}] = &Target;
  // A DenseMap holds up to twice the buckets it needs.
  BytesUsed += 2 * sizeof(decltype(Projections)::value_type);
  return Target;
}

LaneValues ThreadIndexModel::eval(const Value *V, const WarpSample &S) {
  return evalIn(V, stateFor(S));
}

LaneValues ThreadIndexModel::evalIn(const Value *V, State &From) {
  if (!Exhausted.empty())
    return unmodelled();
  State &St = projected(From, depsOf(V));
  auto It = Memo.find({&St, V});
  if (It != Memo.end())
    return *It->second;
  LaneValues R = compute(V, St);
  Values.push_back(R);
  Memo[{&St, V}] = &Values.back();
  BytesUsed += sizeof(LaneValues) + 2 * sizeof(decltype(Memo)::value_type);
  checkBudget();
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

LaneValues ThreadIndexModel::compute(const Value *V, State &St) {
  unsigned Bits = bitsOf(V->getType());
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getBitWidth() <= 64 ? broadcast(C->getZExtValue()) : unmodelled();
  if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V))
    return broadcast(0);
  if (const auto *GV = dyn_cast<GlobalVariable>(V))
    return broadcast(globalBase(*GV));
  if (isa<AllocaInst>(V))
    return broadcast(0); // Private: every thread's array starts at offset 0.
  if (const auto *A = dyn_cast<Argument>(V)) {
    if (A->getType()->isPointerTy())
      return broadcast(uint64_t(A->getArgNo() + 1) << BaseShift);
    if (!A->getType()->isIntegerTy())
      return unmodelled();
    auto Known = Launch.Args.find(A->getName().str());
    if (Known != Launch.Args.end())
      return broadcast(maskTo(Known->second, Bits));
    LaneValues R = broadcast(argValue(St.S.ArgSample));
    R.ArgMask = uint64_t(1) << UnknownArgIndex.lookup(A);
    return R;
  }
  if (isa<LoadInst>(V) || isa<AtomicRMWInst>(V) || isa<AtomicCmpXchgInst>(V)) {
    LaneValues R;
    R.DataDependentOn = V;
    return R;
  }
  if (const auto *Phi = dyn_cast<PHINode>(V))
    return evalPhi(*Phi, St);
  if (const auto *Call = dyn_cast<CallInst>(V)) {
    const auto &B = Launch.Block.V;
    Dim3 Grid = Launch.Grid.value_or(Dim3{{65535, 65535, 64}});
    auto PerLane = [&](auto Fn) {
      LaneValues R;
      for (unsigned L = 0; L < 32; ++L)
        R.V[L] = Fn(L);
      return R;
    };
    auto Thread = [&](unsigned L) { return uint64_t(St.S.Warp) * Arch.WarpSize + L; };
    switch (Call->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_x:
      return PerLane([&](unsigned L) { return uint32_t(Thread(L) % B[0]); });
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
      return PerLane([&](unsigned L) { return uint32_t(Thread(L) / B[0] % B[1]); });
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
      return PerLane([&](unsigned L) { return uint32_t(Thread(L) / (B[0] * B[1])); });
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
      return broadcast(B[0]);
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
      return broadcast(B[1]);
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
      return broadcast(B[2]);
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
      return broadcast(St.S.BlockIdx.V[0]);
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
      return broadcast(St.S.BlockIdx.V[1]);
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
      return broadcast(St.S.BlockIdx.V[2]);
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
      return broadcast(Grid.V[0]);
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
      return broadcast(Grid.V[1]);
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return broadcast(Grid.V[2]);
    case Intrinsic::nvvm_read_ptx_sreg_laneid:
      return PerLane([](unsigned L) { return L; });
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::smin:
    case Intrinsic::smax: {
      const LaneValues &A = evalIn(Call->getArgOperand(0), St);
      const LaneValues &Bv = evalIn(Call->getArgOperand(1), St);
      LaneValues R;
      mergeFlags(R, A);
      mergeFlags(R, Bv);
      Intrinsic::ID ID = Call->getIntrinsicID();
      for (unsigned L = 0; L < 32; ++L) {
        bool Signed = ID == Intrinsic::smin || ID == Intrinsic::smax;
        bool Less = Signed ? signExtend(A.V[L], Bits) < signExtend(Bv.V[L], Bits)
                           : A.V[L] < Bv.V[L];
        bool TakeA = (ID == Intrinsic::umin || ID == Intrinsic::smin) ? Less : !Less;
        R.V[L] = TakeA ? A.V[L] : Bv.V[L];
      }
      return R;
    }
    default: {
      // A value computed by a call (math, shuffles, ...) is data to us.
      LaneValues R;
      R.DataDependentOn = V;
      return R;
    }
    }
  }
  const auto *Op = dyn_cast<Operator>(V);
  if (!Op)
    return unmodelled();
  unsigned Opcode = Op->getOpcode();
  if (const auto *GEP = dyn_cast<GEPOperator>(Op)) {
    const DataLayout &DL = F.getParent()->getDataLayout();
    LaneValues R = evalIn(GEP->getPointerOperand(), St);
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E;
         ++GTI) {
      const LaneValues &Idx = evalIn(GTI.getOperand(), St);
      mergeFlags(R, Idx);
      unsigned IdxBits = bitsOf(GTI.getOperand()->getType());
      if (StructType *STy = GTI.getStructTypeOrNull()) {
        uint64_t Off = DL.getStructLayout(STy)->getElementOffset(Idx.V[0]);
        for (uint64_t &A : R.V)
          A += Off;
        continue;
      }
      uint64_t Stride = GTI.getSequentialElementStride(DL);
      for (unsigned L = 0; L < 32; ++L)
        R.V[L] += uint64_t(signExtend(Idx.V[L], IdxBits)) * Stride;
    }
    return R;
  }
  switch (Opcode) {
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::Trunc:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::Freeze: {
    const Value *Src = Op->getOperand(0);
    unsigned SrcBits = bitsOf(Src->getType());
    if (!SrcBits || !Bits)
      return unmodelled();
    LaneValues R = evalIn(Src, St);
    for (uint64_t &X : R.V)
      X = Opcode == Instruction::SExt ? maskTo(signExtend(X, SrcBits), Bits)
                                      : maskTo(X, std::min(Bits, SrcBits));
    return R;
  }
  case Instruction::ICmp: {
    const auto *Cmp = cast<ICmpInst>(V);
    const LaneValues &A = evalIn(Cmp->getOperand(0), St);
    const LaneValues &B = evalIn(Cmp->getOperand(1), St);
    unsigned OpBits = bitsOf(Cmp->getOperand(0)->getType());
    LaneValues R;
    mergeFlags(R, A);
    mergeFlags(R, B);
    for (unsigned L = 0; L < 32; ++L)
      R.V[L] = evalICmp(Cmp->getPredicate(), A.V[L], B.V[L], OpBits);
    return R;
  }
  case Instruction::Select: {
    const auto *Sel = cast<SelectInst>(V);
    const LaneValues &C = evalIn(Sel->getCondition(), St);
    const LaneValues &A = evalIn(Sel->getTrueValue(), St);
    const LaneValues &B = evalIn(Sel->getFalseValue(), St);
    LaneValues R;
    mergeFlags(R, C);
    for (unsigned L = 0; L < 32; ++L)
      R.V[L] = C.V[L] ? A.V[L] : B.V[L];
    // Only the chosen operands' dependences matter.
    uint32_t TakesA = 0, TakesB = 0;
    for (unsigned L = 0; L < 32; ++L)
      (C.V[L] ? TakesA : TakesB) |= 1u << L;
    if (TakesA)
      mergeFlags(R, A);
    if (TakesB)
      mergeFlags(R, B);
    return R;
  }
  default:
    break;
  }
  if (isa<BinaryOperator>(Op) && Bits) {
    const LaneValues &A = evalIn(Op->getOperand(0), St);
    const LaneValues &B = evalIn(Op->getOperand(1), St);
    LaneValues R;
    mergeFlags(R, A);
    mergeFlags(R, B);
    for (unsigned L = 0; L < 32; ++L)
      if (!evalBinary(Opcode, A.V[L], B.V[L], Bits, R.V[L]))
        return unmodelled();
    return R;
  }
  return unmodelled();
}

LaneValues ThreadIndexModel::evalPhi(const PHINode &Phi, State &St) {
  const BasicBlock *BB = Phi.getParent();
  const Loop *L = LI->getLoopFor(BB);
  if (L && L->getHeader() == BB) {
    auto It = llvm::find_if(St.S.Iterations, [&](const auto &P) { return P.first == L; });
    const BasicBlock *Latch = L->getLoopLatch();
    if (It == St.S.Iterations.end() || !Latch)
      return unmodelled();
    if (It->second == 0) {
      for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I)
        if (!L->contains(Phi.getIncomingBlock(I)))
          return evalIn(Phi.getIncomingValue(I), St);
      return unmodelled();
    }
    WarpSample Prev = St.S;
    llvm::find_if(Prev.Iterations, [&](const auto &P) { return P.first == L; })->second--;
    return evalIn(Phi.getIncomingValueForBlock(Latch), stateFor(Prev));
  }
  // A merge: each lane takes the value of the edge it arrived on.
  LaneValues R;
  unsigned Depth = LI->getLoopDepth(BB);
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
    const BasicBlock *Pred = Phi.getIncomingBlock(I);
    if (LI->getLoopDepth(Pred) > Depth)
      return unmodelled(); // A value leaving a loop: lanes exit at different times.
    bool DD = false;
    uint32_t Mask = activeIn(Pred, St, DD) & takesEdge(Pred, BB, St, DD);
    if (!Mask)
      continue;
    const LaneValues &In = evalIn(Phi.getIncomingValue(I), St);
    mergeFlags(R, In);
    if (DD && !R.DataDependentOn)
      R.DataDependentOn = Pred->getTerminator();
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      if (Mask >> Lane & 1)
        R.V[Lane] = In.V[Lane];
  }
  return R;
}

uint32_t ThreadIndexModel::takesEdge(const BasicBlock *From, const BasicBlock *To,
                                     State &St, bool &DataDependent) {
  const Instruction *T = From->getTerminator();
  if (const auto *Br = dyn_cast<BranchInst>(T)) {
    if (Br->isUnconditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return ~0u;
    const LaneValues &C = evalIn(Br->getCondition(), St);
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
    const LaneValues &C = evalIn(Sw->getCondition(), St);
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
  return activeIn(Latch, PrevSt, DataDependent) &
         takesEdge(Latch, L->getHeader(), PrevSt, DataDependent);
}

uint32_t ThreadIndexModel::activeLanes(const BasicBlock *BB, const WarpSample &S,
                                       bool &DataDependent) {
  return activeIn(BB, stateFor(S), DataDependent);
}

uint32_t ThreadIndexModel::activeIn(const BasicBlock *BB, State &From, bool &DataDependent) {
  if (!Exhausted.empty())
    return 0;
  auto Deps = ActiveDeps.find(BB);
  State &St = projected(From, Deps == ActiveDeps.end() ? ~uint64_t(0) : Deps->second);
  auto Found = Active.find({&St, BB});
  if (Found != Active.end()) {
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
  Active[{&St, BB}] = {Mask, DD};
  BytesUsed += 2 * sizeof(decltype(Active)::value_type);
  DataDependent |= DD;
  return Mask;
}

unsigned ThreadIndexModel::iterationsOf(const Loop *L, const WarpSample &Outer) {
  unsigned Cap = L->getSubLoops().empty() ? InnerCap : OuterCap;
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
    Found = SamplesByLoop.emplace(Innermost, std::move(Set)).first;
    return Found->second.Samples;
  }
  llvm::append_range(Assumptions, Found->second.Assumptions);
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
  unsigned NumWarps = divideCeil(Launch.Block.count(), Arch.WarpSize);
  std::vector<unsigned> Warps;
  for (unsigned K = 0; K < std::min(NumWarps, WarpSamples); ++K) {
    unsigned W = NumWarps <= WarpSamples ? K : K * (NumWarps - 1) / (WarpSamples - 1);
    if (llvm::find(Warps, W) == Warps.end())
      Warps.push_back(W);
  }
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
        for (const Loop *L : Nest) {
          std::vector<WarpSample> Next;
          for (const WarpSample &S : Level) {
            unsigned N = iterationsOf(L, S);
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
