//===- Preamble.h - Precompiled preambles of open files ---------*- C++ -*-===//
//
// What makes a re-check after an edit cheap: the includes at the top of a
// file (and the headers Clang's CUDA mode includes implicitly) are parsed once
// into an in-memory PCH (clang::PrecompiledPreamble, as clangd does), and each
// later compile of the same file parses only the text after them. A preamble
// is rebuilt when the include lines, the flags or a header it read change.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_PREAMBLE_H
#define WARPLINT_FRONTEND_CUDA_PREAMBLE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <mutex>

namespace clang {
class CompilerInvocation;
class PrecompiledPreamble;
struct PreambleBounds;
} // namespace clang

namespace warplint {

/// Builds the in-memory preamble (the first Bounds bytes of Main, and the
/// headers CUDA mode includes implicitly) of the compile CI, whose file
/// system is FS, with the settings every warplint preamble uses (function
/// bodies kept, template instantiations done in the preamble: CI's
/// PCHInstantiateTemplates is set). Null when the build failed or reported an
/// error (a broken include: the full compile reports it where it is).
std::shared_ptr<const clang::PrecompiledPreamble>
buildPreamble(clang::CompilerInvocation &CI, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
              const llvm::MemoryBuffer &Main, const clang::PreambleBounds &Bounds);

/// The preambles of the files being edited, one per file (the latest).
class PreambleCache {
public:
  PreambleCache();
  ~PreambleCache();

  /// Makes CI (the device compile of Main, whose file system is FS) use the
  /// preamble of Main's file, building it first when there is none or the
  /// one kept cannot be reused. FS gains the in-memory PCH. Returns what must
  /// stay alive until the compile ends; null when no usable preamble could be
  /// built (a broken include: the full compile reports it), in which case CI
  /// and FS are left as they were.
  std::shared_ptr<const clang::PrecompiledPreamble>
  use(clang::CompilerInvocation &CI, llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
      const llvm::MemoryBuffer &Main);

  /// How many preambles were built so far (for tests and logs).
  unsigned builds() const { return Builds; }

private:
  std::mutex Lock;
  llvm::StringMap<std::shared_ptr<const clang::PrecompiledPreamble>> Preambles;
  unsigned Builds = 0;
};

} // namespace warplint

#endif
