//===- SourceLocation.cpp - Where an instruction is in the user's source --===//
#include "frontend/SourceLocation.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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
  S.File = displayPath(L->getDirectory(), L->getFilename());
  S.Line = L->getLine();
  S.Column = L->getColumn();
  return S;
}

} // namespace

std::string displayPath(StringRef Directory, StringRef Name) {
  if (Name.empty() || sys::path::is_absolute(Name) || Directory.empty())
    return Name.str();
  SmallString<256> Full(Directory);
  sys::path::append(Full, Name);
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd)) {
    StringRef Rel = Full.str();
    if (Rel.consume_front(Cwd) && sys::path::is_separator(Rel.front()))
      return Rel.drop_front().str();
  }
  return Full.str().str();
}

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

SourceLoc declarationLocation(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return {};
  SourceLoc S;
  S.File = displayPath(SP->getDirectory(), SP->getFilename());
  S.Line = SP->getLine();
  S.Column = 1;
  return S;
}

} // namespace warplint
