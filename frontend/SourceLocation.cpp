//===- SourceLocation.cpp - Where an instruction is in the user's source --===//
#include "frontend/SourceLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"

#include <tuple>

using namespace llvm;

namespace warplint {
namespace {

/// Headers that are not the user's: the prelude, an SDK, system headers.
bool isSystemFile(StringRef Path) {
  return Path.starts_with("/__warplint_prelude") || Path.starts_with("/usr/include/") ||
         Path.starts_with("/usr/lib/") ||
         (Path.contains("/include/") && Path.contains("cuda"));
}

SourceLoc toSourceLoc(const DILocation *L) {
  SourceLoc S;
  S.File = L->getFilename().str();
  S.Line = L->getLine();
  S.Column = L->getColumn();
  return S;
}

} // namespace

bool SourceLoc::operator<(const SourceLoc &O) const {
  return std::tie(File, Line, Column) < std::tie(O.File, O.Line, O.Column);
}

SourceLoc userLocation(const Instruction &I) {
  const DILocation *L = I.getDebugLoc().get();
  if (!L)
    return {};
  for (const DILocation *Cur = L; Cur; Cur = Cur->getInlinedAt())
    if (!isSystemFile(Cur->getFilename()))
      return toSourceLoc(Cur);
  return toSourceLoc(L);
}

SourceLoc outermostLocation(const Instruction &I) {
  const DILocation *L = I.getDebugLoc().get();
  if (!L)
    return {};
  while (const DILocation *Outer = L->getInlinedAt())
    L = Outer;
  return toSourceLoc(L);
}

} // namespace warplint
