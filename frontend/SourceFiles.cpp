//===- SourceFiles.cpp - What warplint reads as source, and how -----------===//
#include "frontend/SourceFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {

class SourceReadCategory : public std::error_category {
public:
  const char *name() const noexcept override { return "warplint.source"; }
  std::string message(int Code) const override {
    switch (static_cast<SourceReadError>(Code)) {
    case SourceReadError::Fifo:
      return "not a regular file (a FIFO): warplint reads only regular files";
    case SourceReadError::Device:
      return "not a regular file (a device): warplint reads only regular files";
    case SourceReadError::Socket:
      return "not a regular file (a socket): warplint reads only regular files";
    case SourceReadError::NotRegular:
      return "not a regular file: warplint reads only regular files";
    case SourceReadError::TooLarge:
      return formatv("larger than the {0} MB that warplint reads of a file",
                     MaxSourceFileBytes >> 20)
          .str();
    case SourceReadError::OutsideRoots:
      return "outside the project and the include paths: warplint reads no other file";
    }
    return "cannot be read as source";
  }
};

std::optional<SourceReadError> problemOf(sys::fs::file_type Type, uint64_t Size,
                                         uint64_t Limit) {
  switch (Type) {
  case sys::fs::file_type::regular_file:
    if (Size > Limit)
      return SourceReadError::TooLarge;
    return std::nullopt;
  case sys::fs::file_type::fifo_file:
    return SourceReadError::Fifo;
  case sys::fs::file_type::character_file:
  case sys::fs::file_type::block_file:
    return SourceReadError::Device;
  case sys::fs::file_type::socket_file:
    return SourceReadError::Socket;
  default:
    return SourceReadError::NotRegular;
  }
}

std::string absoluteReal(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  SmallString<256> Real;
  if (!sys::fs::real_path(Abs, Real))
    return Real.str().str();
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

/// The file system of guardedFileSystem.
class GuardedFileSystem : public vfs::ProxyFileSystem {
public:
  GuardedFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                    std::shared_ptr<const SourceRoots> Roots)
      : ProxyFileSystem(std::move(Base)), Roots(std::move(Roots)) {}

  ErrorOr<std::unique_ptr<vfs::File>> openFileForRead(const Twine &Path) override {
    SmallString<256> Name;
    Path.toVector(Name);
    ErrorOr<vfs::Status> S = getUnderlyingFS().status(Name);
    if (!S)
      return S.getError();
    if (std::optional<SourceReadError> P =
            problemOf(S->getType(), S->getSize(), MaxSourceFileBytes))
      return make_error_code(*P);
    if (Roots && !Roots->allows(Name))
      return make_error_code(SourceReadError::OutsideRoots);
    return ProxyFileSystem::openFileForRead(Name);
  }

private:
  std::shared_ptr<const SourceRoots> Roots;
};

} // namespace

const std::error_category &sourceReadCategory() {
  static const SourceReadCategory Category;
  return Category;
}

std::optional<SourceReadError> sourceReadProblem(StringRef Path, uint64_t Limit) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St, /*Follow=*/true))
    return std::nullopt;
  return problemOf(St.type(), St.getSize(), Limit);
}

Expected<std::unique_ptr<MemoryBuffer>> readSourceFile(StringRef Path, uint64_t Limit) {
  if (std::optional<SourceReadError> P = sourceReadProblem(Path, Limit))
    return createStringError(make_error_code(*P), "%s: %s", Path.str().c_str(),
                             make_error_code(*P).message().c_str());
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  if (!B)
    return createStringError(B.getError(), "%s: %s", Path.str().c_str(),
                             B.getError().message().c_str());
  // (A file that grew since its size was read is cut at what was read.)
  return std::move(*B);
}

std::string projectRoot(StringRef File) {
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  StringRef Dir = sys::path::parent_path(Abs);
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Git(D);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return D.str();
  }
  return Dir.str();
}

void SourceRoots::add(StringRef Dir) {
  if (Dir.empty() || !sys::fs::is_directory(Dir))
    return;
  std::string Real = absoluteReal(Dir);
  std::lock_guard<std::mutex> G(Lock);
  if (llvm::find(Dirs, Real) == Dirs.end())
    Dirs.push_back(std::move(Real));
}

bool SourceRoots::allows(StringRef Path) const {
  {
    std::lock_guard<std::mutex> G(Lock);
    if (Dirs.empty())
      return true;
  }
  std::string Real = absoluteReal(Path);
  std::lock_guard<std::mutex> G(Lock);
  for (StringRef D : Dirs) {
    StringRef Rest = Real;
    if (!Rest.consume_front(D))
      continue;
    if (Rest.empty() || sys::path::is_separator(Rest.front()) ||
        sys::path::is_separator(D.back()))
      return true;
  }
  return false;
}

IntrusiveRefCntPtr<vfs::FileSystem>
guardedFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                  std::shared_ptr<const SourceRoots> Roots) {
  return makeIntrusiveRefCnt<GuardedFileSystem>(std::move(Base), std::move(Roots));
}

} // namespace warplint
