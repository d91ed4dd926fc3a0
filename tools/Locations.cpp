//===- Locations.cpp - Source locations in text and JSON output -----------===//
#include "tools/Locations.h"

namespace warplint {

std::string locationPrefix(const SourceLoc &L) {
  if (!L.valid())
    return "";
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column) + ": ";
}

llvm::json::Object locationJson(const SourceLoc &L) {
  return llvm::json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

} // namespace warplint
