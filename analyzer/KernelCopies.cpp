//===- KernelCopies.cpp - Analyze copies of one kernel once ---------------===//
#include "analyzer/KernelCopies.h"

#include "frontend/StackGuard.h"


#include "llvm/ADT/Hashing.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include <atomic>
#include <functional>
#include <optional>

using namespace llvm;

namespace warplint {

const Value *KernelCorrespondence::map(const Value *V) const {
  if (!V)
    return nullptr;
  auto It = Values.find(V);
  if (It != Values.end())
    return It->second;
  // Constants without globals in them are the same object in both kernels.
  return isa<Constant>(V) ? V : nullptr;
}

namespace {

/// Matches the IR of two kernels value by value.
class Matcher {
public:
  Matcher(KernelCorrespondence &C) : C(C) {}

  bool functions(const Function &A, const Function &B);

private:
  /// Records A -> B; false when either is already paired with another.
  bool pair(const Value *A, const Value *B) {
    auto [It, New] = C.Values.try_emplace(A, B);
    if (!New)
      return It->second == B;
    return Reverse.try_emplace(B, A).second;
  }
  bool globals(const GlobalValue *A, const GlobalValue *B);
  bool constants(const Constant *A, const Constant *B);
  bool operands(const Value *A, const Value *B);
  bool instructions(const Instruction &A, const Instruction &B);
  bool locations(const Instruction &A, const Instruction &B);
  bool shifted(const SourceLoc &A, const SourceLoc &B);

  KernelCorrespondence &C;
  DenseMap<const Value *, const Value *> Reverse;
  bool HaveDelta = false;
};

bool Matcher::globals(const GlobalValue *A, const GlobalValue *B) {
  if (A == B)
    return true;
  // Two functions are the same only as the same object (an intrinsic, a
  // library function); two variables when they look alike to the analysis.
  const auto *VA = dyn_cast<GlobalVariable>(A), *VB = dyn_cast<GlobalVariable>(B);
  if (!VA || !VB)
    return false;
  if (VA->getValueType() != VB->getValueType() ||
      VA->getAddressSpace() != VB->getAddressSpace() || VA->getAlign() != VB->getAlign() ||
      VA->isConstant() != VB->isConstant() ||
      VA->hasInitializer() != VB->hasInitializer() ||
      (VA->hasInitializer() && VA->getInitializer() != VB->getInitializer()) ||
      VA->getLinkage() != VB->getLinkage() ||
      VA->isExternallyInitialized() != VB->isExternallyInitialized())
    return false;
  return pair(VA, VB);
}

bool Matcher::constants(const Constant *A, const Constant *B) {
  if (A == B)
    return true;
  if (A->getType() != B->getType() || A->getValueID() != B->getValueID())
    return false;
  if (const auto *GA = dyn_cast<GlobalValue>(A))
    return globals(GA, cast<GlobalValue>(B));
  // Expressions and aggregates over globals: the same shape, operands alike.
  if (!isa<ConstantExpr>(A) && !isa<ConstantAggregate>(A))
    return false;
  if (const auto *EA = dyn_cast<ConstantExpr>(A)) {
    const auto *EB = cast<ConstantExpr>(B);
    if (EA->getOpcode() != EB->getOpcode() ||
        EA->getRawSubclassOptionalData() != EB->getRawSubclassOptionalData())
      return false;
    if (const auto *GA = dyn_cast<GEPOperator>(EA))
      if (GA->getSourceElementType() != cast<GEPOperator>(EB)->getSourceElementType())
        return false;
  }
  if (A->getNumOperands() != B->getNumOperands())
    return false;
  for (unsigned I = 0; I < A->getNumOperands(); ++I)
    if (!constants(cast<Constant>(A->getOperand(I)), cast<Constant>(B->getOperand(I))))
      return false;
  return true;
}

bool Matcher::operands(const Value *A, const Value *B) {
  if (isa<Constant>(A) || isa<Constant>(B))
    return isa<Constant>(A) && isa<Constant>(B) &&
           constants(cast<Constant>(A), cast<Constant>(B));
  if (isa<Instruction>(A) || isa<Argument>(A) || isa<BasicBlock>(A))
    return C.Values.lookup(A) == B;
  return A == B; // Metadata and inline assembly are uniqued.
}

bool Matcher::shifted(const SourceLoc &A, const SourceLoc &B) {
  if (A.valid() != B.valid())
    return false;
  if (!A.valid())
    return true;
  if (A.File != B.File || A.Column != B.Column)
    return false;
  int64_t Delta = int64_t(B.Line) - int64_t(A.Line);
  if (!HaveDelta) {
    HaveDelta = true;
    C.LineDelta = Delta;
  }
  return Delta == C.LineDelta;
}

bool Matcher::locations(const Instruction &A, const Instruction &B) {
  if (bool(A.getDebugLoc()) != bool(B.getDebugLoc()))
    return false;
  if (!A.getDebugLoc())
    return true;
  // What the analysis reads of a location: the user's line of it and the
  // kernel's line it was inlined at; code inlined from a library keeps its
  // own lines in both copies.
  SourceLoc IA = innermostLocation(A), IB = innermostLocation(B);
  bool SameInner = IA == IB && isLibraryFile(IA.File);
  return shifted(userLocation(A), userLocation(B)) &&
         shifted(outermostLocation(A), outermostLocation(B)) &&
         (SameInner || shifted(IA, IB));
}

bool Matcher::instructions(const Instruction &A, const Instruction &B) {
  if (!A.isSameOperationAs(&B) ||
      A.getRawSubclassOptionalData() != B.getRawSubclassOptionalData() ||
      A.getNumOperands() != B.getNumOperands() || !locations(A, B))
    return false;
  for (unsigned I = 0; I < A.getNumOperands(); ++I)
    if (!operands(A.getOperand(I), B.getOperand(I)))
      return false;
  if (const auto *PA = dyn_cast<PHINode>(&A)) {
    const auto *PB = cast<PHINode>(&B);
    for (unsigned I = 0; I < PA->getNumIncomingValues(); ++I)
      if (C.Values.lookup(PA->getIncomingBlock(I)) != PB->getIncomingBlock(I))
        return false;
  }
  return true;
}

bool Matcher::functions(const Function &A, const Function &B) {
  if (A.getFunctionType() != B.getFunctionType() || A.getAttributes() != B.getAttributes() ||
      A.getCallingConv() != B.getCallingConv() || A.size() != B.size() ||
      A.isDeclaration() || B.isDeclaration())
    return false;
  for (auto [X, Y] : zip(A.args(), B.args()))
    if (X.getName() != Y.getName() || !pair(&X, &Y))
      return false;
  // Blocks and instructions first (phis and branches refer forward).
  for (auto [BA, BB] : zip(A, B)) {
    if (BA.size() != BB.size() || !pair(&BA, &BB))
      return false;
    for (auto [IA, IB] : zip(BA, BB))
      if (!pair(&IA, &IB))
        return false;
  }
  for (auto [BA, BB] : zip(A, B))
    for (auto [IA, IB] : zip(BA, BB))
      if (!instructions(IA, IB))
        return false;
  return HaveDelta || A.getSubprogram() == B.getSubprogram();
}

/// A hash that copies share: the shape of the code, the argument names.
uint64_t shapeHash(const Function &F) {
  hash_code H = hash_combine(F.getFunctionType(), F.size());
  for (const Argument &A : F.args())
    H = hash_combine(H, A.getName());
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      H = hash_combine(H, I.getOpcode(), I.getType(), I.getNumOperands());
  return H;
}

/// The parts of a launch the analysis reads (not where it came from).
bool sameLaunch(const LaunchConfig &A, const LaunchConfig &B) {
  return A.Block == B.Block && A.Grid == B.Grid && A.Args == B.Args &&
         A.BlockAssumed == B.BlockAssumed && A.DynamicSharedBytes == B.DynamicSharedBytes &&
         A.Assumptions == B.Assumptions;
}

/// The accesses of B are A's, moved and mapped by C.
bool sameAccesses(const StateSpaces &A, const StateSpaces &B, const KernelCorrespondence &C) {
  auto Moved = [&](const SourceLoc &X, const SourceLoc &Y) {
    return X.valid() == Y.valid() &&
           (!X.valid() || (X.File == Y.File && X.Column == Y.Column &&
                           int64_t(Y.Line) - int64_t(X.Line) == C.LineDelta));
  };
  if (A.accesses().size() != B.accesses().size())
    return false;
  for (auto [X, Y] : zip(A.accesses(), B.accesses())) {
    if (!Moved(X.Loc, Y.Loc) || !Moved(X.CallSite, Y.CallSite) || X.Op != Y.Op ||
        X.Space != Y.Space || X.Bytes != Y.Bytes || X.Reason != Y.Reason ||
        X.StructSizes != Y.StructSizes || X.Sites.size() != Y.Sites.size())
      return false;
    for (auto [S, T] : zip(X.Sites, Y.Sites))
      if (C.map(S.Inst) != T.Inst || C.map(S.Pointer) != T.Pointer || S.Op != T.Op ||
          S.Space != T.Space || S.Bytes != T.Bytes || S.Reason != T.Reason)
        return false;
  }
  return true;
}

/// What LLVM computes on first use and keeps: the data layout's structure
/// layouts (and the types' "is sized" bits) for every type the code of M
/// uses, and the arguments of its functions. Done before analyses run on
/// several threads, which then only read the module.
void prepareForThreads(const Module &M) {
  const DataLayout &DL = M.getDataLayout();
  auto LayOut = [&](Type *T) {
    if (T && T->isSized() && (T->isStructTy() || T->isArrayTy() || T->isVectorTy()))
      (void)DL.getTypeAllocSize(T);
  };
  // Types inside constant expressions too (a GEP of a global's field).
  std::function<void(const Value *, unsigned)> Visit = [&](const Value *V, unsigned Depth) {
    LayOut(V->getType());
    if (const auto *GEP = dyn_cast<GEPOperator>(V))
      LayOut(GEP->getSourceElementType());
    if (const auto *C = dyn_cast<ConstantExpr>(V); C && Depth < 8)
      for (const Value *Op : C->operands())
        Visit(Op, Depth + 1);
  };
  for (const GlobalVariable &GV : M.globals())
    LayOut(GV.getValueType());
  for (const Function &F : M) {
    for (const Argument &A : F.args())
      LayOut(A.getType());
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        Visit(&I, 0);
        for (const Value *Op : I.operands())
          Visit(Op, 0);
        if (const auto *A = dyn_cast<AllocaInst>(&I))
          LayOut(A->getAllocatedType());
      }
  }
}

} // namespace

std::vector<AccessPatterns> analyzeKernels(ArrayRef<KernelToAnalyze> Kernels,
                                           const ArchProfile &Arch,
                                           const AnalysisBudget &Budget, unsigned Threads,
                                           unsigned *Reused) {
  // Which earlier kernel each one copies, if any.
  std::vector<std::optional<size_t>> CopyOf(Kernels.size());
  std::vector<KernelCorrespondence> Maps(Kernels.size());
  std::vector<size_t> Originals;
  DenseMap<uint64_t, std::vector<size_t>> ByShape;
  for (size_t I = 0; I < Kernels.size(); ++I) {
    const StateSpaces &S = *Kernels[I].Spaces;
    std::vector<size_t> &Bucket = ByShape[shapeHash(S.kernel())];
    for (size_t J : Bucket) {
      const StateSpaces &O = *Kernels[J].Spaces;
      if (sameLaunch(Kernels[J].Launch, Kernels[I].Launch) &&
          isCopyOf(O.kernel(), S.kernel(), Maps[I]) && sameAccesses(O, S, Maps[I])) {
        CopyOf[I] = J;
        break;
      }
    }
    if (!CopyOf[I]) {
      Bucket.push_back(I);
      Originals.push_back(I);
    }
  }
  if (Reused)
    *Reused = Kernels.size() - Originals.size();

  std::vector<std::optional<AccessPatterns>> Out(Kernels.size());
  auto Analyze = [&](size_t I) {
    Out[I] = AccessPatterns::analyze(*Kernels[I].Spaces, Kernels[I].Launch, Arch, Budget);
  };
  unsigned N = std::min<size_t>(Threads, Originals.size());
  if (N > 1)
    prepareForThreads(*Kernels.front().Spaces->kernel().getParent());
  // This thread takes kernels too (its heap already holds the memory the
  // front end freed: a new thread's heap starts empty and faults its pages).
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t K; (K = Next++) < Originals.size();)
      Analyze(Originals[K]);
  };
  // Each thread guarded (frontend/StackGuard.h): a helper's crash (a stack
  // overflow on a deep data flow) gives up the file's check, whose guarded
  // run reports it, rather than ending the process.
  if (runGuardedInParallel(std::max(N, 1u), Work) == GuardedRun::Crashed)
    abandonGuardedRun();
  std::vector<AccessPatterns> Results;
  Results.reserve(Kernels.size());
  for (size_t I = 0; I < Kernels.size(); ++I)
    Results.push_back(CopyOf[I] ? Out[*CopyOf[I]]->forCopy(Maps[I], Kernels[I].Launch)
                                : *Out[I]);
  return Results;
}

AnalyzedKernels analyzeModuleKernels(const DeviceModule &DM, ArrayRef<const Function *> Kernels,
                                     function_ref<LaunchConfig(const Function &)> LaunchOf,
                                     const ArchProfile &Arch, const AnalysisBudget &Budget,
                                     unsigned Threads) {
  AnalyzedKernels R;
  R.Spaces.reserve(Kernels.size()); // (ToAnalyze points into it.)
  std::vector<KernelToAnalyze> ToAnalyze;
  for (const Function *F : Kernels) {
    R.Spaces.push_back(StateSpaces::analyze(DM, *F));
    ToAnalyze.push_back({&R.Spaces.back(), LaunchOf(*F)});
  }
  R.Patterns = analyzeKernels(ToAnalyze, Arch, Budget, Threads);
  return R;
}

bool isCopyOf(const Function &A, const Function &B, KernelCorrespondence &C) {
  C = KernelCorrespondence();
  Matcher M(C);
  return M.functions(A, B);
}

} // namespace warplint
