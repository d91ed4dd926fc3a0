//===- SourceLines.cpp - The lines of source files, each read once --------===//
#include "frontend/SourceLines.h"
#include "frontend/SourceFiles.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

SourceCache::SourceCache(const DeviceModule &DM)
    : MemoryPath(absolutePath(DM.Path)), MemoryText(DM.Contents) {
  for (const std::string &F : DM.ReadFiles)
    Quotable.insert(absolutePath(F));
  Quotable.insert(MemoryPath);
}

void SourceCache::allow(StringRef File) { Quotable.insert(absolutePath(File)); }

bool SourceCache::quotable(StringRef File) const {
  return !File.empty() && Quotable.contains(absolutePath(File));
}

void SourceCache::markLabel(SourceLoc &L) const {
  if (L.valid() && !L.Label && !quotable(L.File))
    L.Label = true;
}

void SourceCache::fill(Entry &E, std::unique_ptr<MemoryBuffer> Buffer) {
  E.Buffer = std::move(Buffer);
  SmallVector<StringRef, 0> Lines;
  E.Buffer->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines)
    E.Lines.push_back(L.rtrim('\r'));
}

StringRef SourceCache::line(StringRef File, unsigned Line) {
  ArrayRef<StringRef> Lines = lines(File);
  return Line >= 1 && Line <= Lines.size() ? Lines[Line - 1] : StringRef();
}

ArrayRef<StringRef> SourceCache::lines(StringRef File) {
  auto [It, Inserted] = Files.try_emplace(File);
  Entry &E = It->second;
  // Locations name the file as the debug info does (maybe relative). A
  // label (a #line name, a file the compile did not read) is never opened.
  if (Inserted && MemoryText && absolutePath(File) == MemoryPath) {
    fill(E, MemoryBuffer::getMemBufferCopy(*MemoryText, File));
  } else if (Inserted && quotable(File)) {
    if (Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(File))
      fill(E, std::move(*B));
    else
      consumeError(B.takeError());
  }
  return E.Lines;
}

} // namespace warplint
