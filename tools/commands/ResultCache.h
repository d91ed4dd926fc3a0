//===- ResultCache.h - check's results kept between runs --------*- C++ -*-===//
//
// One entry per translation unit in the cache directory (--cache-dir, beside
// the stored preambles; --no-cache keeps none), keyed by a BLAKE3 hash of all
// that decides the result: the device side of the translation unit as the
// compile sees it, preprocessed (its headers' text, the flags and working
// directory with it: frontend/Frontend.h resultKeyText), the configuration
// that applies to the file (its text), the architecture, every option that
// changes findings (launches and launch files' text, --kernel, --confirm,
// --gpu, budgets, register cap, header filter), and warplint's build
// (tools/BuildId.h), and the toolkit whose nvcc or ptxas settles register
// claims. A second run over an unchanged file reads its result
// instead of compiling and analyzing it.
//
// Which files a compile reads is found by preprocessing it, which costs more
// than an analysis that loads a stored preamble; so, as ccache's direct mode
// does, a manifest kept under the key of everything but the files lists the
// files the last compile read and the xxh3 of each one's text: when each
// still has that text, the result kept for them is read with no compile at
// all. (A header that appears where an include would now find it first, the
// files unchanged, goes unnoticed, as in ccache.)
//
// Entries are written as the preamble store writes its own (llvm::localCache:
// a temporary file renamed into place), so runners sharing the directory
// may write at once; an entry is a magic word, the xxh3 of what follows,
// the whole text of its key (not the hash its file is named by) and its
// text (tools/commands/ResultJson.h): a damaged one is a miss, and replaced,
// and so is one that states another key than the one that found it (an
// entry copied, swapped or crafted under another's name, its checksum
// right).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDS_RESULTCACHE_H
#define WARPLINT_TOOLS_COMMANDS_RESULTCACHE_H

#include "tools/commands/CheckFile.h"

#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <mutex>
#include <optional>
#include <string>

namespace warplint {

/// The results of check kept in a directory between runs.
class ResultCache {
public:
  /// The cache of CL's --cache-dir (or the default one); none with
  /// --no-cache, without a directory, or when results depend on more than
  /// the inputs (--budget-seconds, --ptxas=clang, which is not kept).
  static std::unique_ptr<ResultCache> forCommandLine(const CommandLine &CL);

  /// checkFile(CL, FO, Opts, Path) through the cache: the result kept for
  /// the same inputs when there is one (FileResult::FromCache), else the
  /// file is checked and its result kept.
  FileResult check(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                   llvm::StringRef Path);

  /// "results: N of M read from the cache (K stored)" for --time-report.
  std::string summary() const;

private:
  ResultCache(std::string Dir, std::string Common) : Dir(std::move(Dir)), Common(std::move(Common)) {}
  /// The xxh3 of File's text on disk, read once per run (the toolkit's
  /// headers are read by every file).
  std::string fileDigest(llvm::StringRef File);
  std::string entryPath(llvm::StringRef Key) const;
  /// The text of Key's entry; none when there is none or it is damaged
  /// (then it is removed).
  std::optional<std::string> readEntry(llvm::StringRef Key);
  /// The result kept under Key; none as readEntry, or when it does not read
  /// as a result.
  std::optional<FileResult> lookup(llvm::StringRef Key);
  /// Keeps Text under Key (written whole or not at all).
  llvm::Error writeEntry(llvm::StringRef Key, llvm::StringRef Text);

  std::string Dir;
  /// The build and the options common to every file, hashed into each key.
  std::string Common;
  std::atomic<unsigned> Looked{0}, Hits{0}, Stored{0};
  std::mutex DigestsMutex;
  llvm::StringMap<std::string> Digests;
};

} // namespace warplint

#endif
