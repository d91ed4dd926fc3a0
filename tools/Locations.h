//===- Locations.h - Source locations in text and JSON output ---*- C++ -*-===//
#ifndef WARPLINT_TOOLS_LOCATIONS_H
#define WARPLINT_TOOLS_LOCATIONS_H

#include "frontend/SourceLocation.h"

#include "llvm/Support/JSON.h"

#include <string>

namespace warplint {

/// "file:line:col: " to start a diagnostic line; "" for a location with no line.
std::string locationPrefix(const SourceLoc &L);

/// {"file", "line", "column"}.
llvm::json::Object locationJson(const SourceLoc &L);

} // namespace warplint

#endif
