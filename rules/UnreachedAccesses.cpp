//===- UnreachedAccesses.cpp - Accesses no sampled thread reached ---------===//
#include "rules/UnreachedAccesses.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

namespace {

/// The kernel's integer arguments that no launch gave ("n1, n2").
std::string argumentsNotGiven(const Function &F, const LaunchConfig &Launch) {
  std::string Out;
  for (const Argument *A : unknownIntegerArgs(F, Launch))
    Out += (Out.empty() ? "" : ", ") + A->getName().str();
  return Out;
}

/// Why the sampled threads may have missed them, and what to give.
std::string whatToGive(const std::string &Args, const LaunchConfig &Launch) {
  std::string Why;
  if (!Args.empty())
    Why = formatv("the guards around them may read argument{0} {1}, not given (each "
                  "sampled at values of its own)",
                  StringRef(Args).contains(',') ? "s" : "", Args)
              .str();
  if (Launch.BlockAssumed)
    Why += (Why.empty() ? "" : ", and ") +
           formatv("the block was assumed, {0}", Launch.blockStr()).str();
  if (Why.empty())
    Why = formatv("at {0} no sampled block and warp runs them", Launch.str()).str();
  return Why + "; give " +
         (Args.empty() ? std::string("the launch")
                       : "their values with --arg NAME=VALUE, the launch") +
         " with --grid/--block, or a launch file";
}

} // namespace

std::optional<Finding> unreachedFinding(StringRef Name, const SourceLoc &KernelLoc,
                                        const Function &F, const StateSpaces &Spaces,
                                        const AccessPatterns &Patterns) {
  unsigned Memory = 0, Unreached = 0;
  const MemoryAccess *First = nullptr;
  for (size_t I = 0; I < Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = Spaces.accesses()[I];
    if (A.Space == AS_Param)
      continue; // Kernel arguments, read before any guard.
    ++Memory;
    if (Patterns.prediction(I).Pattern != "unreached")
      continue;
    ++Unreached;
    if (!First || (A.Loc.valid() && A.Loc.Line < First->Loc.Line))
      First = &A;
  }
  if (!Unreached)
    return std::nullopt;
  const LaunchConfig &Launch = Patterns.launch();
  std::string Args = argumentsNotGiven(F, Launch);
  Finding N;
  N.Rule = KernelUnreachedRule.str();
  N.Kernel = Name.str();
  if (Unreached == Memory) {
    N.Level = Severity::Warning;
    N.Loc = KernelLoc;
    N.Message = formatv("kernel '{0}' was not checked: none of its {1} memory access{2} was "
                        "reached by a sampled thread, so nothing of its cost is known: {3}",
                        Name, Memory, Memory == 1 ? "" : "es", whatToGive(Args, Launch))
                    .str();
    return N;
  }
  // Part of the kernel: only worth saying where an input could open it.
  if (Args.empty() && !Launch.BlockAssumed)
    return std::nullopt;
  N.Level = Severity::Note;
  N.Loc = First->Loc.valid() ? First->Loc : KernelLoc;
  N.Message = formatv("kernel '{0}': {1} of its {2} memory accesses were reached by no "
                      "sampled thread, so their cost was not checked: {3}",
                      Name, Unreached, Memory, whatToGive(Args, Launch))
                  .str();
  return N;
}

} // namespace warplint
