//===- BoundedJson.cpp - JSON parsed with a bound on its nesting ----------===//
#include "frontend/BoundedJson.h"

using namespace llvm;

namespace warplint {

Error checkJsonDepth(StringRef Text, unsigned Limit) {
  unsigned Depth = 0, Line = 1;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n')
      ++Line;
    if (InString) {
      if (C == '\\')
        ++I; // The escaped character cannot end the string.
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > Limit)
        return createStringError(inconvertibleErrorCode(),
                                 "line %u: lists and objects nest more than %u deep", Line, Limit);
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return Error::success();
}

Expected<json::Value> parseBoundedJson(StringRef Text, unsigned Limit) {
  if (Error E = checkJsonDepth(Text, Limit))
    return std::move(E);
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return createStringError(inconvertibleErrorCode(), "not JSON: %s",
                             toString(V.takeError()).c_str());
  return V;
}

StringRef jsonKindName(json::Value::Kind K) {
  switch (K) {
  case json::Value::Null:
    return "null";
  case json::Value::Boolean:
    return "a boolean";
  case json::Value::Number:
    return "a number";
  case json::Value::String:
    return "a string";
  case json::Value::Array:
    return "an array";
  case json::Value::Object:
    return "an object";
  }
  return "a value";
}

} // namespace warplint
