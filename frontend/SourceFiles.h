//===- SourceFiles.h - What warplint reads as source, and how --*- C++ -*-===//
//
// A repository under review is not trusted (docs/security.md, "What warplint
// reads"). Every file warplint reads as source (an input, a header Clang
// opens, a file it quotes) is a regular file of at most MaxSourceFileBytes:
// a FIFO, a device (/dev/zero) or a huge file is an error naming it, never a
// blocked or ballooning run. A compile reads only the files inside its
// roots: the input's project (the git work tree that holds it, else its
// directory) and the include paths the compile is given; a file named
// otherwise (an absolute #include, a -include, a symlink out of the project)
// is refused, so that its text never reaches the output.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_SOURCEFILES_H
#define WARPLINT_FRONTEND_SOURCEFILES_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace warplint {

/// The largest file warplint reads as source or configuration.
inline constexpr uint64_t MaxSourceFileBytes = uint64_t(32) << 20;

/// Why a file is not read as source (the message of an std::error_code of
/// sourceReadCategory(), which Clang prints as "cannot open file 'F': ...").
enum class SourceReadError {
  Fifo = 1,
  Device,
  Socket,
  NotRegular,
  TooLarge,
  OutsideRoots,
};

/// The error category of SourceReadError.
const std::error_category &sourceReadCategory();

inline std::error_code make_error_code(SourceReadError E) {
  return {static_cast<int>(E), sourceReadCategory()};
}

/// Why Path (symlinks followed) cannot be read as source: not a regular
/// file, or larger than Limit; none when it can be, or when it does not
/// exist (opening it then says so).
std::optional<SourceReadError> sourceReadProblem(llvm::StringRef Path,
                                                 uint64_t Limit = MaxSourceFileBytes);

/// Path's text when it is a regular file of at most Limit bytes; else an
/// error "PATH: MESSAGE".
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readSourceFile(llvm::StringRef Path, uint64_t Limit = MaxSourceFileBytes);

/// The top of the project that File belongs to: the nearest directory above
/// it that holds a `.git` entry, else File's own directory (absolute).
std::string projectRoot(llvm::StringRef File);

/// The directories a compile may read files from; empty: anywhere (until
/// the compile's include paths are known). Thread-safe.
class SourceRoots {
public:
  /// Adds Dir (made absolute, symlinks resolved) when it exists.
  void add(llvm::StringRef Dir);
  /// True when no root was added, or when Path (made absolute, symlinks
  /// resolved) is inside one of them.
  bool allows(llvm::StringRef Path) const;

private:
  mutable std::mutex Lock;
  std::vector<std::string> Dirs;
};

/// Base, with every file opened for reading checked first: a regular file,
/// at most MaxSourceFileBytes, and inside Roots (symlinks resolved). A file
/// that fails is an error of sourceReadCategory(), and Clang does not read it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
guardedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                  std::shared_ptr<const SourceRoots> Roots);

} // namespace warplint

namespace std {
template <> struct is_error_code_enum<warplint::SourceReadError> : std::true_type {};
} // namespace std

#endif
