//===- SharedRace.cpp - shared-race ---------------------------------------===//
#include "rules/SharedRace.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

using namespace llvm;

namespace warplint {

SharedRaceRule::SharedRaceRule(const RuleOptions &Opts) : Rule("shared-race", Opts) {}

namespace {

/// The __shared__ variable (its source name) that holds byte Offset of the
/// block's shared memory in Run's program; empty when none does.
std::string sharedVariableAt(const dm::LaunchReport &Run, uint64_t Offset) {
  if (!Run.Prog)
    return "";
  for (const dm::GlobalImage &G : Run.Prog->Globals) {
    uint64_t Start = G.Address & dm::OffsetMask;
    if (G.Space != AS_Shared || Offset < Start || Offset >= Start + G.Bytes)
      continue;
    std::string Name = demangle(G.Name);
    size_t Colon = Name.rfind("::");
    return Colon == std::string::npos ? Name : Name.substr(Colon + 2);
  }
  return "";
}

/// The race's message, naming the shared variable after its byte offset.
std::string raceMessage(const dm::LaunchReport &Run, const dm::Finding &E) {
  std::string M = E.Message;
  StringRef Key = "byte offset ";
  size_t At = M.find(Key.str());
  if (At == std::string::npos)
    return M;
  size_t Start = At + Key.size(), End = Start;
  while (End < M.size() && isDigit(M[End]))
    ++End;
  uint64_t Offset;
  if (StringRef(M).slice(Start, End).getAsInteger(10, Offset))
    return M;
  std::string Var = sharedVariableAt(Run, Offset);
  if (!Var.empty())
    M.insert(End, " ('" + Var + "')");
  return M;
}

} // namespace

void SharedRaceRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (const dm::Finding *E : runErrors(K, "shared-race")) {
    // Two stores of the same value race benignly: `run` notes it, check does
    // not report it.
    if (E->Note)
      continue;
    bool InWarp = StringRef(E->Message).contains("__syncwarp");
    bool OneStore = StringRef(E->Message).contains("in one instruction");
    Finding F = make(K, E->Loc,
                     kernelPrefix(K) + raceMessage(*K.Run, *E) +
                         ", found by the device model's run (" + runDescription(K) + "); " +
                         (OneStore ? "give each thread its own shared element, let one "
                                     "lane store (if (lane == 0)), or combine the values "
                                     "with an atomic"
                          : InWarp ? "put __syncwarp() between the two accesses (or exchange "
                                   "the values with __shfl_sync), or give each thread its own "
                                   "shared element"
                                 : "put __syncthreads() between the two accesses, or give "
                                   "each thread its own shared element"),
                     Severity::Error);
    if (E->Other.valid())
      F.Notes.push_back({E->Other, "the other access of the race"});
    F.Confirmed = eventConfirmation(K, "shared_race", true, false);
    Out(std::move(F));
  }
}

} // namespace warplint
