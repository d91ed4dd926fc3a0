//===- Registry.cpp - Every rule, one line each ---------------------------===//
#include "rules/GlobalReuseWithoutTiling.h"
#include "rules/GlobalRmwInLoop.h"
#include "rules/GlobalUncoalesced.h"
#include "rules/LocalDynamicIndex.h"
#include "rules/OccupancyLimited.h"
#include "rules/ReadonlyNotRestrict.h"
#include "rules/RegisterSpill.h"
#include "rules/SharedBankConflict.h"
#include "rules/SharedExternAlias.h"
#include "rules/SharedStaticTooLarge.h"

namespace warplint {

llvm::ArrayRef<RuleInfo> allRules() {
  static const RuleInfo Rules[] = {
      {"global-uncoalesced", "a warp's global access touches more sectors than its bytes need",
       Severity::Warning, createRule<GlobalUncoalescedRule>},
      {"global-rmw-in-loop", "a global value is loaded and stored on every iteration of a loop",
       Severity::Warning, createRule<GlobalRmwInLoopRule>},
      {"global-reuse-without-tiling",
       "threads of a block re-read the same global elements in a loop instead of sharing a tile",
       Severity::Warning, createRule<GlobalReuseWithoutTilingRule>},
      {"readonly-not-restrict", "a read-only pointer parameter is not __restrict__",
       Severity::Note, createRule<ReadonlyNotRestrictRule>},
      {"shared-bank-conflict", "lanes of a warp hit the same shared-memory bank at different words",
       Severity::Warning, createRule<SharedBankConflictRule>},
      {"local-dynamic-index", "a private array indexed at run time lives in local memory",
       Severity::Warning, createRule<LocalDynamicIndexRule>},
      {"register-spill", "registers spill to local memory (predicted, ptxas or SASS)",
       Severity::Warning, createRule<RegisterSpillRule>},
      {"occupancy-limited", "registers, shared memory or block size hold occupancy below a threshold",
       Severity::Warning, createRule<OccupancyLimitedRule>},
      {"shared-static-too-large", "static shared memory over the per-block limit or most of an SM",
       Severity::Warning, createRule<SharedStaticTooLargeRule>},
      {"shared-extern-alias", "several extern __shared__ arrays alias the same dynamic shared memory",
       Severity::Warning, createRule<SharedExternAliasRule>},
  };
  return Rules;
}

} // namespace warplint
