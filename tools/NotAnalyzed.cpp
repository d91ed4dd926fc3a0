//===- NotAnalyzed.cpp - What a check could not analyze, as findings ------===//
#include "tools/NotAnalyzed.h"

#include "rules/UnreachedAccesses.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

bool isNotAnalyzed(const Finding &F) {
  // A kernel whose analysis stopped at its budget, or none of whose
  // accesses a sampled thread reached, was not checked either.
  return F.Rule == CompileErrorRule || F.Rule == InputErrorRule || F.Rule == AnalysisBudgetRule ||
         ((F.Rule == KernelUnreachedRule || F.Rule == NotInstantiatedRule) &&
          F.Level != Severity::Note);
}

bool isHeaderTemplateNote(const Finding &F) {
  return F.Rule == NotInstantiatedRule && F.Level == Severity::Note;
}

StringRef notAnalyzedSummary(StringRef Rule) {
  if (Rule == CompileErrorRule)
    return "code that clang rejected was not analyzed: a file, or a kernel and what it calls";
  if (Rule == NotInstantiatedRule)
    return "a kernel template that nothing instantiates was not analyzed";
  if (Rule == AnalysisBudgetRule)
    return "a kernel whose analysis stopped at its budget was not checked";
  if (Rule == KernelUnreachedRule)
    return "memory accesses that no sampled thread reached were not checked";
  return "a file that could not be read was not analyzed";
}

std::vector<Finding> droppedFindings(const DeviceModule &DM) {
  std::vector<Finding> Out;
  for (const DroppedCode &D : DM.Dropped) {
    Finding F;
    F.Rule = D.NotInstantiated ? NotInstantiatedRule.str() : CompileErrorRule.str();
    // A header's template this file does not use is the business of the
    // files that instantiate it.
    F.Level = D.InHeader          ? Severity::Note
              : D.NotInstantiated ? Severity::Warning
                                  : Severity::Error;
    F.Kernel = D.Kernel;
    F.Loc = D.Loc;
    F.Message = D.Message;
    Out.push_back(std::move(F));
  }
  return Out;
}

Finding fileErrorFinding(StringRef Path, StringRef ErrorText) {
  Finding F;
  F.Level = Severity::Error;
  F.Rule = InputErrorRule.str();
  F.Loc.File = displayPath(Path);
  Regex Located("^(.+):([0-9]+):([0-9]+): (fatal error|error): (.*)$");
  Regex Named("^(.*)error: (.*)$");
  SmallVector<StringRef, 0> Lines;
  ErrorText.split(Lines, '\n');
  std::string Message;
  for (StringRef L : Lines) {
    SmallVector<StringRef, 6> M;
    unsigned Row, Col;
    if (Located.match(L, &M) && !M[2].getAsInteger(10, Row) && !M[3].getAsInteger(10, Col)) {
      // A configuration's error is not the code's.
      StringRef Ext = sys::path::extension(M[1]);
      if (Ext != ".yaml" && Ext != ".yml" && Ext != ".json")
        F.Rule = CompileErrorRule.str();
      F.Loc = SourceLoc{displayPath(M[1]), Row, Col};
      Message = M[5].str();
      break;
    }
    if (Message.empty() && Named.match(L, &M))
      Message = M[2].str();
  }
  if (Message.empty())
    for (StringRef L : Lines)
      if (!L.trim().empty()) {
        Message = L.trim().str();
        break;
      }
  F.Message = displayPath(Path) + " was not analyzed: " + Message;
  return F;
}

json::Object notAnalyzedEntry(const Finding &F) {
  // The reason is the message less its "kernel 'k' was not analyzed: ".
  StringRef Reason = F.Message;
  for (StringRef Said : {StringRef(" was not analyzed: "), StringRef(" was not checked: ")})
    if (size_t At = Reason.find(Said); At != StringRef::npos) {
      Reason = Reason.drop_front(At + Said.size());
      break;
    }
  return json::Object{{"name", F.Kernel.empty() ? json::Value(nullptr) : json::Value(F.Kernel)},
                      {"file", F.Loc.File},
                      {"line", F.Loc.Line},
                      {"rule", F.Rule},
                      {"reason", Reason.str()}};
}

json::Array notAnalyzedList(ArrayRef<Finding> Findings) {
  json::Array Out;
  for (const Finding &F : Findings)
    if (isNotAnalyzed(F))
      Out.push_back(notAnalyzedEntry(F));
  return Out;
}

void AnalyzedCount::add(const Finding &F) {
  if (!isNotAnalyzed(F) || F.Kernel.empty())
    return;
  ++NotAnalyzed;
  // A kernel that went through the analysis but was not checked (its budget,
  // no access reached) was counted among the analyzed ones.
  if ((F.Rule == AnalysisBudgetRule || F.Rule == KernelUnreachedRule) && Kernels)
    --Kernels;
}

std::string AnalyzedCount::summary() const {
  std::string S = formatv("analyzed {0} of {1} kernel{2}", Kernels, Kernels + NotAnalyzed,
                          Kernels + NotAnalyzed == 1 ? "" : "s");
  if (FilesFailed)
    S += formatv(", {0} file{1} not analyzed", FilesFailed, FilesFailed == 1 ? "" : "s").str();
  return S;
}

json::Object AnalyzedCount::json() const {
  return json::Object{{"kernels_analyzed", Kernels},
                      {"kernels_not_analyzed", NotAnalyzed},
                      {"files_not_analyzed", FilesFailed}};
}

json::Object notAnalyzedJson(const Finding &F) {
  return json::Object{{"file", F.Loc.File},
                      {"line", F.Loc.Line},
                      {"column", F.Loc.Column},
                      {"kernel", F.Kernel},
                      {"message", F.Message}};
}

} // namespace warplint
