//===- Rule.cpp - The base of every rule ----------------------------------===//
#include "rules/Rule.h"

#include "analyzer/time/LaunchWork.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {

double RuleOptions::number(StringRef Key, double Default) const {
  auto It = Values.find(Key);
  double V;
  if (It == Values.end() || !to_float(It->second, V))
    return Default;
  return V;
}

std::string RuleOptions::text(StringRef Key, StringRef Default) const {
  auto It = Values.find(Key);
  return It == Values.end() ? Default.str() : It->second;
}

std::string KernelFacts::launchAssumption() const {
  const LaunchConfig &L = launch();
  std::string Shape = L.blockStr();
  if (L.BlockAssumed)
    return "assuming " + Shape + " (no launch found; give one with --block or a "
           "'// warplint: launch' comment)";
  return "with " + Shape + " from the " + L.Source;
}

VerdictSource::~VerdictSource() = default;

const PtxasFunctionInfo *KernelFacts::verdict() const {
  if (Ptxas && Ptxas->HasUsage)
    return Ptxas;
  if (Verdicts)
    if (const PtxasFunctionInfo *P = Verdicts->find(Kernel); P && P->HasUsage)
      return P;
  return nullptr;
}

std::string KernelFacts::noVerdictReason() const {
  if (Verdicts)
    return Verdicts->missing(Kernel);
  return NoVerdict.empty() ? "ptxas did not run" : NoVerdict;
}

Rule::Rule(StringRef Id, const RuleOptions &Opts) : Id(Id.str()), Opts(Opts) {}

Rule::~Rule() = default;

bool Rule::makeIdealAt(const Finding &F, LaunchWork &W) {
  std::vector<SiteWork *> Sites = W.sitesAt(F.Loc);
  for (SiteWork *S : Sites)
    W.makeIdeal(*S);
  return !Sites.empty();
}

Finding Rule::make(StringRef Kernel, SourceLoc Loc, std::string Message,
                   Severity Default) const {
  Finding F;
  F.Rule = Id;
  F.Level = parseSeverity(Opts.text("severity", "")).value_or(Default);
  F.Kernel = Kernel.str();
  F.Loc = std::move(Loc);
  F.Message = std::move(Message);
  return F;
}

std::string ruleDocPath(StringRef Id) { return ("docs/rules/" + Id + ".md").str(); }

std::string ruleHelpUri(StringRef Id, StringRef Base) {
  std::string Root = Base.empty() ? ruleDocsUri() : Base.rtrim('/').str();
  return Root + "/" + Id.str() + ".md";
}

std::string ruleDocsUri() { return WARPLINT_RULE_DOCS_URL; }

const RuleInfo *findRule(StringRef Id) {
  for (const RuleInfo &R : allRules())
    if (R.Id == Id)
      return &R;
  return nullptr;
}

} // namespace warplint
