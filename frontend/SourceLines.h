//===- SourceLines.h - The lines of source files, each read once -*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_SOURCELINES_H
#define WARPLINT_FRONTEND_SOURCELINES_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Path made absolute against the working directory, `.` and `..` removed
/// (no links resolved): one name per file for the caches and edits that key
/// by file.
std::string absolutePath(llvm::StringRef Path);

/// The lines of source files, each file read once. Only the files a compile
/// read are served (DeviceModule::ReadFiles): a `#line` directive's name is
/// a label, never a file to open (docs/security.md).
class SourceCache {
public:
  /// Serves no file.
  SourceCache() = default;
  /// Serves DM's input from DM.Contents when it was compiled from memory
  /// (an editor's unsaved buffer), the other files DM's compile read from
  /// disk (regular files of at most MaxSourceFileBytes).
  explicit SourceCache(const DeviceModule &DM);

  /// Serves File too (an input read other than by a compile: a listing).
  void allow(llvm::StringRef File);

  /// True when File is one the compile read: its text may be shown.
  bool quotable(llvm::StringRef File) const;

  /// Line (1-based) of File without its newline; empty when unreadable or
  /// not quotable.
  llvm::StringRef line(llvm::StringRef File, unsigned Line);
  /// Every line of File, without newlines; empty when unreadable.
  llvm::ArrayRef<llvm::StringRef> lines(llvm::StringRef File);

  /// Makes L a label (SourceLoc::Label) when its file is not one the
  /// compile read.
  void markLabel(SourceLoc &L) const;

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<llvm::StringRef> Lines;
  };
  static void fill(Entry &E, std::unique_ptr<llvm::MemoryBuffer> Buffer);
  llvm::StringMap<Entry> Files;
  /// The file served from memory (absolute path) and its text.
  std::string MemoryPath;
  std::optional<std::string> MemoryText;
  /// The files that may be read (absolute).
  llvm::StringSet<> Quotable;
};

} // namespace warplint

#endif
