//===- DeviceFault.cpp - device-fault -------------------------------------===//
#include "rules/DeviceFault.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

using namespace llvm;

namespace warplint {

DeviceFaultRule::DeviceFaultRule(const RuleOptions &Opts) : Rule("device-fault", Opts) {}

namespace {

/// A run-error kind this rule reports, and the fix it suggests.
struct FaultKind {
  const char *Kind;
  const char *Fix;
  bool Note; ///< Reported as a note by default.
};

const FaultKind Kinds[] = {
    {"misaligned",
     "align the address to the access size: cudaMalloc returns 256-byte aligned memory, so "
     "offset typed pointers by whole elements, or copy unaligned bytes with memcpy",
     false},
    {"heap-use-after-free",
     "use a heap block only between its malloc/new and its free/delete; free it after its "
     "last use",
     false},
    {"heap-double-free", "free each heap block once (set the pointer to nullptr after free)",
     false},
    {"heap-invalid-free", "pass free/delete exactly a pointer that malloc/new returned", false},
    {"uninitialized-read",
     "write the memory before reading it (fill __shared__ arrays, initialize private arrays "
     "and malloc'ed blocks), with __syncthreads() between the writes and the reads of other "
     "threads",
     false},
    {"hang",
     "make the loop's exit depend on something that changes: a counter, or memory another "
     "thread of the block writes (volatile or atomics); do not wait for another block",
     false},
    {"runaway",
     "bound the loop, or raise --max-instructions if it really runs that long", false},
    {"trap",
     "on a GPU the launch fails (cudaErrorAssert or cudaErrorLaunchFailure) and the context "
     "is lost; fix the condition the assert or trap guards against",
     false},
    {"invalid-call",
     "call only through a pointer that holds a __device__ function's address (set it from "
     "the function in device code, or copy it from a __device__ variable with "
     "cudaMemcpyFromSymbol); on a GPU the launch fails (an illegal instruction or an invalid "
     "program counter)",
     false},
    {"global-race",
     "order the two accesses: each block should write only its own part of global memory; "
     "where one block must read what another wrote, put __threadfence() after the write and "
     "publish it with an atomic flag the reader takes first (the threadfence reduction), "
     "use atomics on both sides, or split the kernel in two",
     false},
    {"constant-store",
     "do not write __constant__ memory from a kernel: make the variable __device__, or set "
     "it from the host with cudaMemcpyToSymbol before the launch",
     false},
    {"heap-leak", "free each block before the kernel ends (or in a later kernel)", true},
    {"unsupported",
     "the device model could not run the kernel past this instruction, so later faults and "
     "figures are missing",
     true},
};

/// The fix for a global-memory race, by what the run says ordered it not:
/// lanes of one store, lanes of one warp, threads of one block, or blocks.
const char *globalRaceFix(StringRef Message, const char *BetweenBlocks) {
  if (Message.contains("in one instruction"))
    return "give each thread its own word (a slot it alone writes), let one lane store "
           "(if (lane == 0)), or combine the values with an atomic";
  if (Message.contains("__syncwarp"))
    return "put __syncwarp() between the two accesses (or exchange the values with "
           "__shfl_sync), or give each thread its own word";
  if (!Message.contains("between blocks"))
    return "put __syncthreads() between the two accesses, or give each thread its own word";
  return BetweenBlocks;
}

} // namespace

void DeviceFaultRule::check(const KernelFacts &K, const FindingSink &Out) const {
  if (!K.Run)
    return;
  std::string Run = runDescription(K);
  for (const FaultKind &FK : Kinds) {
    for (const dm::Finding *E : runErrors(K, FK.Kind)) {
      // Two blocks storing the same value race benignly: `run` notes it,
      // check does not.
      if (E->Note && StringRef(FK.Kind) == "global-race")
        continue;
      Finding F = make(K, E->Loc,
                       kernelPrefix(K) + runMessage(*E) + ", found by the device model's run (" +
                           Run + "); " +
                           (StringRef(FK.Kind) == "global-race"
                                ? globalRaceFix(E->Message, FK.Fix)
                                : FK.Fix),
                       FK.Note || E->Note ? Severity::Note : Severity::Error);
      if (E->Other.valid() && !(E->Other == E->Loc))
        F.Notes.push_back({E->Other, "the other access of the race"});
      if (K.Run->Run.Stopped && K.Run->Run.Findings.size() &&
          K.Run->Run.Findings.back().Kind == FK.Kind && K.Run->Run.Findings.back().Loc == E->Loc)
        F.Notes.push_back({E->Loc, "the run stopped at this error: later blocks did not run, "
                                   "and figures measured after it are missing"});
      F.Confirmed = eventConfirmation(K, StringRef(FK.Kind), true, false);
      F.Incomplete = StringRef(FK.Kind) == "unsupported";
      Out(std::move(F));
    }
  }
}

} // namespace warplint
