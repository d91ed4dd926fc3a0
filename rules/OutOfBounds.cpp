//===- OutOfBounds.cpp - out-of-bounds ------------------------------------===//
#include "rules/OutOfBounds.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

OutOfBoundsRule::OutOfBoundsRule(const RuleOptions &Opts) : Rule("out-of-bounds", Opts) {}

void OutOfBoundsRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (const dm::Finding *E : runErrors(K, "out-of-bounds")) {
    std::string Msg = runMessage(*E);
    std::string Run = runDescription(K);
    const dm::BufferInfo *Buf = dm::namedBuffer(*K.Run, *E);
    Finding F;
    if (Buf && Buf->Defaulted) {
      // warplint guessed the size: the overrun may be the guess's.
      F = make(K, E->Loc,
               formatv("{0}{1}, in the device model's run ({2}); warplint sized '{3}' itself "
                       "({4} elements: no --buffer or launch file gave it), so give its real "
                       "size with --buffer {3}=COUNT or a launch file to tell a real overrun "
                       "from a guess",
                       kernelPrefix(K), Msg, Run, Buf->Name, Buf->Count)
                   .str(),
               Severity::Note);
    } else {
      bool Shared = StringRef(Msg).contains("shared memory");
      F = make(K, E->Loc,
               kernelPrefix(K) + Msg + ", found by the device model's run (" + Run + "); " +
                   (Shared ? "size the __shared__ array to the block, or guard the access "
                             "with a bounds check on threadIdx"
                           : "guard the access with a bounds check (if (i < n)) or size the "
                             "buffer and the launch to each other"),
               Severity::Error);
      if (Buf)
        F.Notes.push_back(
            {E->Loc, formatv("buffer '{0}': {1} x {2} ({3})", Buf->Name, Buf->Count,
                             Buf->ElemType, Buf->Fill.text())
                         .str()});
    }
    if (K.Run->Run.Stopped)
      F.Notes.push_back({E->Loc, "the run stopped at this error: later blocks did not run, "
                                 "and figures measured after it are missing"});
    F.Confirmed = eventConfirmation(K, "out_of_bounds", true, false);
    Out(std::move(F));
  }
}

} // namespace warplint
