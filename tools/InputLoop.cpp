//===- InputLoop.cpp - Load every input, report failures, go on -----------===//
#include "tools/InputLoop.h"

#include "analyzer/arch/ArchProfile.h"
#include "devicemodel/Launch.h"
#include "frontend/LaunchLimits.h"
#include "frontend/SourceLines.h"
#include "frontend/SourceLocation.h"
#include "frontend/StackGuard.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "frontend/launch/KernelName.h"

#include <deque>

using namespace llvm;

namespace warplint {

namespace {

/// Whether nvcc's -Xcompiler / --compiler-options value (a comma-separated
/// list of host compiler flags) asks for OpenMP.
bool hostFlagsAskOpenMp(StringRef List) {
  SmallVector<StringRef, 4> Flags;
  List.split(Flags, ',');
  return llvm::any_of(Flags, [](StringRef F) {
    F = F.trim().trim("\"'");
    return F == "-fopenmp" || F.starts_with("-fopenmp=");
  });
}

/// Path (from the current directory when relative) moved from under From
/// to under To; unchanged when it is not under From.
std::string movePath(StringRef Path, StringRef From, StringRef To) {
  SmallString<256> Abs(Path), Real;
  if (sys::fs::make_absolute(Abs))
    return Path.str();
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (!sys::fs::real_path(Abs, Real))
    Abs = Real;
  StringRef A = Abs;
  if (A != From && !A.starts_with((From + "/").str()))
    return Path.str();
  return (To + A.drop_front(From.size())).str();
}

/// Flags with the paths of -I, -isystem, -iquote, -idirafter and -include
/// (joined or apart) moved from under From to under To.
std::vector<std::string> moveIncludePaths(const std::vector<std::string> &Flags,
                                          StringRef From, StringRef To) {
  static constexpr StringLiteral PathFlags[] = {"-isystem", "-iquote", "-idirafter",
                                                "-include", "-I"};
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F = Flags[I];
    bool Done = false;
    for (StringRef P : PathFlags) {
      if (F == P && I + 1 < Flags.size()) {
        Out.push_back(F.str());
        Out.push_back(movePath(Flags[++I], From, To));
        Done = true;
        break;
      }
      if (P != "-include" && F.size() > P.size() && F.starts_with(P)) {
        Out.push_back((P + movePath(F.drop_front(P.size()), From, To)).str());
        Done = true;
        break;
      }
    }
    if (!Done)
      Out.push_back(F.str());
  }
  return Out;
}

/// Lists and objects nest 3 deep in a compilation database; llvm::json
/// recurses once per level, so a deeper file is refused before it is parsed.
constexpr unsigned MaxCompileCommandsDepth = 64;

/// Checks that the compilation database Path (a compile_commands.json) is
/// JSON that Clang's reader takes: an error names the file, and the line and
/// column where the JSON parser gives them ("PATH:3:1: error: ..."), where
/// Clang's reader says only "Error while parsing JSON" (or, for a truncated
/// file, takes what comes before the damage without a word).
Error checkCompileCommands(StringRef Path) {
  auto Fail = [&](const Twine &Where, const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), "%s%s: error: %s", Path.str().c_str(),
                             Where.str().c_str(), Msg.str().c_str());
  };
  // (A device or a FIFO, through a committed link, would be read forever.)
  if (!sys::fs::is_regular_file(Path))
    return Fail("", "the compilation database is not a regular file");
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!B)
    return Fail("", "cannot read the compilation database: " + B.getError().message());
  StringRef Text = (*B)->getBuffer();
  unsigned Depth = 0, Line = 1;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    Line += C == '\n';
    if (InString) {
      I += C == '\\'; // The escaped character cannot end the string.
      InString = C != '"';
    } else if (C == '"') {
      InString = true;
    } else if ((C == '[' || C == '{') && ++Depth > MaxCompileCommandsDepth) {
      return Fail(":" + Twine(Line), "not a compilation database: lists and objects nest "
                                     "more than " + Twine(MaxCompileCommandsDepth) + " deep");
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  Expected<json::Value> Doc = json::parse(Text);
  if (!Doc) {
    // "[LINE:COLUMN, byte=OFFSET]: MESSAGE" (llvm::json::ParseError).
    std::string Msg = toString(Doc.takeError());
    SmallVector<StringRef, 4> M;
    unsigned Column = 0;
    if (Regex("^\\[([0-9]+):([0-9]+), byte=[0-9]+\\]: (.*)$").match(Msg, &M) &&
        !M[2].getAsInteger(10, Column)) // (0 at the end of the file.)
      return Fail(":" + M[1] + ":" + Twine(std::max(1u, Column)), "invalid JSON: " + M[3]);
    return Fail("", "invalid JSON: " + Msg);
  }
  return Error::success();
}

} // namespace

bool compilesAsCuda(const clang::tooling::CompileCommand &Cmd) {
  const std::vector<std::string> &A = Cmd.CommandLine;
  for (size_t I = 1; I < A.size(); ++I) {
    StringRef F = A[I], Lang;
    if ((F == "-x" || F == "--x") && I + 1 < A.size())
      Lang = A[I + 1];
    else if (F.consume_front("--x=") || F.consume_front("-x"))
      Lang = F;
    if (Lang == "cu" || Lang == "cuda")
      return true;
  }
  return false;
}

std::vector<std::string> deviceRelevantFlags(const clang::tooling::CompileCommand &Cmd) {
  std::vector<std::string> Out;
  const std::vector<std::string> &A = Cmd.CommandLine;
  std::deque<std::string> Store; // Flags respelled (stable addresses).
  for (size_t I = 1; I < A.size(); ++I) {
    StringRef F = A[I];
    // nvcc's long spellings, as Clang spells them.
    auto Respell = [&](StringRef Long, StringRef Short) {
      if (F == Long) {
        F = Short;
        return true;
      }
      if (!F.consume_front((Long + "=").str()))
        return false;
      F = Store.emplace_back((Short + F).str());
      return true;
    };
    bool Respelled = Respell("--include-path", "-I") || Respell("--define-macro", "-D") ||
                     Respell("--system-include", "-isystem") ||
                     Respell("--pre-include", "-include") || Respell("--std", "-std=");
    // `-std c++17`, `--std c++17`.
    if ((F == "-std=" || (!Respelled && F == "-std")) && I + 1 < A.size())
      F = Store.emplace_back("-std=" + A[++I]);
    bool TakesNext = F == "-I" || F == "-D" || F == "-isystem" || F == "-include" ||
                     F == "-U";
    if (TakesNext && I + 1 < A.size()) {
      std::string Value = A[I + 1];
      if (F != "-D" && F != "-U" && !sys::path::is_absolute(Value))
        Value = (Twine(Cmd.Directory) + "/" + Value).str();
      Out.push_back(F.str());
      Out.push_back(Value);
      ++I;
    } else if (F.starts_with("-I") && F.size() > 2 &&
               !sys::path::is_absolute(F.drop_front(2))) {
      Out.push_back(("-I" + Twine(Cmd.Directory) + "/" + F.drop_front(2)).str());
    } else if (F == "-rdc=true" || F == "--relocatable-device-code=true" ||
               F == "-fgpu-rdc" || F == "-dc" || F == "--device-c") {
      // nvcc's separate compilation (device-side launches) is Clang's -fgpu-rdc.
      Out.push_back("-fgpu-rdc");
    } else if ((F == "-Xcompiler" || F == "--compiler-options") && I + 1 < A.size()) {
      if (hostFlagsAskOpenMp(A[++I]))
        Out.push_back("-fopenmp");
    } else if (F.consume_front("-Xcompiler=") || F.consume_front("--compiler-options=")) {
      if (hostFlagsAskOpenMp(F))
        Out.push_back("-fopenmp");
    } else if (F == "-fopenmp" || F.starts_with("-fopenmp=")) {
      Out.push_back("-fopenmp");
    } else if (F.starts_with("-I") || F.starts_with("-D") || F.starts_with("-U") ||
               F.starts_with("-std=") || F.starts_with("-isystem")) {
      Out.push_back(F.str());
    }
  }
  return Out;
}

FrontendOptions InputSet::optionsFor(StringRef Path) const {
  FrontendOptions O = Base;
  auto C = Copies.find(Path.str());
  if (Db) {
    // The database matches absolute names only (inputs are named by
    // displayPath, relative where below the working directory).
    std::vector<clang::tooling::CompileCommand> Cmds = Db->getCompileCommands(
        absolutePath(C == Copies.end() ? Path : StringRef(C->second.Original)));
    if (!Cmds.empty()) {
      O.AsCuda = compilesAsCuda(Cmds.front());
      std::vector<std::string> Flags = deviceRelevantFlags(Cmds.front());
      O.ClangArgs.insert(O.ClangArgs.begin(), Flags.begin(), Flags.end());
    }
  }
  if (C != Copies.end()) {
    O.ClangArgs = moveIncludePaths(O.ClangArgs, C->second.From, C->second.To);
    // A stored preamble names its file's path, which a copy has once:
    // storing it costs time (0.75 -> 1.1 s on a file with the SDK's
    // headers) and is never read again.
    O.PreambleStoreDir.clear();
    // The copy's includes are read from the copy.
    O.ProjectRoot = C->second.To;
  }
  return O;
}

Expected<InputSet> collectInputs(const CommandLine &CL, bool RequireFiles, bool MissingDbOk) {
  InputSet In;
  // Every output names an input as its findings do (displayPath: relative
  // to the working directory below it, else absolute, normalized), whether
  // the command line or compile_commands.json named it.
  for (const std::string &F : CL.Files)
    In.Files.push_back(displayPath(F));
  SmallString<256> DbPath(CL.BuildDir.getValue());
  sys::path::append(DbPath, "compile_commands.json");
  if (!CL.BuildDir.empty() && MissingDbOk && !sys::fs::exists(DbPath))
    WithColor::warning(errs(), "warplint")
        << "-p " << CL.BuildDir << ": no compile_commands.json there (yet): files are "
        << "checked with the command line's flags alone\n";
  else if (!CL.BuildDir.empty()) {
    if (sys::fs::exists(DbPath))
      if (Error E = checkCompileCommands(DbPath))
        return std::move(E);
    std::string Err;
    In.Db = clang::tooling::CompilationDatabase::loadFromDirectory(CL.BuildDir, Err);
    if (!In.Db) {
      // Clang's readers' messages, one a line ("json-compilation-database:
      // Expected array."), under the file they were reading.
      if (!sys::fs::exists(DbPath))
        return createStringError(inconvertibleErrorCode(),
                                 "-p %s: no compile_commands.json there (%s)",
                                 CL.BuildDir.c_str(), StringRef(Err).trim().str().c_str());
      // The JSON reader's own word ("Expected array."), without the other
      // readers' that loadFromDirectory tried.
      std::string JsonErr;
      if (!clang::tooling::JSONCompilationDatabase::loadFromFile(
              DbPath, JsonErr, clang::tooling::JSONCommandLineSyntax::AutoDetect) &&
          !JsonErr.empty())
        Err = JsonErr;
      std::string Msg = StringRef(Err).trim().rtrim('.').str();
      if (!Msg.empty() && isUpper(Msg[0]) && (Msg.size() < 2 || !isUpper(Msg[1])))
        Msg[0] = toLower(Msg[0]);
      return createStringError(inconvertibleErrorCode(),
                               "%s: error: not a compilation database: %s", DbPath.c_str(),
                               Msg.c_str());
    }
    if (In.Files.empty() && RequireFiles)
      for (const std::string &F : In.Db->getAllFiles())
        if (StringRef(F).ends_with(".cu") ||
            llvm::any_of(In.Db->getCompileCommands(F), compilesAsCuda))
          In.Files.push_back(displayPath(F));
  }
  if (In.Files.empty() && RequireFiles)
    return createStringError(inconvertibleErrorCode(), "no input files");
  if (!CL.Shard.empty()) {
    auto [I, N] = StringRef(CL.Shard).split('/');
    unsigned Index = 0, Count = 0;
    if (I.getAsInteger(10, Index) || N.getAsInteger(10, Count) || !Count || !Index ||
        Index > Count)
      return createStringError(inconvertibleErrorCode(),
                               "--shard '%s': expected I/N with 1 <= I <= N",
                               CL.Shard.c_str());
    size_t F = In.Files.size();
    In.Files = std::vector<std::string>(In.Files.begin() + (Index - 1) * F / Count,
                                        In.Files.begin() + Index * F / Count);
    In.ShardIndex = Index;
    In.ShardCount = Count;
  }
  Expected<const ArchProfile &> Arch = lookupArch(CL.Arch);
  if (!Arch)
    return Arch.takeError();
  std::string RegexError;
  if (CL.HeaderFilter.getNumOccurrences() && !Regex(CL.HeaderFilter).isValid(RegexError))
    return createStringError(inconvertibleErrorCode(), "--header-filter '%s': %s",
                             CL.HeaderFilter.c_str(), RegexError.c_str());
  if (Error E = checkCacheDir(CL))
    return std::move(E);
  In.Base = CL.frontendOptions();
  In.Base.Arch = Arch->Name.str();
  // A launch file naming a template's instantiation asks for it.
  if (Expected<std::vector<LaunchEntry>> Launches = explicitLaunches(CL)) {
    for (const LaunchEntry &E : *Launches)
      if (StringRef(E.Kernel).contains('<'))
        In.Base.Instantiate.push_back(E.Kernel);
  } else {
    consumeError(Launches.takeError()); // Reported by the command.
  }
  return std::move(In);
}

Error checkCacheDir(const CommandLine &CL) {
  if (CL.Lsp || CL.NoCache)
    return Error::success();
  std::string Dir = CL.CacheDir.empty() ? defaultPreambleStoreDir() : CL.CacheDir.getValue();
  return Dir.empty() ? Error::success() : checkStoreDir(Dir, !CL.CacheDir.empty());
}

bool isSassListing(StringRef Path) { return Path == "-" || Path.ends_with(".sass"); }

namespace {

/// forEachInput's work on one input; its exit code.
int runOneInput(const FrontendOptions &FO, const std::string &Path, const CommandLine &CL,
                function_ref<void(DeviceModule &)> Fn,
                function_ref<void(const SassListing &)> OnSass,
                function_ref<void(StringRef, StringRef)> OnError) {
  if (isSassListing(Path)) {
    if (!OnSass) {
      errs() << Path << ": error: a SASS listing is read by 'warplint accesses' and "
                        "'warplint check', not by this command\n";
      return ExitToolError;
    }
    Expected<SassListing> L = readSassListing(Path);
    if (!L) {
      errs() << toString(L.takeError()) << "\n";
      return ExitToolError;
    }
    OnSass(*L);
    return ExitClean;
  }
  Expected<DeviceModule> DM = loadInput(Path, FO);
  if (!DM) {
    std::string Msg = toString(DM.takeError());
    errs() << Msg << (StringRef(Msg).ends_with("\n") ? "" : "\n");
    if (OnError)
      OnError(Path, Msg);
    return ExitToolError;
  }
  const std::string &Dropped = DM->DroppedDiagnostics;
  if (!Dropped.empty())
    errs() << Dropped << (StringRef(Dropped).ends_with("\n") ? "" : "\n");
  for (const std::string &N : DM->Notes)
    WithColor::note(errs(), "warplint") << N << "\n";
  if (CL.TimeReport && !DM->PreambleSource.empty())
    errs() << "preamble: " << DM->Path << ": " << DM->PreambleSource << "\n";
  Fn(*DM);
  return ExitClean;
}

} // namespace

int forEachInput(const CommandLine &CL, function_ref<void(DeviceModule &)> Fn,
                 function_ref<void(const SassListing &)> OnSass,
                 function_ref<void(StringRef, StringRef)> OnError,
                 function_ref<Error(StringRef, FrontendOptions &)> Prepare) {
  Expected<InputSet> In = collectInputs(CL);
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }
  int Exit = ExitClean;
  StringSet<> Told; // Files sharing a broken configuration get one message.
  for (const std::string &Path : In->Files) {
    FrontendOptions FO = In->optionsFor(Path);
    if (Prepare)
      if (Error E = Prepare(Path, FO)) {
        std::string Msg = toString(std::move(E));
        if (Told.insert(Msg).second)
          errs() << Msg << (StringRef(Msg).ends_with("\n") ? "" : "\n");
        Exit = ExitToolError;
        if (OnError)
          OnError(Path, Msg);
        continue;
      }
    // On a guarded stack (frontend/StackGuard.h): a crash costs this file.
    auto One = [&] { Exit = std::max(Exit, runOneInput(FO, Path, CL, Fn, OnSass, OnError)); };
    if (runGuarded(One) == GuardedRun::Finished)
      continue;
    std::string Msg = (Path + ": error: warplint crashed while reading or analyzing this file "
                              "(code nested deeper than its " +
                       Twine(GuardedStackBytes >> 20) +
                       " MB stack holds, or a bug in warplint); this file is not analyzed (the "
                       "other files are)")
                          .str();
    errs() << Msg << "\n";
    Exit = ExitToolError;
    if (OnError)
      OnError(Path, Msg);
  }
  return Exit;
}

Error checkSharedBytes(uint64_t Bytes, StringRef Source, StringRef ArchName) {
  Expected<const ArchProfile &> Arch = lookupArch(ArchName);
  if (!Arch)
    return Arch.takeError();
  if (Bytes <= Arch->SharedBytesPerBlockOptIn)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "%s: %llu bytes of dynamic shared memory is more than %s's limit "
                           "of %u bytes per block",
                           Source.str().c_str(), (unsigned long long)Bytes,
                           Arch->Name.str().c_str(), Arch->SharedBytesPerBlockOptIn);
}

Error checkLaunchFileFills(ArrayRef<LaunchEntry> Entries, StringRef Path) {
  for (size_t I = 0; I < Entries.size(); ++I)
    for (const auto &[Name, Spec] : Entries[I].Buffers) {
      StringRef Fill = StringRef(Spec).split(':').second;
      if (Fill.empty())
        continue;
      if (Expected<dm::FillSpec> F = dm::parseFill(Fill); !F)
        return createStringError(inconvertibleErrorCode(),
                                 "%s: error: entry %zu: buffer '%s': %s", Path.str().c_str(),
                                 I, Name.c_str(), toString(F.takeError()).c_str());
    }
  return Error::success();
}

Expected<std::vector<LaunchEntry>> explicitLaunches(const CommandLine &CL) {
  std::vector<LaunchEntry> Out;
  LaunchEntry Cmd;
  Cmd.Kernel = CL.Kernel;
  Cmd.Source = "command line";
  if (!CL.Grid.empty()) {
    Expected<Dim3> G = parseDim3(CL.Grid);
    if (!G)
      return createStringError(inconvertibleErrorCode(), "--grid: %s",
                               toString(G.takeError()).c_str());
    if (Error E = checkGrid(*G))
      return createStringError(inconvertibleErrorCode(), "--grid %s: %s", CL.Grid.c_str(),
                               toString(std::move(E)).c_str());
    Cmd.Grid = *G;
  }
  if (!CL.Block.empty()) {
    Expected<Dim3> B = parseDim3(CL.Block);
    if (!B)
      return createStringError(inconvertibleErrorCode(), "--block: %s",
                               toString(B.takeError()).c_str());
    Cmd.Block = *B;
  }
  for (const std::string &A : CL.Args)
    if (Error E = parseArgAssignment(A, Cmd))
      return createStringError(inconvertibleErrorCode(), "--arg: %s",
                               toString(std::move(E)).c_str());
  for (const std::string &B : CL.Buffers) {
    auto [Name, Spec] = StringRef(B).split('=');
    if (Name.trim().empty() || Spec.trim().empty())
      return createStringError(inconvertibleErrorCode(),
                               "--buffer: expected NAME=COUNT[:FILL], got '%s'", B.c_str());
    // Checked here, so a bad spec is a usage error rather than a failed run.
    auto [Count, Fill] = Spec.trim().split(':');
    uint64_t N;
    if (Count.trim().getAsInteger(0, N) || !N)
      return createStringError(inconvertibleErrorCode(),
                               "--buffer %s: COUNT must be a positive number", B.c_str());
    if (Error E = checkBufferCount(N))
      return createStringError(inconvertibleErrorCode(), "--buffer %s: %s", B.c_str(),
                               toString(std::move(E)).c_str());
    if (!Fill.empty())
      if (Expected<dm::FillSpec> F = dm::parseFill(Fill); !F)
        return createStringError(inconvertibleErrorCode(), "--buffer %s: %s", B.c_str(),
                                 toString(F.takeError()).c_str());
    Cmd.Buffers[Name.trim().str()] = Spec.trim().str();
  }
  if (CL.SharedBytes.getNumOccurrences())
    Cmd.SharedBytes = CL.SharedBytes;
  if (!CL.L2.empty()) {
    Expected<L2State> L2 = parseL2State(CL.L2);
    if (!L2)
      return createStringError(inconvertibleErrorCode(), "--l2: %s",
                               toString(L2.takeError()).c_str());
    Cmd.L2 = *L2;
  }
  if (Cmd.Grid || Cmd.Block || !Cmd.Args.empty() || !Cmd.FloatArgs.empty() ||
      !Cmd.Buffers.empty() || Cmd.SharedBytes || Cmd.L2)
    Out.push_back(std::move(Cmd));
  if (!CL.LaunchFile.empty()) {
    Expected<std::vector<LaunchEntry>> File = readLaunchFile(CL.LaunchFile);
    if (!File)
      return File.takeError();
    if (Error E = checkLaunchFileFills(*File, CL.LaunchFile))
      return std::move(E);
    Out.insert(Out.end(), File->begin(), File->end());
  }
  for (const LaunchEntry &E : Out)
    if (Error Err = checkSharedBytes(
            E.SharedBytes, E.Source == "command line" ? "--shared-bytes" : E.Source, CL.Arch))
      return std::move(Err);
  return Out;
}

bool kernelSelected(const CommandLine &CL, const Function &F) {
  return kernelNameMatches(CL.Kernel, F);
}

} // namespace warplint
