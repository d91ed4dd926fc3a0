//===- LaneEvaluation.cpp - The value of an IR slice in each lane ---------===//
//
// ThreadIndexModel::compute and evalPhi: evaluates integer and pointer
// values for the 32 lanes of a sampled warp (thread and block indices,
// arguments, globals, arithmetic, casts, selects, GEPs, header phis by
// recurrence); a value that depends on loaded data is labelled, never guessed.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ThreadIndexModelImpl.h"

#include "frontend/DeviceModule.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace warplint::detail;

namespace warplint {
namespace {

unsigned bitsOf(const Type *T) {
  if (T->isPointerTy())
    return 64;
  if (T->isIntegerTy())
    return T->getIntegerBitWidth();
  return 0;
}

/// R (a fresh value) with V in every lane.
const LaneValues &broadcast(LaneValues &R, uint64_t V) {
  R.V.fill(V);
  return R;
}

/// R (a fresh value) marked as not modelled.
const LaneValues &unmodelled(LaneValues &R) {
  R.Unmodelled = true;
  return R;
}

/// R = F(A, B) in every lane, cut to Bits (one loop per operation: the
/// switch over operations is taken once per warp, not once per lane).
template <class Fn>
void perLane(const LaneValues &A, const LaneValues &B, unsigned Bits, LaneValues &R, Fn F) {
  for (unsigned L = 0; L < 32; ++L)
    R.V[L] = maskTo(F(A.V[L], B.V[L]), Bits);
}

/// An integer comparison in every lane: 1 where it holds, 0 elsewhere.
void evalICmp(CmpInst::Predicate P, const LaneValues &A, const LaneValues &B, unsigned Bits,
              LaneValues &R) {
  auto S = [Bits](uint64_t X) { return signExtend(X, Bits); };
  auto Cmp = [&](auto F) { perLane(A, B, 64, R, [&](uint64_t X, uint64_t Y) -> uint64_t {
                             return F(X, Y);
                           }); };
  switch (P) {
  case CmpInst::ICMP_EQ:
    return Cmp([](uint64_t X, uint64_t Y) { return X == Y; });
  case CmpInst::ICMP_NE:
    return Cmp([](uint64_t X, uint64_t Y) { return X != Y; });
  case CmpInst::ICMP_UGT:
    return Cmp([](uint64_t X, uint64_t Y) { return X > Y; });
  case CmpInst::ICMP_UGE:
    return Cmp([](uint64_t X, uint64_t Y) { return X >= Y; });
  case CmpInst::ICMP_ULT:
    return Cmp([](uint64_t X, uint64_t Y) { return X < Y; });
  case CmpInst::ICMP_ULE:
    return Cmp([](uint64_t X, uint64_t Y) { return X <= Y; });
  case CmpInst::ICMP_SGT:
    return Cmp([&](uint64_t X, uint64_t Y) { return S(X) > S(Y); });
  case CmpInst::ICMP_SGE:
    return Cmp([&](uint64_t X, uint64_t Y) { return S(X) >= S(Y); });
  case CmpInst::ICMP_SLT:
    return Cmp([&](uint64_t X, uint64_t Y) { return S(X) < S(Y); });
  case CmpInst::ICMP_SLE:
    return Cmp([&](uint64_t X, uint64_t Y) { return S(X) <= S(Y); });
  default:
    return Cmp([](uint64_t, uint64_t) { return false; });
  }
}

/// A binary integer operation in every lane; false when it is not modelled.
bool evalBinary(unsigned Opcode, const LaneValues &A, const LaneValues &B, unsigned Bits,
                LaneValues &R) {
  auto S = [Bits](uint64_t X) { return signExtend(X, Bits); };
  auto Op = [&](auto F) {
    perLane(A, B, Bits, R, F);
    return true;
  };
  switch (Opcode) {
  case Instruction::Add:
    return Op([](uint64_t X, uint64_t Y) { return X + Y; });
  case Instruction::Sub:
    return Op([](uint64_t X, uint64_t Y) { return X - Y; });
  case Instruction::Mul:
    return Op([](uint64_t X, uint64_t Y) { return X * Y; });
  case Instruction::Shl:
    return Op([&](uint64_t X, uint64_t Y) { return Y >= Bits ? 0 : X << Y; });
  case Instruction::LShr:
    return Op([&](uint64_t X, uint64_t Y) { return Y >= Bits ? 0 : X >> Y; });
  case Instruction::AShr:
    return Op([&](uint64_t X, uint64_t Y) {
      return Y >= Bits ? (S(X) < 0 ? ~0ull : 0) : uint64_t(S(X) >> Y);
    });
  case Instruction::And:
    return Op([](uint64_t X, uint64_t Y) { return X & Y; });
  case Instruction::Or:
    return Op([](uint64_t X, uint64_t Y) { return X | Y; });
  case Instruction::Xor:
    return Op([](uint64_t X, uint64_t Y) { return X ^ Y; });
  case Instruction::UDiv:
    return Op([](uint64_t X, uint64_t Y) { return Y ? X / Y : 0; });
  case Instruction::URem:
    return Op([](uint64_t X, uint64_t Y) { return Y ? X % Y : 0; });
  case Instruction::SDiv:
    return Op([&](uint64_t X, uint64_t Y) { return S(Y) ? uint64_t(S(X) / S(Y)) : 0; });
  case Instruction::SRem:
    return Op([&](uint64_t X, uint64_t Y) { return S(Y) ? uint64_t(S(X) % S(Y)) : 0; });
  default:
    return false;
  }
}

} // namespace

const LaneValues &ThreadIndexModel::loadedValue(const LoadInst &L, State &St) {
  auto Data = [&]() -> const LaneValues & {
    LaneValues &R = fresh();
    R.DataDependentOn = &L;
    return R;
  };
  if (!UniformCandidates.count(&L))
    return Data();
  // Only where the lanes read different addresses is the value data: one
  // address read by every lane gives every lane one (unknown) value.
  const LaneValues &Addr = evalIn(L.getPointerOperand(), St);
  if (!Addr.known() || llvm::any_of(Addr.V, [&](uint64_t A) { return A != Addr.V[0]; }))
    return Data();
  if (L.getType()->isPointerTy()) {
    auto [It, New] = LoadedBases.try_emplace(Addr.V[0], 0);
    if (New)
      It->second = uint64_t(LoadedBaseFirst + LoadedBases.size() - 1) << BaseShift;
    return broadcast(freshLanes(), It->second);
  }
  return uniformUnknown(L.getType(), uint64_t(1) << UnknownArgIndex.lookup(&L), St);
}

const LaneValues &ThreadIndexModel::uniformUnknown(const Type *T, uint64_t Mask, State &St) {
  unsigned Bits = bitsOf(T);
  LaneValues &R = freshLanes();
  broadcast(R, maskTo(unknownValue(St.S.ArgSample, llvm::countr_zero(Mask)), Bits ? Bits : 64));
  R.ArgMask = Mask;
  return R;
}

const LaneValues &ThreadIndexModel::compute(const Value *V, State &St) {
  unsigned Bits = bitsOf(V->getType());
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getBitWidth() <= 64 ? broadcast(freshLanes(), C->getZExtValue()) : unmodelled(fresh());
  if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V))
    return broadcast(freshLanes(), 0);
  if (const auto *GV = dyn_cast<GlobalVariable>(V))
    return broadcast(freshLanes(), globalBase(*GV));
  if (isa<AllocaInst>(V))
    return broadcast(freshLanes(), 0); // Private: every thread's array starts at offset 0.
  if (const auto *A = dyn_cast<Argument>(V)) {
    if (A->getType()->isPointerTy())
      return broadcast(freshLanes(), uint64_t(A->getArgNo() + 1) << BaseShift);
    if (!A->getType()->isIntegerTy())
      return unmodelled(fresh());
    auto Known = Launch.Args.find(A->getName().str());
    if (Known != Launch.Args.end())
      return broadcast(freshLanes(), maskTo(Known->second, Bits));
    LaneValues &R = freshLanes();
    unsigned Bit = UnknownArgIndex.lookup(A);
    broadcast(R, unknownValue(St.S.ArgSample, Bit));
    R.ArgMask = uint64_t(1) << Bit;
    return R;
  }
  if (const auto *L = dyn_cast<LoadInst>(V))
    return loadedValue(*L, St);
  if (const auto *EE = dyn_cast<ExtractElementInst>(V))
    if (const LaneValues *R = accessorElement(*EE, St))
      return *R;
  if (isa<AtomicRMWInst>(V) || isa<AtomicCmpXchgInst>(V)) {
    LaneValues &R = fresh();
    R.DataDependentOn = V;
    return R;
  }
  if (const auto *Phi = dyn_cast<PHINode>(V))
    return evalPhi(*Phi, St);
  if (const auto *Call = dyn_cast<CallInst>(V)) {
    const auto &B = Launch.Block.V;
    Dim3 Grid = Launch.Grid.value_or(Dim3{{65535, 65535, 64}});
    auto PerLane = [&](auto Fn) -> const LaneValues & {
      LaneValues &R = freshLanes();
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
      return broadcast(freshLanes(), B[0]);
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
      return broadcast(freshLanes(), B[1]);
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
      return broadcast(freshLanes(), B[2]);
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
      return broadcast(freshLanes(), St.S.BlockIdx.V[0]);
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
      return broadcast(freshLanes(), St.S.BlockIdx.V[1]);
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
      return broadcast(freshLanes(), St.S.BlockIdx.V[2]);
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
      return broadcast(freshLanes(), Grid.V[0]);
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
      return broadcast(freshLanes(), Grid.V[1]);
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return broadcast(freshLanes(), Grid.V[2]);
    case Intrinsic::nvvm_read_ptx_sreg_laneid:
      return PerLane([](unsigned L) { return L; });
    case Intrinsic::cttz:
    case Intrinsic::ctlz:
    case Intrinsic::ctpop: {
      const LaneValues &A = evalIn(Call->getArgOperand(0), St);
      LaneValues &R = freshLanes();
      mergeFlags(R, A);
      Intrinsic::ID ID = Call->getIntrinsicID();
      for (unsigned L = 0; L < 32; ++L) {
        uint64_t X = maskTo(A.V[L], Bits);
        R.V[L] = ID == Intrinsic::ctpop ? llvm::popcount(X)
                 : ID == Intrinsic::cttz ? (X ? llvm::countr_zero(X) : Bits)
                                         : (X ? llvm::countl_zero(X) - (64 - Bits) : Bits);
      }
      return R;
    }
    case Intrinsic::nvvm_activemask: {
      // The lanes active where it is called (elect.sync's lowest lane).
      bool DD = false;
      uint32_t Mask = activeIn(Call->getParent(), St, DD);
      if (DD) {
        LaneValues &R = fresh();
        R.DataDependentOn = V;
        return R;
      }
      return broadcast(freshLanes(), Mask);
    }
    case Intrinsic::nvvm_shfl_sync_idx_i32:
    case Intrinsic::nvvm_shfl_sync_bfly_i32:
    case Intrinsic::nvvm_shfl_sync_up_i32:
    case Intrinsic::nvvm_shfl_sync_down_i32: {
      // Lane L reads lane j of its value, as PTX's shfl.sync computes j.
      const LaneValues &Val = evalIn(Call->getArgOperand(1), St);
      const LaneValues &Bv = evalIn(Call->getArgOperand(2), St);
      const LaneValues &Cv = evalIn(Call->getArgOperand(3), St);
      LaneValues &R = freshLanes();
      mergeFlags(R, Val);
      mergeFlags(R, Bv);
      mergeFlags(R, Cv);
      Intrinsic::ID ID = Call->getIntrinsicID();
      LaneValues Out = R;
      for (unsigned L = 0; L < 32; ++L) {
        unsigned SegMask = (Cv.V[L] >> 8) & 0x1f, Clamp = Cv.V[L] & 0x1f;
        unsigned MaxLane = (L & SegMask) | (Clamp & ~SegMask), MinLane = L & SegMask;
        int64_t J;
        bool Valid;
        uint64_t Bl = Bv.V[L] & 0x1f;
        if (ID == Intrinsic::nvvm_shfl_sync_up_i32) {
          J = int64_t(L) - int64_t(Bl);
          Valid = J >= int64_t(MaxLane);
        } else if (ID == Intrinsic::nvvm_shfl_sync_down_i32) {
          J = L + Bl;
          Valid = J <= int64_t(MaxLane);
        } else if (ID == Intrinsic::nvvm_shfl_sync_bfly_i32) {
          J = L ^ Bl;
          Valid = J <= int64_t(MaxLane);
        } else {
          J = MinLane | (Bl & ~SegMask);
          Valid = J <= int64_t(MaxLane);
        }
        Out.V[L] = Val.V[Valid && J >= 0 && J < 32 ? unsigned(J) : L];
      }
      R = Out;
      return R;
    }
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::smin:
    case Intrinsic::smax: {
      const LaneValues &A = evalIn(Call->getArgOperand(0), St);
      const LaneValues &Bv = evalIn(Call->getArgOperand(1), St);
      LaneValues &R = freshLanes();
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
      LaneValues &R = fresh();
      R.DataDependentOn = V;
      return R;
    }
    }
  }
  const auto *Op = dyn_cast<Operator>(V);
  if (!Op)
    return unmodelled(fresh());
  unsigned Opcode = Op->getOpcode();
  if (const auto *GEP = dyn_cast<GEPOperator>(Op)) {
    const DataLayout &DL = F.getParent()->getDataLayout();
    LaneValues &R = freshLanes();
    R = evalIn(GEP->getPointerOperand(), St);
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
      return opaque(*Op, St);
    LaneValues &R = freshLanes();
    R = evalIn(Src, St);
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
    LaneValues &R = freshLanes();
    mergeFlags(R, A);
    mergeFlags(R, B);
    evalICmp(Cmp->getPredicate(), A, B, OpBits, R);
    return R;
  }
  case Instruction::Select: {
    const auto *Sel = cast<SelectInst>(V);
    const LaneValues &C = evalIn(Sel->getCondition(), St);
    const LaneValues &A = evalIn(Sel->getTrueValue(), St);
    const LaneValues &B = evalIn(Sel->getFalseValue(), St);
    LaneValues &R = freshLanes();
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
    LaneValues &R = freshLanes();
    mergeFlags(R, A);
    mergeFlags(R, B);
    if (!evalBinary(Opcode, A, B, Bits, R)) {
      const Value *Data = R.DataDependentOn;
      R = LaneValues();
      R.DataDependentOn = Data;
      return Data ? R : unmodelled(R);
    }
    return R;
  }
  return opaque(*Op, St);
}

const LaneValues *ThreadIndexModel::accessorElement(const ExtractElementInst &EE, State &St) {
  // One stride of an accessor's strides loaded together (TensorAccessors.h).
  const auto *L = dyn_cast<LoadInst>(EE.getVectorOperand());
  const auto *Idx = dyn_cast<ConstantInt>(EE.getIndexOperand());
  auto Bit = L ? UnknownArgIndex.find(L) : UnknownArgIndex.end();
  if (!Idx || Bit == UnknownArgIndex.end() || AccessorStrides.empty())
    return nullptr;
  auto It = AccessorStrides.find(Bit->second);
  if (It == AccessorStrides.end() || Idx->getZExtValue() >= It->second.Elements)
    return nullptr;
  const LaneValues &Loaded = evalIn(L, St);
  if (Loaded.DataDependentOn || Loaded.Unmodelled)
    return nullptr;
  AccessorField Field = It->second;
  Field.Dim += Idx->getZExtValue();
  LaneValues &R = freshLanes();
  broadcast(R, maskTo(contiguousStride(St.S.ArgSample, Field), bitsOf(EE.getType())));
  R.ArgMask = Loaded.ArgMask;
  return &R;
}

const LaneValues &ThreadIndexModel::opaque(const Operator &Op, State &St) {
  // An operation the model does not evaluate (floating point, vectors):
  // data when one of its operands is (a byte extracted from a loaded word,
  // `s[data * 64]`), else not modelled.
  // One value per warp loaded (a float field, two fields loaded together)
  // gives one value per warp: a uniform unknown, as the load itself.
  uint64_t Loaded = 0;
  bool Uniform = true;
  for (const Value *O : Op.operands()) {
    if (!isa<Instruction>(O) && !isa<Argument>(O))
      continue;
    const LaneValues &X = evalIn(O, St);
    if (const Value *Data = X.DataDependentOn) {
      LaneValues &R = fresh();
      R.DataDependentOn = Data;
      return R;
    }
    Uniform &= !X.Unmodelled && llvm::all_of(X.V, [&](uint64_t A) { return A == X.V[0]; });
    Loaded |= X.ArgMask & UniformLoadMask;
  }
  unsigned Bits = bitsOf(Op.getType());
  if (!Uniform || !Loaded)
    return unmodelled(fresh());
  if (Bits && Bits <= 8) {
    // A flag (a floating-point comparison of loaded values): the sampled
    // value would pick one side of every branch on it; data, as before.
    LaneValues &R = fresh();
    R.DataDependentOn = &Op;
    return R;
  }
  return uniformUnknown(Op.getType(), Loaded, St);
}

const LaneValues &ThreadIndexModel::evalPhi(const PHINode &Phi, State &St) {
  const BasicBlock *BB = Phi.getParent();
  const Loop *L = LI->getLoopFor(BB);
  if (L && L->getHeader() == BB) {
    auto It = llvm::find_if(St.S.Iterations, [&](const auto &P) { return P.first == L; });
    const BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      return unmodelled(fresh());
    if (It == St.S.Iterations.end())
      return exitValue(Phi, *L, St);
    if (It->second == 0) {
      for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I)
        if (!L->contains(Phi.getIncomingBlock(I)))
          return evalIn(Phi.getIncomingValue(I), St);
      return unmodelled(fresh());
    }
    return evalIn(Phi.getIncomingValueForBlock(Latch), previousIteration(St, L));
  }
  // A merge: each lane takes the value of the edge it arrived on.
  LaneValues &R = fresh();
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
    const BasicBlock *Pred = Phi.getIncomingBlock(I);
    bool DD = false;
    uint32_t Mask;
    if (const Loop *Left = exitedLoop(Pred, BB)) {
      // A loop's exit: the lanes that entered it, when this is its only way
      // out (loops are assumed to end); the value is the one the loop left.
      if (Left->getUniqueExitBlock() != BB && !onlyExitBesideTraps(*Left, BB))
        return unmodelled(fresh());
      WarpSample First = St.S;
      First.Iterations.push_back({Left, 0});
      Mask = activeLanes(Left->getHeader(), First, DD);
    } else {
      Mask = activeIn(Pred, St, DD) & takesEdge(Pred, BB, St, DD);
    }
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

const Loop *ThreadIndexModel::exitedLoop(const BasicBlock *From, const BasicBlock *To) const {
  const Loop *Left = nullptr;
  for (const Loop *L = LI->getLoopFor(From); L && !L->contains(To); L = L->getParentLoop())
    Left = L;
  return Left;
}

const LaneValues &ThreadIndexModel::exitValue(const PHINode &Phi, const Loop &L, State &St) {
  // Seen from after loop L: its value in the last iteration, when every lane
  // that entered the loop ran the same iterations (a trip count the lanes
  // share, found within the sampling cap).
  const Loop *Parent = L.getParentLoop();
  if (Parent && llvm::none_of(St.S.Iterations,
                              [&](const auto &P) { return P.first == Parent; }))
    return unmodelled(fresh());
  unsigned Cap = L.getSubLoops().empty() ? InnerCap : OuterCap;
  unsigned N = iterationsOf(&L, St.S, Cap);
  bool DD = false;
  if (N > 0 && N < Cap) {
    WarpSample First = St.S, Last = St.S;
    First.Iterations.push_back({&L, 0});
    Last.Iterations.push_back({&L, N - 1});
    if (activeLanes(L.getHeader(), First, DD) == activeLanes(L.getHeader(), Last, DD) && !DD)
      return eval(&Phi, Last);
  }
  // Past the cap, or lanes that leave after different trip counts: the
  // closed form ScalarEvolution finds, evaluated lane by lane.
  if (const LaneValues *R = scevExitValue(Phi, L, St))
    return *R;
  if (const LaneValues *R = periodicExitValue(Phi, L, St))
    return *R;
  return unmodelled(fresh());
}

namespace {
/// True when the value Phi takes in the next iteration of L (Next) is
/// computed from Phi and values outside L alone, by arithmetic (no load,
/// call or other phi of L): then Phi's values over the iterations follow
/// x(i+1) = f(x(i)), the same f in every iteration.
bool selfRecurrence(const PHINode &Phi, const Value *Next, const Loop &L) {
  SmallVector<const Value *, 16> Work = {Next};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    const auto *I = dyn_cast<Instruction>(V);
    if (V == &Phi || !I || !L.contains(I) || !Seen.insert(V).second)
      continue;
    if (!(isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<SelectInst>(I) ||
          isa<ICmpInst>(I) || isa<GetElementPtrInst>(I)))
      return false;
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return true;
}
} // namespace

const LaneValues *ThreadIndexModel::periodicExitValue(const PHINode &Phi, const Loop &L,
                                                      State &St) {
  // A value that cycles through a few states (a double buffer's `cur = 1 -
  // cur`, `buf ^= 1`), past the sampled iterations and without a closed form
  // in ScalarEvolution: x(i+1) = f(x(i)), so once x(j) repeats x(i) it
  // repeats with period j - i; its value in the last iteration follows from
  // the trip count, when every lane runs the same number of iterations.
  const BasicBlock *Latch = L.getLoopLatch();
  const BasicBlock *Exiting = exitingBesideTraps(L);
  if (!Latch || !Exiting || !selfRecurrence(Phi, Phi.getIncomingValueForBlock(Latch), L))
    return nullptr;
  uint64_t ArgMask = 0;
  bool DD = false, Same = false;
  std::optional<uint64_t> Trip = tripCount(&L, St.S, ArgMask, DD, &Same);
  if (!Trip || DD || !Same || !*Trip)
    return nullptr;
  std::vector<const LaneValues *> Seen;
  for (unsigned K = 0; K < std::min<uint64_t>(*Trip, InnerCap); ++K) {
    WarpSample At = St.S;
    At.Iterations.push_back({&L, K});
    const LaneValues &X = eval(&Phi, At);
    if (!X.known())
      return nullptr;
    for (unsigned I = 0; I < Seen.size(); ++I)
      if (Seen[I]->V == X.V) {
        uint64_t Period = K - I;
        WarpSample Last = St.S;
        Last.Iterations.push_back({&L, unsigned(I + (*Trip - 1 - I) % Period)});
        return &eval(&Phi, Last);
      }
    Seen.push_back(&X);
  }
  // Every iteration sampled (the loop runs at most InnerCap times).
  if (*Trip <= InnerCap)
    return Seen.back();
  return nullptr;
}

} // namespace warplint
