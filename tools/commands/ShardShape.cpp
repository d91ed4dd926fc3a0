//===- ShardShape.cpp - What merge reads of a shard, checked --------------===//
#include "tools/commands/ShardShape.h"

#include "frontend/BoundedJson.h"

#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

using namespace llvm;

namespace warplint {

namespace {


/// Walks a document member by member; the first problem found is kept and
/// every later check is a no-op.
class ShapeWalk {
public:
  /// Member Key of O as an object (nullptr when absent and not Required,
  /// or on a problem).
  const json::Object *object(const json::Object &O, const Twine &Path, StringRef Key,
                             bool Required) {
    const json::Value *V = member(O, Path, Key, Required, json::Value::Object);
    return V ? V->getAsObject() : nullptr;
  }
  const json::Array *array(const json::Object &O, const Twine &Path, StringRef Key, bool Required) {
    const json::Value *V = member(O, Path, Key, Required, json::Value::Array);
    return V ? V->getAsArray() : nullptr;
  }
  void scalar(const json::Object &O, const Twine &Path, StringRef Key, bool Required,
              json::Value::Kind K) {
    const json::Value *V = member(O, Path, Key, Required, K);
    if (V && K == json::Value::Number && !V->getAsInteger())
      fail(join(Path, Key), "expected an integer, got a number that is not one");
  }
  /// Element I of A as an object.
  const json::Object *element(const json::Array &A, const Twine &Path, size_t I) {
    if (Problem)
      return nullptr;
    const json::Object *O = A[I].getAsObject();
    if (!O)
      fail(Path + "[" + Twine(I) + "]", ("expected an object, got " + jsonKindName(A[I].kind())).str());
    return O;
  }
  void fail(const Twine &Path, const Twine &Message) {
    if (!Problem)
      Problem = (Path + ": " + Message).str();
  }
  std::optional<std::string> Problem;

private:
  static std::string join(const Twine &Path, StringRef Key) {
    std::string P = Path.str();
    return P.empty() ? Key.str() : P + "." + Key.str();
  }
  const json::Value *member(const json::Object &O, const Twine &Path, StringRef Key, bool Required,
                            json::Value::Kind K) {
    if (Problem)
      return nullptr;
    const json::Value *V = O.get(Key);
    if (!V) {
      if (Required)
        fail(join(Path, Key), "missing");
      return nullptr;
    }
    if (V->kind() != K) {
      fail(join(Path, Key), ("expected " + jsonKindName(K) + ", got " + jsonKindName(V->kind())).str());
      return nullptr;
    }
    return V;
  }
};

void checkLocations(ShapeWalk &W, const json::Object &Holder, const std::string &Path) {
  const json::Array *Locs = W.array(Holder, Path, "locations", false);
  for (size_t I = 0; Locs && I < Locs->size(); ++I) {
    std::string LPath = Path + ".locations[" + std::to_string(I) + "]";
    const json::Object *L = W.element(*Locs, Path + ".locations", I);
    const json::Object *Phys = L ? W.object(*L, LPath, "physicalLocation", false) : nullptr;
    if (!Phys)
      continue;
    std::string PPath = LPath + ".physicalLocation";
    if (const json::Object *A = W.object(*Phys, PPath, "artifactLocation", false)) {
      W.scalar(*A, PPath + ".artifactLocation", "uri", false, json::Value::String);
      W.scalar(*A, PPath + ".artifactLocation", "index", false, json::Value::Number);
    }
    W.object(*Phys, PPath, "region", false);
  }
}

void checkRun(ShapeWalk &W, const json::Object &Run) {
  const std::string P = "runs[0]";
  W.object(Run, P, "properties", false);
  if (const json::Object *Tool = W.object(Run, P, "tool", true))
    if (const json::Object *Driver = W.object(*Tool, P + ".tool", "driver", true))
      if (const json::Array *Rules = W.array(*Driver, P + ".tool.driver", "rules", false))
        for (size_t I = 0; I < Rules->size(); ++I)
          if (const json::Object *R = W.element(*Rules, P + ".tool.driver.rules", I))
            W.scalar(*R, P + ".tool.driver.rules[" + Twine(I) + "]", "id", true,
                     json::Value::String);
  if (const json::Array *Results = W.array(Run, P, "results", false))
    for (size_t I = 0; I < Results->size(); ++I)
      if (const json::Object *R = W.element(*Results, P + ".results", I)) {
        std::string RPath = P + ".results[" + std::to_string(I) + "]";
        W.scalar(*R, RPath, "ruleId", false, json::Value::String);
        checkLocations(W, *R, RPath);
      }
  if (const json::Array *Artifacts = W.array(Run, P, "artifacts", false))
    for (size_t I = 0; I < Artifacts->size(); ++I)
      if (const json::Object *A = W.element(*Artifacts, P + ".artifacts", I)) {
        std::string APath = P + ".artifacts[" + std::to_string(I) + "]";
        if (const json::Object *L = W.object(*A, APath, "location", true))
          W.scalar(*L, APath + ".location", "uri", true, json::Value::String);
      }
  if (const json::Array *Inv = W.array(Run, P, "invocations", false)) {
    if (Inv->empty())
      W.fail(P + ".invocations", "expected one invocation, got none");
    for (size_t I = 0; I < Inv->size(); ++I)
      if (const json::Object *O = W.element(*Inv, P + ".invocations", I)) {
        std::string IPath = P + ".invocations[" + std::to_string(I) + "]";
        W.scalar(*O, IPath, "executionSuccessful", false, json::Value::Boolean);
        if (const json::Array *N = W.array(*O, IPath, "toolExecutionNotifications", false))
          for (size_t J = 0; J < N->size(); ++J)
            if (const json::Object *Note = W.element(*N, IPath + ".toolExecutionNotifications", J))
              checkLocations(W, *Note,
                             IPath + ".toolExecutionNotifications[" + std::to_string(J) + "]");
      }
  }
}

} // namespace

Error checkShardShape(const json::Value &Doc, bool Sarif) {
  ShapeWalk W;
  const json::Object *Root = Doc.getAsObject();
  if (!Root)
    W.fail("the document", "expected an object, got " + jsonKindName(Doc.kind()));
  else if (!Sarif) {
    if (const json::Array *D = W.array(*Root, "", "diagnostics", true))
      for (size_t I = 0; I < D->size(); ++I)
        W.element(*D, "diagnostics", I);
    W.array(*Root, "", "not_analyzed", false);
    W.object(*Root, "", "summary", false);
  } else if (const json::Array *Runs = W.array(*Root, "", "runs", true)) {
    if (Runs->size() != 1)
      W.fail("runs", "expected one run (as check writes), got " + Twine(Runs->size()));
    else if (const json::Object *Run = W.element(*Runs, "runs", 0))
      checkRun(W, *Run);
  }
  if (!W.Problem)
    return Error::success();
  return createStringError(inconvertibleErrorCode(), "%s", W.Problem->c_str());
}

} // namespace warplint
