//===- Suppressions.cpp - // warplint: ignore[rule-id] --------------------===//
#include "rules/Suppressions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {
std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}
} // namespace

SourceCache::SourceCache(const DeviceModule &DM)
    : MemoryPath(absolute(DM.Path)), MemoryText(DM.Contents) {}

void SourceCache::fill(Entry &E, std::unique_ptr<MemoryBuffer> Buffer) {
  E.Buffer = std::move(Buffer);
  SmallVector<StringRef, 0> Lines;
  E.Buffer->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines)
    E.Lines.push_back(L.rtrim('\r'));
}

StringRef SourceCache::line(StringRef File, unsigned Line) {
  auto [It, Inserted] = Files.try_emplace(File);
  Entry &E = It->second;
  if (Inserted) {
    // Locations name the file as the debug info does (maybe relative).
    if (MemoryText && absolute(File) == MemoryPath)
      fill(E, MemoryBuffer::getMemBufferCopy(*MemoryText, File));
    else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(File))
      fill(E, std::move(*B));
  }
  return Line >= 1 && Line <= E.Lines.size() ? E.Lines[Line - 1] : StringRef();
}

bool suppresses(StringRef Text, StringRef Rule) {
  static constexpr StringLiteral Marker = "warplint: ignore[";
  for (size_t Pos = Text.find(Marker); Pos != StringRef::npos;
       Pos = Text.find(Marker, Pos + 1)) {
    StringRef List = Text.substr(Pos + Marker.size());
    size_t Close = List.find(']');
    if (Close == StringRef::npos)
      return false;
    SmallVector<StringRef, 4> Ids;
    List.take_front(Close).split(Ids, ',');
    if (any_of(Ids, [&](StringRef Id) { return Id.trim() == Rule || Id.trim() == "*"; }))
      return true;
  }
  return false;
}

bool isSuppressed(const Finding &F, SourceCache &Sources) {
  if (!F.Loc.valid())
    return false;
  if (suppresses(Sources.line(F.Loc.File, F.Loc.Line), F.Rule))
    return true;
  // The line above counts only when it is a comment of its own.
  StringRef Above = Sources.line(F.Loc.File, F.Loc.Line - 1).ltrim();
  return Above.starts_with("//") && suppresses(Above, F.Rule);
}

void removeSuppressed(std::vector<Finding> &Findings, SourceCache &Sources) {
  llvm::erase_if(Findings, [&](const Finding &F) { return isSuppressed(F, Sources); });
}

} // namespace warplint
