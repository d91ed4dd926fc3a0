//===- PreambleStore.cpp - Preambles kept on disk between runs ------------===//
#include "frontend/cuda/PreambleStore.h"
#include "frontend/cuda/Preamble.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace warplint {
namespace {

/// An entry is Magic, the xxh3 of the PCH, then the PCH (16-byte aligned).
constexpr StringLiteral Magic = "WLPCH001";
constexpr size_t HeaderBytes = 16;
/// Where a loaded PCH is served from, in memory, to the compile.
constexpr StringLiteral PchPath = "/__warplint_preamble/stored.pch";
/// How large the store may grow before llvm::pruneCache removes the entries
/// used least recently (an SDK preamble is tens of MB).
constexpr uint64_t StoreMaxBytes = 2ull << 30;

/// The PCH inside an entry, or "" when the entry is damaged.
StringRef pchOf(const MemoryBuffer &Entry) {
  StringRef All = Entry.getBuffer();
  if (All.size() <= HeaderBytes || !All.starts_with(Magic))
    return "";
  uint64_t Sum = support::endian::read64le(All.data() + Magic.size());
  StringRef Pch = All.drop_front(HeaderBytes);
  return xxh3_64bits(arrayRefFromStringRef(Pch)) == Sum ? Pch : "";
}

/// Writes Pch as Key's entry (to a temporary file, renamed into place).
/// Another process may have stored it meanwhile: then it is left as it is.
Error storePch(FileCache &Cache, StringRef Key, StringRef Pch, StringRef Main) {
  Expected<AddStreamFn> AddStream = Cache(0, Key, Main);
  if (!AddStream)
    return AddStream.takeError();
  if (!*AddStream)
    return Error::success();
  Expected<std::unique_ptr<CachedFileStream>> Stream = (*AddStream)(0, Main);
  if (!Stream)
    return Stream.takeError();
  raw_pwrite_stream &OS = *(*Stream)->OS;
  char Sum[8];
  support::endian::write64le(Sum, xxh3_64bits(arrayRefFromStringRef(Pch)));
  OS << Magic << StringRef(Sum, sizeof(Sum)) << Pch;
  if (Error E = (*Stream)->commit())
    return E;
  CachePruningPolicy Policy;
  Policy.MaxSizeBytes = StoreMaxBytes;
  pruneCache(Cache.getCacheDirectoryPath(), Policy);
  return Error::success();
}

/// Points CI at a stored PCH, as PrecompiledPreamble::AddImplicitPreamble
/// does for one built in memory, but with Clang's validation of the PCH on:
/// an entry from another process is trusted only once Clang has checked that
/// every file it was built from (system headers included) is unchanged.
void loadStoredPch(clang::CompilerInvocation &CI, IntrusiveRefCntPtr<vfs::FileSystem> &FS,
                   std::unique_ptr<MemoryBuffer> Pch, MemoryBuffer &Main,
                   const clang::PreambleBounds &Bounds) {
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFile(PchPath, 0, std::move(Pch));
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(FS);
  Overlay->pushOverlay(Memory);
  FS = Overlay;
  clang::PreprocessorOptions &PP = CI.getPreprocessorOpts();
  PP.addRemappedFile(CI.getFrontendOpts().Inputs[0].getFile(), &Main);
  PP.PrecompiledPreambleBytes = {Bounds.Size, Bounds.PreambleEndsAtStartOfLine};
  PP.DisablePCHOrModuleValidation = clang::DisableValidationForModuleKind::None;
  // (UsePredefines stays on, as the PCH was built: Clang's validation
  // compares it. The predefines the PCH holds are not read again.)
  PP.ImplicitPCHInclude = PchPath.str();
}

/// Records in Cache that Key's preamble was needed, unless it was before:
/// true the first time. A preamble is built and stored the second time its
/// text is compiled (in this run or a later one), because building it costs
/// about a quarter more than the compile it would serve, and a fresh CI
/// runner compiles each file once.
Expected<bool> firstUse(FileCache &Cache, std::unique_ptr<MemoryBuffer> &Found, StringRef Key,
                        StringRef MainPath) {
  Expected<AddStreamFn> Lookup = Cache(0, "seen-" + Key.str(), MainPath);
  if (!Lookup)
    return Lookup.takeError();
  if (Found) {
    Found.reset();
    return false;
  }
  Expected<std::unique_ptr<CachedFileStream>> Stream = (*Lookup)(0, MainPath);
  if (!Stream)
    return Stream.takeError();
  *(*Stream)->OS << "seen";
  if (Error E = (*Stream)->commit())
    return std::move(E);
  return true;
}

/// E's message on one line (for --time-report).
std::string oneLine(Error E) { return StringRef(toString(std::move(E))).trim().str(); }

/// The cache's key for KeyText plus the preamble's text.
std::string entryKey(StringRef KeyText, StringRef PreambleText, bool EndsAtLineStart) {
  BLAKE3 H;
  H.update(KeyText);
  H.update(StringRef("\0", 1));
  H.update(PreambleText);
  H.update(EndsAtLineStart ? "1" : "0");
  return "preamble-" + toHex(H.final<16>(), /*LowerCase=*/true);
}

} // namespace

PreambleFromStore usePreambleStore(clang::CompilerInvocation &CI,
                                   IntrusiveRefCntPtr<vfs::FileSystem> &FS, StringRef Dir,
                                   StringRef KeyText) {
  PreambleFromStore R;
  StringRef MainPath = CI.getFrontendOpts().Inputs[0].getFile();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Main = FS->getBufferForFile(MainPath);
  if (!Main) {
    R.Note = "the file could not be read";
    return R;
  }
  R.Main = std::move(*Main);
  // The main file is remapped to R.Main, which stays ours.
  CI.getPreprocessorOpts().RetainRemappedFileBuffers = true;
  // What every warplint preamble is built with (see buildPreamble); set
  // before the key is taken, and the same whether built or loaded.
  CI.getLangOpts().PCHInstantiateTemplates = true;
  // Clang's PCH validation looks at system headers (the SDK's) too.
  CI.getHeaderSearchOpts().ModulesValidateSystemHeaders = true;
  clang::PreambleBounds Bounds =
      clang::ComputePreambleBounds(CI.getLangOpts(), R.Main->getMemBufferRef(), 0);
  R.Key = entryKey(KeyText, R.Main->getBuffer().take_front(Bounds.Size),
                   Bounds.PreambleEndsAtStartOfLine);

  std::unique_ptr<MemoryBuffer> Found;
  Expected<FileCache> Cache = localCache(
      "warplint preamble cache", "llvmcache-tmp", Dir,
      [&Found](unsigned, const Twine &, std::unique_ptr<MemoryBuffer> MB) {
        if (!Found)
          Found = std::move(MB);
      });
  if (!Cache) {
    R.Note = oneLine(Cache.takeError());
    return R;
  }
  Expected<AddStreamFn> Lookup = (*Cache)(0, R.Key, MainPath);
  if (!Lookup) {
    R.Note = oneLine(Lookup.takeError());
    return R;
  }
  if (Found) {
    StringRef Pch = pchOf(*Found);
    if (!Pch.empty()) {
      // The entry stays mapped for the compile: the PCH is a view of it.
      auto View = MemoryBuffer::getMemBuffer(Pch, PchPath, /*RequiresNullTerminator=*/false);
      R.Pch = std::move(Found);
      loadStoredPch(CI, FS, std::move(View), *R.Main, Bounds);
      R.How = StoredPreamble::Reused;
      return R;
    }
    Found.reset();
    dropStoredPreamble(Dir, R.Key);
    R.Note = "damaged entry replaced";
  } else {
    Expected<bool> First = firstUse(*Cache, Found, R.Key, MainPath);
    if (!First) {
      R.Note = oneLine(First.takeError());
      return R;
    }
    if (*First) {
      R.Note = "first use: stored when next compiled";
      return R;
    }
  }

  R.Preamble = buildPreamble(CI, FS, *R.Main, Bounds);
  if (!R.Preamble) {
    R.Note = "the preamble did not compile";
    return R;
  }
  R.Preamble->AddImplicitPreamble(CI, FS, R.Main.get());
  // The PCH as the compile will read it, from the file system that
  // AddImplicitPreamble extended.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Pch =
      FS->getBufferForFile(CI.getPreprocessorOpts().ImplicitPCHInclude);
  if (!Pch)
    R.StoreError = Pch.getError().message();
  else if (Error E = storePch(*Cache, R.Key, (*Pch)->getBuffer(), MainPath))
    R.StoreError = oneLine(std::move(E));
  Found.reset(); // The buffer of the entry just written, not needed.
  R.How = StoredPreamble::Built;
  return R;
}

void dropStoredPreamble(StringRef Dir, StringRef Key) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, "llvmcache-" + Key);
  sys::fs::remove(Path);
}

bool isPrecompiledFileDiagnostic(unsigned ID) {
  return ID >= clang::diag::DIAG_START_SERIALIZATION && ID < clang::diag::DIAG_START_LEX;
}

Error checkStoreDir(StringRef Dir, bool Given) {
  std::string What = Given ? ("--cache-dir " + Dir).str() : ("cache directory " + Dir).str();
  auto Refuse = [&](StringRef Path, StringRef Kind) {
    SmallString<256> Target;
    std::string To;
    if (Kind == "a symbolic link" && !sys::fs::real_path(Path, Target))
      To = (" (to " + Target + ")").str();
    return createStringError(inconvertibleErrorCode(),
                             "%s: %s is %s%s: the cache writes its own regular files and "
                             "writes through no link; remove it, name another directory, or "
                             "give --no-cache",
                             What.c_str(), Path.str().c_str(), Kind.str().c_str(), To.c_str());
  };
  bool Link = false;
  if (Given && !sys::fs::is_symlink_file(Dir, Link) && Link)
    return Refuse(Dir, "a symbolic link");
  std::error_code EC;
  for (sys::fs::directory_iterator I(Dir, EC, /*follow_symlinks=*/false), End;
       I != End && !EC; I.increment(EC)) {
    if (!sys::path::filename(I->path()).starts_with("llvmcache"))
      continue;
    sys::fs::file_status St;
    if (I->type() == sys::fs::file_type::regular_file ||
        sys::fs::status(I->path(), St, /*follow=*/false))
      continue;
    if (St.type() == sys::fs::file_type::symlink_file)
      return Refuse(I->path(), "a symbolic link");
    if (St.type() != sys::fs::file_type::regular_file)
      return Refuse(I->path(), "not a regular file");
  }
  return Error::success();
}

std::string defaultPreambleStoreDir() {
  SmallString<256> Dir;
  if (!sys::path::cache_directory(Dir))
    return "";
  sys::path::append(Dir, "warplint");
  return Dir.str().str();
}

} // namespace warplint
