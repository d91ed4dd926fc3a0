//===- PreambleStore.h - Preambles kept on disk between runs ----*- C++ -*-===//
//
// The command line's counterpart of PreambleCache: a CUDA file's preamble
// (its leading #include/#define lines, as clang::ComputePreambleBounds finds
// them, and the headers CUDA mode includes implicitly: the CUDA SDK's above
// all) is kept as a PCH in the user's cache directory, so that the next run
// on the file parses only the file's own text.
//
// Entries live in LLVM's file cache (llvm::localCache: written to a
// temporary file and renamed into place, so concurrent writers are safe;
// pruned with llvm::pruneCache), keyed by the preamble's text plus what the
// caller says shapes the PCH (flags, target, SDK, warplint's build). Clang
// validates an entry when the compile loads it (every header it read, system
// headers included, must have the size and mtime it had), and a checksum
// guards against a damaged file. An entry Clang rejects is dropped and built
// again (see dropStoredPreamble).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_PREAMBLESTORE_H
#define WARPLINT_FRONTEND_CUDA_PREAMBLESTORE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>

namespace clang {
class CompilerInvocation;
class PrecompiledPreamble;
} // namespace clang

namespace warplint {

/// How a compile got its preamble from the store.
enum class StoredPreamble {
  None,   ///< It uses none (see PreambleFromStore::Note).
  Reused, ///< An entry was loaded; Clang validates it as the compile starts.
  Built,  ///< None was stored (or it was damaged): built now, and stored.
};

/// What a compile that uses a stored preamble must keep alive until it ends.
struct PreambleFromStore {
  StoredPreamble How = StoredPreamble::None;
  /// The entry's key, for dropStoredPreamble.
  std::string Key;
  /// A word for --time-report: why none was used, or that a damaged entry
  /// was replaced.
  std::string Note;
  /// Built, but it could not be stored: why (an unwritable directory).
  std::string StoreError;
  /// The preamble built in this process (Built).
  std::shared_ptr<const clang::PrecompiledPreamble> Preamble;
  /// The entry read from the store (Reused): the compile reads the PCH in it.
  std::unique_ptr<llvm::MemoryBuffer> Pch;
  /// The main file's text: CI reads it from here.
  std::unique_ptr<llvm::MemoryBuffer> Main;
};

/// Makes CI, whose file system is FS, use the preamble stored in Dir under
/// KeyText plus the preamble's own text: an intact entry is loaded (with
/// Clang's validation on); else, the first time that preamble is needed, its
/// use is only recorded (How is None: building it would cost more than it
/// saves a compile that is never repeated); after that it is built in
/// memory, stored, and used. CI's main file is read through FS. When no usable preamble exists
/// (a broken include: the full compile reports it) or Dir cannot be used, CI
/// and FS are left as they were and How is None.
PreambleFromStore usePreambleStore(clang::CompilerInvocation &CI,
                                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
                                   llvm::StringRef Dir, llvm::StringRef KeyText);

/// Removes Key's entry from Dir: Clang rejected it (a header changed since it
/// was built) or the compile that loaded it crashed.
void dropStoredPreamble(llvm::StringRef Dir, llvm::StringRef Key);

/// True when the diagnostic ID is one of Clang's about reading a
/// precompiled file (a stale or unreadable PCH), not about the code.
bool isPrecompiledFileDiagnostic(unsigned ID);

/// Checks that the store Dir (check's result cache shares it) writes
/// through no link: Dir itself, when Given (--cache-dir DIR, which a
/// repository's script may point at a link it commits), is not a symbolic
/// link, and no entry of it named as the cache names its files
/// ("llvmcache*": entries, temporary files, the pruning's timestamp, which
/// is opened for writing) is anything but a regular file. The error names
/// the link and where it points. A Dir that does not exist yet is fine.
llvm::Error checkStoreDir(llvm::StringRef Dir, bool Given);

/// The user's default store: $XDG_CACHE_HOME/warplint, else
/// ~/.cache/warplint; "" when neither can be found.
std::string defaultPreambleStoreDir();

} // namespace warplint

#endif
