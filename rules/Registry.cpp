//===- Registry.cpp - Every rule, one line each ---------------------------===//
#include "rules/GlobalAosField.h"
#include "rules/GlobalMisaligned.h"
#include "rules/GlobalReuseWithoutTiling.h"
#include "rules/GlobalRmwInLoop.h"
#include "rules/GlobalUncoalesced.h"
#include "rules/ReadonlyNotRestrict.h"
#include "rules/SharedBankConflict.h"

namespace warplint {

llvm::ArrayRef<RuleInfo> allRules() {
  static const RuleInfo Rules[] = {
      {"global-uncoalesced", "a warp's global access touches more sectors than its bytes need",
       Severity::Warning, createRule<GlobalUncoalescedRule>},
      {"global-misaligned", "a warp's contiguous global access starts off a sector boundary",
       Severity::Warning, createRule<GlobalMisalignedRule>},
      {"global-aos-field", "threads read or write one field of an array of structures",
       Severity::Warning, createRule<GlobalAosFieldRule>},
      {"global-rmw-in-loop", "a global value is loaded and stored on every iteration of a loop",
       Severity::Warning, createRule<GlobalRmwInLoopRule>},
      {"global-reuse-without-tiling",
       "threads of a block re-read the same global elements in a loop instead of sharing a tile",
       Severity::Warning, createRule<GlobalReuseWithoutTilingRule>},
      {"readonly-not-restrict", "a read-only pointer parameter is not __restrict__",
       Severity::Note, createRule<ReadonlyNotRestrictRule>},
      {"shared-bank-conflict", "lanes of a warp hit the same shared-memory bank at different words",
       Severity::Warning, createRule<SharedBankConflictRule>},
  };
  return Rules;
}

} // namespace warplint
