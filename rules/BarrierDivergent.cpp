//===- BarrierDivergent.cpp - barrier-divergent ---------------------------===//
#include "rules/BarrierDivergent.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {

BarrierDivergentRule::BarrierDivergentRule(const RuleOptions &Opts)
    : Rule("barrier-divergent", Opts) {}

namespace {
const char *const Fix = "move the barrier out of the conditional code so that every thread "
                        "of the block reaches it, and keep only the work under the condition";
} // namespace

void BarrierDivergentRule::check(const KernelFacts &K, const FindingSink &Out) const {
  std::vector<const dm::Finding *> Seen = runErrors(K, "barrier-divergent");
  SmallPtrSet<const dm::Finding *, 4> Matched;
  std::string Run = runDescription(K);
  for (const BarrierReach &B : K.Patterns.barriers()) {
    if (!B.ThreadDependent)
      continue;
    Finding F = make(K, B.Loc,
                     kernelPrefix(K) +
                         "__syncthreads() is reached by only part of the block: it sits under "
                         "a condition that depends on the thread index, and a block-wide "
                         "barrier waits for every thread of the block, so the threads that "
                         "skip it leave the others waiting (a hang, or undefined behaviour), " +
                         K.launchAssumption() + "; " + Fix,
                     Severity::Error);
    if (!K.launch().Assumptions.empty())
      F.Notes.push_back({B.Loc, "assumed: " + join(K.launch().Assumptions, "; ")});
    if (K.Run) {
      const dm::Finding *Hit = nullptr;
      for (const dm::Finding *E : Seen)
        if (E->Loc == B.Loc && !Hit)
          Hit = E;
      if (Hit) {
        Matched.insert(Hit);
        F.Notes.push_back({B.Loc, "the device model's run (" + Run + ") confirms it: " +
                                      runMessage(*Hit)});
        F.Confirmed = eventConfirmation(K, "barrier_divergent", true, true);
      } else if (K.Run->Run.Stopped) {
        F.Notes.push_back({B.Loc, "the device model's run (" + Run +
                                      ") stopped early at an error, so it neither confirms "
                                      "nor contradicts this"});
      } else {
        F.Notes.push_back({B.Loc, "the device model's run (" + Run +
                                      ") never saw this barrier reached by part of a block: "
                                      "it contradicts the prediction"});
        F.Message += " (contradicted by the device model's run)";
        F.Confirmed = eventConfirmation(K, "barrier_divergent", false, true);
      }
    }
    Out(std::move(F));
  }
  // What only the run saw: conditions on loaded data.
  for (const dm::Finding *E : Seen) {
    if (Matched.count(E))
      continue;
    std::string Message = runMessage(*E);
    StringRef What = Message;
    What.consume_front("barrier ");
    Finding F = make(K, E->Loc,
                     kernelPrefix(K) + "the device model's run (" + Run +
                         ") found this barrier " + What.str() +
                         ": a block-wide barrier waits for every thread of the block, and the "
                         "threads that skip it leave the others waiting; " +
                         Fix,
                     Severity::Error);
    F.Confirmed = eventConfirmation(K, "barrier_divergent", true, false);
    Out(std::move(F));
  }
}

} // namespace warplint
