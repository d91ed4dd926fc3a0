//===- Rule.h - One rule: a class that turns facts into findings -*- C++ -*-===//
//
// A rule reads what the analyzer predicted (and, with --confirm, what the
// device model measured) for one kernel and reports findings. Options come
// from .warplint.yaml and are read once, in the rule's constructor. Every
// rule is listed once in Registry.cpp, has a page docs/rules/ID.md and a lit
// test tests/lit/rules/ID.cu with its expected diagnostics inline.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_RULE_H
#define WARPLINT_RULES_RULE_H

#include "analyzer/AccessPatterns.h"
#include "analyzer/PtxasConfirm.h"
#include "analyzer/RegisterPressure.h"
#include "analyzer/SharedMemory.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/arch/ArchProfile.h"
#include "rules/Finding.h"

#include "llvm/ADT/StringMap.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct SassFunction;
struct LaunchWork;
class SourceCache;
class LoopFacts;
namespace dm {
struct LaunchReport;
}

/// The options of one rule from the configuration: "severity", "enabled" and
/// any rule-specific key ("threshold", ...), as text.
class RuleOptions {
public:
  RuleOptions() = default;
  explicit RuleOptions(llvm::StringMap<std::string> Values) : Values(std::move(Values)) {}

  /// The value of Key, or Default when absent or not a number.
  double number(llvm::StringRef Key, double Default) const;
  /// The value of Key, or Default when absent.
  std::string text(llvm::StringRef Key, llvm::StringRef Default) const;
  bool has(llvm::StringRef Key) const { return Values.count(Key); }
  const llvm::StringMap<std::string> &values() const { return Values; }

private:
  llvm::StringMap<std::string> Values;
};

/// Where the verdict on a file's registers, stack frames and spills comes
/// from when it is computed only once a claim needs it: nvcc's device compile
/// of the file (rules/Verdicts.h), run on the first call.
class VerdictSource {
public:
  virtual ~VerdictSource();
  /// ptxas's report on Kernel from the compile; null when there is none (no
  /// toolkit, input that is not CUDA source, a compile that failed or does
  /// not have the kernel).
  virtual const PtxasFunctionInfo *find(const llvm::Function &Kernel) = 0;
  /// Why find(Kernel) is null, for the estimate's wording ("no CUDA toolkit
  /// (nvcc) was found"); call after find.
  virtual std::string missing(const llvm::Function &Kernel) const = 0;
};

/// Everything known about one kernel when the rules run.
struct KernelFacts {
  const DeviceModule &DM;
  const llvm::Function &Kernel;
  std::string Name; ///< Source name.
  const ArchProfile &Arch;
  const StateSpaces &Spaces;
  const AccessPatterns &Patterns;
  const RegisterPressure &Registers;
  /// The module's source lines (the editor's unsaved text when there is
  /// one), read once for every rule and the suppression comments.
  SourceCache &Sources;
  /// The kernel's dominator tree and loops, built once for every rule.
  const LoopFacts &Loops;
  /// The kernel's __shared__ variables, found once for every rule.
  const SharedMemoryUse &Shared;
  /// ptxas's report for this kernel when ptxas ran for every kernel
  /// (--ptxas=clang); null otherwise.
  const PtxasFunctionInfo *Ptxas = nullptr;
  /// Where verdict() finds the file's compile otherwise (--ptxas=nvcc, the
  /// default); null when there is none.
  VerdictSource *Verdicts = nullptr;
  /// Why there is no verdict when neither gives one ("--ptxas=off").
  std::string NoVerdict;
  /// The device model's run with --confirm; null otherwise.
  const dm::LaunchReport *Run = nullptr;
  /// The run used a launch made up by warplint (no launch was known).
  bool RunSynthesized = false;

  /// The verdict on this kernel's registers, stack frame and spills: Ptxas,
  /// else nvcc's device compile of the file, compiled on the first call of
  /// any kernel of the file. Call it only where a claim about registers,
  /// local memory or spills is about to be reported, so that files without
  /// one never wait for nvcc. Null when there is none.
  const PtxasFunctionInfo *verdict() const;
  /// Why verdict() is null: "no CUDA toolkit (nvcc) was found", ...
  std::string noVerdictReason() const;

  const LaunchConfig &launch() const { return Patterns.launch(); }
  /// The launch assumption a message rests on: "assuming block(256,1,1),
  /// assumed: no launch found" or "with block(32,8,1) from the host launch".
  std::string launchAssumption() const;
};

/// One kernel of a SASS listing (no IR: cuobjdump/nvdisasm facts only).
struct SassFacts {
  const SassFunction &Function;
  std::string Name; ///< Source name.
  std::string File; ///< The listing.
  const ArchProfile &Arch;
};

/// Where findings go.
using FindingSink = std::function<void(Finding)>;

/// The base of every rule.
class Rule {
public:
  Rule(llvm::StringRef Id, const RuleOptions &Opts);
  virtual ~Rule();

  llvm::StringRef id() const { return Id; }

  /// Reports findings for one kernel of a CUDA, PTX or IR input.
  virtual void check(const KernelFacts &K, const FindingSink &Out) const {}
  /// Reports findings for one function of a SASS listing.
  virtual void checkSass(const SassFacts &K, const FindingSink &Out) const {}

  /// Edits W, K's launch work, as fixing F (one of this rule's findings)
  /// would, for the time model to say what the fix saves. False when this
  /// rule's fixes are not modelled (the finding then carries no time).
  virtual bool modelFix(const KernelFacts &K, const Finding &F, LaunchWork &W) const {
    return false;
  }

protected:
  /// A finding of this rule at the configured severity (Default unless the
  /// configuration says otherwise).
  Finding make(const KernelFacts &K, SourceLoc Loc, std::string Message,
               Severity Default = Severity::Warning) const {
    return make(K.Name, std::move(Loc), std::move(Message), Default);
  }
  Finding make(const SassFacts &K, SourceLoc Loc, std::string Message,
               Severity Default = Severity::Warning) const {
    return make(K.Name, std::move(Loc), std::move(Message), Default);
  }
  Finding make(llvm::StringRef Kernel, SourceLoc Loc, std::string Message,
               Severity Default) const;

  const RuleOptions &options() const { return Opts; }

  /// modelFix for a rule whose fix gives the accesses at F's place their
  /// ideal cost (the fix-it's padding, stride or layout): false when none is
  /// there.
  static bool makeIdealAt(const Finding &F, LaunchWork &W);

private:
  std::string Id;
  RuleOptions Opts;
};

/// A rule's entry in the registry.
struct RuleInfo {
  llvm::StringRef Id;
  llvm::StringRef Summary; ///< One line, for SARIF and --list-rules.
  Severity DefaultLevel;
  std::unique_ptr<Rule> (*Create)(const RuleOptions &);
};

/// Every rule, in the order of DESIGN.md.
llvm::ArrayRef<RuleInfo> allRules();

/// The registry entry for Id; null when unknown.
const RuleInfo *findRule(llvm::StringRef Id);

/// Where a rule's page lives in the repository: "docs/rules/ID.md".
std::string ruleDocPath(llvm::StringRef Id);

/// The help link for a rule (SARIF helpUri, LSP codeDescription): Base
/// (--docs-url, `docs-url:`) + "/ID.md", ruleDocsUri()'s when Base is empty.
std::string ruleHelpUri(llvm::StringRef Id, llvm::StringRef Base = "");

/// Where the rule pages live by default (WARPLINT_RULE_DOCS_URL, a public
/// URL): ruleHelpUri's base.
std::string ruleDocsUri();

/// Builds RuleInfo::Create for a rule class with a (const RuleOptions &)
/// constructor.
template <class R> std::unique_ptr<Rule> createRule(const RuleOptions &Opts) {
  return std::make_unique<R>(Opts);
}

} // namespace warplint

#endif
