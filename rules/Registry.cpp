//===- Registry.cpp - Every rule, one line each ---------------------------===//
#include "rules/BarrierDivergent.h"
#include "rules/BlockPartialWarp.h"
#include "rules/ConstantDivergent.h"
#include "rules/DeviceFault.h"
#include "rules/GlobalAtomicContended.h"
#include "rules/GlobalAosField.h"
#include "rules/GlobalMisaligned.h"
#include "rules/GlobalReuseWithoutTiling.h"
#include "rules/GlobalRmwInLoop.h"
#include "rules/GlobalUncoalesced.h"
#include "rules/GridUnderfilled.h"
#include "rules/LaunchFails.h"
#include "rules/LocalDynamicIndex.h"
#include "rules/OccupancyLimited.h"
#include "rules/OutOfBounds.h"
#include "rules/ReadonlyNotRestrict.h"
#include "rules/RegisterSpill.h"
#include "rules/SharedBankConflict.h"
#include "rules/SharedExternAlias.h"
#include "rules/SharedRace.h"
#include "rules/SharedStaticTooLarge.h"
#include "rules/WarpDivergentBranch.h"

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
      {"global-atomic-contended",
       "every thread of the grid makes an atomic to one global address, serializing them",
       Severity::Warning, createRule<GlobalAtomicContendedRule>},
      {"readonly-not-restrict", "a read-only pointer parameter is not __restrict__",
       Severity::Note, createRule<ReadonlyNotRestrictRule>},
      {"shared-bank-conflict", "lanes of a warp hit the same shared-memory bank at different words",
       Severity::Warning, createRule<SharedBankConflictRule>},
      {"shared-race", "two threads of a block touch the same shared word, one writing, with no barrier between (--confirm)",
       Severity::Error, createRule<SharedRaceRule>},
      {"barrier-divergent", "__syncthreads() reached by only part of a block",
       Severity::Error, createRule<BarrierDivergentRule>},
      {"constant-divergent", "the lanes of a warp read different __constant__ addresses, serializing the read",
       Severity::Warning, createRule<ConstantDivergentRule>},
      {"local-dynamic-index", "a private array indexed at run time lives in local memory",
       Severity::Warning, createRule<LocalDynamicIndexRule>},
      {"register-spill", "registers spill to local memory (predicted, ptxas or SASS)",
       Severity::Warning, createRule<RegisterSpillRule>},
      {"occupancy-limited", "registers, shared memory or block size hold occupancy below a threshold",
       Severity::Warning, createRule<OccupancyLimitedRule>},
      {"launch-fails", "a launch the CUDA runtime refuses: block or grid dims, shared memory, registers, local memory, cooperative blocks",
       Severity::Error, createRule<LaunchFailsRule>},
      {"grid-underfilled", "a grid-stride kernel launched with too few blocks to fill the GPU, or a small last wave",
       Severity::Warning, createRule<GridUnderfilledRule>},
      {"block-partial-warp", "blocks of fewer threads than a warp, or not a multiple of it, leave lanes idle",
       Severity::Warning, createRule<BlockPartialWarpRule>},
      {"shared-static-too-large", "static shared memory over the per-block limit or most of an SM",
       Severity::Warning, createRule<SharedStaticTooLargeRule>},
      {"shared-extern-alias", "several extern __shared__ arrays alias the same dynamic shared memory",
       Severity::Warning, createRule<SharedExternAliasRule>},
      {"warp-divergent-branch", "the lanes of a warp disagree on a branch and run its paths one after the other",
       Severity::Warning, createRule<WarpDivergentBranchRule>},
      {"out-of-bounds", "an access past the end of a buffer or of shared, local or constant memory (--confirm)",
       Severity::Error, createRule<OutOfBoundsRule>},
      {"device-fault",
       "a misaligned access, device-heap misuse, an uninitialized read, a hang or a trap in "
       "the device model's run (--confirm)",
       Severity::Error, createRule<DeviceFaultRule>},
  };
  return Rules;
}

} // namespace warplint
