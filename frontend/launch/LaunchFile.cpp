//===- LaunchFile.cpp - Launch files and launch flags ---------------------===//
#include "frontend/launch/LaunchFile.h"
#include "frontend/BoundedJson.h"
#include "frontend/LaunchLimits.h"
#include "frontend/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "frontend/launch/KernelName.h"

#include <cmath>

#include <functional>

using namespace llvm;

namespace warplint {

Expected<L2State> parseL2State(StringRef Text) {
  if (Text == "warm")
    return L2State::Warm;
  if (Text == "cold")
    return L2State::Cold;
  return createStringError(inconvertibleErrorCode(), "'%s' is neither warm nor cold",
                           Text.str().c_str());
}

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

/// Stores an argument value given as text: an integer (decimal or 0x) or a
/// floating-point number. False when it is neither.
bool storeArg(StringRef Name, StringRef Value, LaunchEntry &E) {
  int64_t I;
  double D;
  Value = Value.trim();
  if (!Value.getAsInteger(0, I)) {
    E.Args[Name.str()] = I;
    return true;
  }
  if (Value.getAsDouble(D))
    return false;
  if (Error E = checkArgValue(D)) {
    consumeError(std::move(E));
    return false;
  }
  if (D == std::floor(D) && std::fabs(D) < 9e18)
    E.Args[Name.str()] = int64_t(D);
  else
    E.FloatArgs[Name.str()] = D;
  return true;
}

} // namespace

Error parseArgAssignment(StringRef Text, LaunchEntry &E) {
  auto [Name, Value] = Text.split('=');
  double D;
  if (Text.contains('=') && !Value.trim().getAsDouble(D))
    if (Error Range = checkArgValue(D))
      return createStringError(inconvertibleErrorCode(), "%s: %s", Text.str().c_str(),
                               toString(std::move(Range)).c_str());
  if (Name.trim().empty() || !Text.contains('=') || !storeArg(Name.trim(), Value, E))
    return createStringError(inconvertibleErrorCode(),
                             "expected NAME=NUMBER, got '%s'", Text.str().c_str());
  return Error::success();
}

namespace {

std::optional<Dim3> dimFromJson(const json::Value *V) {
  if (!V)
    return std::nullopt;
  if (std::optional<StringRef> S = V->getAsString()) {
    Expected<Dim3> D = parseDim3(*S);
    if (!D) {
      consumeError(D.takeError());
      return std::nullopt;
    }
    return *D;
  }
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

namespace {

/// Consumes one component of a qualified name from the front of S: an
/// identifier or "(anonymous namespace)".
bool consumeComponent(StringRef &S) {
  if (S.consume_front("(anonymous namespace)"))
    return true;
  if (S.empty() || !(isAlpha(S.front()) || S.front() == '_'))
    return false;
  size_t N = 1;
  while (N < S.size() && (isAlnum(S[N]) || S[N] == '_'))
    ++N;
  S = S.drop_front(N);
  return true;
}

} // namespace

Error checkKernelName(StringRef Name) {
  if (Name.empty())
    return Error::success(); // Any kernel.
  auto Bad = [&](const Twine &Why) {
    std::string Shown;
    raw_string_ostream OS(Shown);
    printEscapedString(Name, OS);
    return createStringError(inconvertibleErrorCode(),
                             "kernel name '%s' is not a C++ identifier or template-id (%s)",
                             Shown.c_str(), Why.str().c_str());
  };
  StringRef S = Name;
  S.consume_front("::");
  do {
    if (!consumeComponent(S))
      return Bad("a name starts with a letter or '_'");
  } while (S.consume_front("::"));
  if (S.empty())
    return Error::success();
  if (!S.consume_front("<"))
    return Bad("only template arguments may follow the name");
  // The arguments up to the '<' they close; '<' and '>' inside parentheses
  // or brackets are operators.
  unsigned Angles = 1;
  SmallVector<char, 8> Groups;
  size_t I = 0;
  for (; I < S.size() && Angles; ++I) {
    unsigned char C = S[I];
    if (C < 0x20 || C >= 0x7f)
      return Bad("a control or non-ASCII character");
    if (StringRef("\"\\#;{}`$@").contains(C))
      return Bad(Twine("'") + StringRef(S.data() + I, 1) + "' in its template arguments");
    if (S.substr(I).starts_with("//") || S.substr(I).starts_with("/*"))
      return Bad("a comment in its template arguments");
    if (C == '(' || C == '[')
      Groups.push_back(C == '(' ? ')' : ']');
    else if (C == ')' || C == ']') {
      if (Groups.empty() || Groups.back() != C)
        return Bad("unbalanced parentheses");
      Groups.pop_back();
    } else if (Groups.empty() && C == '<')
      ++Angles;
    else if (Groups.empty() && C == '>')
      --Angles;
  }
  if (Angles || !Groups.empty())
    return Bad("unbalanced template arguments");
  if (I != S.size())
    return Bad("text after its template arguments");
  return Error::success();
}

Expected<std::vector<LaunchEntry>> readLaunchFile(StringRef Path) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), "%s: error: %s",
                             Path.str().c_str(), Msg.str().c_str());
  };
  if (std::optional<SourceReadError> P = sourceReadProblem(Path))
    return Fail("cannot read launch file: " + make_error_code(*P).message());
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return Fail("cannot read launch file: " + Buf.getError().message());
  // json::parse recurses once per level: a deep file would overflow the stack.
  Expected<json::Value> Doc = parseBoundedJson((*Buf)->getBuffer(), MaxLaunchFileDepth);
  if (!Doc)
    return Fail(toString(Doc.takeError()));
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
    if (std::optional<StringRef> K = O->getString("kernel")) {
      // The name is pasted into every compiled file (an instantiation).
      if (Error N = checkKernelName(*K))
        return Fail("entry " + Twine(I) + ": " + toString(std::move(N)));
      E.Kernel = K->str();
    }
    E.Grid = dimFromJson(O->get("grid"));
    E.Block = dimFromJson(O->get("block"));
    if ((O->get("grid") && !E.Grid) || (O->get("block") && !E.Block))
      return Fail("entry " + Twine(I) + ": grid and block are a positive number, a "
                  "list of up to three or an \"X,Y,Z\" string");
    if (E.Grid)
      if (Error G = checkGrid(*E.Grid))
        return Fail("entry " + Twine(I) + ": " + toString(std::move(G)));
    if (O->get("args") && !O->getObject("args"))
      return Fail("entry " + Twine(I) + ": \"args\" is an object of NAME: VALUE");
    if (const json::Object *Args = O->getObject("args")) {
      // A structure's fields: {"p": {"n": 4, "dims": [2, 3]}} gives p.n,
      // p.dims[0] and p.dims[1].
      std::function<Error(const std::string &, const json::Value &)> Store =
          [&](const std::string &Name, const json::Value &V) -> Error {
        if (const json::Object *Fields = V.getAsObject()) {
          for (const auto &KV : *Fields)
            if (Error E = Store(Name + "." + KV.first.str(), KV.second))
              return E;
          return Error::success();
        }
        if (const json::Array *Items = V.getAsArray()) {
          for (size_t K = 0; K < Items->size(); ++K)
            if (Error E = Store(Name + "[" + std::to_string(K) + "]", (*Items)[K]))
              return E;
          return Error::success();
        }
        bool Stored = true;
        if (std::optional<int64_t> N = V.getAsInteger())
          E.Args[Name] = *N;
        else if (std::optional<double> D = V.getAsNumber()) {
          if (Error Range = checkArgValue(*D))
            return Fail("entry " + Twine(I) + ": argument '" + Name + "': " +
                        toString(std::move(Range)));
          E.FloatArgs[Name] = *D;
        }
        else if (std::optional<bool> B = V.getAsBoolean())
          E.Args[Name] = *B;
        else if (std::optional<StringRef> S = V.getAsString())
          Stored = storeArg(Name, *S, E);
        else
          Stored = false;
        if (!Stored)
          return Fail("entry " + Twine(I) + ": argument '" + Name + "' is not a number");
        return Error::success();
      };
      for (const auto &KV : *Args)
        if (Error Err = Store(KV.first.str(), KV.second))
          return std::move(Err);
    }
    if (O->get("buffers") && !O->getObject("buffers"))
      return Fail("entry " + Twine(I) +
                  ": \"buffers\" is an object of NAME: \"COUNT[:FILL]\"");
    if (const json::Object *Bufs = O->getObject("buffers"))
      for (const auto &KV : *Bufs) {
        std::string Spec;
        if (std::optional<int64_t> N = KV.second.getAsInteger(); N && *N >= 0)
          Spec = std::to_string(*N);
        else if (std::optional<StringRef> V = KV.second.getAsString())
          Spec = V->str();
        else
          return Fail("entry " + Twine(I) + ": buffer '" + KV.first.str() +
                      "' is not a \"COUNT[:FILL]\" string");
        uint64_t Count;
        if (StringRef(Spec).split(':').first.trim().getAsInteger(0, Count))
          return Fail("entry " + Twine(I) + ": buffer '" + KV.first.str() + "': '" + Spec +
                      "' is not COUNT[:FILL] (COUNT a number of elements)");
        if (Error C = checkBufferCount(Count))
          return Fail("entry " + Twine(I) + ": buffer '" + KV.first.str() + "': " +
                      toString(std::move(C)));
        E.Buffers[KV.first.str()] = Spec;
      }
    if (const json::Value *V = O->get("l2")) {
      std::optional<StringRef> S = V->getAsString();
      Expected<L2State> L2 = S ? parseL2State(*S)
                               : createStringError(inconvertibleErrorCode(), "not a string");
      if (!L2)
        return Fail("entry " + Twine(I) + ": l2 is \"warm\" or \"cold\" (" +
                    toString(L2.takeError()) + ")");
      E.L2 = *L2;
    }
    if (const json::Value *V = O->get("shared_bytes")) {
      std::optional<int64_t> N = V->getAsInteger();
      if (!N || *N < 0)
        return Fail("entry " + Twine(I) + ": shared_bytes is a number of bytes");
      E.SharedBytes = *N;
    }
    Out.push_back(std::move(E));
  }
  return Out;
}

bool launchMatches(const LaunchEntry &Entry, const Function &F) {
  return kernelNameMatches(Entry.Kernel, F);
}

Expected<std::pair<std::string, std::string>> parseAssignment(StringRef Text) {
  auto [Name, Value] = Text.split('=');
  if (Name.trim().empty() || !Text.contains('='))
    return createStringError(inconvertibleErrorCode(), "'%s' is not NAME=VALUE",
                             Text.str().c_str());
  return std::make_pair(Name.trim().str(), Value.trim().str());
}

std::string parameterName(const Function &F, StringRef Name) {
  unsigned K;
  if (Name.starts_with("#") && !Name.drop_front().getAsInteger(10, K) && K < F.arg_size() &&
      F.getArg(K)->hasName())
    return F.getArg(K)->getName().str();
  return Name.str();
}

} // namespace warplint
