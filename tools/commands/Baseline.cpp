//===- Baseline.cpp - check --baseline: findings a stored log lacks -------===//
#include "tools/commands/Baseline.h"

#include "frontend/SourceFiles.h"
#include "tools/FindingMatch.h"

#include "frontend/BoundedJson.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {

Error failure(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "%s: %s", Path.str().c_str(),
                           Why.str().c_str());
}

/// A file as both sides name it: its real path, else its absolute one.
std::string canonicalPath(StringRef File) {
  SmallString<256> Real, Abs(File);
  if (!sys::fs::real_path(File, Real))
    return Real.str().str();
  if (sys::fs::make_absolute(Abs))
    return File.str();
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

/// The path of a SARIF artifact URI: "file:///a%20b/k.cu" -> "/a b/k.cu";
/// a relative reference is relative to the current directory.
std::string uriPath(StringRef Uri) {
  if (Uri.consume_front("file://"))
    Uri.consume_front("localhost");
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Byte;
    if (Uri[I] == '%' && I + 2 < Uri.size() && !Uri.substr(I + 1, 2).getAsInteger(16, Byte)) {
      Out += char(Byte);
      I += 2;
    } else {
      Out += Uri[I];
    }
  }
  return Out;
}

/// The kernel a message names ("kernel 'NAME': ..."); empty when none.
std::string kernelOf(StringRef Message) {
  if (!Message.consume_front("kernel '"))
    return "";
  size_t End = Message.find("': ");
  return End == StringRef::npos ? "" : Message.take_front(End).str();
}

/// The findings of a SARIF log, keyed for matching.
Expected<std::vector<SideFinding>> readBaseline(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  if (!B)
    return failure(Path, "cannot read the baseline: " + B.getError().message());
  Expected<json::Value> Doc = parseBoundedJson((*B)->getBuffer());
  if (!Doc)
    return failure(Path, "not a SARIF log: " + toString(Doc.takeError()));
  const json::Object *Root = Doc->getAsObject();
  const json::Array *Runs = Root ? Root->getArray("runs") : nullptr;
  if (!Runs || Root->getString("version") != StringRef("2.1.0"))
    return failure(Path, "not a SARIF 2.1.0 log (no \"runs\" or another \"version\")");
  std::vector<SideFinding> Out;
  for (const json::Value &Run : *Runs) {
    const json::Object *R = Run.getAsObject();
    const json::Array *Results = R ? R->getArray("results") : nullptr;
    if (!Results)
      continue;
    for (const json::Value &V : *Results) {
      const json::Object *Res = V.getAsObject();
      if (!Res)
        continue;
      SideFinding S;
      S.F.Rule = Res->getString("ruleId").value_or("").str();
      if (const json::Object *M = Res->getObject("message"))
        // The first line: the lines after it say what the fix saves.
        S.F.Message = M->getString("text").value_or("").split('\n').first.str();
      S.F.Level =
          parseSeverity(Res->getString("level").value_or("warning")).value_or(Severity::Warning);
      S.Kernel = kernelOf(S.F.Message);
      S.F.Kernel = *S.Kernel;
      const json::Array *Locs = Res->getArray("locations");
      const json::Object *Phys = Locs && !Locs->empty() && (*Locs)[0].getAsObject()
                                     ? (*Locs)[0].getAsObject()->getObject("physicalLocation")
                                     : nullptr;
      if (Phys) {
        if (const json::Object *A = Phys->getObject("artifactLocation"))
          S.F.Loc.File = uriPath(A->getString("uri").value_or(""));
        if (const json::Object *Region = Phys->getObject("region")) {
          S.F.Loc.Line = Region->getInteger("startLine").value_or(0);
          S.F.Loc.Column = Region->getInteger("startColumn").value_or(0);
        }
      }
      S.File = S.F.Loc.File.empty() ? "" : canonicalPath(S.F.Loc.File);
      if (const json::Object *FP = Res->getObject("partialFingerprints"))
        S.LineKey = FP->getString(LineFingerprintKey).value_or("").str();
      Out.push_back(std::move(S));
    }
  }
  return Out;
}

} // namespace

Expected<std::vector<size_t>> findingsNotInBaseline(ArrayRef<Finding> Findings, StringRef Path) {
  Expected<std::vector<SideFinding>> Old = readBaseline(Path);
  if (!Old)
    return Old.takeError();
  StringMap<std::unique_ptr<MemoryBuffer>> Texts;
  std::vector<SideFinding> New;
  for (const Finding &F : Findings) {
    SideFinding S;
    S.F = F;
    S.Kernel = kernelOf(F.Message);
    S.File = F.Loc.File.empty() ? "" : canonicalPath(F.Loc.File);
    // (A label, a #line name, is never opened: it may name any file.)
    if (F.Loc.valid() && !F.Loc.Label) {
      auto [It, Inserted] = Texts.try_emplace(*S.File);
      if (Inserted) {
        if (Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(*S.File))
          It->second = std::move(*B);
        else
          consumeError(B.takeError());
      }
      if (It->second) {
        StringRef Text = It->second->getBuffer();
        for (unsigned L = 1; L < F.Loc.Line && !Text.empty(); ++L)
          Text = Text.split('\n').second;
        S.LineKey = lineFingerprint(Text.split('\n').first.rtrim('\r'));
      }
    }
    New.push_back(std::move(S));
  }
  std::vector<size_t> Out;
  for (const MatchedFinding &M : matchFindings(std::move(*Old), std::move(New)))
    if (M.State == BaselineState::New)
      Out.push_back(M.NewIndex);
  llvm::sort(Out);
  return Out;
}

} // namespace warplint
