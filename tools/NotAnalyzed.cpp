//===- NotAnalyzed.cpp - What a check could not analyze, as findings ------===//
#include "tools/NotAnalyzed.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

bool isNotAnalyzed(const Finding &F) {
  return F.Rule == CompileErrorRule || F.Rule == InputErrorRule;
}

StringRef notAnalyzedSummary(StringRef Rule) {
  if (Rule == CompileErrorRule)
    return "code that clang rejected was not analyzed: a file, or a kernel and what it calls";
  return "a file that could not be read was not analyzed";
}

std::vector<Finding> droppedFindings(const DeviceModule &DM) {
  std::vector<Finding> Out;
  for (const DroppedCode &D : DM.Dropped) {
    Finding F;
    F.Rule = CompileErrorRule.str();
    F.Level = Severity::Error;
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
  F.Loc.File = Path.str();
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
      F.Loc = SourceLoc{M[1].str(), Row, Col};
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
  F.Message = (Path + " was not analyzed: " + Message).str();
  return F;
}

json::Object notAnalyzedJson(const Finding &F) {
  return json::Object{{"file", F.Loc.File},
                      {"line", F.Loc.Line},
                      {"column", F.Loc.Column},
                      {"kernel", F.Kernel},
                      {"message", F.Message}};
}

} // namespace warplint
