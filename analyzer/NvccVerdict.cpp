//===- NvccVerdict.cpp - Registers and spills from nvcc's own compile -----===//
#include "analyzer/NvccVerdict.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <csignal>
#include <thread>

using namespace llvm;

namespace warplint {

namespace {

/// The first line of a kept report, before the key's hash.
constexpr StringLiteral Magic = "WLNVCC1";
/// The heap nvcc and the programs it runs may take (RLIMIT_DATA): one file's
/// device compile needs far less; an #include of /dev/zero stops here.
constexpr unsigned MemoryLimitMb = 4096;

std::string readAll(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// A scratch directory removed with everything in it when this goes out of
/// scope.
struct ScratchDir {
  SmallString<128> Path;
  ~ScratchDir() {
    if (!Path.empty())
      sys::fs::remove_directories(Path);
  }
  std::string file(StringRef Name) const {
    SmallString<128> P(Path);
    sys::path::append(P, Name);
    return std::string(P);
  }
};

/// Path made absolute, "." and ".." removed: how the front end names the
/// files it serves (DeviceModule::NvccServed).
std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// "c++17" for -std=c++17 or -std=gnu++17 when nvcc knows the dialect.
std::optional<std::string> nvccDialect(StringRef Std) {
  Std.consume_front("gnu");
  Std.consume_front("c");
  if (!Std.consume_front("++"))
    return std::nullopt;
  for (StringRef V : {"11", "14", "17", "20", "03"})
    if (Std == V)
      return ("c++" + V).str();
  return std::nullopt;
}

struct RunResult {
  int Rc = 0;
  std::string Output; ///< stdout, then stderr.
  std::string Error;  ///< Why it did not run to the end ("Child timed out").
};

RunResult runProgram(ArrayRef<std::string> Args, const ScratchDir &Dir, unsigned Seconds) {
  std::string Stdout = Dir.file("stdout.txt"), Stderr = Dir.file("stderr.txt");
  SmallVector<StringRef, 16> Refs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Stdout), StringRef(Stderr)};
  RunResult R;
  bool Failed = false;
  sys::ProcessInfo PI = sys::ExecuteNoWait(Args[0], Refs, std::nullopt, Redirects,
                                           MemoryLimitMb, &R.Error, &Failed);
  if (Failed || !PI.Pid) {
    R.Rc = -1;
    return R;
  }
  // sys::Wait's own time limit is an alarm(), which another thread of this
  // process may take: poll instead, and kill the program past the deadline.
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(Seconds);
  for (;;) {
    sys::ProcessInfo Done = sys::Wait(PI, /*SecondsToWait=*/0, &R.Error);
    if (Done.Pid == PI.Pid || Done.Pid == -1) {
      R.Rc = Done.ReturnCode;
      break;
    }
    if (std::chrono::steady_clock::now() >= Deadline) {
      ::kill(PI.Pid, SIGKILL);
      sys::Wait(PI, std::nullopt);
      R.Rc = -2;
      R.Error = "timed out";
      return R;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  R.Output = readAll(Stdout) + readAll(Stderr);
  return R;
}

Error makeScratch(ScratchDir &Dir) {
  if (std::error_code EC = sys::fs::createUniqueDirectory("warplint-nvcc", Dir.Path))
    return createStringError(EC, "cannot create a scratch directory for nvcc: %s",
                             EC.message().c_str());
  return Error::success();
}

/// `nvcc --version`, the toolkit's identity in the cache key.
std::string nvccVersion(StringRef Nvcc) {
  ScratchDir Dir;
  if (Error E = makeScratch(Dir)) {
    consumeError(std::move(E));
    return "";
  }
  RunResult R = runProgram({Nvcc.str(), "--version"}, Dir, 20);
  return R.Rc == 0 ? R.Output : "";
}

std::string hex(ArrayRef<uint8_t> Bytes) { return toHex(Bytes, /*LowerCase=*/true); }

std::string contentDigest(StringRef Text) {
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef(Text));
  return utohexstr(H.high64, true, 16) + utohexstr(H.low64, true, 16);
}

/// The cache key's hash for C with nvcc's version Version: the command
/// (scratch paths left out), the source's text and every read file's.
std::string cacheKey(const NvccCompile &C, StringRef Version, StringRef SourceText) {
  BLAKE3 H;
  auto Put = [&](StringRef S) {
    H.update(S);
    H.update(StringRef("\0", 1));
  };
  Put(Magic);
  Put(Version);
  for (const std::string &A : nvccArguments(C, "<in>", "<out>", "<stand-ins>"))
    Put(A);
  Put(C.Source);
  Put(contentDigest(SourceText));
  for (const auto *Files : {&C.Served, &C.StandIns})
    for (const auto &[Name, Text] : *Files) {
      Put(Name);
      Put(contentDigest(Text));
    }
  for (const std::string &F : C.ReadFiles) {
    if (F == C.Source || !sys::fs::exists(F))
      continue;
    Put(F);
    Put(contentDigest(readAll(F)));
  }
  return hex(H.final());
}

std::string entryPath(StringRef Dir, StringRef Key) {
  SmallString<256> P(Dir);
  sys::path::append(P, "nvcc", Key + ".txt");
  return std::string(P);
}

/// The report kept under Key, when there is one whole.
std::optional<std::string> readEntry(StringRef Dir, StringRef Key) {
  std::string Text = readAll(entryPath(Dir, Key));
  StringRef Rest(Text);
  auto [Head, Body] = Rest.split('\n');
  if (Head != (Magic + " " + Key).str())
    return std::nullopt;
  return Body.str();
}

/// Keeps Report under Key, written to a unique file and renamed into place
/// (several runs may share the directory); a failure keeps nothing.
void writeEntry(StringRef Dir, StringRef Key, StringRef Report) {
  std::string Path = entryPath(Dir, Key);
  if (sys::fs::create_directories(sys::path::parent_path(Path)))
    return;
  SmallString<256> Tmp;
  int FD;
  if (sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp))
    return;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Magic << " " << Key << "\n" << Report;
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Tmp);
      return;
    }
  }
  if (sys::fs::rename(Tmp, Path))
    sys::fs::remove(Tmp);
}

} // namespace

std::optional<std::string> findNvcc(StringRef CudaPath) { return findCudaTool("nvcc", CudaPath); }

std::vector<std::string> nvccDeviceFlags(ArrayRef<std::string> ClangArgs) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < ClangArgs.size(); ++I) {
    StringRef F = ClangArgs[I];
    bool HasNext = I + 1 < ClangArgs.size();
    if ((F == "-I" || F == "-isystem" || F == "-D" || F == "-U") && HasNext) {
      Out.push_back(F.str());
      Out.push_back(ClangArgs[++I]);
    } else if ((F.starts_with("-I") || F.starts_with("-D") || F.starts_with("-U")) &&
               F.size() > 2) {
      Out.push_back(F.str());
    } else if (F.starts_with("-isystem") && F.size() > 8) {
      Out.push_back("-isystem");
      Out.push_back(F.drop_front(8).str());
    } else if (F.consume_front("-std=") || F.consume_front("--std=")) {
      if (std::optional<std::string> D = nvccDialect(F))
        Out.push_back("-std=" + *D);
    } else if (F == "-fgpu-rdc") {
      Out.push_back("-rdc=true");
    } else if ((F == "-Xclang" || F == "-Xcompiler" || F == "-Xptxas" || F == "-Xlinker" ||
                F == "-include" || F == "-ccbin" || F == "--cuda-path" || F == "-o" ||
                F == "-x" || F == "-MF" || F == "-MT" || F == "-MQ") &&
               HasNext) {
      ++I; // The flag's value is dropped with it.
    }
  }
  return Out;
}

std::string canonicalMangledKernel(StringRef Mangled) {
  std::string Out;
  if (Mangled.consume_front("_ZL"))
    Out = "_Z";
  else if (Mangled.consume_front("_Z"))
    Out = "_Z";
  else
    return Mangled.str();
  // Each <length><identifier> that names an anonymous namespace becomes
  // Clang's 12_GLOBAL__N_1; everything else is copied.
  while (!Mangled.empty()) {
    size_t Digits = Mangled.find_first_not_of("0123456789");
    unsigned Len = 0;
    if (Digits && Digits != StringRef::npos && !Mangled.take_front(Digits).getAsInteger(10, Len) &&
        Mangled.drop_front(Digits).starts_with("_GLOBAL__N_") &&
        Digits + Len <= Mangled.size()) {
      Out += "12_GLOBAL__N_1";
      Mangled = Mangled.drop_front(Digits + Len);
      continue;
    }
    // Clang marks a name of internal linkage inside a nested name with L
    // (_ZN2nsL7twoShotIfEEvPT_); nvcc's report does not (_ZN2ns7twoShotIfEEvPT_).
    if (Mangled.size() > 1 && Mangled[0] == 'L' && isDigit(Mangled[1])) {
      Mangled = Mangled.drop_front();
      continue;
    }
    Out += Mangled.front();
    Mangled = Mangled.drop_front();
  }
  return Out;
}

const PtxasFunctionInfo *findKernel(const PtxasReport &R, StringRef Mangled) {
  if (const PtxasFunctionInfo *F = R.find(Mangled); F && F->IsEntry)
    return F;
  std::string Want = canonicalMangledKernel(Mangled);
  for (const PtxasFunctionInfo &F : R.Functions)
    if (F.IsEntry && canonicalMangledKernel(F.Name) == Want)
      return &F;
  return nullptr;
}

std::vector<std::string> nvccArguments(const NvccCompile &C, StringRef In, StringRef Out,
                                       StringRef StandInDir) {
  // Extended lambdas and relaxed constexpr: what projects build with (an
  // inference library's device lambdas fail without them) and what code
  // that compiles without them compiles to the same.
  std::vector<std::string> Args = {C.Nvcc, "-x", "cu", "-cubin", "-arch=" + C.Arch,
                                   "-Xptxas", "-v", "--extended-lambda",
                                   "--expt-relaxed-constexpr"};
  if (C.MaxRRegCount)
    Args.push_back("-maxrregcount=" + std::to_string(C.MaxRRegCount));
  // A buffer compiled from a scratch copy finds its includes where the file is.
  // So does a file served from the mirror (the other files stay where they
  // are).
  std::vector<std::string> Dirs;
  auto AddDir = [&](StringRef File) {
    SmallString<256> Dir(File);
    sys::fs::make_absolute(Dir);
    sys::path::remove_filename(Dir);
    std::string Flag = "-I" + std::string(Dir.empty() ? "." : Dir.str());
    if (!is_contained(Dirs, Flag))
      Dirs.push_back(Flag);
  };
  if (C.Contents || C.Served.count(absolute(C.Source)))
    AddDir(C.Source);
  for (const auto &KV : C.Served)
    AddDir(KV.first);
  Args.insert(Args.end(), Dirs.begin(), Dirs.end());
  for (std::string &F : nvccDeviceFlags(C.Flags))
    Args.push_back(std::move(F));
  // The headers not found, after every include directory, the host
  // compiler's own included (nvcc preprocesses with it).
  if (!C.StandIns.empty())
    Args.insert(Args.end(), {"-Xcompiler", "-idirafter", "-Xcompiler", StandInDir.str()});
  Args.insert(Args.end(), {In.str(), "-o", Out.str()});
  return Args;
}

namespace {

/// Writes Text to Path, its directories created.
Error writeFile(StringRef Path, StringRef Text) {
  if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Path)))
    return createStringError(EC, "cannot create a directory for %s", Path.str().c_str());
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC, "cannot write %s", Path.str().c_str());
  OS << Text;
  return Error::success();
}

/// Where Name lies under Root, when it stays inside (a stand-in's include
/// name or a mirrored absolute path; "..", a root of its own, refused).
std::optional<std::string> under(StringRef Root, StringRef Name) {
  SmallString<256> Rel(Name);
  sys::path::remove_dots(Rel, /*remove_dot_dot=*/true);
  StringRef R = sys::path::relative_path(Rel);
  if (R.empty() || R.starts_with(".."))
    return std::nullopt;
  SmallString<256> P(Root);
  sys::path::append(P, R);
  return std::string(P);
}

} // namespace

Expected<NvccVerdict> compileWithNvcc(const NvccCompile &C) {
  std::string AbsSource = absolute(C.Source);
  auto ServedSource = C.Served.find(AbsSource);
  std::string SourceText = ServedSource != C.Served.end() ? ServedSource->second
                           : C.Contents                   ? *C.Contents
                                                          : readAll(C.Source);
  std::string Key;
  if (!C.CacheDir.empty()) {
    Key = cacheKey(C, nvccVersion(C.Nvcc), SourceText);
    if (std::optional<std::string> Kept = readEntry(C.CacheDir, Key)) {
      Expected<PtxasReport> R = StringRef(*Kept).contains("ptxas")
                                    ? parsePtxasOutput(*Kept)
                                    : Expected<PtxasReport>(PtxasReport());
      if (R)
        return NvccVerdict{std::move(*R), /*FromCache=*/true};
      consumeError(R.takeError());
    }
  }
  ScratchDir Dir;
  if (Error E = makeScratch(Dir))
    return std::move(E);
  std::string In = C.Source;
  if (C.Contents && ServedSource == C.Served.end()) {
    StringRef Name = sys::path::filename(C.Source);
    In = Dir.file(Name.empty() || Name == "-" ? "stdin.cu" : Name);
    if (Error E = writeFile(In, *C.Contents))
      return std::move(E);
  }
  for (const auto &[Name, Text] : C.Served) {
    std::optional<std::string> Copy = under(Dir.file("mirror"), absolute(Name));
    if (!Copy)
      continue;
    if (Error E = writeFile(*Copy, Text))
      return std::move(E);
    if (absolute(Name) == AbsSource)
      In = *Copy;
  }
  std::string StandInDir = Dir.file("stand-ins");
  for (const auto &[Name, Text] : C.StandIns)
    if (std::optional<std::string> Path = under(StandInDir, Name))
      if (Error E = writeFile(*Path, Text))
        return std::move(E);
  std::vector<std::string> Args = nvccArguments(C, In, Dir.file("device.cubin"), StandInDir);
  RunResult R = runProgram(Args, Dir, C.TimeoutSeconds);
  if (R.Rc == -2 || StringRef(R.Error).contains("timed out"))
    return createStringError(inconvertibleErrorCode(),
                             "%s: %s %u s limit and was stopped", C.Source.c_str(),
                             NvccTimeoutText.data(), C.TimeoutSeconds);
  if (R.Rc != 0) {
    // nvcc's messages are not passed on: they can quote any file a hostile
    // #include names (docs/security.md). The command is, to run by hand.
    bool Copied = C.Contents || ServedSource != C.Served.end();
    std::string Cmd = join(nvccArguments(C, Copied ? "FILE" : C.Source, "out.cubin"), " ");
    if (!C.Served.empty() || !C.StandIns.empty())
      Cmd += " (with the front end's text: host code it left out blanked, headers not "
             "found served as it served them)";
    std::string How = R.Rc < 0 ? "it did not run to the end: " + R.Error
                               : "exit " + std::to_string(R.Rc);
    return createStringError(inconvertibleErrorCode(),
                             "%s: nvcc's device compile failed (%s); its messages are not "
                             "shown, run it to see them: %s",
                             C.Source.c_str(), How.c_str(), Cmd.c_str());
  }
  // A file without device code gives no report at all.
  Expected<PtxasReport> Report = StringRef(R.Output).contains("ptxas")
                                     ? parsePtxasOutput(R.Output)
                                     : Expected<PtxasReport>(PtxasReport());
  if (!Report)
    return createStringError(inconvertibleErrorCode(), "%s: nvcc's device compile: %s",
                             C.Source.c_str(), toString(Report.takeError()).c_str());
  if (!Key.empty())
    writeEntry(C.CacheDir, Key, R.Output);
  return NvccVerdict{std::move(*Report), /*FromCache=*/false};
}

} // namespace warplint
