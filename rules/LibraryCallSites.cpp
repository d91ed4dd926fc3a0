//===- LibraryCallSites.cpp - Findings inside library code ----------------===//
#include "rules/LibraryCallSites.h"

#include "frontend/DeviceModule.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;

namespace warplint {

namespace {

/// For each user line of Kernel that stands for code inlined from a library
/// (or a header the header filter leaves out), the first such line behind it
/// (in instruction order).
std::map<SourceLoc, SourceLoc> libraryLinesBehind(const Function &Kernel) {
  std::map<SourceLoc, SourceLoc> Out;
  for (const Instruction &I : instructions(Kernel)) {
    if (!I.getDebugLoc())
      continue;
    SourceLoc User = userLocation(I);
    SourceLoc Inner = innermostLocation(I);
    if (User.valid() && Inner.valid() && !(User == Inner))
      Out.emplace(User, Inner);
  }
  return Out;
}

} // namespace

void placeFindings(const Function &Kernel, std::vector<Finding> &Findings, size_t From) {
  if (From >= Findings.size())
    return;
  std::map<SourceLoc, SourceLoc> Behind = libraryLinesBehind(Kernel);
  for (size_t I = From; I < Findings.size(); ++I) {
    Finding &F = Findings[I];
    if (!F.Loc.valid()) {
      SourceLoc Decl = declarationLocation(Kernel);
      if (!Decl.valid())
        continue;
      F.Loc = Decl;
      F.Notes.push_back({Decl, "the optimized code lost this finding's source line; it is "
                               "reported at the kernel's declaration"});
      continue;
    }
    auto It = Behind.find(F.Loc);
    if (It == Behind.end())
      continue;
    F.Notes.push_back({It->second, "the access is in " +
                                       sys::path::filename(It->second.File).str() + ":" +
                                       std::to_string(It->second.Line) +
                                       (isLibraryFile(It->second.File) ? " (a library header)"
                                                                       : "") +
                                       ", reached from the line reported"});
  }
}

void noteMergedAccesses(const StateSpaces &Spaces, std::vector<Finding> &Findings) {
  for (Finding &F : Findings) {
    std::vector<SourceLoc> Others;
    for (const MemoryAccess &A : Spaces.accesses())
      if (A.Loc == F.Loc)
        for (const SourceLoc &L : A.MergedWith)
          if (!is_contained(Others, L))
            Others.push_back(L);
    for (const SourceLoc &L : Others)
      F.Notes.push_back({L, "the optimizer merged the access on this line into the one at " +
                                sys::path::filename(F.Loc.File).str() + ":" +
                                std::to_string(F.Loc.Line) +
                                ": one instruction serves both lines, and its cost is "
                                "counted there"});
  }
}

} // namespace warplint
