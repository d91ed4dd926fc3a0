//===- GlobalRmwInLoop.cpp - global-rmw-in-loop ---------------------------===//
#include "rules/GlobalRmwInLoop.h"

#include "rules/AccessMessages.h"
#include "rules/LoopFacts.h"

#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>
#include <vector>

using namespace llvm;

namespace warplint {

void GlobalRmwInLoopRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (const MemoryAccess &A : K.Spaces.accesses()) {
    if (A.Op != AccessOp::Store || !isGlobalAccess(A))
      continue;
    for (const IrAccess &S : A.Sites) {
      const Loop *L = K.Loops.loopOf(*S.Inst);
      const Value *Ptr = S.Pointer->stripPointerCasts();
      if (!L || !L->isLoopInvariant(Ptr))
        continue;
      // LICM may have hoisted the load (forwarding the stored value) but
      // could not sink the store past the loop's other accesses.
      bool Loaded = any_of(Ptr->users(), [&](const User *U) {
        const auto *LI = dyn_cast<LoadInst>(U);
        return LI && L->contains(LI);
      });
      unsigned Line = LoopFacts::headerLine(*L);
      std::string Where = Line ? formatv("the loop at line {0}", Line).str() : "its loop";
      Out(make(K, A.Loc,
               kernelPrefix(K) +
                   formatv("a global {0} of the same address on every iteration of {1} "
                           "where one around the loop would do: the address does not "
                           "change in the loop, but the compiler cannot keep the value "
                           "in a register (another pointer may alias it); accumulate in "
                           "a local variable and store it once after the loop, or declare "
                           "the pointers __restrict__",
                           Loaded ? "load and store" : "store", Where)
                       .str()));
      break;
    }
  }
}

bool GlobalRmwInLoopRule::modelFix(const KernelFacts &, const Finding &F,
                                   LaunchWork &W) const {
  // The load and the store of `out[i] += ...` sit on the finding's line:
  // kept in a register, they run once per warp. The line's other loads
  // (the `a[k * n + i]` added) still run every iteration, but with the store
  // gone from the loop a warp has several iterations' loads in flight.
  SourceLoc Line = F.Loc;
  Line.Column = 0;
  double Warps = W.Blocks * W.WarpsPerBlock;
  std::vector<SiteWork *> Sites;
  std::set<std::string> Stored;
  for (SiteWork *S : W.sitesAt(Line))
    if (S->Space == AS_Global || S->Space == AS_Generic) {
      Sites.push_back(S);
      if (S->Store)
        Stored.insert(S->Buffer);
    }
  bool Any = false;
  for (SiteWork *S : Sites) {
    if (!S->Store && !Stored.count(S->Buffer) && !Stored.count("")) {
      S->OverlapsIterations = true;
      continue;
    }
    if (S->Requests <= Warps)
      continue;
    double Once = Warps / S->Requests;
    S->Requests *= Once;
    S->Cost *= Once;
    S->Ideal *= Once;
    Any = true;
  }
  return Any;
}

} // namespace warplint
