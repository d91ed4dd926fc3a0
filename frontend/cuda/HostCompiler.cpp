//===- HostCompiler.cpp - What the host side of a compile needs -----------===//
#include "frontend/cuda/HostCompiler.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {
bool hasOmpHeader(StringRef Dir) {
  SmallString<256> P(Dir);
  sys::path::append(P, "omp.h");
  return sys::fs::exists(P);
}

/// The include folder of the newest GCC under Root (Root/TRIPLE/VERSION/include)
/// that holds omp.h, or "".
std::string gccOmpInclude(StringRef Root) {
  std::string Best;
  unsigned BestVersion = 0;
  std::error_code EC;
  for (sys::fs::directory_iterator T(Root, EC), End; !EC && T != End; T.increment(EC))
    for (sys::fs::directory_iterator V(T->path(), EC), VEnd; !EC && V != VEnd; V.increment(EC)) {
      unsigned Version = 0;
      if (StringRef(sys::path::filename(V->path())).consumeInteger(10, Version))
        continue;
      SmallString<256> Inc(V->path());
      sys::path::append(Inc, "include");
      if (Version > BestVersion && hasOmpHeader(Inc)) {
        BestVersion = Version;
        Best = Inc.str().str();
      }
    }
  return Best;
}
} // namespace

std::vector<std::string> hostOpenMpArgs(ArrayRef<std::string> ClangArgs, StringRef ResourceDir) {
  bool OpenMp = llvm::any_of(ClangArgs, [](StringRef A) {
    return A == "-fopenmp" || A.starts_with("-fopenmp=");
  });
  SmallString<256> ClangInc(ResourceDir);
  sys::path::append(ClangInc, "include");
  if (!OpenMp || hasOmpHeader(ClangInc))
    return {};
  std::string Dir = gccOmpInclude("/usr/lib/gcc");
  if (Dir.empty())
    return {};
  return {"-idirafter", Dir};
}

} // namespace warplint
