//===- LaunchFile.cpp - Launch files and launch flags ---------------------===//
#include "frontend/LaunchFile.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace warplint {

Expected<Dim3> parseDim3(StringRef Text) {
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  Dim3 D;
  if (Parts.empty() || Parts.size() > 3)
    return createStringError(inconvertibleErrorCode(),
                             "expected X[,Y[,Z]], got '%s'", Text.str().c_str());
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(0, D.V[I]) || D.V[I] == 0)
      return createStringError(inconvertibleErrorCode(),
                               "expected positive dimensions X[,Y[,Z]], got '%s'",
                               Text.str().c_str());
  return D;
}

Error parseArgAssignment(StringRef Text, std::map<std::string, int64_t> &Out) {
  auto [Name, Value] = Text.split('=');
  int64_t V = 0;
  if (Name.empty() || Value.trim().getAsInteger(0, V))
    return createStringError(inconvertibleErrorCode(),
                             "expected NAME=INTEGER, got '%s'", Text.str().c_str());
  Out[Name.trim().str()] = V;
  return Error::success();
}

namespace {

std::optional<Dim3> dimFromJson(const json::Value *V) {
  if (!V)
    return std::nullopt;
  Dim3 D;
  if (std::optional<int64_t> N = V->getAsInteger()) {
    if (*N <= 0)
      return std::nullopt;
    D.V[0] = *N;
    return D;
  }
  const json::Array *A = V->getAsArray();
  if (!A || A->empty() || A->size() > 3)
    return std::nullopt;
  for (size_t I = 0; I < A->size(); ++I) {
    std::optional<int64_t> N = (*A)[I].getAsInteger();
    if (!N || *N <= 0)
      return std::nullopt;
    D.V[I] = *N;
  }
  return D;
}

} // namespace

Expected<std::vector<LaunchEntry>> readLaunchFile(StringRef Path) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), "%s: error: %s",
                             Path.str().c_str(), Msg.str().c_str());
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return Fail("cannot read launch file: " + Buf.getError().message());
  Expected<json::Value> Doc = json::parse((*Buf)->getBuffer());
  if (!Doc)
    return Fail("invalid JSON: " + toString(Doc.takeError()));
  const json::Array *List = Doc->getAsArray();
  if (!List)
    return Fail("a launch file is a JSON list of launches");
  std::vector<LaunchEntry> Out;
  for (size_t I = 0; I < List->size(); ++I) {
    const json::Object *O = (*List)[I].getAsObject();
    if (!O)
      return Fail("entry " + Twine(I) + " is not an object");
    LaunchEntry E;
    E.Source = ("launch file " + Path).str();
    if (std::optional<StringRef> K = O->getString("kernel"))
      E.Kernel = K->str();
    E.Grid = dimFromJson(O->get("grid"));
    E.Block = dimFromJson(O->get("block"));
    if ((O->get("grid") && !E.Grid) || (O->get("block") && !E.Block))
      return Fail("entry " + Twine(I) + ": grid and block are a positive number or a "
                  "list of up to three");
    if (const json::Object *Args = O->getObject("args"))
      for (const auto &KV : *Args) {
        std::optional<int64_t> V = KV.second.getAsInteger();
        if (!V)
          return Fail("entry " + Twine(I) + ": argument '" + KV.first.str() +
                      "' is not an integer");
        E.Args[KV.first.str()] = *V;
      }
    if (const json::Object *Bufs = O->getObject("buffers"))
      for (const auto &KV : *Bufs) {
        std::optional<StringRef> V = KV.second.getAsString();
        if (!V)
          return Fail("entry " + Twine(I) + ": buffer '" + KV.first.str() +
                      "' is not a \"COUNT[:FILL]\" string");
        E.Buffers[KV.first.str()] = V->str();
      }
    if (const json::Value *S = O->get("shared_bytes")) {
      std::optional<int64_t> V = S->getAsInteger();
      if (!V || *V < 0)
        return Fail("entry " + Twine(I) + ": shared_bytes is a non-negative integer");
      E.SharedBytes = uint64_t(*V);
    }
    Out.push_back(std::move(E));
  }
  return Out;
}

bool launchMatches(const LaunchEntry &Entry, const Function &F) {
  return Entry.Kernel.empty() || Entry.Kernel == F.getName() ||
         Entry.Kernel == sourceName(F);
}

} // namespace warplint
