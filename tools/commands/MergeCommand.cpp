//===- MergeCommand.cpp - warplint merge ----------------------------------===//
//
// Joins the JSON or SARIF results of `check --shard=I/N` (one per shard, in
// any order) into the document one unsharded `check` writes: the shards'
// findings in shard order, the summary's counts added up; for SARIF, the
// artifacts in the order the writer meets them (each shard's, new URIs
// appended), every artifact index renumbered, the rules joined by id and the
// invocations joined (successful only when every shard's was).
//
//===----------------------------------------------------------------------===//
#include "tools/CommandLine.h"
#include "tools/commands/ShardShape.h"
#include "tools/output/DiagnosticOutput.h"

#include "frontend/BoundedJson.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

#include <map>

using namespace llvm;

namespace warplint {

namespace {

struct ShardDoc {
  std::string Path;
  json::Value Doc = nullptr;
  int64_t Index = 0, Count = 0;
};

/// The run of a SARIF document checkShardShape accepted.
json::Object &theRun(json::Value &Doc) {
  return *(*Doc.getAsObject()->getArray("runs"))[0].getAsObject();
}

/// The shard marker check writes: the JSON document's, or the SARIF run's
/// properties'; removed from the document. The document's shape is checked.
Error takeShard(ShardDoc &S, bool Sarif) {
  json::Object *Holder = S.Doc.getAsObject();
  json::Object *Run = nullptr;
  if (Sarif) {
    Run = &theRun(S.Doc);
    Holder = Run->getObject("properties");
  }
  const json::Object *Shard = Holder ? Holder->getObject("shard") : nullptr;
  std::optional<int64_t> I = Shard ? Shard->getInteger("index") : std::nullopt;
  std::optional<int64_t> N = Shard ? Shard->getInteger("count") : std::nullopt;
  if (!I || !N)
    return createStringError(inconvertibleErrorCode(),
                             "%s: not the result of a shard (check --shard=I/N)",
                             S.Path.c_str());
  S.Index = *I;
  S.Count = *N;
  Holder->erase("shard");
  if (Sarif && Holder->empty())
    Run->erase("properties");
  return Error::success();
}

json::Array &arrayAt(json::Object &O, StringRef Key) {
  if (!O.getArray(Key))
    O[Key] = json::Array{};
  return *O.getArray(Key);
}

void mergeJson(json::Object &Into, json::Object &From) {
  for (StringRef Key : {"diagnostics", "not_analyzed"})
    if (json::Array *A = From.getArray(Key))
      for (json::Value &V : *A)
        arrayAt(Into, Key).push_back(std::move(V));
  json::Object *Sum = Into.getObject("summary");
  if (const json::Object *Add = From.getObject("summary"); Sum && Add)
    for (const auto &KV : *Add)
      if (std::optional<int64_t> N = KV.second.getAsInteger())
        (*Sum)[KV.first] = Sum->getInteger(KV.first).value_or(0) + *N;
}

/// Merges FromRun into IntoRun; both have the shape checkShardShape checks.
void mergeSarif(json::Object &IntoRun, json::Object &FromRun) {
  // Rules by id; results point at theirs by index.
  json::Array &Rules = arrayAt(*IntoRun.getObject("tool")->getObject("driver"), "rules");
  StringMap<int64_t> RuleIndex;
  for (size_t I = 0; I < Rules.size(); ++I)
    RuleIndex[*Rules[I].getAsObject()->getString("id")] = I;
  if (json::Array *More = FromRun.getObject("tool")->getObject("driver")->getArray("rules"))
    for (json::Value &R : *More)
      if (RuleIndex.try_emplace(*R.getAsObject()->getString("id"), Rules.size()).second)
        Rules.push_back(std::move(R));
  if (json::Array *Results = FromRun.getArray("results"))
    for (json::Value &R : *Results) {
      json::Object &O = *R.getAsObject();
      if (std::optional<StringRef> Id = O.getString("ruleId"))
        O["ruleIndex"] = RuleIndex.lookup(*Id);
      arrayAt(IntoRun, "results").push_back(std::move(R));
    }
  // Artifacts: the writer numbers them as it meets them, so one run's are
  // each shard's in shard order, without repeats.
  json::Array &Artifacts = arrayAt(IntoRun, "artifacts");
  StringSet<> Seen;
  for (const json::Value &A : Artifacts)
    Seen.insert(*A.getAsObject()->getObject("location")->getString("uri"));
  if (json::Array *More = FromRun.getArray("artifacts"))
    for (json::Value &A : *More)
      if (Seen.insert(*A.getAsObject()->getObject("location")->getString("uri")).second)
        Artifacts.push_back(std::move(A));
  // One invocation: successful when every shard's was.
  json::Object *Inv = IntoRun.getArray("invocations")
                          ? (*IntoRun.getArray("invocations"))[0].getAsObject()
                          : nullptr;
  json::Object *More = FromRun.getArray("invocations")
                           ? (*FromRun.getArray("invocations"))[0].getAsObject()
                           : nullptr;
  if (!Inv || !More)
    return;
  (*Inv)["executionSuccessful"] = Inv->getBoolean("executionSuccessful").value_or(true) &&
                                  More->getBoolean("executionSuccessful").value_or(true);
  if (json::Array *N = More->getArray("toolExecutionNotifications"))
    for (json::Value &V : *N)
      arrayAt(*Inv, "toolExecutionNotifications").push_back(std::move(V));
}

/// SARIF has "runs", check's JSON "diagnostics".
bool looksSarif(const json::Value &Doc) {
  const json::Object *O = Doc.getAsObject();
  return O && O->get("runs");
}

Expected<json::Value> mergeShards(std::vector<ShardDoc> &Shards) {
  bool Sarif = looksSarif(Shards.front().Doc);
  for (ShardDoc &S : Shards) {
    const json::Object *O = S.Doc.getAsObject();
    if (O && looksSarif(S.Doc) != Sarif && (O->get("runs") || O->get("diagnostics")))
      return createStringError(inconvertibleErrorCode(),
                               "%s: not check's %s output like %s", S.Path.c_str(),
                               Sarif ? "SARIF" : "JSON", Shards.front().Path.c_str());
    if (Error E = checkShardShape(S.Doc, Sarif))
      return createStringError(inconvertibleErrorCode(), "%s: not check's %s output: %s",
                               S.Path.c_str(), Sarif ? "SARIF" : "JSON",
                               toString(std::move(E)).c_str());
    if (Error E = takeShard(S, Sarif))
      return std::move(E);
  }
  llvm::stable_sort(Shards, [](const ShardDoc &A, const ShardDoc &B) { return A.Index < B.Index; });
  int64_t Count = Shards.front().Count;
  for (size_t I = 0; I < Shards.size(); ++I)
    if (Shards[I].Count != Count || Shards[I].Index != int64_t(I + 1))
      return createStringError(
          inconvertibleErrorCode(),
          "the shards do not make one run: expected shards 1 to %lld of %lld once each, got "
          "%s as shard %lld of %lld",
          (long long)Count, (long long)Count, Shards[I].Path.c_str(),
          (long long)Shards[I].Index, (long long)Shards[I].Count);
  if (int64_t(Shards.size()) != Count)
    return createStringError(inconvertibleErrorCode(),
                             "%zu of %lld shards given: the merged result would not be one run's",
                             Shards.size(), (long long)Count);
  json::Value Out = std::move(Shards.front().Doc);
  for (size_t I = 1; I < Shards.size(); ++I) {
    if (Sarif)
      mergeSarif(theRun(Out), theRun(Shards[I].Doc));
    else
      mergeJson(*Out.getAsObject(), *Shards[I].Doc.getAsObject());
  }
  if (Sarif)
    numberArtifacts(theRun(Out));
  return std::move(Out);
}

} // namespace

int runMergeCommand(const CommandLine &CL) {
  if (CL.Files.empty()) {
    WithColor::error(errs(), "warplint") << "merge: give the shards' results (JSON or SARIF "
                                            "of check --shard=I/N)\n";
    return ExitToolError;
  }
  std::vector<ShardDoc> Shards;
  for (const std::string &Path : CL.Files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFileOrSTDIN(Path);
    if (!Buf) {
      WithColor::error(errs(), "warplint")
          << Path << ": " << Buf.getError().message() << "\n";
      return ExitToolError;
    }
    Expected<json::Value> Doc = parseBoundedJson((*Buf)->getBuffer());
    if (!Doc) {
      WithColor::error(errs(), "warplint")
          << Path << ": " << toString(Doc.takeError()) << "\n";
      return ExitToolError;
    }
    Shards.push_back({Path, std::move(*Doc)});
  }
  Expected<json::Value> Out = mergeShards(Shards);
  if (!Out) {
    WithColor::error(errs(), "warplint") << toString(Out.takeError()) << "\n";
    return ExitToolError;
  }
  outs() << formatv("{0:2}", *Out) << "\n";
  return ExitClean;
}

} // namespace warplint
