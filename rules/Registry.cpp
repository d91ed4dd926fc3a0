//===- Registry.cpp - Every rule, one line each ---------------------------===//
#include "rules/GlobalUncoalesced.h"
#include "rules/SharedBankConflict.h"

namespace warplint {

llvm::ArrayRef<RuleInfo> allRules() {
  static const RuleInfo Rules[] = {
      {"global-uncoalesced", "a warp's global access touches more sectors than its bytes need",
       Severity::Warning, createRule<GlobalUncoalescedRule>},
      {"shared-bank-conflict", "lanes of a warp hit the same shared-memory bank at different words",
       Severity::Warning, createRule<SharedBankConflictRule>},
  };
  return Rules;
}

} // namespace warplint
