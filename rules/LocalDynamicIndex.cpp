//===- LocalDynamicIndex.cpp - local-dynamic-index ------------------------===//
#include "rules/LocalDynamicIndex.h"

#include "analyzer/time/LaunchWork.h"

#include "rules/AccessMessages.h"
#include "rules/KernelResources.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <memory>

using namespace llvm;

namespace warplint {

LocalDynamicIndexRule::LocalDynamicIndexRule(const RuleOptions &Opts)
    : Rule("local-dynamic-index", Opts) {}

namespace {

constexpr const char *Fix =
    "unroll the loops that index it (#pragma unroll) so every index is a constant and "
    "the array can live in registers, pick the element with a switch over constant "
    "indices, or keep the array in shared memory (one slice per thread)";

/// The fix for an array no thread's registers could hold (TooBig): the
/// index is not the cause, so neither unrolling nor constant indices help.
constexpr const char *SizeFix =
    "keep less state per thread, stage the table in shared memory (one copy per block "
    "when threads share it), or change the algorithm so each thread holds fewer elements";

/// Private arrays up to this size are often kept in registers by ptxas even
/// when indexed at run time (it selects among them).
constexpr uint64_t SmallArrayBytes = 64;

/// True when nvcc may well unroll L fully where Clang did not: it carries
/// `#pragma unroll` (an unroll hint Clang left unapplied) or its latch
/// compares with a constant bound.
bool mayUnrollFully(const Loop &L) {
  if (MDNode *ID = L.getLoopID())
    for (const MDOperand &Op : drop_begin(ID->operands()))
      if (const auto *Node = dyn_cast<MDNode>(Op.get()))
        if (Node->getNumOperands())
          if (const auto *S = dyn_cast<MDString>(Node->getOperand(0).get()))
            if (S->getString().starts_with("llvm.loop.unroll.") &&
                !S->getString().ends_with(".disable"))
              return true;
  if (const ICmpInst *Cmp = const_cast<Loop &>(L).getLatchCmpInst())
    return isa<ConstantInt>(Cmp->getOperand(0)) || isa<ConstantInt>(Cmp->getOperand(1));
  return false;
}

/// Loop depth of instructions, the loops of each function found once.
class LoopDepths {
public:
  unsigned depth(const Instruction &I) { return info(I).getLoopDepth(I.getParent()); }
  const Loop *loopOf(const Instruction &I) { return info(I).getLoopFor(I.getParent()); }

private:
  LoopInfo &info(const Instruction &I) {
    const Function *F = I.getFunction();
    auto It = Loops.find(F);
    if (It == Loops.end()) {
      // The analyses take a mutable function; they only read it.
      auto DT = std::make_unique<DominatorTree>(const_cast<Function &>(*F));
      auto LI = std::make_unique<LoopInfo>(*DT);
      It = Loops.emplace(F, std::make_pair(std::move(DT), std::move(LI))).first;
    }
    return *It->second.second;
  }

  std::map<const Function *,
           std::pair<std::unique_ptr<DominatorTree>, std::unique_ptr<LoopInfo>>>
      Loops;
};

/// True when Ptr indexes its object with a run-time value.
bool isDynamicIndex(const Value *Ptr) {
  for (unsigned Depth = 0; Ptr && Depth < 12; ++Depth) {
    Ptr = Ptr->stripPointerCasts();
    if (isa<PHINode>(Ptr) || isa<SelectInst>(Ptr))
      return true;
    const auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP)
      return false;
    if (!GEP->hasAllConstantIndices())
      return true;
    Ptr = GEP->getPointerOperand();
  }
  return false;
}

/// One access of a private array, as the rule weighs it.
struct ArrayAccess {
  size_t Index = 0; ///< Into StateSpaces::accesses().
  bool Dynamic = false;
  bool InLoop = false;
  /// A loop around it that nvcc may unroll fully (mayUnrollFully).
  bool Unrollable = false;
  /// Preference for the finding's location: dynamic loads in loops first.
  unsigned rank(const MemoryAccess &A) const {
    return (InLoop ? 4 : 0) + (Dynamic ? 2 : 0) + (A.Op == AccessOp::Load ? 1 : 0);
  }
};

} // namespace

void LocalDynamicIndexRule::check(const KernelFacts &K, const FindingSink &Out) const {
  LoopDepths Loops;
  for (const LocalArrayStatus &L : K.Spaces.localArrays()) {
    if (L.Promoted || !L.Alloca || !StringRef(L.Reason).contains("dynamic index"))
      continue;
    std::vector<ArrayAccess> Uses;
    for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
      const MemoryAccess &A = K.Spaces.accesses()[I];
      if (A.Space != AS_Local)
        continue;
      ArrayAccess U;
      U.Index = I;
      bool Mine = false;
      for (const IrAccess &S : A.Sites) {
        if (getUnderlyingObject(S.Pointer, 12) != L.Alloca)
          continue;
        Mine = true;
        U.Dynamic |= isDynamicIndex(S.Pointer);
        U.InLoop |= Loops.depth(*S.Inst) > 0;
        for (const Loop *Lp = Loops.loopOf(*S.Inst); Lp; Lp = Lp->getParentLoop())
          U.Unrollable |= mayUnrollFully(*Lp);
      }
      if (Mine)
        Uses.push_back(U);
    }
    if (Uses.empty())
      continue;
    const ArrayAccess *Best = &Uses.front();
    unsigned InLoops = 0;
    for (const ArrayAccess &U : Uses) {
      InLoops += U.InLoop;
      if (U.rank(K.Spaces.accesses()[U.Index]) > Best->rank(K.Spaces.accesses()[Best->Index]))
        Best = &U;
    }
    const MemoryAccess &A = K.Spaces.accesses()[Best->Index];
    // PTX input names the whole frame (the .local depot), not one array.
    std::string Array =
        StringRef(L.Decl.Name).starts_with("__local_depot")
            ? formatv("the local frame '{0}' of its private arrays ({1} bytes per thread)",
                      L.Decl.Name, L.Decl.Bytes)
                  .str()
            : formatv("private array '{0}' ({1} bytes per thread)", L.Decl.Name, L.Decl.Bytes)
                  .str();
    // ptxas has the last word on where the array lives: nvcc's own compile
    // (asked for now, as the claim is about to be made) or ptxas's report.
    const PtxasFunctionInfo *Verdict = K.verdict();
    if (Verdict && !Verdict->StackFrameBytes && !Verdict->spills()) {
      Out(make(K, A.Loc,
               formatv("{0}{1} is indexed with a run-time index, but {2} keeps it in "
                       "registers (a 0-byte stack frame): no local-memory traffic",
                       kernelPrefix(K), Array, Verdict->by()),
               Severity::Note));
      continue;
    }
    // An array larger than every register a thread can have lives in local
    // memory however it is indexed: the index is not the cause, and a
    // register is no alternative (a note, with the cause that holds).
    uint64_t RegisterBytes = K.Arch.registerBytesPerThread();
    bool TooBig = L.Decl.Bytes > RegisterBytes;
    std::string What = A.Op == AccessOp::Load ? "load" : A.Op == AccessOp::Store ? "store"
                                                                                  : "access";
    std::string Instead = TooBig ? "" : " where a register would cost nothing";
    std::string Where =
        Best->InLoop
            ? formatv("this {0} runs inside a loop, so every iteration is a round trip "
                      "through L1 to local memory{1}",
                      What, Instead)
                  .str()
            : formatv("this {0} is a round trip through L1 to local memory{1}", What, Instead)
                  .str();
    std::string Count = formatv("{0} local access{1}, {2} inside loops", Uses.size(),
                                Uses.size() == 1 ? "" : "es", InLoops);
    const Prediction &P = K.Patterns.prediction(Best->Index);
    // (How the index spreads is beside the point for an array too big for
    // registers.)
    std::string Cost;
    if (!TooBig && P.PerRequest && wasteRatio(P) > 1)
      Cost = "; the lanes' indices differ: " + costAgainstIdeal(A, P);
    else if (!TooBig && !P.PerRequest && !P.DependsOn.empty())
      Cost = "; the index depends on " + P.DependsOn;
    // Without a verdict, how far the estimate is to be trusted: an index
    // from a loop nvcc may unroll fully is the weak case.
    // Small arrays ptxas often selects among registers (8 and 16 elements
    // indexed at run time in tests/lit/registers/nvcc-verdict.cu).
    bool Unrollable = !TooBig && any_of(Uses, [](const ArrayAccess &U) {
      return U.Dynamic && U.Unrollable;
    });
    bool Small = L.Decl.Bytes && L.Decl.Bytes <= SmallArrayBytes;
    std::string Estimate;
    if (!Verdict) {
      std::string Note = estimateNote(K, Unrollable || Small ? "low" : "medium");
      Note.pop_back(); // The closing parenthesis.
      if (Unrollable)
        Note += "; nvcc may unroll the loop that indexes it fully and keep the array in "
                "registers";
      else if (Small)
        Note += "; a small array that ptxas may keep in registers";
      Estimate = Note + ")";
    }
    std::string Cause =
        TooBig ? formatv("it is larger than the {0} bytes of registers a thread can have on "
                         "{1} ({2} registers of {3} bytes), however it is indexed",
                         RegisterBytes, K.Arch.Name, K.Arch.MaxRegistersPerThread,
                         K.Arch.RegisterBytes)
                     .str()
               : "it is indexed with a run-time index";
    Finding F = make(K, A.Loc,
                     formatv("{0}{1} lives in local memory because {7}{6}: {2} ({3}{4}); {5}",
                             kernelPrefix(K), Array, Where, Count, Cost, TooBig ? SizeFix : Fix,
                             Estimate, Cause),
                     Best->InLoop && !TooBig ? Severity::Warning : Severity::Note);
    if (L.Decl.Line)
      F.Notes.push_back({SourceLoc{A.Loc.File, L.Decl.Line, L.Decl.Column},
                         "'" + L.Decl.Name + "' is first used here"});
    if (Verdict)
      F.Notes.push_back({A.Loc, localMemoryVerdict(*Verdict, true)});
    Out(std::move(F));
  }
}

bool LocalDynamicIndexRule::modelFix(const KernelFacts &K, const Finding &F,
                                     LaunchWork &W) const {
  // Which local array each site belongs to is not kept: with one array left
  // in local memory every local site is its; otherwise the finding's own.
  unsigned InLocal = count_if(K.Spaces.localArrays(),
                              [](const LocalArrayStatus &L) { return !L.Promoted; });
  bool Any = false;
  for (SiteWork &S : W.Sites)
    if (S.Space == AS_Local && !S.Spill && (InLocal == 1 || (S.Loc.File == F.Loc.File &&
                                                 S.Loc.Line == F.Loc.Line))) {
      W.remove(S);
      Any = true;
    }
  return Any;
}

void LocalDynamicIndexRule::checkSass(const SassFacts &K, const FindingSink &Out) const {
  const SassFunction &Fn = K.Function;
  unsigned InLoops = Fn.localArrayInstructionsInLoops();
  if (!InLoops)
    return;
  auto IsArray = [](const SassMemoryAccess &A) { return A.Space == AS_Local && !A.IsSpill; };
  const SassMemoryAccess *First = firstSassAccess(
      Fn, [&](const SassMemoryAccess &A) { return IsArray(A) && A.RuntimeAddress; });
  if (!First || !Fn.inLoop(*First))
    First = firstSassAccess(Fn, IsArray);
  unsigned Runtime = count_if(Fn.Accesses, [&](const SassMemoryAccess &A) {
    return IsArray(A) && A.RuntimeAddress && Fn.inLoop(A);
  });
  std::string Frame =
      Fn.StackFrameBytes ? formatv(" ({0} bytes of stack frame)", *Fn.StackFrameBytes).str()
                         : "";
  Out(make(K, sassLocation(K, Fn.instruction(*First)),
           formatv("kernel '{0}': {1} of {2} local-memory instructions that are not spills "
                   "sit inside loops ({3} through addresses computed at run time): a private "
                   "array indexed at run time stays in local memory{4} and each is a round "
                   "trip through L1 on every iteration; {5}",
                   K.Name, InLoops, Fn.localArrayInstructions(), Runtime, Frame, Fix)));
}

} // namespace warplint
