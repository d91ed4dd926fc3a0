//===- SassCount.cpp - What ptxas makes of each basic block ---------------===//
#include "analyzer/arch/SassCount.h"

#include "frontend/DeviceModule.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"

#include <optional>

using namespace llvm;

namespace warplint {
namespace {

/// SASS instructions per IR operation where ptxas expands one (ptxas 13 at
/// sm_90, read from cuobjdump -sass listings of our timing kernels): an IEEE f32
/// division is MUFU.RCP, two FFMA refinements and a slow-path test, an
/// integer division by a register a float reciprocal and its fix-ups.
constexpr double DivideF32 = 8, DivideF64 = 16, SqrtF32 = 8, SqrtF64 = 16;
constexpr double DivideI32 = 20, DivideI64 = 40, DivideByConstant = 3;
/// A call that stays a call (a device function not inlined, a libdevice
/// routine): its body, roughly.
constexpr double Call = 20;
/// Every kernel's prologue: the stack pointer and the global memory
/// descriptor (LDC R1, ULDC.64), and the shared window's base where the
/// kernel addresses shared memory (S2UR, UMOV, ULEA).
constexpr double Prologue = 2, SharedWindow = 3;

/// The libdevice routines that are one or two SASS instructions: MUFU and
/// the range reduction or scaling before it, conversions, bit operations.
/// Others (the accurate sinf, expf, ...) are Call.
double libdeviceCost(StringRef Name) {
  if (!Name.consume_front("__nv_"))
    return Call;
  if (Name.starts_with("fast_"))
    return Name == "fast_powf" || Name == "fast_tanf" ? 4 : 2;
  static constexpr StringLiteral Free[] = {"float_as_int", "int_as_float", "float_as_uint",
                                           "uint_as_float", "double_as_longlong",
                                           "longlong_as_double", "fabsf", "fabs"};
  static constexpr StringLiteral One[] = {
      "rsqrtf", "fmaf", "fma", "fminf", "fmaxf", "fmin", "fmax", "saturatef", "rintf",
      "floorf", "ceilf", "truncf", "roundf", "popc", "popcll", "clz", "brev", "mul24",
      "umul24", "mulhi", "umulhi", "float2int_rn", "float2int_rz", "float2uint_rn",
      "float2uint_rz", "int2float_rn", "uint2float_rn", "byte_perm", "sad", "usad",
      "finitef", "isinff", "isnanf", "signbitf", "fmul_rn", "fadd_rn", "fmaf_rn"};
  if (llvm::is_contained(Free, Name))
    return 0;
  if (llvm::is_contained(One, Name))
    return 1;
  if (Name == "fdividef" || Name == "ffs" || Name == "exp2f" || Name == "ffsll")
    return 2;
  if (Name == "sqrtf" || Name == "frcp_rn")
    return SqrtF32;
  return Call;
}
/// The tensor-core operation I is, by type, with its FLOPs per warp: a call
/// a frontend marked with TensorOpMetadata (a wgmma), or an NVVM mma/wmma
/// intrinsic, whose name gives the shape (m*n*k*2 FLOPs per warp) and the
/// operand type. f64 (DMMA) and b1 are no dense rate of the profiles: none.
std::optional<std::pair<TensorType, double>> tensorOp(const Instruction &I) {
  auto typeOf = [](StringRef Name) -> std::optional<TensorType> {
    SmallVector<StringRef, 12> Parts;
    Name.split(Parts, '.');
    std::optional<TensorType> T;
    for (StringRef P : Parts) {
      if (P == "f64" || P == "b1")
        return std::nullopt;
      if (P == "tf32")
        T = TensorType::Tf32;
      else if (P == "e4m3" || P == "e5m2" || P == "e4m3x2" || P == "e5m2x2")
        T = TensorType::Fp8;
      else if (P == "s8" || P == "u8" || P == "s4" || P == "u4")
        T = TensorType::Int8;
    }
    return T.value_or(TensorType::F16);
  };
  if (const MDNode *MD = I.getMetadata(TensorOpMetadata)) {
    if (MD->getNumOperands() != 2)
      return std::nullopt;
    const auto *Ty = dyn_cast<MDString>(MD->getOperand(0));
    const auto *Flops = mdconst::dyn_extract<ConstantInt>(MD->getOperand(1));
    if (!Ty || !Flops)
      return std::nullopt;
    std::optional<TensorType> T = typeOf(Ty->getString());
    if (!T)
      return std::nullopt;
    return std::pair(*T, double(Flops->getZExtValue()));
  }
  const auto *C = dyn_cast<CallBase>(&I);
  const Function *Callee = C ? C->getCalledFunction() : nullptr;
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  // llvm.nvvm.mma.m16n8k16.row.col.f32.bf16.bf16.f32,
  // llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32 (the load and store
  // intrinsics of wmma are no operation of the tensor cores).
  if (!Name.consume_front("llvm.nvvm.mma.") &&
      !(Name.consume_front("llvm.nvvm.wmma.") && Name.contains(".mma.")))
    return std::nullopt;
  unsigned M = 0, N = 0, K = 0;
  StringRef Shape = Name.take_until([](char Ch) { return Ch == '.'; });
  if (!Shape.consume_front("m"))
    return std::nullopt;
  size_t NPos = Shape.find('n'), KPos = Shape.find('k');
  if (NPos == StringRef::npos || KPos == StringRef::npos || KPos < NPos ||
      Shape.substr(0, NPos).getAsInteger(10, M) ||
      Shape.substr(NPos + 1, KPos - NPos - 1).getAsInteger(10, N) ||
      Shape.substr(KPos + 1).getAsInteger(10, K))
    return std::nullopt;
  std::optional<TensorType> T = typeOf(Name);
  if (!T)
    return std::nullopt;
  return std::pair(*T, 2.0 * M * N * K);
}

/// The address of a loop's access whose pointer steps by a constant: the
/// unrolled body reaches the next elements through immediate offsets, one
/// pointer increment per unrolled group of 4.
constexpr double SteppedAddress = 0.25;
/// A loop's control (the latch's compare and branch, the counter's
/// increment): ptxas unrolls a loop 4 times or more where LLVM did not,
/// paying it once per unrolled group.
constexpr double LoopControl = 0.25;

/// __syncthreads and its reductions (bar.sync, bar.red), not cluster or warp
/// barriers.
bool isBlockBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_barrier_cta_sync_aligned_all:
  case Intrinsic::nvvm_barrier_cta_sync_aligned_count:
  case Intrinsic::nvvm_barrier_cta_sync_all:
  case Intrinsic::nvvm_barrier_cta_sync_count:
  case Intrinsic::nvvm_barrier_cta_red_and_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_and_aligned_count:
  case Intrinsic::nvvm_barrier_cta_red_and_all:
  case Intrinsic::nvvm_barrier_cta_red_and_count:
  case Intrinsic::nvvm_barrier_cta_red_or_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_or_aligned_count:
  case Intrinsic::nvvm_barrier_cta_red_or_all:
  case Intrinsic::nvvm_barrier_cta_red_or_count:
  case Intrinsic::nvvm_barrier_cta_red_popc_aligned_all:
  case Intrinsic::nvvm_barrier_cta_red_popc_aligned_count:
  case Intrinsic::nvvm_barrier_cta_red_popc_all:
  case Intrinsic::nvvm_barrier_cta_red_popc_count:
    return true;
  default:
    return false;
  }
}

bool isFusable(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  return I && I->getOpcode() == Instruction::FMul && I->hasOneUse() && I->hasAllowContract();
}

bool isFused(const Instruction &I) {
  // A multiply whose only use is an add that may contract: one FFMA/DFMA.
  // An add takes one multiply into it, the first of its operands that is one.
  if (!isFusable(&I))
    return false;
  const auto *U = dyn_cast<Instruction>(*I.user_begin());
  if (!U || (U->getOpcode() != Instruction::FAdd && U->getOpcode() != Instruction::FSub) ||
      !U->hasAllowContract())
    return false;
  return U->getOperand(0) == &I || !isFusable(U->getOperand(0));
}

double intrinsicCost(const IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::assume:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::fabs:
  case Intrinsic::experimental_noalias_scope_decl:
    return 0;
  case Intrinsic::sqrt:
    return II.getType()->isDoubleTy() ? SqrtF64 : SqrtF32;
  case Intrinsic::nvvm_sin_approx_f:
  case Intrinsic::nvvm_sin_approx_ftz_f:
  case Intrinsic::nvvm_cos_approx_f:
  case Intrinsic::nvvm_cos_approx_ftz_f:
    // The range reduction's FMUL and the MUFU.
    return 2;
  default:
    return 1;
  }
}

/// A 32-bit multiply or constant shift whose only use is an add: IMAD or
/// LEA does both.
bool isFusedIntoAdd(const BinaryOperator &B) {
  if (!B.hasOneUse())
    return false;
  const auto *U = dyn_cast<BinaryOperator>(*B.user_begin());
  return U && (U->getOpcode() == Instruction::Add || U->getOpcode() == Instruction::Or);
}

double binaryCost(const BinaryOperator &B) {
  bool Wide = B.getType()->getScalarSizeInBits() > 32;
  switch (B.getOpcode()) {
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    if (isa<Constant>(B.getOperand(1)))
      return DivideByConstant * (Wide ? 2 : 1);
    return Wide ? DivideI64 : DivideI32;
  case Instruction::FDiv:
    if (B.hasAllowReciprocal() || B.hasApproxFunc())
      return 2;
    return B.getType()->isDoubleTy() ? DivideF64 : DivideF32;
  case Instruction::FRem:
    return DivideI32;
  case Instruction::FMul:
    return isFused(B) ? 0 : 1;
  case Instruction::Mul:
    if (!Wide && isFusedIntoAdd(B))
      return 0;
    return Wide ? 3 : 1;
  case Instruction::Shl:
    if (!Wide && isa<Constant>(B.getOperand(1)) && isFusedIntoAdd(B))
      return 0;
    return Wide ? 2 : 1;
  default:
    // 64-bit integer arithmetic is two 32-bit halves.
    return B.getType()->isIntOrIntVectorTy() && Wide ? 2 : 1;
  }
}

/// The MUFU operations among what I becomes: the fast routines, the
/// reciprocal in a division (integer ones included) and the reciprocal root
/// in a square root, exp2 in exp, lg2 in log.
double mufuOps(const Instruction &I) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::sqrt:
    case Intrinsic::nvvm_sin_approx_f:
    case Intrinsic::nvvm_sin_approx_ftz_f:
    case Intrinsic::nvvm_cos_approx_f:
    case Intrinsic::nvvm_cos_approx_ftz_f:
    case Intrinsic::nvvm_ex2_approx:
    case Intrinsic::nvvm_ex2_approx_ftz:
    case Intrinsic::nvvm_lg2_approx_f:
    case Intrinsic::nvvm_lg2_approx_ftz_f:
    case Intrinsic::nvvm_rsqrt_approx_f:
    case Intrinsic::nvvm_rsqrt_approx_ftz_f:
    case Intrinsic::nvvm_rcp_approx_ftz_f:
      return 1;
    default:
      return 0;
    }
  }
  if (const auto *C = dyn_cast<CallBase>(&I)) {
    const Function *Callee = C->getCalledFunction();
    StringRef Name = Callee ? Callee->getName() : "";
    if (!Name.consume_front("__nv_"))
      return 0;
    if (Name == "fast_powf")
      return 2;
    if (Name == "fast_tanf")
      return 3;
    return Name.starts_with("fast_") || Name.starts_with("rsqrt") || Name.starts_with("sqrt") ||
                   Name.starts_with("exp") || Name.starts_with("log") || Name == "fdividef" ||
                   Name == "frcp_rn"
               ? 1
               : 0;
  }
  switch (I.getOpcode()) {
  case Instruction::FDiv:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return isa<Constant>(I.getOperand(1)) ? 0 : 1;
  default:
    return 0;
  }
}

/// What I costs where ptxas does not strength-reduce it.
double plainCost(const Instruction &I) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return isa<DbgInfoIntrinsic>(II) ? 0 : intrinsicCost(*II);
  if (const auto *C = dyn_cast<CallBase>(&I)) {
    const Function *Callee = C->getCalledFunction();
    return Callee ? libdeviceCost(Callee->getName()) : Call;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(&I))
    return binaryCost(*B);
  if (const auto *G = dyn_cast<GetElementPtrInst>(&I))
    return G->hasAllConstantIndices() ? 0 : 1;
  if (const auto *Br = dyn_cast<BranchInst>(&I))
    return Br->isConditional() ? 1 : 0;
  if (const auto *Sw = dyn_cast<SwitchInst>(&I))
    return Sw->getNumCases();
  switch (I.getOpcode()) {
  case Instruction::PHI:
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::Freeze:
  case Instruction::FNeg:
  case Instruction::Alloca:
  case Instruction::ExtractElement:
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
  case Instruction::Unreachable:
    // Register naming, operand modifiers, addressing.
    return 0;
  default:
    return 1;
  }
}

/// Instructions that compute nothing but addresses: every use is an access's
/// pointer operand or another such instruction. ptxas folds them into the
/// accesses' addressing (a constant offset), into one IMAD.WIDE per access,
/// or in loops into pointer increments: an access's address is priced at the
/// access.
SmallPtrSet<const Instruction *, 32> addressOnly(const Function &K) {
  SmallPtrSet<const Instruction *, 32> Set;
  for (const BasicBlock &BB : K)
    for (const Instruction &I : BB)
      if (isa<GetElementPtrInst>(I) || isa<CastInst>(I) ||
          (isa<BinaryOperator>(I) && I.getType()->isIntegerTy()))
        Set.insert(&I);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Instruction *I : SmallVector<const Instruction *, 32>(Set.begin(), Set.end()))
      for (const Use &U : I->uses()) {
        const auto *User = cast<Instruction>(U.getUser());
        if (Set.count(User) || accessedPointer(*User) == I)
          continue;
        Set.erase(I);
        Changed = true;
        break;
      }
  }
  return Set;
}

/// The instructions that only run loop L: its latch's conditional branch,
/// the compare it tests and the counter increment the compare reads (each
/// with no other use than the loop's own). Only a counter stepped by a
/// constant: ptxas leaves a loop that strides by a register (a grid-stride
/// loop) rolled.
void loopControl(const Loop &L, SmallPtrSetImpl<const Instruction *> &Out) {
  const BasicBlock *Latch = L.getLoopLatch();
  const auto *Br = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  const auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp || !Cmp->hasOneUse())
    return;
  for (const Value *Op : Cmp->operands()) {
    const auto *Inc = dyn_cast<BinaryOperator>(Op);
    if (!Inc || Inc->getOpcode() != Instruction::Add || !L.contains(Inc) ||
        !isa<ConstantInt>(Inc->getOperand(1)) ||
        !all_of(Inc->users(), [&](const User *U) { return U == Cmp || isa<PHINode>(U); }))
      continue;
    Out.insert({Br, Cmp, Inc});
    return;
  }
}

} // namespace

bool ptxasUnrolls(const Loop &L) {
  SmallPtrSet<const Instruction *, 4> Control;
  loopControl(L, Control);
  return !Control.empty();
}

SassCount::SassCount(const Function &K, const LoopInfo &LI, const DominatorTree &DT) {
  Function &F = const_cast<Function &>(K);
  TargetLibraryInfoImpl TLII(F.getParent()->getTargetTriple());
  TargetLibraryInfo TLI(TLII);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, const_cast<DominatorTree &>(DT), const_cast<LoopInfo &>(LI));
  SmallPtrSet<const Instruction *, 32> Address = addressOnly(K);
  // The addresses computed so far, by the pointer they are based on: an
  // access of the same loop at a constant offset from one of them takes it
  // as its base register. The most recent BasesSearched of each pointer are
  // compared (a fully unrolled kernel has thousands of accesses).
  constexpr size_t BasesSearched = 32;
  DenseMap<const SCEV *, SmallVector<std::pair<const SCEV *, const BasicBlock *>, 4>> Bases;
  auto addressCost = [&](const Instruction &I, const Value *Ptr, const Loop *L) -> double {
    if (!SE.isSCEVable(Ptr->getType()))
      return 1;
    const SCEV *S = SE.getSCEV(const_cast<Value *>(Ptr));
    // A pointer argument or variable at a constant offset: the access's
    // immediate. An address the loop does not change: hoisted.
    if (isa<SCEVConstant>(SE.getMinusSCEV(S, SE.getPointerBase(S))) ||
        (L && SE.isLoopInvariant(S, L)))
      return 0;
    // At a constant offset from an address already computed: its register.
    auto &Same = Bases[SE.getPointerBase(S)];
    for (size_t J = Same.size(); J-- > 0 && J + BasesSearched >= Same.size();) {
      const auto &[Base, BB] = Same[J];
      if (LI.getLoopFor(BB) == L && DT.dominates(BB, I.getParent()) &&
          isa<SCEVConstant>(SE.getMinusSCEV(S, Base)))
        return 0;
    }
    Same.push_back({S, I.getParent()});
    const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    if (L && AR && AR->getLoop() == L && isa<SCEVConstant>(AR->getStepRecurrence(SE)))
      return SteppedAddress;
    return 1;
  };
  auto isAffineIn = [&](const Instruction &I, const Loop *L) {
    if (!SE.isSCEVable(I.getType()))
      return false;
    const SCEV *S = SE.getSCEV(const_cast<Instruction *>(&I));
    if (SE.isLoopInvariant(S, L))
      return true;
    const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    return AR && AR->isAffine();
  };
  SmallPtrSet<const Instruction *, 16> Control;
  for (const Loop *L : LI.getLoopsInPreorder())
    loopControl(*L, Control);
  bool Shared = false;
  ReversePostOrderTraversal<const Function *> Order(&K);
  for (const BasicBlock *BB : Order) {
    const Loop *L = LI.getLoopFor(BB);
    BlockIssue N;
    for (const Instruction &I : *BB) {
      // What stands in for a tensor-core instruction (its operand reads and
      // results, lane by lane): the GPU issues the one instruction (HGMMA,
      // one per warp), counted at its marker.
      if (I.hasMetadata(StandInMetadata))
        continue;
      if (auto Op = tensorOp(I)) {
        N.Instructions += 1;
        N.TensorFlops[unsigned(Op->first)] += Op->second;
        continue;
      }
      // What only computes addresses: GEPs and casts fold into the access's
      // addressing; in a loop, arithmetic the loop steps affinely (or does
      // not change) is strength-reduced into pointer increments.
      if (Address.count(&I) &&
          (isa<GetElementPtrInst>(I) || isa<CastInst>(I) || (L && isAffineIn(I, L))))
        continue;
      N.Instructions += plainCost(I) * (Control.count(&I) ? LoopControl : 1);
      N.Mufu += mufuOps(I);
      N.Barriers += isBlockBarrier(I);
      if (const Value *Ptr = accessedPointer(I)) {
        N.Instructions += addressCost(I, Ptr, L);
        Shared |= Ptr->getType()->getPointerAddressSpace() == AS_Shared ||
                  getUnderlyingObject(Ptr)->getType()->getPointerAddressSpace() == AS_Shared;
      }
    }
    PerBlock[BB] = N;
  }
  // Each argument the kernel reads is a constant-bank load.
  double &Entry = PerBlock[&K.getEntryBlock()].Instructions;
  Entry += Prologue + (Shared ? SharedWindow : 0);
  for (const Argument &A : K.args())
    Entry += !A.use_empty();
}

} // namespace warplint
