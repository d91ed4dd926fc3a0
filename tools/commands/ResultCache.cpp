//===- ResultCache.cpp - check's results kept between runs ----------------===//
#include "tools/commands/ResultCache.h"
#include "tools/commands/ResultJson.h"

#include "analyzer/NvccVerdict.h"
#include "frontend/BoundedJson.h"
#include "frontend/Frontend.h"
#include "frontend/cuda/PreambleStore.h"
#include "tools/BuildId.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace warplint {

namespace {

/// An entry is Magic, the xxh3 of what follows, the size of its key's text
/// (32 bits), the key's text, then the entry's text (ResultJson, or a
/// manifest). An entry is read only under the key it states, whole.
constexpr StringLiteral Magic = "WLRES002";
constexpr size_t HeaderBytes = 16;
constexpr size_t KeySizeBytes = 4;

/// The text of File, or a word saying it could not be read (a launch file
/// that is missing fails the check before any result is kept).
std::string fileText(StringRef File) {
  if (File.empty())
    return "";
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(File);
  return B ? (*B)->getBuffer().str() : "(unreadable: " + B.getError().message() + ")";
}

/// What every file's result depends on besides its own inputs: the build
/// and each option of check that changes findings (the flags after -- and
/// --host-flags reach each file's compile arguments, in its key text).
std::string commonKeyText(const CommandLine &CL) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << buildId() << '\0';
  auto Put = [&](StringRef Name, const Twine &Value) { OS << Name << '=' << Value << '\0'; };
  // --arch given overrides the configuration's (each file's key has the one used).
  Put("arch", CL.Arch.getNumOccurrences() ? StringRef(CL.Arch) : StringRef());
  Put("gpu", CL.Gpu);
  Put("kernel", CL.Kernel);
  for (const std::string &A : CL.Args)
    Put("arg", A);
  for (const std::string &B : CL.Buffers)
    Put("buffer", B);
  Put("grid", CL.Grid);
  Put("block", CL.Block);
  Put("shared-bytes", Twine(CL.SharedBytes));
  Put("l2", CL.L2);
  Put("launch-file", CL.LaunchFile);
  Put("launch-file-text", fileText(CL.LaunchFile));
  Put("config", CL.ConfigFile);
  Put("checks", CL.Checks);
  Put("confirm", Twine(bool(CL.Confirm)));
  Put("maxrregcount", Twine(CL.MaxRRegCount));
  Put("budget-mb", Twine(CL.BudgetMb));
  Put("budget-steps", Twine(CL.BudgetSteps));
  Put("system-headers", Twine(bool(CL.SystemHeaders)));
  Put("header-filter", CL.HeaderFilter.getNumOccurrences() ? "=" + CL.HeaderFilter : "");
  Put("cuda-path", CL.CudaPath);
  Put("no-cuda-sdk", Twine(bool(CL.NoCudaSdk)));
  // Where the CUDA toolkit is looked for without --cuda-path.
  std::optional<std::string> CudaEnv = sys::Process::GetEnv("CUDA_PATH");
  Put("CUDA_PATH", CudaEnv ? *CudaEnv : "");
  // nvcc's and ptxas's verdicts settle register, local-memory and spill
  // findings (--ptxas=nvcc, the default): the toolkit found is part of the key.
  Put("ptxas", CL.Ptxas);
  if (CL.Ptxas != "off")
    for (const std::optional<std::string> &Tool :
         {findNvcc(CL.CudaPath), findPtxas(CL.CudaPath)}) {
      sys::fs::file_status St;
      if (Tool && !sys::fs::status(*Tool, St))
        Put("toolkit", *Tool + ":" + Twine(St.getSize()) + ":" +
                           Twine(St.getLastModificationTime().time_since_epoch().count()));
      else
        Put("toolkit", "none");
    }
  return Text;
}

} // namespace

std::unique_ptr<ResultCache> ResultCache::forCommandLine(const CommandLine &CL) {
  // Results that hang on the clock or on another program are not kept.
  if (CL.NoCache || CL.NoResultCache || CL.BudgetSeconds > 0 || CL.Ptxas == "clang")
    return nullptr;
  std::string Dir = CL.CacheDir.empty() ? defaultPreambleStoreDir() : CL.CacheDir.getValue();
  if (Dir.empty())
    return nullptr;
  return std::unique_ptr<ResultCache>(new ResultCache(Dir, commonKeyText(CL)));
}

namespace {

/// xxh3 (128 bits) of File's text on disk, in hex; "virtual" for a file the
/// compile serves from memory (the prelude: part of warplint's build);
/// "unreadable" when it cannot be read (no entry was kept with that).
std::string readDigest(StringRef File) {
  if (!sys::fs::exists(File))
    return StringRef(File).starts_with("/__warplint") ? "virtual" : "unreadable";
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!B)
    return "unreadable";
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef((*B)->getBuffer()));
  return utohexstr(H.high64, /*LowerCase=*/true, 16) + utohexstr(H.low64, true, 16);
}

/// A manifest: the digest of the compile's context, then each file the
/// compile read and its digest, all separated by NULs.
struct Manifest {
  std::string Context;
  std::vector<std::pair<std::string, std::string>> Files;

  std::string text() const {
    std::string T = Context + '\0';
    for (const auto &[Name, Digest] : Files)
      T += Name + '\0' + Digest + '\0';
    return T;
  }
  static std::optional<Manifest> parse(StringRef T) {
    SmallVector<StringRef, 0> Parts;
    T.split(Parts, '\0');
    // Context, then pairs, then the empty part after the last NUL.
    if (Parts.size() < 2 || Parts.size() % 2 || !Parts.back().empty())
      return std::nullopt;
    Manifest M;
    M.Context = Parts[0].str();
    for (size_t I = 1; I + 1 < Parts.size(); I += 2)
      M.Files.push_back({Parts[I].str(), Parts[I + 1].str()});
    return M;
  }
  /// The result's key: the compile's key and what the manifest says.
  std::string resultKey(StringRef CompileKey) const {
    return "result" + std::string(1, '\0') + CompileKey.str() + '\0' + text();
  }
};

std::string hexDigest(StringRef Text) {
  BLAKE3 H;
  H.update(Text);
  return toHex(H.final<16>(), /*LowerCase=*/true);
}

} // namespace

std::string ResultCache::fileDigest(StringRef File) {
  {
    std::lock_guard<std::mutex> Lock(DigestsMutex);
    if (auto It = Digests.find(File); It != Digests.end())
      return It->second;
  }
  std::string D = readDigest(File);
  std::lock_guard<std::mutex> Lock(DigestsMutex);
  Digests[File] = D;
  return D;
}

FileResult ResultCache::check(const CommandLine &CL, FrontendOptions FO, const CheckOptions &Opts,
                              StringRef Path) {
  ++Looked;
  auto CA = configAndArch(CL, Opts, Path, FO.Arch);
  if (!CA) {
    consumeError(CA.takeError()); // checkFile reports it.
    return checkFile(CL, std::move(FO), Opts, Path);
  }
  FO.Arch = CA->second->Name.str();
  // The compile's key: all that shapes the result but the files it reads.
  std::string CompileKey;
  auto Put = [&CompileKey](StringRef S) {
    CompileKey += S;
    CompileKey += '\0';
  };
  Put(Common);
  Put(Path);
  Put(FO.Arch);
  Put(FO.AsCuda ? "as-cuda" : "by-extension");
  Put(CA->first->Path);
  Put(fileText(CA->first->Path));
  for (const std::string &A : FO.ClangArgs)
    Put(A);
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    Put(Cwd);
  std::string ManifestKey = "manifest" + std::string(1, '\0') + CompileKey;

  // Fast: the files the last compile read have the same text (ccache's
  // "direct mode"); the result kept for them is the answer.
  if (std::optional<std::string> T = readEntry(ManifestKey))
    if (std::optional<Manifest> M = Manifest::parse(*T))
      if (llvm::all_of(M->Files,
                       [&](const auto &F) { return fileDigest(F.first) == F.second; }))
        if (std::optional<FileResult> Kept = lookup(M->resultKey(CompileKey))) {
          ++Hits;
          Kept->ResultSource = "read from cache";
          return std::move(*Kept);
        }

  // Else the files the compile reads now, found by preprocessing it (a
  // macro that doubles forty times preprocesses for ever: within the
  // file's budget).
  FileBudget Budget = fileBudget(CL, Opts.FilesAtOnce);
  FO.Budget = Budget;
  Expected<CompileInputs> In = resultInputs(Path, FO);
  if (In && In->BudgetStop.stopped()) {
    FileResult R;
    R.Input = R.Path = Path.str();
    R.Error = budgetStopText(Path, Budget, In->BudgetStop) +
              ": this file is not analyzed (the other files are)";
    R.ResultSource = "not cached (the check did not complete)";
    return R;
  }
  if (!In) {
    FileResult R = checkFile(CL, std::move(FO), Opts, Path);
    consumeError(In.takeError());
    R.ResultSource = "not cached (not a CUDA file on disk)";
    return R;
  }
  Manifest M;
  M.Context = hexDigest(In->Context);
  for (const std::string &F : In->Files)
    M.Files.push_back({F, fileDigest(F)});
  std::string Key = M.resultKey(CompileKey);
  // (A stale manifest is replaced; concurrent writers write the same.)
  sys::fs::remove(entryPath(ManifestKey));
  if (std::optional<FileResult> Kept = lookup(Key)) {
    consumeError(writeEntry(ManifestKey, M.text()));
    ++Hits;
    Kept->ResultSource = "read from cache";
    return std::move(*Kept);
  }
  FileResult R = checkFile(CL, std::move(FO), Opts, Path);
  // What may not happen again the same way is not kept: a file that could
  // not be checked, a check cut short.
  bool Keep = R.Error.empty() && !R.Abandoned &&
              llvm::none_of(R.Findings, [](const Finding &F) { return F.Incomplete; }) &&
              llvm::none_of(M.Files, [](const auto &F) { return F.second == "unreadable"; }) &&
              llvm::none_of(R.Notes, [](StringRef N) { return N.contains(NvccTimeoutText); });
  if (!Keep) {
    R.ResultSource = "not cached (the check did not complete)";
    return R;
  }
  std::string Text;
  raw_string_ostream(Text) << json::Value(resultToJson(R));
  Error E = writeEntry(Key, Text);
  if (!E)
    E = writeEntry(ManifestKey, M.text());
  if (E) {
    R.ResultSource = "not cached (" + StringRef(toString(std::move(E))).trim().str() + ")";
    return R;
  }
  ++Stored;
  R.ResultSource = "analyzed and cached";
  return R;
}

std::string ResultCache::entryPath(StringRef Key) const {
  // "result-HASH" / "manifest-HASH": the kind, and the hash of the whole key.
  SmallString<256> File(Dir);
  sys::path::append(File, "llvmcache-" + Key.split('\0').first + "-" + hexDigest(Key));
  return File.str().str();
}

std::optional<std::string> ResultCache::readEntry(StringRef Key) {
  std::string File = entryPath(Key);
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!B)
    return std::nullopt;
  StringRef All = (*B)->getBuffer();
  if (All.size() >= HeaderBytes + KeySizeBytes && All.starts_with(Magic)) {
    StringRef Rest = All.drop_front(HeaderBytes);
    uint64_t Sum = support::endian::read64le(All.data() + Magic.size());
    uint32_t KeySize = support::endian::read32le(Rest.data());
    Rest = Rest.drop_front(KeySizeBytes);
    // Whole, and written for this key (not another file's entry put in its
    // place, nor one whose name alone matches).
    if (xxh3_64bits(arrayRefFromStringRef(All.drop_front(HeaderBytes))) == Sum &&
        KeySize <= Rest.size() && Rest.take_front(KeySize) == Key)
      return Rest.drop_front(KeySize).str();
  }
  // A damaged entry (a truncated copy, another version's, another key's) is
  // written anew.
  sys::fs::remove(File);
  return std::nullopt;
}

std::optional<FileResult> ResultCache::lookup(StringRef Key) {
  std::optional<std::string> Text = readEntry(Key);
  if (!Text)
    return std::nullopt;
  std::optional<FileResult> R;
  if (Expected<json::Value> V = parseBoundedJson(*Text))
    R = resultFromJson(*V);
  else
    consumeError(V.takeError());
  if (!R)
    sys::fs::remove(entryPath(Key));
  return R;
}

Error ResultCache::writeEntry(StringRef Key, StringRef Text) {
  if (Key.size() > UINT32_MAX)
    return createStringError(inconvertibleErrorCode(), "a key too long to keep");
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "%s: %s", Dir.c_str(), EC.message().c_str());
  Expected<FileCache> Cache =
      localCache("warplint result cache", "llvmcache-tmp", Dir,
                 [](unsigned, const Twine &, std::unique_ptr<MemoryBuffer>) {});
  if (!Cache)
    return Cache.takeError();
  // localCache names the file "llvmcache-" + its key: the kind and hash.
  std::string Name = sys::path::filename(entryPath(Key)).drop_front(10).str();
  Expected<AddStreamFn> AddStream = (*Cache)(0, Name, Name);
  if (!AddStream)
    return AddStream.takeError();
  if (!*AddStream)
    return Error::success(); // Another process kept it meanwhile.
  Expected<std::unique_ptr<CachedFileStream>> Stream = (*AddStream)(0, Name);
  if (!Stream)
    return Stream.takeError();
  std::string Body;
  Body.resize(KeySizeBytes);
  support::endian::write32le(Body.data(), uint32_t(Key.size()));
  Body += Key;
  Body += Text;
  char Sum[8];
  support::endian::write64le(Sum, xxh3_64bits(arrayRefFromStringRef(Body)));
  *(*Stream)->OS << Magic << StringRef(Sum, sizeof(Sum)) << Body;
  return (*Stream)->commit();
}

std::string ResultCache::summary() const {
  return formatv("results: {0} of {1} read from the cache ({2} stored)", Hits.load(),
                 Looked.load(), Stored.load());
}

} // namespace warplint
