//===- SourceLines.h - The lines of source files, each read once -*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_SOURCELINES_H
#define WARPLINT_FRONTEND_SOURCELINES_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The lines of source files, each file read once.
class SourceCache {
public:
  SourceCache() = default;
  /// Serves DM's input from DM.Contents when it was compiled from memory
  /// (an editor's unsaved buffer), other files from disk.
  explicit SourceCache(const DeviceModule &DM);

  /// Line (1-based) of File without its newline; empty when unreadable.
  llvm::StringRef line(llvm::StringRef File, unsigned Line);
  /// Every line of File, without newlines; empty when unreadable.
  llvm::ArrayRef<llvm::StringRef> lines(llvm::StringRef File);

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
};

} // namespace warplint

#endif
