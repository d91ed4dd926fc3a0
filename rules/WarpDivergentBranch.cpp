//===- WarpDivergentBranch.cpp - warp-divergent-branch --------------------===//
#include "rules/WarpDivergentBranch.h"

#include "rules/AccessMessages.h"
#include "analyzer/time/LaunchWork.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

WarpDivergentBranchRule::WarpDivergentBranchRule(const RuleOptions &Opts)
    : Rule("warp-divergent-branch", Opts), MinFraction(Opts.number("min-fraction", 0.1)),
      MinInstructions(unsigned(std::max(0.0, Opts.number("min-instructions", 8)))) {}

namespace {

/// The work on one side of a branch: the blocks reached from one successor
/// before the paths join again (or the loop comes back to the branch).
struct Side {
  SmallPtrSet<const BasicBlock *, 16> Blocks;
  unsigned Instructions = 0; ///< Issued per pass, not counting jumps and phis.
  unsigned Accesses = 0;     ///< Source-level memory accesses.
  bool empty() const { return Instructions == 0 && Accesses == 0; }
};

/// The CFG facts one kernel's branches are judged with.
struct KernelCfg {
  explicit KernelCfg(const Function &F)
      : PDT(const_cast<Function &>(F)), DT(const_cast<Function &>(F)), LI(DT) {}
  PostDominatorTree PDT;
  DominatorTree DT;
  LoopInfo LI;
};

Side sideOf(const BasicBlock *From, const BasicBlock *Branch, const BasicBlock *Join,
            const KernelFacts &K) {
  Side S;
  SmallVector<const BasicBlock *, 16> Work;
  if (From != Join && From != Branch)
    Work.push_back(From);
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!S.Blocks.insert(BB).second)
      continue;
    for (const Instruction &I : *BB) {
      if (isa<PHINode>(I) || isa<DbgInfoIntrinsic>(I) ||
          (isa<BranchInst>(I) && cast<BranchInst>(I).isUnconditional()))
        continue;
      ++S.Instructions;
    }
    for (const BasicBlock *Succ : successors(BB))
      if (Succ != Join && Succ != Branch)
        Work.push_back(Succ);
  }
  for (const MemoryAccess &A : K.Spaces.accesses())
    if (llvm::any_of(A.Sites, [&](const IrAccess &Site) {
          return S.Blocks.count(Site.Inst->getParent());
        }))
      ++S.Accesses;
  return S;
}

/// "3 memory accesses and 12 instructions".
std::string workText(unsigned Accesses, unsigned Instructions) {
  std::string Insts = formatv("{0} instruction{1}", Instructions, Instructions == 1 ? "" : "s");
  if (!Accesses)
    return Insts;
  return formatv("{0} memory access{1} and {2}", Accesses, Accesses == 1 ? "" : "es", Insts);
}

std::string percent(double F) {
  double P = F * 100;
  if (P >= 10 || P == std::floor(P))
    return formatv("{0:F0}%", P).str();
  return formatv("{0:F1}%", P).str();
}

/// The sides of branch B, and whether it is a loop's exit (lanes leave the
/// loop at different iterations).
struct BranchSides {
  std::vector<Side> Sides;
  bool LoopExit = false;
};

BranchSides branchSides(const KernelFacts &K, const KernelCfg &Cfg, const BranchDivergence &B) {
  BranchSides R;
  const BasicBlock *BB = B.Inst->getParent();
  const DomTreeNode *Node = Cfg.PDT.getNode(BB);
  const BasicBlock *Join = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  const Loop *L = Cfg.LI.getLoopFor(BB);
  SmallPtrSet<const BasicBlock *, 4> Seen;
  for (const BasicBlock *Succ : successors(BB)) {
    if (!Seen.insert(Succ).second)
      continue;
    R.LoopExit |= L && !L->contains(Succ);
    R.Sides.push_back(sideOf(Succ, BB, Join, K));
    // The guard in front of a rotated loop carries the loop's condition.
    for (const BasicBlock *In : R.Sides.back().Blocks)
      if (const Loop *Inner = Cfg.LI.getLoopFor(In); Inner && Inner->getHeader() == In)
        for (const BasicBlock *Exiting : Inner->blocks())
          if (Inner->isLoopExiting(Exiting) &&
              userLocation(*Exiting->getTerminator()) == B.Loc)
            R.LoopExit = true;
  }
  return R;
}

} // namespace

bool WarpDivergentBranchRule::reported(const BranchDivergence &B, const KernelFacts &K) const {
  return B.K == BranchDivergence::Divergent && B.Inst && B.LaunchFraction >= MinFraction &&
         !B.Packed && B.MinorityLanes > 1 && B.Inst->getFunction() == &K.Kernel;
}

void WarpDivergentBranchRule::check(const KernelFacts &K, const FindingSink &Out) const {
  std::unique_ptr<KernelCfg> Cfg;
  for (const BranchDivergence &B : K.Patterns.branches()) {
    if (!reported(B, K))
      continue;
    if (!Cfg)
      Cfg = std::make_unique<KernelCfg>(K.Kernel);
    auto [Sides, LoopExit] = branchSides(K, *Cfg, B);
    unsigned Busy = 0, Accesses = 0, Instructions = 0;
    for (const Side &S : Sides) {
      if (S.empty())
        continue;
      ++Busy;
      Accesses += S.Accesses;
      Instructions += S.Instructions;
    }
    if (!Busy)
      continue;
    bool Substantial = Accesses > 0 || Instructions >= MinInstructions;

    std::string Fraction =
        std::fabs(B.LaunchFraction - B.DivergentFraction) < 1e-9
            ? formatv("{0} of warp executions ({1} of {2} sampled)", percent(B.LaunchFraction),
                      B.DivergentSamples, B.Samples)
                  .str()
            : formatv("an estimated {0} of the launch's warp executions ({1} of {2} sampled, "
                      "{3})",
                      percent(B.LaunchFraction), B.DivergentSamples, B.Samples,
                      B.GridEdge ? "on the grid's edge only" : "where a bound is crossed")
                  .str();
    std::string Cost, Fix;
    std::string Work = workText(Accesses, Instructions);
    if (LoopExit) {
      Cost = "lanes that leave the loop wait idle while the others run the remaining "
             "iterations (" +
             Work + " in the loop)";
      Fix = "give the lanes of a warp the same trip count (split the work evenly, or give "
            "each warp its own loop), or restructure so that whole warps leave together";
    } else if (Busy > 1) {
      Cost = "the warp issues both paths one after the other, each with the lanes of the "
             "other path idle (" +
             Work + " under the branch)";
      Fix = "make the condition warp-uniform (e.g. branch on threadIdx.x / 32 rather than a "
            "per-lane test), or restructure so that the lanes of a warp take the same path "
            "(assign the work per warp, or sort it so that neighbouring threads agree)";
    } else {
      Cost = "the warp issues the guarded path with the lanes that skip it idle (" + Work +
             " under the branch)";
      Fix = "make the condition warp-uniform (e.g. branch on threadIdx.x / 32 rather than a "
            "per-lane test), or pack the work so that whole warps take the branch";
    }
    Finding F = make(K, B.Loc,
                     kernelPrefix(K) + "the lanes of a warp disagree on this branch in " +
                         Fraction + ": " + Cost + ", " + K.launchAssumption() + "; " + Fix,
                     Substantial ? Severity::Warning : Severity::Note);
    if (!K.launch().Assumptions.empty())
      F.Notes.push_back({B.Loc, "assumed: " + join(K.launch().Assumptions, "; ")});
    Out(std::move(F));
  }
}

bool WarpDivergentBranchRule::modelFix(const KernelFacts &K, const Finding &F,
                                       LaunchWork &W) const {
  if (W.Sites.size() != K.Spaces.accesses().size())
    return false;
  for (const BranchDivergence &B : K.Patterns.branches()) {
    if (!reported(B, K) || !(B.Loc == F.Loc))
      continue;
    KernelCfg Cfg(K.Kernel);
    auto [Sides, LoopExit] = branchSides(K, Cfg, B);
    // Lanes that leave a loop at different iterations: what evening out
    // their trip counts saves depends on how the work is split, which the
    // model does not know.
    if (LoopExit)
      return false;
    // The fix packs the lanes of each path into whole warps. A warp that
    // diverged ran every side; afterwards the lanes of a side fill a share
    // of the warps: the minority's lanes (at most MinorityLanes of 32) for
    // one side, the rest for the other. Which side the minority takes is not
    // known: the heavier side is given the larger share (the smaller saving).
    double Minority = std::min(0.5, double(B.MinorityLanes) / K.Arch.WarpSize);
    struct SideWork {
      double Issued = 0, Mufu = 0;
      const Side *S = nullptr;
    };
    std::vector<SideWork> Work;
    for (const Side &S : Sides) {
      SideWork SW;
      SW.S = &S;
      for (const BasicBlock *BB : S.Blocks) {
        BlockIssue I = W.BlockSass.lookup(BB);
        SW.Issued += I.Instructions * W.BlockWarps.lookup(BB);
        SW.Mufu += I.Mufu * W.BlockWarps.lookup(BB);
      }
      Work.push_back(SW);
    }
    llvm::sort(Work, [](const SideWork &A, const SideWork &C) { return A.Issued > C.Issued; });
    for (size_t I = 0; I < Work.size(); ++I) {
      double Share = I == 0 ? 1 - Minority : Minority;
      double Scale = 1 - B.LaunchFraction * (1 - Share);
      W.WarpInstructions -= Work[I].Issued * (1 - Scale);
      W.MufuInstructions -= Work[I].Mufu * (1 - Scale);
      // Each access of the side is requested by fewer, fuller warps: the
      // same sectors in fewer requests.
      for (size_t A = 0; A < K.Spaces.accesses().size(); ++A)
        if (any_of(K.Spaces.accesses()[A].Sites, [&](const IrAccess &Site) {
              return Work[I].S->Blocks.count(Site.Inst->getParent());
            }))
          W.Sites[A].Requests *= Scale;
    }
    return true;
  }
  return false;
}

} // namespace warplint
